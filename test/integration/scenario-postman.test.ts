/**
 * Postman collections through the local API (issue 36): a collection imported as a new scenario of a folder (its
 * notes in the answer), and a scenario with a step on an API document exported as a collection. The converter's
 * own cases are its unit tests (shared/scenarios/postman.test.ts); access both ways is the access walk's.
 */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { POSTMAN_SCHEMA_V21 } from '@shared/scenarios/postman';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();

describe('Postman collections and scenarios', () => {
  it('imports a collection as a scenario, exports a scenario as a collection, and refuses what is not one', async () => {
    const { token } = await signUp('Postman');
    const project = (await api.call('project.create', { token, body: { name: 'Postman' } })).data;
    const folder = (await api.call('scenarioFolder.create', { token, body: { projectId: project.id, name: 'Imported' } })).data;
    const imported = await api.call('scenario.importPostman', {
      token,
      body: {
        projectId: project.id,
        folderId: folder.id,
        collection: {
          info: { name: 'Shop', schema: POSTMAN_SCHEMA_V21 },
          auth: { type: 'bearer' },
          item: [
            {
              name: 'Ping',
              request: { method: 'GET', url: { raw: '{{baseUrl}}/acme/ping' } },
              event: [{ listen: 'test', script: { exec: ['pm.test("ok", () => pm.response.to.have.status(200));'] } }],
            },
          ],
        },
      },
    });
    expect(imported.code, imported.message).toBe(0);
    expect(imported.data.scenario).toMatchObject({ name: 'Shop', folderId: folder.id, stepCount: 1 });
    expect(imported.data.scenario.content.steps[0]).toMatchObject({
      name: 'Ping',
      postScript: expect.stringContaining('pm.test') as unknown,
    });
    expect(imported.data.notes).toEqual([{ at: 'Shop', what: expect.stringContaining('authorization') as unknown }]);

    const doc = await api.call('document.create', {
      token,
      body: { projectId: project.id, type: 'api', name: 'Item', content: { method: 'GET', path: '/acme/items/{id}', description: 'Item' } },
    });
    const made = await api.call('scenario.create', {
      token,
      body: {
        projectId: project.id,
        name: 'Items',
        content: {
          steps: [
            {
              id: 'read',
              name: 'read',
              type: 'request',
              source: { kind: 'document', documentId: doc.data.id },
              overrides: { pathParams: [{ name: 'id', value: '7' }] },
              checks: [{ kind: 'status', equals: 200 }],
            },
          ],
        },
      },
    });
    const exported = await api.call('scenario.exportPostman', { token, params: { id: made.data.id } });
    expect(exported.code, exported.message).toBe(0);
    expect(exported.data.collection).toMatchObject({
      info: { name: 'Items', schema: POSTMAN_SCHEMA_V21 },
      item: [{ name: 'read', request: { method: 'GET', url: { raw: '{{baseUrl}}/acme/items/7' } } }],
      variable: [{ key: 'baseUrl', value: '' }],
    });
    expect(exported.data.notes.map((n) => n.what)).toContain('its check against the documented response');

    const refused = await api.call('scenario.importPostman', {
      token,
      body: { projectId: project.id, collection: { info: { name: 'x' } } },
    });
    expect(refused.code).toBe(ERRORS.postmanInvalid.code);
    expect((await api.call('scenario.list', { token, params: { id: project.id } })).data.scenarios.map((s) => s.name).sort()).toEqual([
      'Items',
      'Shop',
    ]);
  });
});
