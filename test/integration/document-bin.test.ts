/**
 * The document bin (issue 27): a delete moves a document and its subtree to the project's bin, whole (children,
 * bodies, history, search texts, mock settings); editors list and restore it, to its place or to the top level
 * when its parent is gone; 30 days on the purge job destroys it with its files. Meanwhile nothing shows it: the
 * tree, a document read (which says it is in the bin), search, shares, the mock origin and a clone.
 */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { getItem, queryAll } from '../../functions/data/db';
import { keys } from '../../functions/data/keys';
import { listKeys } from '../../functions/data/s3';
import { forgetProjectMocks } from '../../functions/origins/mock/project-mocks';
import { runPurge } from '../../functions/domain/project-purge';
import { DAY_MS } from '../../functions/domain/projects';
import { signUp, useLocalApi } from '../support/local-api';
import { useMockOrigin } from '../support/mock-origin';

const api = useLocalApi();
const mock = useMockOrigin();

async function setup() {
  const owner = await signUp('Binner');
  const { token } = owner;
  const project = (await api.call('project.create', { token, body: { name: 'Bin' } })).data;
  const create = async (body: Record<string, unknown>) => {
    const res = await api.call('document.create', { token, body: { projectId: project.id, ...body } });
    expect(res.code, `${res.message} ${JSON.stringify(res.data)}`).toBe(0);
    return res.data;
  };
  const names = (nodes: DocumentTreeNode[]): unknown[] => nodes.map((n) => (n.type === 'folder' ? [n.name, names(n.children)] : n.name));
  const tree = async () => names((await api.call('document.tree', { params: { projectId: project.id }, token })).data);
  const del = async (id: string) => (await api.call('document.delete', { params: { id }, token })).code;
  const bin = async (as = token) => api.call('document.bin', { params: { projectId: project.id }, token: as });
  const restore = async (id: string, as = token) => api.call('document.binRestore', { params: { id }, token: as });
  const read = async (id: string) => api.call('document.get', { params: { id }, token });
  const search = async (keyword: string) =>
    (await api.call('document.search', { params: { projectId: project.id }, token, query: { keyword } })).data.map((h) => h.name);
  return { owner, token, project, create, tree, del, bin, restore, read, search };
}

/** Orders/{Create order (saved twice: a history entry), Sub/{Deep}}, and Notes at the top. */
async function shop() {
  const s = await setup();
  const folder = await s.create({ type: 'folder', name: 'Orders' });
  const child = await s.create({ name: 'Create order', parentId: folder.id, content: { markdown: 'zebra v1' } });
  expect(
    (await api.call('document.update', { token: s.token, body: { id: child.id, rev: 1, content: { markdown: 'zebra v2' } } })).code,
  ).toBe(0);
  const sub = await s.create({ type: 'folder', name: 'Sub', parentId: folder.id, preId: child.id });
  const deep = await s.create({ name: 'Deep', parentId: sub.id, content: { markdown: 'walrus' } });
  const notes = await s.create({ name: 'Notes', preId: folder.id });
  return { ...s, folder, child, sub, deep, notes };
}

