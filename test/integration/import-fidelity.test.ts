/**
 * Issue 39, through the import job: a source whose operations differ only by their fragment, each with a name too
 * long for a tree title, imports every operation as a document of its own, and the report, which lists only its
 * first warnings, counts every warning by kind, in the answer the import screen and the CLI read.
 */
import { describe, expect, it } from 'vitest';
import type { RouteId, RouteResponse } from '@shared/routes';
import { loadNodes } from '../../functions/domain/documents';
import { importThrough, type ImportRoutes } from '../support/import-steps';
import { signUp, useLocalApi, type ApiResponse, type RouteArgs } from '../support/local-api';

const api = useLocalApi();

describe('an import of many query-style operations', () => {
  it('keeps every one and counts every warning by kind when the list is cut', { timeout: 120_000 }, async () => {
    const user = await signUp('Fidelity');
    const project = (await api.call('project.create', { token: user.token, body: { name: 'Cloud' } })).data;
    const call = <Id extends RouteId>(id: Id, ...[request]: RouteArgs<Id>) =>
      api.callAny(id, { token: user.token, ...request }) as Promise<ApiResponse<RouteResponse<Id>>>;
    const routes: ImportRoutes = {
      ticket: (name, size) => call('import.upload', { body: { projectId: project.id, name, size } }),
      start: (id, options) => call('import.start', { body: { projectId: project.id, id, ...options } }),
      job: (id) => call('import.get', { params: { id }, headers: { 'accept-language': 'en' } }),
    };
    const actions = Array.from({ length: 520 }, (_, i) => `Action${String(i).padStart(3, '0')}`);
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Cloud', version: '1' },
      paths: Object.fromEntries(
        actions.map((a) => [
          `/#Action=${a}`,
          { get: { summary: `Describe the instances of ${a} in every region`, responses: { '200': { description: 'ok' } } } },
        ]),
      ),
    };
    const job = await importThrough(routes, 'cloud.json', new TextEncoder().encode(JSON.stringify(spec)));

    expect(job.state).toBe('done');
    expect(job.report).toMatchObject({ created: 520, failed: 0 });
    const nodes = (await loadNodes(project.id)).filter((n) => n.type === 'api');
    expect(new Set(nodes.map((n) => n.path))).toEqual(new Set(actions.map((a) => `/#Action=${a}`)));
    // The list stops at 500; the counts do not.
    expect(job.report!.warnings).toHaveLength(500);
    expect(job.report!.warningCounts).toEqual({ shortenedTitle: 520 });
    expect(job.report!.warnings[0]!.message).toMatch(/^Name too long for the tree/);
  });
});
