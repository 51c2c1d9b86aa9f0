import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { refusedFields, signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();

async function folder(token: string, name: string, parentId?: string) {
  const res = await api.call('folder.save', { token, body: { name, parentId } });
  expect(res.code, res.message).toBe(0);
  return res.data;
}
const contents = async (token: string, parentId?: string) =>
  (await api.call('folder.list', { token, query: parentId ? { parentId } : undefined })).data;
const project = async (token: string, name: string, folderId?: string) =>
  (await api.call('project.create', { token, body: { name, folderId } })).data;

describe('folders', () => {
  it('accepts 16 characters and refuses 17 with the spec message', async () => {
    const { token } = await signUp();
    await folder(token, 'f'.repeat(16));
    const res = await api.call('folder.save', { token, body: { name: 'f'.repeat(17) } });
    expect(res.code).toBe(ERRORS.invalidInput.code);
    expect(refusedFields(res).name).toBe('文件夹名称最多 16 个字符');
  });

  it('lists folders and projects level by level, with breadcrumbs, and renames', async () => {
    const { token } = await signUp();
    const backend = await folder(token, 'Backend');
    const internal = await folder(token, 'Internal', backend.id);
    const root = await project(token, 'At root');
    const filed = await project(token, 'Filed', internal.id);
    const top = await contents(token);
    expect(top.folders.map((f) => f.name)).toEqual(['Backend']);
    expect(top.projects.map((p) => p.id)).toEqual([root.id]);
    expect(top.path).toEqual([]);
    const inner = await contents(token, internal.id);
    expect(inner.projects.map((p) => p.id)).toEqual([filed.id]);
    expect(inner.path.map((f) => f.name)).toEqual(['Backend', 'Internal']);
    const renamed = await api.call('folder.save', { token, body: { id: backend.id, name: 'Services' } });
    expect(renamed.data.name).toBe('Services');
    const tree = await api.call('folder.tree', { params: { id: 'personal' }, token });
    expect(tree.data.map((n) => [n.name, n.children.map((c) => c.name)])).toEqual([['Services', ['Internal']]]);
  });

  it('moves projects and folders, refusing a folder into its own subtree', async () => {
    const { token } = await signUp();
    const a = await folder(token, 'A');
    const b = await folder(token, 'B', a.id);
    const p = await project(token, 'P');
    expect((await api.call('folder.move', { token, query: { folderId: b.id, sourceId: p.id, isProject: 'true' } })).code).toBe(0);
    expect((await contents(token, b.id)).projects.map((x) => x.id)).toEqual([p.id]);
    // Back to the root ('0'). Filing is folder/move's job: project/move moves a project into a team (issue 11).
    expect((await api.call('folder.move', { token, query: { folderId: '0', sourceId: p.id, isProject: 'true' } })).code).toBe(0);
    expect((await contents(token)).projects.map((x) => x.id)).toEqual([p.id]);

    const cycle = await api.call('folder.move', { token, query: { folderId: b.id, sourceId: a.id, isProject: 'false' } });
    expect(cycle.code).toBe(ERRORS.folderCycle.code);
    const self = await api.call('folder.move', { token, query: { folderId: a.id, sourceId: a.id, isProject: 'false' } });
    expect(self.code).toBe(ERRORS.folderCycle.code);
    expect((await api.call('folder.move', { token, query: { folderId: '0', sourceId: b.id, isProject: 'false' } })).code).toBe(0);
    expect((await contents(token)).folders.map((f) => f.name).sort()).toEqual(['A', 'B']);
  });

  it('deleting a folder moves its projects and subfolders up to its parent; nothing is lost', async () => {
    const { token } = await signUp();
    const outer = await folder(token, 'Outer');
    const doomed = await folder(token, 'Doomed', outer.id);
    const child = await folder(token, 'Child', doomed.id);
    const p1 = await project(token, 'One', doomed.id);
    const p2 = await project(token, 'Two', child.id);
    expect((await api.call('folder.delete', { params: { id: doomed.id }, token })).code).toBe(0);
    const outerNow = await contents(token, outer.id);
    expect(outerNow.folders.map((f) => f.id)).toEqual([child.id]);
    expect(outerNow.projects.map((p) => p.id)).toEqual([p1.id]);
    expect((await contents(token, child.id)).projects.map((p) => p.id)).toEqual([p2.id]);
    expect((await api.call('folder.list', { token, query: { parentId: doomed.id } })).code).toBe(ERRORS.notFound.code);
  });

  it("keeps each user's folders to themselves", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const hers = await folder(alice.token, 'Private');
    expect((await api.call('folder.delete', { params: { id: hers.id }, token: bob.token })).code).toBe(ERRORS.notFound.code);
    expect((await api.call('folder.list', { token: bob.token, query: { parentId: hers.id } })).code).toBe(ERRORS.notFound.code);
    const bobs = await project(bob.token, 'Bob project');
    const file = await api.call('folder.move', { token: bob.token, query: { folderId: hers.id, sourceId: bobs.id } });
    expect(file.code).toBe(ERRORS.notFound.code);
    const foreign = await api.call('folder.move', { token: alice.token, query: { folderId: '0', sourceId: bobs.id } });
    expect(foreign.code).toBe(ERRORS.notFound.code);
  });
});
