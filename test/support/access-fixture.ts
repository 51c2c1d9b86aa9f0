/**
 * A team and a project with people at every level, made through the domain layer (fast: no password hashing),
 * for the access walk. The people and their sessions are made once per test file and reused by every fixture;
 * each fixture makes its own team, group, project and memberships, so a call that changes something never
 * affects another.
 *
 * The team: an owner, an administrator, and developers: the project's creator, editor, viewer and a member with
 * `none`; a developer with no membership; a developer who reaches the project only through a group bound with
 * `view` (the `none` member is in that group too); and a former member, removed from the team while their
 * session lives on (they had `edit` on the project). The project is in the team or personal, private or public.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Role, TeamRole } from '@shared/access';
import { PROJECT_TOKEN_SCOPES, type ProjectTokenScope } from '@shared/constants';
import type { ProjectState } from '@shared/schemas/project';
import { batchWrite } from '../../functions/data/db';
import { putObject } from '../../functions/data/s3';
import { importKeys, keys } from '../../functions/data/keys';
import { bodyItem } from '../../functions/domain/bodies';
import { createChannel } from '../../functions/domain/channels';
import { addComment, newCommentRecord } from '../../functions/domain/comments';
import { binDocuments } from '../../functions/domain/document-bin';
import { firstRevision, newDocumentId, nodeItem } from '../../functions/domain/documents';
import { environmentEntity, newEnvironmentId, newVariableId } from '../../functions/domain/environments';
import { runSecretItem, sealedRunSecret } from '../../functions/domain/run-secrets';
import { scheduleEntity } from '../../functions/domain/schedules';
import { newScenarioId } from '../../functions/domain/scenarios';
import { createExportJob } from '../../functions/domain/export-jobs';
import { saveFolder } from '../../functions/domain/folders';
import { scenarioItems } from './scenario-fixture';
import { historyItem } from '../../functions/domain/histories';
import { createImportJob, newImportJobId } from '../../functions/domain/import-jobs';
import { invitationItem, newInvitation } from '../../functions/domain/invitations';
import { memberItem } from '../../functions/domain/members';
import { hashPassword } from '../../functions/domain/passwords';
import { projectItem, purgeDate, type ProjectRecord } from '../../functions/domain/projects';
import { releaseItem, type ReleaseRecord } from '../../functions/domain/releases';
import { searchTextItem } from '../../functions/domain/search';
import { issueShareToken, newShareId, shareItem, type ShareRecord } from '../../functions/domain/shares';
import { createProjectToken, revokeProjectToken } from '../../functions/domain/project-tokens';
import { createSession } from '../../functions/domain/sessions';
import { bindingItem, groupItem, teamItem, teamMemberItem } from '../../functions/domain/teams';
import { createUser } from '../../functions/domain/users';
import { issueCode } from '../../functions/domain/verification-codes';
import type { SampleIds } from './samples';
import { uniquePhone } from './unique-phone';
import { thirdPartyIds } from './third-party';

/** The file of the fixture's uploaded import job: one operation. */
const WALK_OPENAPI = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Walk', version: '1' },
  paths: { '/walk': { get: { responses: { '200': { description: 'ok' } } } } },
});

/** The people of the fixture, each an account of their own with a session (made once per test file by `cast`). */
const PEOPLE = [
  'stranger',
  'creator',
  'editor',
  'viewer',
  'noneMember',
  'teamDeveloper',
  'groupDeveloper',
  'teamAdmin',
  'teamOwner',
  'removedMember',
] as const;
type Person = (typeof PEOPLE)[number];
// Project tokens (issue 26), sent as `Authorization: Bearer`: of the project with each scope (`run`: issue 36), of
// another project, revoked, and expired.
export const TOKEN_CALLERS = ['readToken', 'importToken', 'runToken', 'otherProjectToken', 'revokedToken', 'expiredToken'] as const;
/** Each token caller's scopes. */
export const TOKEN_SCOPES: Record<TokenCaller, ProjectTokenScope[]> = {
  readToken: ['read'],
  importToken: ['import'],
  runToken: ['run'],
  otherProjectToken: [...PROJECT_TOKEN_SCOPES],
  revokedToken: [...PROJECT_TOKEN_SCOPES],
  expiredToken: [...PROJECT_TOKEN_SCOPES],
};
export type TokenCaller = (typeof TOKEN_CALLERS)[number];
export const CALLER_KINDS = ['anonymous', 'forged', ...PEOPLE, 'shareReader', ...TOKEN_CALLERS] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

