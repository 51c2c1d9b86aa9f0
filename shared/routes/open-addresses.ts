/**
 * The open API's addresses (issue 26): each open route's method and path by its route id, and nothing else. The
 * route table's open routes (./open.ts) take their addresses from here, and the open API's own clients, the
 * one-file CLI (cli/index.ts) and the MCP server (cli/mcp/open-api.ts), build their paths from them with
 * `buildPath` (./path.ts). Like path.ts it imports no value (no zod, no schemas), so the CLI stays dependency-free;
 * the clients read the routes' request and response types with type-only imports of the table.
 */
import type { HttpMethod } from './define';

export const openAddresses = {
  'open.tree': { method: 'GET', path: '/open/v1/projects/{projectId}/tree' },
  'open.document': { method: 'GET', path: '/open/v1/projects/{projectId}/documents/{docId}' },
  'open.importUpload': { method: 'POST', path: '/open/v1/projects/{projectId}/imports/upload' },
  'open.importStart': { method: 'POST', path: '/open/v1/projects/{projectId}/imports' },
  'open.importGet': { method: 'GET', path: '/open/v1/projects/{projectId}/imports/{id}' },
  'open.imports': { method: 'GET', path: '/open/v1/projects/{projectId}/imports' },
  'open.exportStart': { method: 'POST', path: '/open/v1/projects/{projectId}/exports' },
  'open.exportGet': { method: 'GET', path: '/open/v1/projects/{projectId}/exports/{id}' },
  'open.scenarios': { method: 'GET', path: '/open/v1/projects/{projectId}/scenarios' },
  'open.scenario': { method: 'GET', path: '/open/v1/projects/{projectId}/scenarios/{scenario}' },
  'open.environment': { method: 'GET', path: '/open/v1/projects/{projectId}/environments/{environment}' },
  'open.scenarioRunSave': { method: 'POST', path: '/open/v1/projects/{projectId}/scenario-runs' },
  'open.changes': { method: 'GET', path: '/open/v1/projects/{projectId}/changes' },
  'open.openapi': { method: 'GET', path: '/open/v1/openapi.json' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;

export type OpenRouteId = keyof typeof openAddresses;
