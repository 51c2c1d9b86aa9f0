/**
 * Project events (issue 38) against DynamoDB Local: each change writes its event in its own transaction, one
 * person's saves of one document within the window fold into one event, and a change that fails writes none.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readContent, type TypedContent } from '@shared/schemas/document';
import { COALESCE_WINDOW_MS, detailsOf, type ProjectEvent } from '@shared/schemas/events';
import { transact } from '../../functions/data/db';
import { binDocuments, restoreDocuments } from '../../functions/domain/document-bin';
import {
  createDocument,
  firstRevision,
  moveDocument,
  newDocumentId,
  saveDocument,
  type StoredNode,
} from '../../functions/domain/documents';
import { changesBetween, latestEvents, openWindow, saveEventOps } from '../../functions/domain/events';
import { addMemberOp, assignMember, memberItem, removeMember } from '../../functions/domain/members';
import { createProject, newProjectRecord } from '../../functions/domain/projects';
import { createUser, NO_PASSWORD } from '../../functions/domain/users';

const editor = { id: randomUUID(), name: 'Editor' };

async function newProject() {
  const project = newProjectRecord({ name: 'Eventful', ownerId: editor.id });
  await createProject(project, [addMemberOp(memberItem(project.id, editor.id, 'creator', null))]);
  return project;
}

const api = (path: string, query: string[] = []): TypedContent =>
  readContent('api', {
    method: 'GET',
    path,
    description: 'd',
    reqQuery: query.map((name, i) => ({ id: `q${i}`, name, type: 'string' })),
  });

function apiNode(projectId: string, parentId = projectId, name = 'List pets'): StoredNode {
  return {
    id: newDocumentId(projectId),
    projectId,
    parentId,
    rank: 'a0',
    name,
    type: 'api',
    comment: '',
    method: 'GET',
    path: '/pets',
    status: 'developing',
    ...firstRevision(editor),
  };
}

const kinds = (events: ProjectEvent[]) => events.map((e) => e.kind).reverse();

describe('events in the same transaction as the change', () => {
  it('a create, saves, a move, a delete and a restore each leave their event; saves within the window fold into one', async () => {
    const project = await newProject();
    const folder: StoredNode = { ...apiNode(project.id), name: 'Pets', type: 'folder', method: null, path: null, status: null };
    await createDocument(folder, readContent('folder', {}));
    const node = apiNode(project.id);
    await createDocument(node, api('/pets'));

    const first = await saveDocument({ node, expectedRev: 1, comment: '', content: api('/pets', ['page']), editor });
    await saveDocument({
      node: first.node,
      expectedRev: 2,
      comment: '',
      name: 'List all pets',
      content: api('/pets/all', ['page', 'size']),
      editor,
    });

    let events = await latestEvents(project.id);
    expect(kinds(events)).toEqual(['document.created', 'document.created', 'document.updated']);
    const updated = events[0]!;
    expect(updated.subject).toMatchObject({ documentId: node.id, name: 'List all pets' });
    const details = detailsOf(updated as ProjectEvent & { kind: 'document.updated' });
    expect(details.saves).toBe(2);
    expect(details.changedFields).toEqual(expect.arrayContaining(['parameters', 'path', 'name']));
    expect(details.parameters).toEqual({ added: ['query.page', 'query.size'], removed: [], changed: [] });

    const moved = await moveDocument({ ...first.node, rev: 3, name: 'List all pets' }, folder.id, 'a0', editor);
    await binDocuments(project.id, node.id, [node.id], [moved], editor);
    await restoreDocuments(project.id, node.id, editor);
    events = await latestEvents(project.id);
    expect(kinds(events).slice(3)).toEqual(['document.moved', 'document.deleted', 'document.restored']);
    expect(events[2]!.subject).toMatchObject({ documentId: node.id, folderId: folder.id });
  });

  it('a save refused for a stale revision writes no event', async () => {
    const project = await newProject();
    const node = apiNode(project.id);
    await createDocument(node, api('/pets'));
    await expect(saveDocument({ node, expectedRev: 7, comment: '', content: api('/cats'), editor })).rejects.toMatchObject({
      key: 'staleRevision',
    });
    expect(kinds(await latestEvents(project.id))).toEqual(['document.created']);
  });

  it('a save after the window opens a new event; another person’s save of the same document is an event of its own', async () => {
    const project = await newProject();
    const node = apiNode(project.id);
    const at = new Date();
    const draft = {
      projectId: project.id,
      kind: 'document.updated' as const,
      actor: editor,
      subject: { documentId: node.id },
      changedFields: [],
    };
    await transact(saveEventOps(draft, undefined, at));
    const opened = await openWindow(project.id, 'document.updated', node.id, editor.id);
    await transact(saveEventOps(draft, opened, new Date(at.getTime() + COALESCE_WINDOW_MS - 1)));
    expect(await latestEvents(project.id)).toHaveLength(1);
    const gathered = await openWindow(project.id, 'document.updated', node.id, editor.id);
    expect(gathered?.saves).toBe(2);
    await transact(saveEventOps(draft, gathered, new Date(at.getTime() + COALESCE_WINDOW_MS)));
    await transact(saveEventOps({ ...draft, actor: { id: 'someone-else' } }, undefined, at));
    expect(await latestEvents(project.id)).toHaveLength(3);
  });

  it('a model’s save is a model change', async () => {
    const project = await newProject();
    const model: StoredNode = { ...apiNode(project.id), type: 'model', method: null, path: null, status: null, name: 'Pet' };
    const content = readContent('model', { name: 'Pet', description: '' });
    await createDocument(model, content);
    await saveDocument({
      node: model,
      expectedRev: 1,
      comment: '',
      content: readContent('model', { name: 'Pet', description: 'A pet' }),
      editor,
    });
    expect((await latestEvents(project.id))[0]).toMatchObject({ kind: 'model.changed', subject: { documentId: model.id } });
  });

  it('members added and removed are events, with their names', async () => {
    const project = await newProject();
    const member = (await createUser({ account: `events-${randomUUID()}@example.com`, nickname: 'Mei', passwordHash: NO_PASSWORD })).id;
    await assignMember(project.id, member, 'edit', { actor: editor, userName: 'Mei' });
    await assignMember(project.id, member, 'view', { actor: editor, userName: 'Mei' }); // a role change is no event
    await removeMember(project.id, member, { actor: editor, userName: 'Mei' });
    const events = await latestEvents(project.id);
    expect(kinds(events)).toEqual(['member.added', 'member.removed']);
    expect(events[1]!.details).toMatchObject({ userId: member, userName: 'Mei', role: 'edit' });
  });
});

describe('what a save changed', () => {
  it('names the fields and the parameter rows added, removed and changed', () => {
    const before = api('/pets', ['page', 'size']);
    const after = api('/pets', ['page', 'limit']);
    if (after.type === 'api') after.content.reqQuery[0]!.description = 'Page number';
    expect(changesBetween(before, after)).toEqual({
      changedFields: ['parameters'],
      parameters: { added: ['query.limit'], removed: ['query.size'], changed: ['query.page'] },
    });
    expect(changesBetween(before, before).changedFields).toEqual([]);
  });
});
