/**
 * Import jobs (issue 22). Importing writes documents, so every route needs edit rights on the target project while
 * it is active. An import into a new project is a project created first (`project.create`), then imported into.
 */
import {
  importJobParams,
  importJobView,
  importStampsParams,
  importStampsQuery,
  importStampsView,
  importStartBody,
  importUploadBody,
  importUploadTicket,
  importUrlBody,
  swaggerImportBody,
  swaggerImportQuery,
} from '../schemas/import';
import { body, documentParam, onProject, param, query, route } from './define';

export const importRoutes = {
  /** A presigned PUT for the file, and the job it belongs to (state `uploading`). */
  'import.upload': route({
    method: 'POST',
    path: '/project/import/upload',
    service: 'jobs',
    access: onProject(body('projectId'), 'edit', { states: ['active'] }),
    body: importUploadBody,
    response: importUploadTicket,
  }),
  /** Starts the job once its file is in S3: the job function runs it (asynchronously in AWS). */
  'import.start': route({
    method: 'POST',
    path: '/project/import/start',
    service: 'jobs',
    access: onProject(body('projectId'), 'edit', { states: ['active'] }),
    body: importStartBody,
    response: importJobView,
  }),
  /** Starts a job that fetches its file from a URL through the SSRF guard. */
  'import.url': route({
    method: 'POST',
    path: '/project/import/url',
    service: 'jobs',
    access: onProject(body('projectId'), 'edit', { states: ['active'] }),
    body: importUrlBody,
    response: importJobView,
  }),
  /** The spec's call: a Swagger/OpenAPI (or any importable JSON) body that fits a request, the same job. */
  'import.swagger': route({
    method: 'POST',
    path: '/project/import/swagger',
    service: 'jobs',
    access: onProject(query('projectId'), 'edit', { states: ['active'] }),
    query: swaggerImportQuery,
    body: swaggerImportBody,
    response: importJobView,
  }),
  /**
   * The project's import stamps of one source (document, key, hash): the browser preview plans with them, so its
   * created/updated/skipped/deleted are the dry run's. Editors only, as importing is.
   */
  'import.stamps': route({
    method: 'GET',
    path: '/project/import/stamps/{projectId}',
    service: 'jobs',
    access: onProject(param('projectId'), 'edit'),
    params: importStampsParams,
    query: importStampsQuery,
    response: importStampsView,
  }),
  /** A job's state, progress and report: what the client polls. */
  'import.get': route({
    method: 'GET',
    path: '/project/import/{id}',
    service: 'jobs',
    access: onProject(documentParam('id'), 'edit'),
    params: importJobParams,
    response: importJobView,
  }),
} as const;
