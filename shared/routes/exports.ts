/**
 * Export jobs (issue 23; spec section 7 `POST /project/export`, which the client gives 120 s). Exporting reads:
 * view role or above, or a share reader whose share allows it (the handler checks the share's setting and reads
 * only what the share holds). A release is read through `version` or the `X-PROJECT-VERSION` header.
 */
import { exportJobParams, exportJobView, exportStartBody, exportStarted } from '../schemas/export';
import { body, onProject, route } from './define';

/** A job id carries its project id; what it is checked against is the project itself, not a document in it. */
const jobParam = (field: string) => ({ in: 'params', field, document: true, wholeProject: true }) as const;

export const exportRoutes = {
  /** Starts a job: the export worker reads the project and writes the file (asynchronously in AWS). */
  'export.start': route({
    method: 'POST',
    path: '/project/export',
    service: 'jobs',
    access: onProject(body('projectId'), 'view', { shareToken: true }),
    body: exportStartBody,
    response: exportStarted,
    readsRelease: true,
  }),
  /** A job's state and progress and, once done, a short-lived download link: what the client polls. */
  'export.get': route({
    method: 'GET',
    path: '/project/export/{id}',
    service: 'jobs',
    access: onProject(jobParam('id'), 'view', { shareToken: true }),
    params: exportJobParams,
    response: exportJobView,
    changing: true,
  }),
} as const;
