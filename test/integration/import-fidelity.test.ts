/**
 * Issue 39 through the jobs: a source whose operations differ only by their fragment, each with a name too long
 * for a tree title, imports every operation as a document of its own, and the report, which lists only its first
 * warnings, counts every warning by kind, in the answer the import screen and the CLI read. A Postman export says
 * what the format could not hold.
 */
import { describe, expect, it } from 'vitest';
import type { RouteId, RouteResponse } from '@shared/routes';
import { loadNodes } from '../../functions/domain/documents';
import { importThrough, jobOver, type ImportRoutes } from '../support/import-steps';
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

describe('a Postman export', () => {
  it("says what the format left out, by kind and document by document, in the reader's language", { timeout: 120_000 }, async () => {
    const user = await signUp('Exporter');
    const project = (await api.call('project.create', { token: user.token, body: { name: 'Shop' } })).data;
    const call = <Id extends RouteId>(id: Id, ...[request]: RouteArgs<Id>) =>
      api.callAny(id, { token: user.token, ...request }) as Promise<ApiResponse<RouteResponse<Id>>>;
    const routes: ImportRoutes = {
      ticket: (name, size) => call('import.upload', { body: { projectId: project.id, name, size } }),
      start: (id, options) => call('import.start', { body: { projectId: project.id, id, ...options } }),
      job: (id) => call('import.get', { params: { id } }),
    };
    const spec = {
      openapi: '3.1.0',
      info: { title: 'Shop', version: '1' },
      paths: {
        '/orders': {
          post: {
            summary: 'Create order',
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { sku: { type: 'string' }, count: { type: 'integer' } } },
                  examples: { one: { value: { sku: 'a', count: 1 } }, two: { value: { sku: 'b', count: 2 } } },
                },
              },
            },
            responses: { '200': { description: 'ok' }, '4XX': { description: 'refused' }, default: { description: 'other' } },
          },
        },
      },
      components: { schemas: { Order: { type: 'object', properties: { sku: { type: 'string' } } } } },
    };
    const imported = await importThrough(routes, 'shop.json', new TextEncoder().encode(JSON.stringify(spec)));
    expect(imported.state).toBe('done');

    const started = await call('export.start', { body: { projectId: project.id, format: 'postman' } });
    expect(started.code, started.message).toBe(0);
    const job = await jobOver(
      () => call('export.get', { params: { id: started.data.id }, headers: { 'accept-language': 'en' } }),
      'postman export',
    );
    expect(job.state).toBe('done');
    expect(job.omissions?.counts).toEqual({ rangeStatus: 2, requestExamples: 1, bodyFields: 1, models: 1 });
    expect(job.omissions?.first).toContainEqual({
      document: 'Create order',
      message: 'Response 4XX is not one status code: Postman saves it as 400',
    });
    expect(job.omissions?.first).toContainEqual({
      document: 'Create order',
      message: 'Response default is not one status code: Postman saves it as 200',
    });

    const zh = await call('export.get', { params: { id: started.data.id }, headers: { 'accept-language': 'zh' } });
    expect(zh.data.omissions?.first.map((o) => o.message)).toContain('请求示例只保留第一个，其余 1 个未导出');
  });
});
