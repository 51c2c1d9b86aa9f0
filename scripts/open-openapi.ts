/**
 * The open API's OpenAPI 3.1 description (issue 26), generated from the route table: every /open/v1 route with its
 * path parameters, query, body and answer (zod's JSON Schema output of the very schemas the router validates
 * with), its scope, and the error statuses of shared/http-status.ts. The open service serves the generated file as
 * is (`GET /open/v1/openapi.json`): zod's JSON Schema converter is not built into Lambda bundles, so it is made
 * here, committed, and a test keeps it equal to what this script makes (`npm run -s open-openapi` writes it).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { OPEN_API_BASE } from '@shared/constants';
import { type ERRORS } from '@shared/errors';
import { httpStatus } from '@shared/http-status';
import { routeEntries, type RouteDef } from '@shared/routes';
import { ROOT } from './local/paths';

type Obj = Record<string, unknown>;

export const OPEN_OPENAPI_FILE = join(ROOT, 'functions/services/open/openapi.json');

/** A schema as JSON Schema draft 2020-12 (OpenAPI 3.1's dialect), without its `$schema` line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Obj {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Obj;
  return rest;
}

const ENVELOPE_ERROR: Obj = {
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: {
    code: { type: 'integer', description: 'A catalogued error code (41000 no token, 41005 token invalid or revoked, …)' },
    message: { type: 'string', description: 'In the language of Accept-Language (zh by default, en)' },
    data: {},
  },
};

/** Which statuses a route may answer besides 200, and what each means. */
function errorResponses(route: RouteDef): Record<string, Obj> {
  const statuses = new Map<number, string>();
  const add = (key: keyof typeof ERRORS, what: string) => {
    const status = httpStatus(key);
    if (!statuses.has(status)) statuses.set(status, what);
  };
  const tokenRoute = route.access.grants.some((g) => g.kind === 'projectToken');
  if (tokenRoute) {
    add('tokenInvalid', 'No token, or a token that is invalid, revoked or expired');
    add('tokenScope', 'The token lacks the scope this route needs');
    add('notFound', 'No such project (or the token is another project’s), job or document');
  }
  if (route.method !== 'GET') add('wrongState', 'The project is archived, or the job has moved on');
  if (route.path.includes('/imports')) add('importTooLarge', 'The file is over 50 MB');
  if (route.params || route.query || route.body) add('invalidInput', 'The request does not validate (`data.fields` says where)');
  add('serviceBusy', 'Throttled: try again after Retry-After seconds');
  return Object.fromEntries(
    [...statuses].map(([status, description]) => [
      String(status),
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
}

function parameters(route: RouteDef): Obj[] {
  const out: Obj[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const json = jsonSchema(schema, 'input') as { properties?: Record<string, Obj>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {}))
      out.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: property });
  };
  add(route.params, 'path');
  add(route.query, 'query');
  return out;
}

function operation(id: string, route: RouteDef): Obj {
  const scopes = route.access.grants.flatMap((g) => (g.kind === 'projectToken' ? [g.scope] : []));
  const data = jsonSchema(route.response, 'output');
  return {
    operationId: id.replace(/^open\./, ''),
    ...(scopes.length
      ? { security: [{ projectToken: scopes }], description: `Needs a project token with the \`${scopes.join('` or `')}\` scope.` }
      : { security: [] }),
    parameters: parameters(route),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } }
      : {}),
    responses: {
      '200': {
        description: 'Done',
        content: {
          'application/json': {
            schema: route.raw
              ? data
              : {
                  type: 'object',
                  required: ['code', 'message', 'data'],
                  properties: { code: { const: 0 }, message: { type: 'string' }, data },
                },
          },
        },
      },
      ...errorResponses(route),
    },
  };
}

/** The description, from the route table's /open/v1 routes. */
export function openApiDescription(): Obj {
  const paths: Record<string, Obj> = {};
  for (const [id, route] of routeEntries) {
    if (!route.path.startsWith(`${OPEN_API_BASE}/`)) continue;
    const item = (paths[route.path.slice(OPEN_API_BASE.length)] ??= {});
    item[route.method.toLowerCase()] = operation(id, route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Apiloom open API',
      version: '1',
      description:
        'Keep an Apiloom project in sync from CI: push a file to import (the import screen’s job and report; an unchanged file writes nothing), read the tree and documents, export in any format. Authenticate with a project token: `Authorization: Bearer apl_…`. Every answer is `{code, message, data}` (code 0 is success) with an HTTP status a client can act on.',
    },
    servers: [{ url: `/api${OPEN_API_BASE}` }],
    paths,
    components: {
      securitySchemes: { projectToken: { type: 'http', scheme: 'bearer', description: 'A project token, `apl_` and 43 characters' } },
      schemas: { Error: ENVELOPE_ERROR },
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(OPEN_OPENAPI_FILE, `${JSON.stringify(openApiDescription(), null, 2)}\n`);
  console.log(`wrote ${OPEN_OPENAPI_FILE}`);
}