export interface FixtureOptions {
  inTeam: boolean;
  visibility: 'private' | 'public';
  state: ProjectState;
}

export interface AccessFixture {
  ids: SampleIds;
  tokens: Partial<Record<CallerKind, string>>;
  /** The share reader's token (the `share-token` header): the fixture's share holds the whole project. */
  shareToken: string;
  /** The project tokens' secrets (`Authorization: Bearer`), by caller. */
  bearers: Record<TokenCaller, string>;
  /** Each caller's effective role on the project, by spec section 6 (not computed by the code under test). */
  roles: Record<CallerKind, Role | undefined>;
  /** Each caller's role in the team. */
  teamRoles: Record<CallerKind, TeamRole | undefined>;
}

type Cast = Record<Person, { id: string; account: string; token: string }>;
let people: Promise<Cast> | undefined;

/** Everyone's password: hashed once (a hash costs a real scrypt), so signing in and changing it work as for anyone. */
const PASSWORD = 'Walk12345';
let passwordHash: Promise<string> | undefined;

/** The cast: once per test file, or `fresh` (for a call that may sign someone out or change their account). */
function cast(fresh = false): Promise<Cast> {
  const make = async () => {
    const hash = await (passwordHash ??= hashPassword(PASSWORD));
    const made = await Promise.all(
      PEOPLE.map(async (name) => {
        const account = `walk-${name}-${randomUUID()}@example.com`;
        const user = await createUser({ account, nickname: name, passwordHash: hash });
        return [name, { id: user.id, account, token: (await createSession(user.id)).token }] as const;
      }),
    );
    return Object.fromEntries(made) as Cast;
  };
  if (fresh) return make();
  return (people ??= make());
}

