/**
 * Environments, variables and global parameters through the local API (real DynamoDB Local): names unique per
 * environment with the spec's message in both languages, secrets never stored, global parameters checked as JSON
 * of their shape, copies, revisions, and what a share reader may read. Access both ways for every route is in the
 * access walk (access-walk.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import type { RouteRequest } from '@shared/routes';
import type { GlobalParams } from '@shared/schemas/environment';
import { getItem, queryAll } from '../../functions/data/db';
import { keys, scenarioKeys } from '../../functions/data/keys';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();

async function projectOf(name = 'Env API') {
  const owner = await signUp('Env owner');
  const project = (await api.call('project.create', { token: owner.token, body: { name } })).data;
  const as = { token: owner.token };
  const env = async (body: Record<string, unknown> = {}) => {
    const res = await api.call('env.create', {
      ...as,
      body: { projectId: project.id, name: 'test', ...body },
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const variable = (body: RouteRequest<'variable.create'>['body'], headers: Record<string, string> = {}) =>
    api.call('variable.create', { ...as, headers, body });
  return { owner, project, as, env, variable };
}

describe('environments and variables', () => {
  it('an environment keeps its base address and variables; a duplicate name is refused with the spec message in zh and en', async () => {
    const { project, as, env, variable } = await projectOf();
    const dev = await env({ name: 'development', baseUrl: 'https://{{host}}/v1', defaultVariable: 'host' });
    expect(dev).toMatchObject({
      projectId: project.id,
      name: 'development',
      baseUrl: 'https://{{host}}/v1',
      defaultVariable: 'host',
      rev: 1,
    });
    expect(dev.id.startsWith(`${project.id}_`)).toBe(true);

    const host = await variable({ envId: dev.id, name: 'host', value: 'api.example.com' });
    expect(host.code, host.message).toBe(0);
    expect(host.data).toMatchObject({ envId: dev.id, name: 'host', value: 'api.example.com', secret: false, rev: 1 });

    const zh = await variable({ envId: dev.id, name: 'host', value: 'other' });
    expect(zh.code).toBe(ERRORS.variableDuplicated.code);
    expect(zh.message).toBe('变量名重复，请重新命名');
    const en = await variable({ envId: dev.id, name: 'host', value: 'other' }, { 'accept-language': 'en' });
    expect(en.code).toBe(ERRORS.variableDuplicated.code);
    expect(en.message).toBe('variable name duplicated, please rename');

    // Renaming another variable onto a taken name is refused the same way; the same name in another environment is fine.
    const port = (await variable({ envId: dev.id, name: 'port', value: '443' })).data;
    const renamed = await api.call('variable.update', {
      ...as,
      body: { id: port.id, rev: 1, name: 'host', value: '443' },
    });
    expect([renamed.code, renamed.message]).toEqual([ERRORS.variableDuplicated.code, '变量名重复，请重新命名']);
    const other = await env({ name: 'production' });
    expect((await variable({ envId: other.id, name: 'host', value: 'api.example.org' })).code).toBe(0);

    const listed = await api.call('variable.list', { params: { projectId: project.id, envId: dev.id }, ...as });
    expect(listed.data.map((v) => [v.name, v.value])).toEqual([
      ['host', 'api.example.com'],
      ['port', '443'],
    ]);
    const all = await api.call('env.list', { params: { id: project.id }, ...as });
    expect(all.data.map((e) => [e.name, e.variables.length])).toEqual([
      ['development', 2],
      ['production', 1],
    ]);
  });

  it('two variables of the same name sent at once: one is kept, the other refused', async () => {
    const { env, variable, project, as } = await projectOf();
    const dev = await env();
    const results = await Promise.all(Array.from({ length: 4 }, () => variable({ envId: dev.id, name: 'token', value: 'x' })));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === ERRORS.variableDuplicated.code)).toHaveLength(3);
    const listed = await api.call('variable.list', { params: { projectId: project.id, envId: dev.id }, ...as });
    expect(listed.data.map((v) => v.name)).toEqual(['token']);
  });

  it('a secret variable has no stored value: one sent is dropped, and no answer carries it', async () => {
    const { project, as, env, variable } = await projectOf();
    const dev = await env();
    const created = await variable({ envId: dev.id, name: 'password', value: 'hunter2-secret', secret: true });
    expect(created.code, created.message).toBe(0);
    expect(created.data).toMatchObject({ name: 'password', value: '', secret: true });
    // Made shared, then secret again with a value: the value goes with the change.
    const shared = await api.call('variable.update', {
      ...as,
      body: { id: created.data.id, rev: 1, name: 'password', value: 'visible', secret: false },
    });
    expect(shared.data.value).toBe('visible');
    const secretAgain = await api.call('variable.update', {
      ...as,
      body: { id: created.data.id, rev: 2, name: 'password', value: 'hunter2-again', secret: true },
    });
    expect(secretAgain.data).toMatchObject({ value: '', secret: true, rev: 3 });

    const stored = JSON.stringify(await queryAll(keys.projectItems(project.id)));
    expect(stored).not.toContain('hunter2');
    expect(stored).not.toContain('visible');
    const answers = await Promise.all([
      api.call('env.list', { params: { id: project.id }, ...as }),
      api.call('env.get', { params: { id: dev.id }, ...as }),
      api.call('variable.list', { params: { projectId: project.id, envId: dev.id }, ...as }),
    ]);
    for (const res of answers) expect(JSON.stringify(res.data)).not.toContain('hunter2');
  });

  it('an environment is edited against the revision read, copied with its variables, and deleted', async () => {
    const { project, as, env, variable } = await projectOf();
    const dev = await env({ name: 'UAT', baseUrl: 'https://uat.example.com' });
    await variable({ envId: dev.id, name: 'host', value: 'uat.example.com' });
    await variable({ envId: dev.id, name: 'key', value: 'only-in-browser', secret: true });

    const saved = await api.call('env.update', {
      ...as,
      body: { id: dev.id, rev: 1, name: 'SIT', baseUrl: 'https://sit.example.com' },
    });
    expect(saved.data).toMatchObject({ name: 'SIT', rev: 2 });
    // Adding a variable does not make the environment's fields stale, nor does a rename drop the variables.
    expect(saved.data.variables.map((v) => v.name)).toEqual(['host', 'key']);
    const stale = await api.call('env.update', { ...as, body: { id: dev.id, rev: 1, name: 'FAT' } });
    expect(stale.code).toBe(ERRORS.staleRevision.code);

    const copy = await api.call('env.duplicate', { params: { projectId: project.id, envId: dev.id }, ...as });
    expect(copy.code, copy.message).toBe(0);
    expect(copy.data).toMatchObject({ name: 'SIT 副本', baseUrl: 'https://sit.example.com' });
    expect(copy.data.id).not.toBe(dev.id);
    expect(copy.data.variables.map((v) => [v.name, v.value, v.secret])).toEqual([
      ['host', 'uat.example.com', false],
      ['key', '', true],
    ]);
    expect(copy.data.variables.every((v) => v.envId === copy.data.id && v.id.startsWith(`${copy.data.id}_`))).toBe(true);
    const en = await api.call('env.duplicate', {
      params: { projectId: project.id, envId: dev.id },
      ...as,
      headers: { 'accept-language': 'en' },
    });
    expect(en.data.name).toBe('SIT copy');

    expect((await api.call('env.delete', { ...as, query: { id: dev.id } })).code).toBe(0);
    expect((await api.call('env.get', { params: { id: dev.id }, ...as })).code).toBe(ERRORS.notFound.code);
    expect(await getItem(keys.environment(project.id, dev.id))).toBeUndefined();
    expect((await api.call('env.delete', { ...as, query: { id: dev.id } })).code).toBe(ERRORS.notFound.code);
  });

  it('deleting an environment removes its run secrets; a new one of the same name sees none of them', async () => {
    const { project, as, env } = await projectOf();
    const staging = await env({ name: 'staging' });
    for (const name of ['apiKey', 'password']) {
      const set = await api.call('runSecret.set', { ...as, body: { envId: staging.id, name, value: `${name}-value` } });
      expect(set.code, set.message).toBe(0);
    }
    const storedSecrets = () => queryAll({ ...scenarioKeys.runSecretsOf(project.id, staging.id), consistent: true });
    expect(await storedSecrets()).toHaveLength(2);

    expect((await api.call('env.delete', { ...as, query: { id: staging.id } })).code).toBe(0);
    expect(await storedSecrets()).toEqual([]);
    expect((await api.call('runSecret.list', { ...as, params: { id: staging.id } })).code).toBe(ERRORS.notFound.code);
    // A secret set on the deleted environment is refused, and nothing is written.
    const late = await api.call('runSecret.set', { ...as, body: { envId: staging.id, name: 'apiKey', value: 'late' } });
    expect(late.code).toBe(ERRORS.notFound.code);
    expect(await storedSecrets()).toEqual([]);

    const again = await env({ name: 'staging' });
    expect((await api.call('runSecret.list', { ...as, params: { id: again.id } })).data).toEqual([]);
  });

  it('run secrets set while their environment is deleted do not outlive it', async () => {
    const { project, as, env } = await projectOf();
    const staging = await env({ name: 'staging' });
    expect((await api.call('runSecret.set', { ...as, body: { envId: staging.id, name: 'first', value: 'v' } })).code).toBe(0);
    const sets = Array.from({ length: 6 }, (_, i) =>
      api.call('runSecret.set', { ...as, body: { envId: staging.id, name: `racer${i}`, value: 'v' } }),
    );
    const deleted = api.call('env.delete', { ...as, query: { id: staging.id } });
    expect((await deleted).code).toBe(0);
    // Each set landed before the delete (and went with it) or after it (refused); none is left either way.
    for (const set of await Promise.all(sets)) expect([0, ERRORS.notFound.code]).toContain(set.code);
    expect(await queryAll({ ...scenarioKeys.runSecretsOf(project.id, staging.id), consistent: true })).toEqual([]);
  });

  it('an environment of another project is not found through this one', async () => {
    const a = await projectOf('A');
    const b = await projectOf('B');
    const envOfB = await b.env();
    // The owner of A names B's environment under A: no read of B happens.
    const res = await api.call('variable.list', { params: { projectId: a.project.id, envId: envOfB.id }, ...a.as });
    expect(res.code).toBe(ERRORS.notFound.code);
    const copy = await api.call('env.duplicate', { params: { projectId: a.project.id, envId: envOfB.id }, ...a.as });
    expect(copy.code).toBe(ERRORS.notFound.code);
  });
});

describe('global parameters', () => {
  const value = {
    req: { headers: [{ name: 'Authorization', value: 'Bearer {{token}}' }], query: [{ name: 'lang', value: 'zh', required: true }] },
    resp: { headers: [{ name: 'X-Trace', value: '' }] },
  };

  it('are saved as JSON of their shape, in normal form, against the revision read', async () => {
    const { project, as } = await projectOf();
    const empty = await api.call('globalParam.get', { params: { projectId: project.id }, ...as });
    expect(empty.data).toMatchObject({ rev: 0 });
    expect(JSON.parse(empty.data.value)).toEqual({ req: { headers: [], body: [], query: [], path: [] }, resp: { headers: [], body: [] } });

    const saved = await api.call('globalParam.save', {
      ...as,
      body: { projectId: project.id, rev: 0, value: JSON.stringify(value) },
    });
    expect(saved.code, saved.message).toBe(0);
    expect(saved.data.rev).toBe(1);
    expect(JSON.parse(saved.data.value)).toEqual({
      req: {
        headers: [{ name: 'Authorization', type: 'string', required: false, value: 'Bearer {{token}}', description: '' }],
        body: [],
        query: [{ name: 'lang', type: 'string', required: true, value: 'zh', description: '' }],
        path: [],
      },
      resp: { headers: [{ name: 'X-Trace', type: 'string', required: false, value: '', description: '' }], body: [] },
    });
    const again = await api.call('globalParam.save', {
      ...as,
      body: { projectId: project.id, rev: 0, value: JSON.stringify(value) },
    });
    expect(again.code).toBe(ERRORS.staleRevision.code);
  });

  it('bad JSON and a wrong shape are refused with a clear message in zh and en', async () => {
    const { project, as } = await projectOf();
    const send = (text: string, lang?: string) =>
      api.call('globalParam.save', {
        ...as,
        headers: lang ? { 'accept-language': lang } : {},
        body: { projectId: project.id, rev: 0, value: text },
      });
    const fieldMessage = (res: { data: unknown }) => (res.data as { fields: Record<string, string> }).fields.value;
    const badZh = await send('{"req": [');
    expect(badZh.code).toBe(ERRORS.invalidInput.code);
    expect(fieldMessage(badZh)).toBe('应为 JSON：req、resp 的参数列表，每行有 name');
    expect(fieldMessage(await send('{"req": [', 'en'))).toBe('Expected JSON: req and resp lists of rows with names');
    const shapeEn = await send(JSON.stringify({ req: { headers: [{ value: 'no name' }] } }), 'en');
    expect(fieldMessage(shapeEn)).toBe('Expected JSON: req and resp lists of rows with names');
    expect(fieldMessage(await send(JSON.stringify({ request: {} })))).toBe('应为 JSON：req、resp 的参数列表，每行有 name');
    expect((await api.call('globalParam.get', { params: { projectId: project.id }, ...as })).data.rev).toBe(0);
  });

  it('an environment may have its own; a bad one is refused like the project’s', async () => {
    const { as, env } = await projectOf();
    const dev = await env({ globalParams: JSON.stringify(value) });
    expect((JSON.parse(dev.globalParams!) as GlobalParams).req.headers[0]!.name).toBe('Authorization');
    const bad = await api.call('env.update', { ...as, body: { id: dev.id, rev: 1, name: 'test', globalParams: '{' } });
    expect(bad.code).toBe(ERRORS.invalidInput.code);
    const cleared = await api.call('env.update', {
      ...as,
      body: { id: dev.id, rev: 1, name: 'test', globalParams: null },
    });
    expect(cleared.data.globalParams).toBeNull();
  });

  it('a share reader of the whole project reads them, of one document reads none (issue 37), and of another project none', async () => {
    const a = await projectOf('Shared');
    const b = await projectOf('Not shared');
    for (const p of [a, b]) {
      await api.call('globalParam.save', {
        ...p.as,
        body: { projectId: p.project.id, rev: 0, value: JSON.stringify(value) },
      });
    }
    const doc = await api.call('document.create', { ...a.as, body: { projectId: a.project.id, name: 'One doc' } });
    const readerOf = async (docIds: string[]) => {
      const share = await api.call('share.create', {
        ...a.as,
        body: { projectId: a.project.id, name: 'QA', expireAt: new Date(Date.now() + 3_600_000).toISOString(), docIds },
      });
      const opened = await api.call('share.content', { params: { id: share.data.id } });
      return { headers: { 'share-token': opened.data.shareToken } };
    };
    const headersAs = async (reader: { headers: Record<string, string> }) => {
      const read = await api.call('globalParam.get', { params: { projectId: a.project.id }, ...reader });
      expect(read.code, read.message).toBe(0);
      return (JSON.parse(read.data.value) as GlobalParams).req.headers;
    };
    expect((await headersAs(await readerOf([])))[0]!.value).toBe('Bearer {{token}}');
    const reader = await readerOf([doc.data.id]);
    expect(await headersAs(reader)).toEqual([]);
    const other = await api.call('globalParam.get', { params: { projectId: b.project.id }, ...reader });
    expect(other.code).toBe(ERRORS.notLoggedIn.code);
    // Environments are not the share's: a share reader reads none.
    expect((await api.call('env.list', { params: { id: a.project.id }, ...reader })).code).toBe(ERRORS.notLoggedIn.code);
  });
});

describe('a clone of the project', () => {
  it('carries its environments, variables and global parameters, as copies of its own', async () => {
    const { project, as, env, variable } = await projectOf('Env clone');
    const dev = await env({ name: 'development', baseUrl: 'https://{{host}}', defaultVariable: 'host' });
    const host = (await variable({ envId: dev.id, name: 'host', value: 'api.example.com' })).data;
    await variable({ envId: dev.id, name: 'token', value: 'kept in the browser', secret: true });
    const globals = {
      req: { headers: [{ name: 'X-App', value: 'loom' }], body: [], query: [], path: [] },
      resp: { headers: [], body: [] },
    };
    const saved = await api.call('globalParam.save', {
      ...as,
      body: { projectId: project.id, rev: 0, value: JSON.stringify(globals) },
    });
    expect(saved.code, saved.message).toBe(0);

    const copy = (await api.call('project.clone', { params: { id: project.id }, ...as, query: { name: 'Env clone (copy)' } })).data;
    const envs = (await api.call('env.list', { params: { id: copy.id }, ...as })).data;
    expect(envs.map((e) => [e.name, e.baseUrl, e.defaultVariable])).toEqual([['development', 'https://{{host}}', 'host']]);
    const [copied] = envs;
    expect(copied!.id.startsWith(`${copy.id}_`)).toBe(true);
    expect(copied!.variables.map((v) => [v.name, v.value, v.secret])).toEqual([
      ['host', 'api.example.com', false],
      ['token', '', true],
    ]);
    // Each variable belongs to the copy: its id names the copy's environment, so a change reaches the copy only.
    expect(copied!.variables.every((v) => v.id.startsWith(`${copied!.id}_`) && v.envId === copied!.id)).toBe(true);
    const copiedHost = copied!.variables.find((v) => v.name === 'host')!;
    expect((await api.call('variable.delete', { params: { id: copiedHost.id }, ...as })).code).toBe(0);
    const source = (await api.call('variable.list', { params: { projectId: project.id, envId: dev.id }, ...as })).data;
    expect(source.map((v) => v.id)).toContain(host.id);

    const copiedGlobals = (await api.call('globalParam.get', { params: { projectId: copy.id }, ...as })).data;
    expect(copiedGlobals.projectId).toBe(copy.id);
    expect((JSON.parse(copiedGlobals.value) as GlobalParams).req.headers.map((h) => h.name)).toEqual(['X-App']);
  });
});
