/**
 * The path parameter list follows the path as it is typed: `{x}` and `:x` segments become parameters, a parameter
 * whose segment is renamed keeps its description and example, and one the path no longer names stays (flagged by
 * `stalePathParams`) until the writer removes it.
 */
import { pathParamsOf } from '@shared/mock-path';
import type { ParamItem } from '@shared/schemas/document';
import { newParam } from './json-params';

export function syncPathParams(previousPath: string, nextPath: string, params: ParamItem[]): ParamItem[] {
  const before = pathParamsOf(previousPath);
  const after = pathParamsOf(nextPath);
  const afterNames = new Set(after.map((p) => p.name));
  let next = params;
  for (const { name, at } of after) {
    if (next.some((p) => p.name === name)) continue;
    // The segment at this place named another parameter a moment ago, which the path no longer has: a rename.
    const renamed = before.find((p) => p.at === at && !afterNames.has(p.name));
    const index = renamed ? next.findIndex((p) => p.name === renamed.name) : -1;
    next =
      index >= 0 ? next.map((p, i) => (i === index ? { ...p, name } : p)) : [...next, newParam({ name, type: 'string', required: true })];
  }
  return next;
}

/** The named path parameters the path does not have (any more). */
export function stalePathParams(path: string, params: ParamItem[]): ParamItem[] {
  const names = new Set(pathParamsOf(path).map((p) => p.name));
  return params.filter((p) => p.name.trim() !== '' && !names.has(p.name.trim()));
}
