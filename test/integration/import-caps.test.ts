/**
 * The document caps (issue 39): a file bringing more documents than one import may (IMPORT_MAX_DOCUMENTS) fails
 * with the catalogued message in the reader's language, and nothing of it is written (no document, no staged item,
 * no body); the polls showed no progress toward writing it.
 */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { IMPORT_MAX_DOCUMENTS } from '@shared/constants';
import { queryAll } from '../../functions/data/db';
import { importKeys, keys } from '../../functions/data/keys';
import { loadNodes } from '../../functions/domain/documents';
import { jobOver, uploadImport, type ImportRoutes } from '../support/import-steps';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();

/** An OpenAPI description of `count` operations, one path each. */
const operations = (count: number) =>
  new TextEncoder().encode(
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Many', version: '1' },
      paths: Object.fromEntries(
        Array.from({ length: count }, (_, i) => [
          `/items/${i}`,
          { get: { summary: `Item ${i}`, responses: { 200: { description: 'ok' } } } },
        ]),
      ),
    }),
  );

describe('document caps', () => {
  it('refuses a file of more documents than one import may bring, before writing anything', { timeout: 120_000 }, async () => {
    const user = await signUp('Capped');
    const project = (await api.call('project.create', { token: user.token, body: { name: 'Caps' } })).data;
    const routes: ImportRoutes = {
      ticket: (name, size) => api.call('import.upload', { token: user.token, body: { projectId: project.id, name, size } }),
      start: (id, options) => api.call('import.start', { token: user.token, body: { projectId: project.id, id, ...options } }),
      job: (id) => api.call('import.get', { token: user.token, params: { id }, headers: { 'accept-language': 'en' } }),
    };
    const { id } = await uploadImport(routes, 'many.json', operations(IMPORT_MAX_DOCUMENTS + 1));
    const job = await jobOver(() => routes.job(id), `import ${id}`);
    expect(job.state).toBe('failed');
    expect(job.error).toEqual({
      code: ERRORS.importTooManyDocuments.code,
      message: `An import brings at most ${IMPORT_MAX_DOCUMENTS} documents and this file has ${IMPORT_MAX_DOCUMENTS + 1}: split it and import the parts`,
    });
    expect(job.progress).toEqual({ done: 0, total: 0 });
    // Nothing of it is written: no node, staged item, stamp or search text.
    expect(await loadNodes(project.id)).toEqual([]);
    expect(await queryAll(importKeys.stagedOf(project.id, id))).toEqual([]);
    expect(await queryAll(importKeys.stampsOf(project.id))).toEqual([]);
    for (const range of keys.searchTextsOfInRanges(project.id, 2)) expect(await queryAll(range)).toEqual([]);
  });
});
