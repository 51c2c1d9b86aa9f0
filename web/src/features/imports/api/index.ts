/**
 * Starting an import and following its job. A file (or pasted text, sent as a file) goes straight to S3 with the
 * presigned PUT of `import.upload`, then `import.start` starts the job; a URL is fetched by the job itself
 * (`import.url`). The job is polled with `import.get` while it is queued or running.
 */
import { useQuery } from '@tanstack/react-query';
import type { ImportJobView, ImportUploadTicket } from '@shared/schemas/import';
import { api, apiQuery, invalidate, useApiMutation, useApiQuery } from '../../../lib/api';

/** How often a job in progress is asked about. */
export const POLL_MS = 500;

export interface ImportChoices {
  mode: 'skip' | 'merge' | 'overwrite';
  deleteMissing: boolean;
  folderId?: string;
  /** Merge: where the source and a person both changed a field, take the source's value. */
  takeSource?: boolean;
}

/** Why an upload to S3 failed (the API's own failures are ApiErrors, shown by the client). */
export class UploadFailed extends Error {}

/** PUTs the file to the ticket's URL with its signed headers, reporting the fraction sent. */
export function putToTicket(ticket: ImportUploadTicket, file: Blob, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ticket.method, ticket.url);
    for (const [name, value] of Object.entries(ticket.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new UploadFailed(`HTTP ${xhr.status}`)));
    xhr.onerror = () => reject(new UploadFailed('network'));
    xhr.send(file);
  });
}

/** A file into a project: ticket, upload, start. */
async function importFile(
  projectId: string,
  file: File,
  choices: ImportChoices & { dryRun: boolean },
  onProgress: (fraction: number) => void,
): Promise<ImportJobView> {
  const ticket = await api.call('import.upload', { body: { projectId, name: file.name, size: file.size } });
  await putToTicket(ticket, file, onProgress);
  return api.call('import.start', { body: { projectId, id: ticket.id, ...choices } });
}

/** A URL into a project: the job fetches it through the server's guard. */
const importUrl = (projectId: string, url: string, choices: ImportChoices & { dryRun: boolean }) =>
  api.call('import.url', { body: { projectId, url, ...choices } });

/** What an import starts from: a file (or pasted text sent as one), or an address the job fetches. */
export type ImportSource = { file: File; onProgress: (fraction: number) => void } | { url: string };

/** Starts an import job into a project; the job is then followed with `useImportJob`. */
export const useStartImport = () =>
  useApiMutation((input: { projectId: string; source: ImportSource; choices: ImportChoices & { dryRun: boolean } }) =>
    'url' in input.source
      ? importUrl(input.projectId, input.source.url, input.choices)
      : importFile(input.projectId, input.source.file, input.choices, input.source.onProgress),
  );

/** The import stamps of one source in a project: which documents an earlier import of it wrote. */
export const useImportStamps = (projectId: string, source: string, enabled: boolean) =>
  useApiQuery('import.stamps', { params: { projectId }, query: { source } }, { enabled });

const RUNNING: ImportJobView['state'][] = ['uploading', 'queued', 'running'];
export const isRunning = (job: ImportJobView | undefined) => !!job && RUNNING.includes(job.state);

/** A job, asked about again every POLL_MS while it runs; its project's tree is refreshed once it is done. */
export function useImportJob(id: string | null, initial?: ImportJobView) {
  return useQuery({
    ...apiQuery('import.get', { params: { id: id ?? '' } }, { enabled: !!id, staleTime: 0 }),
    ...(initial && initial.id === id ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
    refetchInterval: (query) => (isRunning(query.state.data) ? POLL_MS : false),
  });
}

/** After a job that wrote: every read of documents and projects shows what it wrote. */
export const refreshAfterImport = () =>
  invalidate(
    'document.tree',
    'document.get',
    'document.children',
    'project.get',
    'project.personal',
    'project.editable',
    'folder.list',
    'import.stamps',
  );
