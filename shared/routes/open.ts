/**
 * The open API (issue 26), versioned under /open/v1, for CI and tools: a project token
 * (`Authorization: Bearer apl_…`) of the project the path names, within its scope (`read`, `import` or `run`), admits;
 * nothing else does (no session, no share). Errors keep the `{code, message, data}` envelope with an HTTP status
 * a client can act on (shared/http-status.ts). Its own service: the project bundle is at its 400 KB budget, and these
 * routes carry the export's OpenAPI and markdown writers. Their methods and paths are in ./open-addresses.ts, which the
 * CLI and the MCP server read without the schemas. The test scenario routes (`run` tokens, issue 36) are the scenario
 * service's: ./open-scenarios.ts.
 */
import { importJobView, importUploadTicket } from '../schemas/import';
import { exportJobView, exportStarted } from '../schemas/export';
import {
  importHistory,
  openApiDocument,
  openDocument,
  openDocumentParams,
  openDocumentQuery,
  openExportBody,
  openExportParams,
  openImportParams,
  openImportStartBody,
  openProjectParams,
  openTree,
  openUploadBody,
} from '../schemas/open';
import { ANYONE, route, withToken } from './define';
import { openAddresses } from './open-addresses';

export const openRoutes = {
  /** The project's tree in tree order (parents first, siblings by rank); documents in the bin are not in it. */
  'open.tree': route({
    ...openAddresses['open.tree'],
    service: 'open',
    access: withToken('read'),
    params: openProjectParams,
    response: openTree,
  }),
  /** One document as Apiloom's node, an OpenAPI 3.1 document (the operation and its models), or markdown. */
  'open.document': route({
    ...openAddresses['open.document'],
    service: 'open',
    access: withToken('read'),
    params: openDocumentParams,
    query: openDocumentQuery,
    response: openDocument,
  }),
  /** A presigned PUT for the file to import (at most 50 MB), and its job (state `uploading`). */
  'open.importUpload': route({
    ...openAddresses['open.importUpload'],
    service: 'open',
    access: withToken('import', ['active']),
    params: openProjectParams,
    body: openUploadBody,
    response: importUploadTicket,
  }),
  /** Starts the uploaded job: the import screen's job, choices and report. An unchanged file writes nothing. */
  'open.importStart': route({
    ...openAddresses['open.importStart'],
    service: 'open',
    access: withToken('import', ['active']),
    params: openProjectParams,
    body: openImportStartBody,
    response: importJobView,
  }),
  /** A job's state, progress and report: what a client polls. */
  'open.importGet': route({
    ...openAddresses['open.importGet'],
    service: 'open',
    access: withToken('import'),
    params: openImportParams,
    response: importJobView,
  }),
  /** The project's last imports, newest first (`apiloom status`). */
  'open.imports': route({
    ...openAddresses['open.imports'],
    service: 'open',
    access: withToken('read'),
    params: openProjectParams,
    response: importHistory,
  }),
  /** Starts an export in any format of the export screen's. */
  'open.exportStart': route({
    ...openAddresses['open.exportStart'],
    service: 'open',
    access: withToken('read'),
    params: openProjectParams,
    body: openExportBody,
    response: exportStarted,
  }),
  /** An export's state and, once done, a short-lived download link. */
  'open.exportGet': route({
    ...openAddresses['open.exportGet'],
    service: 'open',
    access: withToken('read'),
    params: openExportParams,
    response: exportJobView,
  }),
  /** This API's OpenAPI 3.1 description, generated from the route table. */
  'open.openapi': route({
    ...openAddresses['open.openapi'],
    service: 'open',
    access: ANYONE,
    response: openApiDocument,
    raw: true,
  }),
} as const;