describe('the document bin', () => {
  it('takes a folder with its subtree out of the tree, lists it, and restores it whole, in its place', async () => {
    const s = await shop();
    expect(await s.tree()).toEqual([['Orders', ['Create order', ['Sub', ['Deep']]]], 'Notes']);
    expect(await s.del(s.folder.id)).toBe(0);
    expect(await s.tree()).toEqual(['Notes']);

    const listed = await s.bin();
    expect(listed.code).toBe(0);
    expect(listed.data).toEqual([
      expect.objectContaining({
        id: s.folder.id,
        name: 'Orders',
        type: 'folder',
        parentId: s.project.id,
        count: 4,
        binnedByName: 'Binner',
        daysLeft: 30,
      }),
    ]);
    // A binned document's URL says where it is, in the reader's language; an id that never existed says so.
    for (const id of [s.folder.id, s.child.id, s.deep.id]) expect((await s.read(id)).code).toBe(ERRORS.documentBinned.code);
    const en = await api.call('document.get', { params: { id: s.child.id }, token: s.token, headers: { 'accept-language': 'en' } });
    expect(en.message).toBe('This document is in the project’s recycle bin');
    expect((await s.read(s.child.id)).message).toBe('该文档已在项目的回收站中');
    const binnedHistory = await api.call('document.history', { params: { id: s.child.id }, token: s.token });
    expect(binnedHistory.code).toBe(ERRORS.documentBinned.code);
    expect((await s.read(`${s.project.id}_nosuchdoc`)).code).toBe(ERRORS.notFound.code);
    // A link's id that is no document id at all names no document either: not found, not "invalid input".
    const wrong = await s.read('nosuchdoc');
    expect([wrong.code, wrong.message]).toEqual([ERRORS.notFound.code, '内容不存在或已被删除']);
    const project = await api.call('project.get', { params: { id: s.project.id }, token: s.token });
    expect(project.data.documentCount).toBe(1);

    const restored = await s.restore(s.folder.id);
    expect(restored.code, restored.message).toBe(0);
    expect(restored.data).toMatchObject({ id: s.folder.id, parentId: s.project.id, preId: '0' });
    expect(await s.tree()).toEqual([['Orders', ['Create order', ['Sub', ['Deep']]]], 'Notes']);
    expect((await s.bin()).data).toEqual([]);
    expect((await s.read(s.child.id)).data.content).toEqual({ markdown: 'zebra v2' });
    const history = await api.call('document.history', { params: { id: s.child.id }, token: s.token });
    expect(history.data.map((h) => h.rev)).toEqual([1]);
    expect(await s.search('walrus')).toEqual(['Deep']);
    expect((await api.call('project.get', { params: { id: s.project.id }, token: s.token })).data.documentCount).toBe(5);
    // Restored once: a second restore finds nothing to restore.
    expect((await s.restore(s.folder.id)).code).toBe(ERRORS.notFound.code);
  });

  it("says in the named document's history who moved it to the bin and who brought it back", async () => {
    const s = await shop();
    const restorer = await signUp('Restorer');
    const invitation = await api.call('project.invite', { params: { projectId: s.project.id, role: 'edit' }, token: s.token });
    expect((await api.call('project.join', { params: { code: invitation.data.code }, token: restorer.token })).code).toBe(0);
    expect(await s.del(s.notes.id)).toBe(0);
    expect((await s.restore(s.notes.id, restorer.token)).code).toBe(0);

    const history = (await api.call('document.history', { params: { id: s.notes.id }, token: s.token })).data;
    expect(history.map((h) => [h.rev, h.editorName, h.note])).toEqual([
      [2, 'Binner', { kind: 'bin', action: 'binned' }],
      [1, 'Binner', undefined],
    ]);
    const now = (await s.read(s.notes.id)).data;
    expect([now.rev, now.updatedByName, now.note]).toEqual([3, 'Restorer', { kind: 'bin', action: 'restored' }]);
    // The content is the same throughout: a move to the bin and back is a revision with a note, not an edit.
    expect(now.content).toEqual(
      (await api.call('document.historyGet', { params: { id: s.notes.id, historyId: history[1]!.id }, token: s.token })).data.content,
    );
    // A save after the restore goes on from the revision the restore made.
    expect((await api.call('document.update', { token: s.token, body: { id: s.notes.id, rev: 3, name: 'Notes 2' } })).code).toBe(0);
  });

  it('restores to the top level when the parent is in the bin itself, or gone', async () => {
    const s = await shop();
    expect(await s.del(s.deep.id)).toBe(0);
    expect(await s.del(s.folder.id)).toBe(0);
    expect((await s.bin()).data.map((e) => [e.name, e.count])).toEqual([
      ['Orders', 3],
      ['Deep', 1],
    ]);
    const deep = await s.restore(s.deep.id);
    expect(deep.data).toMatchObject({ parentId: s.project.id });
    expect(await s.tree()).toEqual(['Notes', 'Deep']);
    expect((await s.restore(s.folder.id)).code).toBe(0);
    expect(await s.tree()).toEqual([['Orders', ['Create order', ['Sub', []]]], 'Notes', 'Deep']);
  });

  it('is for editors: a viewer neither lists nor restores it', async () => {
    const s = await shop();
    const viewer = await signUp('Viewer');
    const invitation = await api.call('project.invite', { params: { projectId: s.project.id, role: 'view' }, token: s.token });
    expect((await api.call('project.join', { params: { code: invitation.data.code }, token: viewer.token })).code).toBe(0);
    expect(await s.del(s.notes.id)).toBe(0);
    expect((await s.bin(viewer.token)).code).toBe(ERRORS.forbidden.code);
    expect((await s.restore(s.notes.id, viewer.token)).code).toBe(ERRORS.forbidden.code);
    expect(await s.tree()).not.toContain('Notes');
  });

  it('hides binned documents from search, shares and the mock origin, and a clone leaves them behind', async () => {
    const s = await shop();
    const api1 = await s.create({
      type: 'api',
      name: 'Get zebra',
      parentId: s.folder.id,
      content: {
        method: 'GET',
        path: '/zebras',
        description: 'Lists zebras',
        respBody: [{ id: 'r1', name: 'ok', type: 'boolean', required: true, children: [] }],
      },
    });
    const settings = {
      projectId: s.project.id,
      docId: api1.id,
      type: 'static' as const,
      body: '{"zebras":1}',
      status: 201,
      headers: [],
      delay: 0,
    };
    expect((await api.call('mock.save', { token: s.token, body: settings })).code).toBe(0);
    forgetProjectMocks();
    const before = await mock.request('GET', `/${s.project.id}/zebras`);
    expect(before.status, before.text).toBe(201);
    const whole = await api.call('share.create', {
      token: s.token,
      body: { projectId: s.project.id, name: 'All', expireAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    const named = await api.call('share.create', {
      token: s.token,
      body: { projectId: s.project.id, name: 'Orders', docIds: [s.folder.id], expireAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(await s.search('zebra')).toEqual(['Get zebra', 'Create order']);

    expect(await s.del(s.folder.id)).toBe(0);
    // What the mock function keeps of a project it reads again after a short while (MOCK_SETTINGS_TTL_MS).
    forgetProjectMocks();
    expect(await s.search('zebra')).toEqual([]);
    expect(await s.search('walrus')).toEqual([]);
    const open = async (id: string) => (await api.call('share.content', { params: { id } })).data;
    const opened = await open(whole.data.id);
    expect(opened.tree.map((n) => n.name)).toEqual(['Notes']);
    const reader = { headers: { 'share-token': opened.shareToken } };
    expect((await api.call('document.get', { params: { id: s.child.id }, ...reader })).code).not.toBe(0);
    expect((await open(named.data.id)).tree).toEqual([]);
    const mocked = await mock.request('GET', `/${s.project.id}/zebras`);
    expect(mocked.status).toBe(404);
    expect((await api.call('mock.get', { params: { projectId: s.project.id, docId: api1.id }, token: s.token })).code).not.toBe(0);

    const clone = await api.call('project.clone', { params: { id: s.project.id }, token: s.token, query: { name: 'Copy' } });
    expect(clone.code, clone.message).toBe(0);
    const cloned = await queryAll<{ sk: string }>(keys.projectItems(clone.data.id));
    const binnedIds = [s.folder.id, s.child.id, s.sub.id, s.deep.id, api1.id].map((id) => id.replace(s.project.id, clone.data.id));
    expect(cloned.filter((i) => binnedIds.some((id) => i.sk.includes(id)))).toEqual([]);
    expect(cloned.filter((i) => i.sk.startsWith('BIN'))).toEqual([]);

    // Back from the bin, all of it answers again.
    expect((await s.restore(s.folder.id)).code).toBe(0);
    forgetProjectMocks();
    const after = await mock.request('GET', `/${s.project.id}/zebras`);
    expect([after.status, after.json]).toEqual([201, { zebras: 1 }]);
    expect((await open(named.data.id)).tree.map((n) => n.name)).toEqual(['Orders']);
  });

  it('is purged by the scheduled job 30 days on, with bodies, history, search texts and S3 objects; not a day before', async () => {
    const s = await shop();
    const big = await s.create({ name: 'Big', content: { markdown: `walrus ${'x'.repeat(400 * 1024)}` } });
    const objects = async () => {
      const all: string[] = [];
      for await (const page of listKeys(keys.projectFilesPrefix(s.project.id))) all.push(...page);
      return all;
    };
    expect(await objects()).toHaveLength(1);
    expect(await s.del(s.folder.id)).toBe(0);
    expect(await s.del(big.id)).toBe(0);

    const early = await runPurge({ now: new Date(Date.now() + 29 * DAY_MS) });
    expect(early.purged).not.toContain(s.folder.id);
    expect((await s.bin()).data).toHaveLength(2);

    const due = await runPurge({ now: new Date(Date.now() + 30 * DAY_MS + 60_000) });
    expect(due.purged).toEqual(expect.arrayContaining([s.folder.id, big.id]));
    expect((await s.bin()).data).toEqual([]);
    expect(await objects()).toEqual([]);
    const left = await queryAll<{ sk: string }>(keys.projectItems(s.project.id));
    for (const id of [s.folder.id, s.child.id, s.sub.id, s.deep.id, big.id]) expect(left.filter((i) => i.sk.includes(id))).toEqual([]);
    expect(left.some((i) => i.sk.includes(s.notes.id))).toBe(true);
    expect((await s.restore(s.folder.id)).code).toBe(ERRORS.notFound.code);
    expect((await s.read(s.child.id)).code).toBe(ERRORS.notFound.code);
    expect(await s.tree()).toEqual(['Notes']);
    expect(await getItem(keys.project(s.project.id))).toBeDefined();
  });

  it('neither lists nor restores an entry once its 30 days are over, even before the purge has run', async () => {
    const s = await shop();
    expect(await s.del(s.notes.id)).toBe(0);
    const { listBin, restoreDocuments } = await import('../../functions/domain/document-bin');
    const later = new Date(Date.now() + 30 * DAY_MS + 60_000);
    expect(await listBin(s.project.id, later)).toEqual([]);
    await expect(restoreDocuments(s.project.id, s.notes.id, { id: s.owner.userId, name: 'Binner' }, later)).rejects.toMatchObject({
      key: 'notFound',
    });
    expect((await listBin(s.project.id)).map((e) => e.id)).toEqual([s.notes.id]);
  });
});
