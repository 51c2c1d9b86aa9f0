/**
 * Names for the placeholders of a path that does not name them. The spec writes some paths as
 * `/project/member/{a}/{b}/{c}`; a route keeps that path (API Gateway routes it as written) and spreads
 * `...pathParams({ a: ['projectId', idSchema], b: ['userId', idSchema], c: ['role', assignableRole] })` into its
 * definition. `params` then validates the parameters by name, and `placeholders` says which placeholder each name
 * fills: the runtime renames API Gateway's parameters with it, and callers send names (shared/routes/path.ts).
 */
import * as z from 'zod';
import { lazy } from '../lazy';

type Naming = Record<string, readonly [name: string, schema: z.ZodType]>;

export function pathParams<const N extends Naming>(naming: N) {
  const shape: Record<string, z.ZodType> = {};
  const placeholders: Record<string, string> = {};
  for (const [placeholder, [name, schema]] of Object.entries(naming)) {
    shape[name] = schema;
    placeholders[name] = placeholder;
  }
  return {
    params: lazy(() => z.object(shape as { [P in keyof N as N[P][0]]: N[P][1] })),
    placeholders: placeholders as { readonly [P in keyof N as N[P][0]]: P },
  };
}