export async function accessFixture(opts: FixtureOptions, fresh = false): Promise<AccessFixture> {
  const p = await cast(fresh);
  const now = new Date();
  const stamp = now.toISOString();
  // The state these writes leave is what the domain's verbs would leave; writing it in one batch keeps the walk fast.
  const team = {
    id: randomUUID(),
    name: 'Walkers',
    description: '',
    avatar: '',
    ownerId: p.teamOwner.id,
    state: 'active' as const,
    purgeAt: null,
    createdAt: stamp,
    updatedAt: stamp,
    rev: 1,
  };
  const group = { id: randomUUID(), teamId: team.id, name: 'Readers', createdAt: stamp };
  const teamMember = (who: Person, role: TeamRole, groupId: string | null = null) =>
    teamMemberItem({ teamId: team.id, userId: p[who].id, role, groupId, joinedAt: stamp });
  const projectId = randomUUID();
  const recycled = opts.state === 'recycled';
  const project: ProjectRecord = {
    id: projectId,
    name: 'Walked',
    description: '',
    visibility: opts.visibility,
    ownerId: p.creator.id,
    teamId: opts.inTeam ? team.id : null,
    state: opts.state,
    ...(recycled ? { stateBeforeRecycle: 'active' as const } : {}),
    archivedAt: opts.state === 'archived' ? stamp : null,
    recycledAt: recycled ? stamp : null,
    createdAt: stamp,
    updatedAt: stamp,
    groupRoles: opts.inTeam ? { [group.id]: 'view' } : {},
    teamFolderId: null,
    treeRev: 0,
    documentCount: 2,
    mockEnabled: true,
    mockToken: null,
    mockRev: 0,
    serialStyle: 'none',
    purgeAt: recycled ? purgeDate(now).toISOString() : null,
    rev: 2,
  };
  const author = { id: p.creator.id, name: 'creator' };
  const node = {
    id: newDocumentId(projectId),
    projectId,
    parentId: projectId,
    rank: 'a0',
    name: 'Walked doc',
    type: 'doc' as const,
    comment: 'second',
    method: null,
    path: null,
    status: null,
    ...firstRevision(author),
    rev: 2,
  };
  const apiNode = {
    ...node,
    id: newDocumentId(projectId),
    rank: 'a1',
    name: 'Walked API',
    type: 'api' as const,
    method: 'GET',
    path: '/walk/{id}',
    status: null,
    rev: 1,
  };
  // A document in the project's document bin, for the bin's routes.
  const binnedNode = { ...node, id: newDocumentId(projectId), rank: 'a2', name: 'Binned doc', rev: 1 };
  const teamCode = newInvitation(
    { kind: 'team', teamId: team.id, groupId: null, projectId: null, role: 'developer', createdBy: p.teamOwner.id },
    now,
  );
  const projectCode = newInvitation(
    { kind: 'project', teamId: project.teamId, groupId: null, projectId, role: 'view', createdBy: p.creator.id },
    now,
  );
  const preserved = { json: JSON.stringify({ v: 1, markdown: 'sample' }) };
  const share: ShareRecord = {
    id: newShareId(projectId),
    projectId,
    name: 'Walk share',
    allowExport: true,
    docIds: [],
    expireAt: new Date(now.getTime() + 86_400_000).toISOString(),
    passwordHash: null,
    version: null,
    tokenEpoch: 1,
    createdBy: p.creator.id,
    createdByName: 'creator',
    createdAt: stamp,
    updatedAt: stamp,
  };
  const release: ReleaseRecord = {
    projectId,
    version: '1.0.0',
    desc: 'walk',
    createdBy: p.creator.id,
    createdByName: 'creator',
    createdAt: stamp,
    documentCount: 1,
    s3Key: keys.releaseObject(projectId, '1.0.0', 'walk'),
  };
  const snapshot = {
    v: 1,
    project: { id: projectId, name: 'Walked', description: '' },
    nodes: [node],
    bodies: { [node.id]: { v: 1, markdown: 'sample' } },
  };
  const environmentId = newEnvironmentId(projectId);
  const variable = {
    id: newVariableId(environmentId),
    name: 'host',
    value: 'example.com',
    secret: false,
    description: '',
    rev: 1,
    updatedAt: stamp,
  };
  const environment = {
    id: environmentId,
    projectId,
    name: 'development',
    baseUrl: 'https://{{host}}',
    defaultVariable: 'host',
    globalParams: null,
    variables: [variable],
    rev: 1,
    varsRev: 1,
    createdAt: stamp,
    updatedAt: stamp,
    updatedBy: p.creator.id,
    updatedByName: 'creator',
  };
  const scenarioFixture = scenarioItems(projectId, apiNode.id, { id: p.creator.id, name: 'creator' }, stamp);
  // A schedule of the walk's scenario with its environment (issue 36).
  const schedule = {
    id: newScenarioId(projectId),
    projectId,
    scenarioId: scenarioFixture.ids.scenarioId,
    environmentId: environment.id,
    cron: '0 9 * * *',
    timeZone: 'Asia/Shanghai',
    enabled: true,
    disabledReason: null,
    fires: [],
    firedThrough: stamp,
    createdBy: p.creator.id,
    createdByName: 'creator',
    rev: 1,
    updatedAt: stamp,
  };
  await putObject(release.s3Key, JSON.stringify(snapshot), 'application/json');
  await batchWrite({
    puts: [
      teamItem(team),
      groupItem(group),
      teamMember('teamOwner', 'owner'),
      teamMember('teamAdmin', 'admin'),
      ...(['creator', 'editor', 'viewer', 'teamDeveloper'] as const).map((who) => teamMember(who, 'developer')),
      teamMember('groupDeveloper', 'developer', group.id),
      teamMember('noneMember', 'developer', group.id),
      // The removed member is in the team no longer, but keeps the membership they had on the project.
      projectItem(project),
      memberItem(projectId, p.creator.id, 'creator', null),
      memberItem(projectId, p.editor.id, 'edit', null),
      memberItem(projectId, p.viewer.id, 'view', null),
      memberItem(projectId, p.noneMember.id, 'none', null),
      ...(opts.inTeam
        ? [
            memberItem(projectId, p.removedMember.id, 'edit', null),
            bindingItem({ teamId: team.id, groupId: group.id, projectId, role: 'view' }),
          ]
        : []),
      nodeItem(node),
      nodeItem(apiNode),
      nodeItem(binnedNode),
      bodyItem(projectId, apiNode.id, 1, { json: JSON.stringify({ v: 1, method: 'GET', path: '/walk/{id}', description: 'Walks' }) }),
      bodyItem(projectId, node.id, 2, { json: JSON.stringify({ v: 1, markdown: 'sample, again' }) }),
      searchTextItem(projectId, node.id, 'sample, again'),
      historyItem(projectId, { ...node, rev: 1, comment: '' }, preserved),
      invitationItem(teamCode),
      invitationItem(projectCode),
      shareItem(share),
      releaseItem(release),
      environmentEntity.item(environment),
      runSecretItem(await sealedRunSecret({ projectId, envId: environment.id, name: 'apiKey' }, 'walk-secret', author)),
      scheduleEntity.item(schedule),
      ...scenarioFixture.items,
    ],
  });

  await binDocuments(projectId, binnedNode.id, [binnedNode.id], [binnedNode], author, now);
  const comment = newCommentRecord({ documentId: node.id, parentId: null, anchor: null, body: 'Walk comment', author, mentions: [] }, now);
  await addComment(comment);
  // Email channels: their test message goes to the code outbox (or fails at once without one), never to a network.
  const mailChannel = (owner: string) =>
    createChannel(
      owner,
      { name: 'Walk mail', kind: 'email', target: 'walk@example.com', events: [], folderIds: [], language: 'zh', detail: 'details' },
      author.id,
      now,
    );
  const [channel, teamChannel] = await Promise.all([mailChannel(projectId), mailChannel(team.id)]);

  const guest = opts.visibility === 'public' ? ('guest' as const) : undefined;
  const t = opts.inTeam;
  const roles: Record<CallerKind, Role | undefined> = {
    anonymous: guest,
    forged: guest,
    stranger: guest,
    creator: 'creator',
    editor: 'edit',
    viewer: 'view',
    noneMember: guest,
    teamDeveloper: guest,
    groupDeveloper: t ? 'view' : guest,
    teamAdmin: t ? 'admin' : guest,
    teamOwner: t ? 'admin' : guest,
    removedMember: guest,
    shareReader: guest,
    readToken: guest,
    importToken: guest,
    runToken: guest,
    otherProjectToken: guest,
    revokedToken: guest,
    expiredToken: guest,
  };
  const teamRoles: Record<CallerKind, TeamRole | undefined> = {
    anonymous: undefined,
    forged: undefined,
    stranger: undefined,
    removedMember: undefined,
    shareReader: undefined,
    readToken: undefined,
    importToken: undefined,
    runToken: undefined,
    otherProjectToken: undefined,
    revokedToken: undefined,
    expiredToken: undefined,
    teamOwner: 'owner',
    teamAdmin: 'admin',
    creator: 'developer',
    editor: 'developer',
    viewer: 'developer',
    noneMember: 'developer',
    teamDeveloper: 'developer',
    groupDeveloper: 'developer',
  };
  // Made through the domain: a folder of the creator's console, a registration code, and an upload waiting to be
  // checked (a GIF by its first bytes).
  const newAccount = `walk-new-${randomUUID()}@example.com`;
  const uploadedFileId = randomBytes(16).toString('base64url');
  const newEmail = `walk-email-${randomUUID()}@example.com`;
  const newPhone = uniquePhone('137');
  const importJobId = newImportJobId(projectId);
  const [shareToken, folder, newAccountCode, resetCode, newEmailCode, newPhoneCode] = await Promise.all([
    issueShareToken(share),
    saveFolder({ userId: p.creator.id, teamId: null }, { name: 'Walk folder', parentId: null }),
    issueCode('REGISTER', newAccount),
    // One send a minute per account: only a fixture with people of its own (an account call's) gets a live one.
    fresh ? issueCode('RESET_PWD', p.creator.account) : '000000',
    issueCode('EMAIL_UPDATE', newEmail),
    issueCode('PHONE_UPDATE', newPhone),
    putObject(keys.pendingUpload(projectId, uploadedFileId), 'GIF89a walk', 'image/gif'),
    // A team's own upload (its logo) waits under the team's id.
    putObject(keys.pendingUpload(team.id, uploadedFileId), 'GIF89a walk', 'image/gif'),
    putObject(importKeys.object(projectId, importJobId), WALK_OPENAPI, 'application/json').then(() =>
      createImportJob({
        id: importJobId,
        projectId,
        origin: 'upload',
        source: 'walk.json',
        size: WALK_OPENAPI.length,
        options: { mode: 'merge', deleteMissing: false, dryRun: false },
        editor: { id: p.creator.id, name: 'Creator' },
        state: 'uploading',
      }),
    ),
  ]);
  // An account's own upload (its avatar) waits under its id: only people of their own (an account call's) get one.
  if (fresh) {
    await Promise.all(
      Object.values(p).map((person) => putObject(keys.pendingUpload(person.id, uploadedFileId), 'GIF89a walk', 'image/gif')),
    );
  }
  const thirdParty = await thirdPartyIds(p.creator.id, uniquePhone('134'));
  const exportJob = await createExportJob({
    projectId,
    format: 'apiloom',
    docIds: null,
    version: null,
    language: 'zh',
    shareId: share.id,
    createdBy: p.creator.id,
  });
  const tokenOf = (scopes: ProjectTokenScope[], project = projectId, at = now) =>
    createProjectToken({ projectId: project, name: 'walk', scopes, expiresInDays: 1, editor: { id: p.creator.id, name: 'creator' } }, at);
  const [readToken, importToken, runToken, otherProjectToken, revokedToken, expiredToken, liveToken] = await Promise.all([
    tokenOf(TOKEN_SCOPES.readToken),
    tokenOf(TOKEN_SCOPES.importToken),
    tokenOf(TOKEN_SCOPES.runToken),
    tokenOf(TOKEN_SCOPES.otherProjectToken, randomUUID()),
    tokenOf(TOKEN_SCOPES.revokedToken),
    tokenOf(TOKEN_SCOPES.expiredToken, projectId, new Date(now.getTime() - 2 * 86_400_000)),
    tokenOf([...PROJECT_TOKEN_SCOPES]),
  ]);
  await revokeProjectToken(projectId, revokedToken.record.id);
  const tokens: Partial<Record<CallerKind, string>> = { forged: 'forged-token-value-that-matches-nothing' };
  for (const [kind, person] of Object.entries(p)) tokens[kind as Person] = person.token;
  return {
    ids: {
      creatorAccount: p.creator.account,
      password: PASSWORD,
      newAccount,
      newAccountCode,
      resetCode,
      newEmail,
      newEmailCode,
      newPhone,
      newPhoneCode,
      folderId: folder.id,
      projectId: project.id,
      documentId: node.id,
      apiDocumentId: apiNode.id,
      binnedDocumentId: binnedNode.id,
      memberId: p.viewer.id,
      teamId: team.id,
      groupId: group.id,
      teamMemberId: p.teamDeveloper.id,
      teamCode: teamCode.code,
      projectCode: projectCode.code,
      shareId: share.id,
      releaseVersion: release.version,
      uploadedFileId,
      importJobId,
      exportJobId: exportJob.id,
      environmentId,
      variableId: variable.id,
      projectTokenId: liveToken.record.id,
      ...scenarioFixture.ids,
      scenarioScheduleId: schedule.id,
      commentId: comment.id,
      channelId: channel.id,
      teamChannelId: teamChannel.id,
      ...(thirdParty ? { thirdParty } : {}),
    },
    tokens,
    shareToken,
    bearers: {
      readToken: readToken.secret,
      importToken: importToken.secret,
      runToken: runToken.secret,
      otherProjectToken: otherProjectToken.secret,
      revokedToken: revokedToken.secret,
      expiredToken: expiredToken.secret,
    },
    roles,
    teamRoles,
  };
}
