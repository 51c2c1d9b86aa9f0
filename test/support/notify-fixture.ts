/**
 * The notification tests' common ground (issue 38), against DynamoDB Local: a project with its creator and
 * members, a document stored at its first revision, and, with `useNotifyFakes`, the local fake providers for a
 * test file, channels pointed at them, the event delivered as the stream would hand it over, and what the fakes
 * received for a project. Each test still says what it sets up: who, which channel, which document.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { ChannelSettings } from '@shared/schemas/channels';
import type { TypedContent } from '@shared/schemas/document';
import type { ProjectEvent } from '@shared/schemas/events';
import { createChannel } from '../../functions/domain/channels';
import { apiSummary, createDocument, firstRevision, newDocumentId, type Editor, type StoredNode } from '../../functions/domain/documents';
import { addMemberOp, memberItem } from '../../functions/domain/members';
import { createProject, newProjectRecord, type ProjectRecord } from '../../functions/domain/projects';
import { deliverEvent } from '../../functions/notify/deliver';
import { FAKE_SECRETS, startNotifyFakes, type FakeProvider, type NotifyFakes } from '../../scripts/local/notify-fakes';

type Role = Parameters<typeof memberItem>[2];

/** Someone who changes things: an id no account has, and the name messages show. */
export const someEditor = (name = 'Mei'): Editor => ({ id: randomUUID(), name });

/**
 * A new project of `owner` (its creator), named `<prefix> <random>` so that messages can be told apart by it, with
 * `members` beside (user id and role), in `teamId`'s team when given.
 */
export async function notifyProject(
  owner: { id: string },
  opts: { prefix?: string; members?: [userId: string, role: Role][]; teamId?: string } = {},
): Promise<ProjectRecord> {
  const project = {
    ...newProjectRecord({ name: `${opts.prefix ?? 'Notify'} ${randomUUID().slice(0, 8)}`, ownerId: owner.id }),
    ...(opts.teamId ? { teamId: opts.teamId } : {}),
  };
  await createProject(project, [
    addMemberOp(memberItem(project.id, owner.id, 'creator', null)),
    ...(opts.members ?? []).map(([userId, role]) => addMemberOp(memberItem(project.id, userId, role, null))),
  ]);
  return project;
}

/** A document at the project's top, stored at its first revision by `editor` (an HTTP API's method and path from its content). */
export async function storedDocument(project: { id: string }, editor: Editor, name: string, typed: TypedContent): Promise<StoredNode> {
  const node: StoredNode = {
    id: newDocumentId(project.id),
    projectId: project.id,
    parentId: project.id,
    rank: 'a0',
    name,
    type: typed.type,
    comment: '',
    ...apiSummary(typed),
    ...firstRevision(editor),
  };
  await createDocument(node, typed);
  return node;
}

/** A channel's settings: every event, the whole project, in English with details, unless told otherwise. */
export const channelSettings = (settings: Partial<ChannelSettings> & Pick<ChannelSettings, 'kind' | 'target'>): ChannelSettings => ({
  name: settings.kind,
  events: [],
  folderIds: [],
  language: 'en',
  detail: 'details',
  ...settings,
});

const SIGNED_BY_FAKES: Partial<Record<FakeProvider, string>> = FAKE_SECRETS;

/**
 * The local fake providers for the file's tests (started before them, stopped after), and what goes with them.
 * Use at a file's top level.
 */
export function useNotifyFakes() {
  let fakes: NotifyFakes | undefined;
  beforeAll(async () => {
    fakes = await startNotifyFakes();
  });
  afterAll(() => fakes?.stop());
  const started = () => {
    if (!fakes) throw new Error('the notify fakes start before the tests (useNotifyFakes at the file’s top level)');
    return fakes;
  };

  /** A channel of `projectId` at `kind`'s fake, with the secret the fake verifies (a signed kind). */
  const channel = (projectId: string, by: Editor, settings: Partial<ChannelSettings> & { kind: FakeProvider }) =>
    createChannel(
      projectId,
      channelSettings({ target: started().urls[settings.kind], secret: SIGNED_BY_FAKES[settings.kind], ...settings }),
      by.id,
    );

  /** What the fakes received that names the project (projects' names are unique: see notifyProject). */
  const receivedFor = (projectName: string) => started().received.filter((m) => JSON.stringify(m.body).includes(projectName));

  return {
    get fakes() {
      return started();
    },
    channel,
    /** A new project of `owner` with a DingTalk channel (told of `events`, every one when empty) at the fake. */
    async projectWithDingTalk(owner: Editor, events: ChannelSettings['events'] = [], prefix?: string) {
      const project = await notifyProject(owner, { prefix });
      await channel(project.id, owner, { kind: 'dingtalk', name: 'Team', events });
      return project;
    },
    receivedFor,
    /** The text of each DingTalk message the fake received for the project, in order. */
    textsFor: (projectName: string) => receivedFor(projectName).map((m) => (m.body as { markdown: { text: string } }).markdown.text),
    /** Delivers an event as the stream's handler does, to the fakes' addresses only, without waiting out back-offs. */
    deliver: (event: ProjectEvent) => deliverEvent(event, { admitForTests: started().addresses, sleep: async () => {} }),
  };
}
