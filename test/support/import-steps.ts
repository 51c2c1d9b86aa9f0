/**
 * An import as a client takes it (issue 22): a ticket, the PUT of the bytes to the presigned URL, the start; then
 * polling the job until it is over. The import screen and the open API take the same steps by routes of their own:
 * a test names its routes in `ImportRoutes` and lets these helpers take the steps.
 */
import { expect } from 'vitest';
import type { Envelope } from '@shared/errors';
import type { ImportJobView, ImportUploadTicket } from '@shared/schemas/import';

export interface ImportRoutes {
  ticket(name: string, size: number): Promise<Envelope<ImportUploadTicket>>;
  start(id: string, options: Record<string, unknown>): Promise<Envelope<ImportJobView>>;
  job(id: string): Promise<Envelope<ImportJobView>>;
}

/** The ticket, the PUT and the start, each checked; the job's id and the start's answer. */
export async function uploadImport(routes: ImportRoutes, name: string, bytes: Uint8Array, options: Record<string, unknown> = {}) {
  const ticket = await routes.ticket(name, bytes.length);
  expect(ticket.code, ticket.message).toBe(0);
  const put = await fetch(ticket.data.url, { method: 'PUT', headers: ticket.data.headers, body: bytes as Uint8Array<ArrayBuffer> });
  expect(put.status).toBe(200);
  const started = await routes.start(ticket.data.id, options);
  expect(started.code, started.message).toBe(0);
  return { id: ticket.data.id, started: started.data };
}

/** An answer as the test API client gives it: the envelope, and the HTTP status and headers when it has them. */
type Polled<J> = Envelope<J> & { status?: number; headers?: Headers };

/**
 * Reads a job (an import's or an export's) as the client polls it, until it is done or failed. Told to slow down
 * (the open API's per-token limit: 429 with Retry-After), it waits as told, as the CLI does.
 */
export async function jobOver<J extends { state: string }>(read: () => Promise<Polled<J>>, what: string, everyMs = 25): Promise<J> {
  // Generous: the calling test's own time-out is the bound; in a full run a 520-document import took over 60 s.
  const deadline = Date.now() + 170_000;
  for (;;) {
    const res = await read();
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, Number(res.headers?.get('retry-after') ?? 1) * 1000));
      continue;
    }
    expect(res.code, res.message).toBe(0);
    if (res.data.state === 'done' || res.data.state === 'failed') return res.data;
    if (Date.now() > deadline) throw new Error(`${what} still ${res.data.state}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The whole import: upload and start, then poll until the job is over. */
export async function importThrough(routes: ImportRoutes, name: string, bytes: Uint8Array, options: Record<string, unknown> = {}) {
  const { id } = await uploadImport(routes, name, bytes, options);
  return jobOver(() => routes.job(id), `import ${id}`);
}
