/**
 * A project with people at every level, made through the domain layer (fast: no password hashing): its creator,
 * an editor and a viewer (members), a stranger, and sessions for each. The document has been saved once, so it
 * has a history entry. Used by the access walk, which needs a fresh one for every call that changes something.
 */
import { randomUUID } from 'node:crypto';
import type { Role } from '../../shared/access';
import type { ProjectState } from '../../shared/schemas/project';
import { createDocument, firstRevision, newDocumentId, saveDocument } from '../../functions/domain/documents';
import { addMemberOp, memberItem } from '../../functions/domain/members';
import { archiveProject, createProject, recycleProject, type ProjectRecord } from '../../functions/domain/projects';
import { createSession } from '../../functions/domain/sessions';
import { createUser } from '../../functions/domain/users';
import type { SampleIds } from './samples';

export const CALLER_KINDS = ['anonymous', 'forged', 'stranger', 'viewer', 'editor', 'creator'] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

export interface AccessFixture {
  ids: SampleIds;
  tokens: Partial<Record<CallerKind, string>>;
  /** The effective role each caller should have, by spec section 6 (not computed by the code under test). */
  roles: Record<CallerKind, Role | undefined>;
}

async function person(nickname: string) {
  const user = await createUser({ account: `walk-${randomUUID()}@example.com`, nickname, passwordHash: 'not-a-real-hash' });
  return { id: user.id, token: (await createSession(user.id)).token };
}

export async function accessFixture(opts: { visibility: 'private' | 'public'; state: ProjectState }): Promise<AccessFixture> {
  const [creator, editor, viewer, stranger] = await Promise.all([person('Creator'), person('Editor'), person('Viewer'), person('Stranger')]);
  const now = new Date().toISOString();
  const project: ProjectRecord = {
    id: randomUUID(),
    name: 'Walked',
    description: '',
    visibility: opts.visibility,
    ownerId: creator.id,
    teamId: null,
    state: 'active',
    archivedAt: null,
    recycledAt: null,
    createdAt: now,
    updatedAt: now,
    rev: 1,
  };
  await createProject(project, [
    addMemberOp(memberItem(project.id, creator.id, 'creator', null)),
    addMemberOp(memberItem(project.id, editor.id, 'edit', null)),
    addMemberOp(memberItem(project.id, viewer.id, 'view', null)),
  ]);
  const author = { id: creator.id, name: 'Creator' };
  const node = { id: newDocumentId(project.id), projectId: project.id, parentId: project.id, rank: 'a0', name: 'Walked doc', type: 'doc' as const, comment: '', method: null, path: null, status: null, ...firstRevision(author) };
  await createDocument(node, { type: 'doc', content: { markdown: 'sample' } });
  await saveDocument({ node, expectedRev: 1, comment: 'second', content: { type: 'doc', content: { markdown: 'sample, again' } }, editor: author });
  if (opts.state === 'archived') await archiveProject(project);
  if (opts.state === 'recycled') await recycleProject(project);
  const guest = opts.visibility === 'public' ? 'guest' : undefined;
  return {
    ids: { projectId: project.id, documentId: node.id, memberId: viewer.id },
    tokens: { forged: 'forged-token-value-that-matches-nothing', stranger: stranger.token, viewer: viewer.token, editor: editor.token, creator: creator.token },
    roles: { anonymous: guest, forged: guest, stranger: guest, viewer: 'view', editor: 'edit', creator: 'creator' },
  };
}
