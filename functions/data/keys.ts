/**
 * Every key of the single table is built here, and nothing else names a key prefix or an index attribute: the
 * domain modules call these functions. Each access pattern is one function returning an item's key, the index
 * entry an item carries (an entity declares which of its fields compose it: data/entity.ts), or the query that
 * reads a collection.
 *
 * Access patterns (table: pk/sk; gsi1: gsi1pk/gsi1sk; gsi2: gsi2pk/gsi2sk):
 *   user by id ..................... pk USER#<userId>                sk PROFILE
 *   user id by email or phone ...... pk ACCOUNT#<account>           sk GUARD       (guard item: uniqueness)
 *   session by token hash .......... pk SESSION#<sha256(token)>     sk SESSION     (TTL expiresAt)
 *   sessions of a user ............. gsi1 USER#<userId>#SESSIONS    gsi1sk <createdAt ISO>
 *   verification code .............. pk CODE#<purpose>#<target>     sk CODE        (TTL expiresAt)
 *   rate counter ................... pk THROTTLE#<counter>#<id>     sk THROTTLE    (TTL expiresAt; sign-in
 *                                                                    failures, code sends)
 *   local outbox (dev only) ........ pk OUTBOX                      sk <sentAt ISO>#<id> (TTL expiresAt)
 *   identity guard ................. pk IDENTITY#<provider>#<subject> sk GUARD  (a provider identity on one account)
 *   identity of a user ............. pk USER#<userId>                sk IDENTITY#<provider>
 *   third-party sign-in state ...... pk OAUTHSTATE#<state>          sk STATE       (TTL expiresAt)
 *   bind ticket .................... pk BINDTICKET#<sha256(ticket)> sk TICKET      (TTL expiresAt)
 *
 *   Everything of a project lives in its partition PROJECT#<projectId>, so one paged Query reads, clones or
 *   purges all of it:
 *   project ........................ pk PROJECT#<projectId>         sk META
 *   projects due for purge ......... gsi2 PURGE                     gsi2sk <purgeAt ISO>  (sparse: recycled,
 *                                                                    purging and cloning projects only)
 *   member of a project ............ pk PROJECT#<projectId>         sk MEMBER#<userId>
 *   projects of a user ............. gsi1 USER#<userId>#PROJECTS    gsi1sk <projectId>
 *   favourite ...................... pk PROJECT#<projectId>         sk FAVOR#<userId>
 *   favourites of a user ........... gsi1 USER#<userId>#FAVORITES   gsi1sk <favouredAt ISO>
 *   document (tree node) ........... pk PROJECT#<projectId>         sk DOC#<docId>   (docId = <projectId>_<suffix>)
 *   children of a tree node ........ gsi1 CHILDREN#<projectId>#<parentId>   gsi1sk <rank>
 *   document body .................. pk PROJECT#<projectId>         sk BODY#<docId>  (or an S3 key when large)
 *   search text of a document ...... pk PROJECT#<projectId>         sk FIND#<docId>
 *   history of a document .......... pk PROJECT#<projectId>         sk HIST#<docId>#<rev, 9 digits>
 *   change of the tree ............. pk PROJECT#<projectId>         sk TREECHANGE#<treeRev, 12 digits> (the
 *                                                                    documents one tree revision changed; TTL
 *                                                                    expiresAt: an hour)
 *   share link ..................... pk PROJECT#<projectId>         sk SHARE#<shareId> (shareId = <projectId>_<suffix>)
 *   share token .................... pk PROJECT#<projectId>         sk SHARETOKEN#<shareId>#<sha256(secret)> (TTL:
 *                                                                    the share's expiry)
 *   release ........................ pk PROJECT#<projectId>         sk RELEASE#<version>  (its snapshot in S3)
 *   mock settings of a document .... pk PROJECT#<projectId>         sk MOCK#<docId>
 *   environment (with its variables) pk PROJECT#<projectId>         sk ENV#<envId>  (envId = <projectId>_<suffix>;
 *                                                                    variables live in the item, so a name stays
 *                                                                    unique by one conditional write)
 *   environments of a project ...... pk PROJECT#<projectId>         sk begins ENV#
 *   global parameters of a project . pk PROJECT#<projectId>         sk GLOBALS
 *   compatibility policy ........... pk PROJECT#<projectId>         sk COMPATPOLICY (severities, accepted findings)
 *   a change of that policy ........ pk PROJECT#<projectId>         sk COMPATLOG#<at ISO>#<id>  (who, what, why)
 *   document bin entry ............. pk PROJECT#<projectId>         sk BIN#<rootDocId>  (one per deleted subtree;
 *                                                                    on the PURGE index, due 30 days after)
 *   binned document ................ pk PROJECT#<projectId>         sk BINNED#<rootDocId>#<docId> (its tree node,
 *                                                                    out of the DOC# range; body, search text,
 *                                                                    history and mock settings stay where they are)
 *   bin entry of a binned document . gsi1 BINNED#<projectId>#<docId>   gsi1sk <rootDocId>
 *   import job ..................... pk PROJECT#<projectId>         sk IMPORT#<jobId>  (jobId = <projectId>_<suffix>;
 *                                                                    TTL expiresAt: 30 days)
 *   import stamp of a document ..... pk PROJECT#<projectId>         sk STAMP#<docId>   (source, key, hash and the
 *                                                                    merge base of its last import; apart from the
 *                                                                    node and body, which saves rewrite whole)
 *   last import of a source ........ pk PROJECT#<projectId>         sk IMPORTSRC#<hash of the source name> (the
 *                                                                    whole file's hash and options, the project-level
 *                                                                    servers/security/environments it carried)
 *   staged write of an import run .. pk PROJECT#<projectId>         sk STAGED#<jobId>#<step>#<docId>#<part> (the
 *                                                                    item it puts at the commit, kept in a map
 *                                                                    attribute: out of the DOC# range and off
 *                                                                    every index, so no reader sees it)
 *   test scenario .................. pk PROJECT#<projectId>         sk SCEN#<scenarioId>  (its steps and data set
 *                                                                    in the item; scenarioId = <projectId>_<suffix>)
 *   scenarios of a project ......... pk PROJECT#<projectId>         sk begins SCEN#
 *   scenario folder ................ pk PROJECT#<projectId>         sk SCENDIR#<folderId>
 *   scenario run ................... pk PROJECT#<projectId>         sk SCENRUN#<runId>  (its step results in the
 *                                                                    item, or in S3 when large)
 *   runs of a scenario ............. gsi1 SCENRUNS#<scenarioId>      gsi1sk <createdAt ISO>
 *   server run of a scenario ....... pk PROJECT#<projectId>         sk SCENJOB#<jobId>  (state, progress, lease;
 *                                                                    TTL; finished iterations' results in S3)
 *   run secret of an environment ... pk PROJECT#<projectId>         sk RUNSECRET#<envId>#<name>  (its value sealed)
 *   schedule of a scenario ......... pk PROJECT#<projectId>         sk SCHED#<scheduleId>  (cron, time zone, fires)
 *   every schedule ................. gsi1 SCENSCHEDULES             gsi1sk <scheduleId>  (the local scheduler's list)
 *   place for a server run ......... pk PROJECT#<projectId>         sk SCENSLOT#<n>  (the job holding it, until
 *                                                                    when: SCENARIO_RUNS_AT_ONCE places)
 *   folders of a console ........... pk FOLDERS#USER#<userId> or FOLDERS#TEAM#<teamId>   sk FOLDER#<folderId>
 *   projects of a team ............. gsi1 TEAM#<teamId>#PROJECTS    gsi1sk <projectId>    (on the project's META)
 *
 *   Everything of a team lives in its partition TEAM#<teamId>:
 *   team ........................... pk TEAM#<teamId>                sk META     (on the PURGE index while disbanded)
 *   member of a team ............... pk TEAM#<teamId>                sk MEMBER#<userId>
 *   teams of a user ................ gsi1 USER#<userId>#TEAMS       gsi1sk <teamId>
 *   user group ..................... pk TEAM#<teamId>                sk GROUP#<groupId>
 *   group bound to a project ....... pk TEAM#<teamId>                sk BIND#<groupId>#<projectId>  (the role is
 *                                                                    also on the project's META, for access)
 *   invitation ..................... pk INVITE#<code>                sk INVITE   (TTL expiresAt: one hour)
 *
 * S3: everything a project stores in the files bucket sits under `projects/<projectId>/` (bodies under
 * `documents/`, uploaded files under `files/`, release snapshots under `releases/`), so a purge deletes it with one
 * prefix and a clone copies the prefixes of its content. An upload
 * lands in `uploads/<projectId>/<fileId>` first (an import's file in `uploads/<projectId>/import-<jobId>`) (expired by a lifecycle rule) and only reaches `files/` once its
 * bytes have been checked.
 */
import { createHash } from 'node:crypto';
import type { CodePurpose } from '@shared/constants';
import type { QuerySpec } from './db';

/** Unchecked uploads; the bucket expires anything left here after a day. */
export const PENDING_UPLOADS_PREFIX = 'uploads/';

export interface Key {
  pk: string;
  sk: string;
}

/** Folders belong to a user's personal console, or to a team's. */
export interface FolderScope {
  userId: string;
  teamId: string | null;
}

const projectPk = (projectId: string) => `PROJECT#${projectId}`;
const inProject = (projectId: string, sortBeginsWith: string): QuerySpec => ({
  partition: { pk: projectPk(projectId) },
  sortBeginsWith,
  consistent: true,
});
const DOC = 'DOC#';
const FIND = 'FIND#';

/**
 * The items of a project under `prefix` as `ways` disjoint ranges of their sort keys, to read in parallel: a
 * large tree is several 1 MB pages, and one query fetches them one after another. Document ids are
 * `<projectId>_<random suffix>`, so the ranges split on the first character of the suffix (in byte order, as
 * DynamoDB compares); an id of any other shape still falls in some range. Neighbouring ranges share their
 * boundary (BETWEEN is inclusive): callers dedupe.
 */
function inRanges(projectId: string, prefix: string, ways: number): QuerySpec[] {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const cuts = Array.from(
    { length: ways - 1 },
    (_, i) => `${prefix}${projectId}_${alphabet[Math.round(((i + 1) * alphabet.length) / ways)]}`,
  );
  const bounds = [prefix, ...cuts, `${prefix}\uffff`];
  return bounds.slice(1).map((to, i) => ({ partition: { pk: projectPk(projectId) }, sortBetween: [bounds[i]!, to], consistent: true }));
}

export const keys = {
  // Accounts
  user: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  accountGuard: (account: string): Key => ({ pk: `ACCOUNT#${account}`, sk: 'GUARD' }),
  session: (tokenHash: string): Key => ({ pk: `SESSION#${tokenHash}`, sk: 'SESSION' }),
  sessionOfUser: (userId: string, createdAt: string) => ({ gsi1pk: `USER#${userId}#SESSIONS`, gsi1sk: createdAt }),
  sessionsOfUser: (userId: string): QuerySpec => ({ index: 'gsi1', partition: { gsi1pk: `USER#${userId}#SESSIONS` } }),
  verificationCode: (purpose: CodePurpose, target: string): Key => ({ pk: `CODE#${purpose}#${target}`, sk: 'CODE' }),
  throttle: (counter: string, id: string): Key => ({ pk: `THROTTLE#${counter}#${id}`, sk: 'THROTTLE' }),
  outboxEntry: (sentAt: string, id: string): Key => ({ pk: 'OUTBOX', sk: `${sentAt}#${id}` }),
  outbox: (): QuerySpec => ({ partition: { pk: 'OUTBOX' }, descending: true }),
  // Third-party sign-in (issue 25)
  /** Which account a provider identity belongs to: the guard that keeps an identity on one account. */
  identityGuard: (provider: string, subject: string): Key => ({ pk: `IDENTITY#${provider}#${subject}`, sk: 'GUARD' }),
  /** An account's identity of one provider (at most one each), listed in its user partition. */
  identityOfUser: (userId: string, provider: string): Key => ({ pk: `USER#${userId}`, sk: `IDENTITY#${provider}` }),
  identitiesOfUser: (userId: string): QuerySpec => ({ partition: { pk: `USER#${userId}` }, sortBeginsWith: 'IDENTITY#', consistent: true }),
  /** A started third-party sign-in, by its `state` (TTL expiresAt; spent by its callback). */
  oauthState: (state: string): Key => ({ pk: `OAUTHSTATE#${state}`, sk: 'STATE' }),
  /** A provider identity waiting for its phone (`/login/bind`), by the hash of its ticket (TTL expiresAt). */
  bindTicket: (ticketHash: string): Key => ({ pk: `BINDTICKET#${ticketHash}`, sk: 'TICKET' }),

  // Projects
  project: (projectId: string): Key => ({ pk: projectPk(projectId), sk: 'META' }),
  /** Every item of a project, for clone and purge. */
  projectItems: (projectId: string): QuerySpec => ({ partition: { pk: projectPk(projectId) }, consistent: true }),
  /** The index entry of a project or team queued for the purge job, due at `purgeAt` (an ISO instant). */
  purgeEntry: (purgeAt: string) => ({ gsi2pk: 'PURGE', gsi2sk: purgeAt }),
  /** Every queued project, due or not. */
  purgeQueue: (): QuerySpec => ({ index: 'gsi2', partition: { gsi2pk: 'PURGE' } }),
  purgeDue: (now: Date): QuerySpec => ({ index: 'gsi2', partition: { gsi2pk: 'PURGE' }, sortAtMost: now.toISOString() }),
  member: (projectId: string, userId: string): Key => ({ pk: projectPk(projectId), sk: `MEMBER#${userId}` }),
  membersOf: (projectId: string): QuerySpec => inProject(projectId, 'MEMBER#'),
  projectOfUser: (userId: string, projectId: string) => ({ gsi1pk: `USER#${userId}#PROJECTS`, gsi1sk: projectId }),
  projectsOfUser: (userId: string): QuerySpec => ({ index: 'gsi1', partition: { gsi1pk: `USER#${userId}#PROJECTS` } }),
  favorite: (projectId: string, userId: string): Key => ({ pk: projectPk(projectId), sk: `FAVOR#${userId}` }),
  favoriteOfUser: (userId: string, favoredAt: string) => ({ gsi1pk: `USER#${userId}#FAVORITES`, gsi1sk: favoredAt }),
  favoritesOfUser: (userId: string): QuerySpec => ({ index: 'gsi1', partition: { gsi1pk: `USER#${userId}#FAVORITES` }, descending: true }),

  // Documents
  document: (projectId: string, docId: string): Key => ({ pk: projectPk(projectId), sk: `${DOC}${docId}` }),
  documentsOf: (projectId: string): QuerySpec => inProject(projectId, DOC),
  /** The documents of a project as `ways` sort-key ranges to read in parallel (see `inRanges`). */
  documentsOfInRanges: (projectId: string, ways: number): QuerySpec[] => inRanges(projectId, DOC, ways),
  childOf: (projectId: string, parentId: string, rank: string) => ({ gsi1pk: `CHILDREN#${projectId}#${parentId}`, gsi1sk: rank }),
  childrenOf: (projectId: string, parentId: string): QuerySpec => ({
    index: 'gsi1',
    partition: { gsi1pk: `CHILDREN#${projectId}#${parentId}` },
  }),
  /** The child right before `rank` among a parent's children. */
  childBefore: (projectId: string, parentId: string, rank: string): QuerySpec => ({
    index: 'gsi1',
    partition: { gsi1pk: `CHILDREN#${projectId}#${parentId}` },
    sortBelow: rank,
    descending: true,
    limit: 1,
  }),
  documentBody: (projectId: string, docId: string): Key => ({ pk: projectPk(projectId), sk: `BODY#${docId}` }),
  searchText: (projectId: string, docId: string): Key => ({ pk: projectPk(projectId), sk: `${FIND}${docId}` }),
  searchTextsOfInRanges: (projectId: string, ways: number): QuerySpec[] => inRanges(projectId, FIND, ways),
  history: (projectId: string, docId: string, rev: number): Key => ({
    pk: projectPk(projectId),
    sk: `HIST#${docId}#${String(rev).padStart(9, '0')}`,
  }),
  historyOf: (projectId: string, docId: string): QuerySpec => ({ ...inProject(projectId, `HIST#${docId}#`), descending: true }),
  /** What tree revision `treeRev` changed (domain/documents.ts: the tree's change log). */
  treeChange: (projectId: string, treeRev: number): Key => ({
    pk: projectPk(projectId),
    sk: `TREECHANGE#${String(treeRev).padStart(12, '0')}`,
  }),
  /** The changes of the tree revisions after `after` up to `upTo` (both revisions, `after` itself excluded), oldest first. */
  treeChangesBetween: (projectId: string, after: number, upTo: number): QuerySpec => ({
    partition: { pk: projectPk(projectId) },
    sortBetween: [keys.treeChange(projectId, after + 1).sk, keys.treeChange(projectId, upTo).sk],
    consistent: true,
  }),

  /** The index entry that lists a team project among its team's. */
  projectOfTeam: (teamId: string, projectId: string) => ({ gsi1pk: `TEAM#${teamId}#PROJECTS`, gsi1sk: projectId }),
  projectsOfTeam: (teamId: string): QuerySpec => ({ index: 'gsi1', partition: { gsi1pk: `TEAM#${teamId}#PROJECTS` } }),

  // Teams
  team: (teamId: string): Key => ({ pk: `TEAM#${teamId}`, sk: 'META' }),
  teamItems: (teamId: string): QuerySpec => ({ partition: { pk: `TEAM#${teamId}` }, consistent: true }),
  teamMember: (teamId: string, userId: string): Key => ({ pk: `TEAM#${teamId}`, sk: `MEMBER#${userId}` }),
  teamMembersOf: (teamId: string): QuerySpec => ({ partition: { pk: `TEAM#${teamId}` }, sortBeginsWith: 'MEMBER#', consistent: true }),
  teamOfUser: (userId: string, teamId: string) => ({ gsi1pk: `USER#${userId}#TEAMS`, gsi1sk: teamId }),
  teamsOfUser: (userId: string): QuerySpec => ({ index: 'gsi1', partition: { gsi1pk: `USER#${userId}#TEAMS` } }),
  group: (teamId: string, groupId: string): Key => ({ pk: `TEAM#${teamId}`, sk: `GROUP#${groupId}` }),
  groupsOf: (teamId: string): QuerySpec => ({ partition: { pk: `TEAM#${teamId}` }, sortBeginsWith: 'GROUP#', consistent: true }),
  groupBinding: (teamId: string, groupId: string, projectId: string): Key => ({ pk: `TEAM#${teamId}`, sk: `BIND#${groupId}#${projectId}` }),
  bindingsOfGroup: (teamId: string, groupId: string): QuerySpec => ({
    partition: { pk: `TEAM#${teamId}` },
    sortBeginsWith: `BIND#${groupId}#`,
    consistent: true,
  }),
  invitation: (code: string): Key => ({ pk: `INVITE#${code}`, sk: 'INVITE' }),

  // Shares and releases
  share: (projectId: string, shareId: string): Key => ({ pk: projectPk(projectId), sk: `SHARE#${shareId}` }),
  sharesOf: (projectId: string): QuerySpec => inProject(projectId, 'SHARE#'),
  shareToken: (projectId: string, shareId: string, tokenHash: string): Key => ({
    pk: projectPk(projectId),
    sk: `SHARETOKEN#${shareId}#${tokenHash}`,
  }),
  release: (projectId: string, version: string): Key => ({ pk: projectPk(projectId), sk: `RELEASE#${version}` }),
  releasesOf: (projectId: string): QuerySpec => inProject(projectId, 'RELEASE#'),

  // The document bin
  binEntry: (projectId: string, rootId: string): Key => ({ pk: projectPk(projectId), sk: `BIN#${rootId}` }),
  binEntriesOf: (projectId: string): QuerySpec => inProject(projectId, 'BIN#'),
  binnedDocument: (projectId: string, rootId: string, docId: string): Key => ({
    pk: projectPk(projectId),
    sk: `BINNED#${rootId}#${docId}`,
  }),
  /** What one bin entry holds; without `rootId`, everything in the project's bin. */
  binnedDocumentsOf: (projectId: string, rootId?: string): QuerySpec => inProject(projectId, rootId ? `BINNED#${rootId}#` : 'BINNED#'),
  binnedDocumentEntry: (projectId: string, docId: string, rootId = '') => ({ gsi1pk: `BINNED#${projectId}#${docId}`, gsi1sk: rootId }),
  /** Which bin entry holds a document, if any (an index read: a moment behind a bin or a restore). */
  binnedDocumentLookup: (projectId: string, docId: string): QuerySpec => ({
    index: 'gsi1',
    partition: { gsi1pk: keys.binnedDocumentEntry(projectId, docId).gsi1pk },
    limit: 1,
  }),

  // Mocks
  mockConfig: (projectId: string, docId: string): Key => ({ pk: projectPk(projectId), sk: `MOCK#${docId}` }),
  mockConfigsOf: (projectId: string): QuerySpec => inProject(projectId, 'MOCK#'),

  // Environments and global parameters
  environment: (projectId: string, envId: string): Key => ({ pk: projectPk(projectId), sk: `ENV#${envId}` }),
  environmentsOf: (projectId: string): QuerySpec => inProject(projectId, 'ENV#'),
  globals: (projectId: string): Key => ({ pk: projectPk(projectId), sk: 'GLOBALS' }),

  // The compatibility report's policy (issue 35)
  compatPolicy: (projectId: string): Key => ({ pk: projectPk(projectId), sk: 'COMPATPOLICY' }),
  compatPolicyEntry: (projectId: string, at: string, id: string): Key => ({ pk: projectPk(projectId), sk: `COMPATLOG#${at}#${id}` }),
  /** Newest first. */
  compatPolicyHistory: (projectId: string, limit: number): QuerySpec => ({
    ...inProject(projectId, 'COMPATLOG#'),
    descending: true,
    limit,
  }),

  // Folders of a console
  folder: (scope: FolderScope, folderId: string): Key => ({ pk: folderPk(scope), sk: `FOLDER#${folderId}` }),
  foldersOf: (scope: FolderScope): QuerySpec => ({ partition: { pk: folderPk(scope) }, sortBeginsWith: 'FOLDER#', consistent: true }),

  // S3
  projectFilesPrefix: (projectId: string) => `projects/${projectId}/`,
  fileObject: (projectId: string, fileId: string) => `projects/${projectId}/files/${fileId}`,
  /** What a clone copies of a project's objects: its content, not its releases. */
  clonedPrefixes: (projectId: string) => [`projects/${projectId}/documents/`, `projects/${projectId}/files/`],
  releaseObject: (projectId: string, version: string, publishId: string) =>
    `projects/${projectId}/releases/${encodeURIComponent(version)}-${publishId}.json`,
  documentBodyObject: (projectId: string, docId: string, rev: number) => `projects/${projectId}/documents/${docId}/r${rev}.json`,
  pendingUpload: (projectId: string, fileId: string) => `${PENDING_UPLOADS_PREFIX}${projectId}/${fileId}`,
} as const;

/**
 * Import jobs, stamps and sources (see the header), apart from `keys` so the bundles that never import (document,
 * team, user) do not carry them: each bundle is capped at 400 KB.
 */
export const importKeys = {
  job: (projectId: string, jobId: string): Key => ({ pk: projectPk(projectId), sk: `IMPORT#${jobId}` }),
  /** A project's jobs (kept 30 days each): the Sync panel's last imports. */
  jobsOf: (projectId: string): QuerySpec => inProject(projectId, 'IMPORT#'),
  stamp: (projectId: string, docId: string): Key => ({ pk: projectPk(projectId), sk: `STAMP#${docId}` }),
  stampsOf: (projectId: string): QuerySpec => inProject(projectId, 'STAMP#'),
  source: (projectId: string, sourceHash: string): Key => ({ pk: projectPk(projectId), sk: `IMPORTSRC#${sourceHash}` }),
  /**
   * What a run of an import job staged, to flip live at its commit (workers/import/staging.ts): the sort key
   * orders the commit's steps (folders, models, other new documents, updates, restamps, deletes, the source's
   * record), then the group (a document) and the part of it.
   */
  staged: (projectId: string, jobId: string, step: number, group: string, part: string): Key => ({
    pk: projectPk(projectId),
    sk: `STAGED#${jobId}#${step}#${group}#${part}`,
  }),
  stagedOf: (projectId: string, jobId: string): QuerySpec => inProject(projectId, `STAGED#${jobId}#`),
  sourcesOf: (projectId: string): QuerySpec => inProject(projectId, 'IMPORTSRC#'),
  /** The file of an import job: a pending upload (expired with them), read by the import worker. */
  object: (projectId: string, jobId: string) => `${PENDING_UPLOADS_PREFIX}${projectId}/import-${jobId}`,
};

/** Export jobs (issue 23) and their files, apart from `keys` for the same reason. */
export const exportKeys = {
  job: (projectId: string, jobId: string): Key => ({ pk: projectPk(projectId), sk: `EXPORT#${jobId}` }),
  /** An export's file: under EXPORTS_PREFIX, which the bucket expires after a day. */
  object: (projectId: string, jobId: string, extension: string) => `${EXPORTS_PREFIX}${projectId}/${jobId}.${extension}`,
};
/**
 * Project tokens (issue 26), apart from `keys` like the import keys:
 *   project token by secret hash ... pk PTOKEN#<sha256(secret)>    sk PTOKEN  (TTL expiresAt: 30 days past its
 *                                                                   expiry; outside the project's partition, so
 *                                                                   a clone never copies one)
 *   tokens of a project ............ gsi1 PROJECT#<projectId>#TOKENS   gsi1sk <createdAt ISO>
 */
export const tokenKeys = {
  token: (tokenHash: string): Key => ({ pk: `PTOKEN#${tokenHash}`, sk: 'PTOKEN' }),
  ofProject: (projectId: string, createdAt: string) => ({ gsi1pk: `PROJECT#${projectId}#TOKENS`, gsi1sk: createdAt }),
  ofProjectQuery: (projectId: string): QuerySpec => ({ index: 'gsi1', partition: { gsi1pk: `PROJECT#${projectId}#TOKENS` } }),
};

/** Test scenarios, their folders and runs (issue 36), apart from `keys` like the import keys. */
export const scenarioKeys = {
  scenario: (projectId: string, scenarioId: string): Key => ({ pk: projectPk(projectId), sk: `SCEN#${scenarioId}` }),
  scenariosOf: (projectId: string): QuerySpec => inProject(projectId, 'SCEN#'),
  folder: (projectId: string, folderId: string): Key => ({ pk: projectPk(projectId), sk: `SCENDIR#${folderId}` }),
  foldersOf: (projectId: string): QuerySpec => inProject(projectId, 'SCENDIR#'),
  run: (projectId: string, runId: string): Key => ({ pk: projectPk(projectId), sk: `SCENRUN#${runId}` }),
  runEntry: (scenarioId: string, createdAt: string) => ({ gsi1pk: `SCENRUNS#${scenarioId}`, gsi1sk: createdAt }),
  /** A scenario's runs, newest first (an index read: a moment behind a run's write). */
  runsOf: (scenarioId: string, limit: number): QuerySpec => ({
    index: 'gsi1',
    partition: { gsi1pk: `SCENRUNS#${scenarioId}` },
    descending: true,
    limit,
  }),
  runResultsObject: (projectId: string, runId: string) => `projects/${projectId}/scenario-runs/${runId}.json`,
  /** A server run's job (its id is the run's it keeps). */
  job: (projectId: string, jobId: string): Key => ({ pk: projectPk(projectId), sk: `SCENJOB#${jobId}` }),
  /** One of a project's places for a server run at once (SCENARIO_RUNS_AT_ONCE of them), held by a job. */
  runSlot: (projectId: string, slot: number): Key => ({ pk: projectPk(projectId), sk: `SCENSLOT#${slot}` }),
  /** The step results of a job's finished iterations, one object per part, until the run is kept. */
  jobPartObject: (projectId: string, jobId: string, part: number) => `projects/${projectId}/scenario-jobs/${jobId}/${part}.json`,
  /** A run secret of an environment (sealed: domain/run-secrets.ts). */
  runSecret: (projectId: string, envId: string, name: string): Key => ({ pk: projectPk(projectId), sk: `RUNSECRET#${envId}#${name}` }),
  runSecretsOf: (projectId: string, envId: string): QuerySpec => inProject(projectId, `RUNSECRET#${envId}#`),
  /** Server runs of a project (jobs), to find a scenario's run still going. */
  jobsOf: (projectId: string): QuerySpec => inProject(projectId, 'SCENJOB#'),
  schedule: (projectId: string, scheduleId: string): Key => ({ pk: projectPk(projectId), sk: `SCHED#${scheduleId}` }),
  schedulesOf: (projectId: string): QuerySpec => inProject(projectId, 'SCHED#'),
  /** Every schedule of every project: what the local scheduler looks over each minute. */
  scheduleEntry: (scheduleId: string) => ({ gsi1pk: 'SCENSCHEDULES', gsi1sk: scheduleId }),
  allSchedules: (): QuerySpec => ({ index: 'gsi1', partition: { gsi1pk: 'SCENSCHEDULES' } }),
};

/**
 * Project events (issue 38), apart from `keys` like the import keys:
 *   event (the outbox item the stream delivers) ... pk PROJECT#<projectId>  sk EVENT#<eventId>  (TTL 30 days;
 *                                                   event ids sort by time)
 *   notification channel ............................ pk PROJECT#<projectId>  sk CHANNEL#<channelId>
 *   delivery of an event to a channel (idempotency
 *   key and delivery log line) ...................... pk PROJECT#<projectId>  sk DELIVERY#<channelId>#<eventId> (TTL 30 days)
 *   open coalescing window of one person's saves .. pk PROJECT#<projectId>  sk EVENTWIN#<hash of kind, document, actor>
 *                                                   (TTL a day; hashed so a purged document's id is gone from
 *                                                   the partition with it, while its last window lives out its day)
 *   a window's follow-up, due when it closes ....... pk EVENTFOLLOWUP#<shard 0-3>  sk <dueAt ISO>#<projectId>#<window sk>
 *                                                   (TTL a day; written by the window's second save; the every-minute
 *                                                   job reads the shards up to now, so due ones sort first)
 */
export const eventKeys = {
  channel: (projectId: string, channelId: string): Key => ({ pk: projectPk(projectId), sk: `CHANNEL#${channelId}` }),
  channelsOf: (projectId: string): QuerySpec => inProject(projectId, 'CHANNEL#'),
  /** One event's delivery to one channel: its idempotency key and its line in the channel's delivery log. */
  delivery: (projectId: string, channelId: string, eventId: string): Key => ({
    pk: projectPk(projectId),
    sk: `DELIVERY#${channelId}#${eventId}`,
  }),
  deliveriesOf: (projectId: string, channelId: string): QuerySpec => ({
    ...inProject(projectId, `DELIVERY#${channelId}#`),
    descending: true,
  }),
  event: (projectId: string, eventId: string): Key => ({ pk: projectPk(projectId), sk: `EVENT#${eventId}` }),
  eventsOf: (projectId: string): QuerySpec => ({ ...inProject(projectId, 'EVENT#'), descending: true }),
  window: (projectId: string, kind: string, documentId: string, actorId: string): Key => ({
    pk: projectPk(projectId),
    sk: `EVENTWIN#${createHash('sha256').update(`${kind}\n${documentId}\n${actorId}`).digest('base64url').slice(0, 24)}`,
  }),
  followUp: (projectId: string, windowSk: string, dueAt: string): Key => ({
    pk: `EVENTFOLLOWUP#${createHash('sha256').update(projectId).digest()[0]! % FOLLOW_UP_SHARDS}`,
    sk: `${dueAt}#${projectId}#${windowSk}`,
  }),
  /** Follow-ups of one shard due before `before` (an ISO instant), the earliest first. */
  followUpsDue: (shard: number, before: string): QuerySpec => ({ partition: { pk: `EVENTFOLLOWUP#${shard}` }, sortBelow: before }),
};
/** Follow-ups spread over a few partitions: each save storm writes one, and the job reads them all every minute. */
export const FOLLOW_UP_SHARDS = 4;

/**
 * Comments, watching and the bell (issue 38), apart from `keys` like the import keys:
 *   comment ........................ pk PROJECT#<projectId>         sk COMMENT#<docId>#<commentId> (commentId =
 *                                                                    <docId>_<suffix>, time-ordered; a binned
 *                                                                    document keeps its comments, like its history)
 *   comment policy of a project .... pk PROJECT#<projectId>         sk COMMENTPOLICY
 *   watch .......................... pk PROJECT#<projectId>         sk WATCH#<targetId>#<userId> (target: the
 *                                                                    project, a folder or a document)
 *   notification (the bell) ........ pk USER#<userId>               sk INBOX#<eventId>  (event ids sort by time;
 *                                                                    TTL expiresAt: 90 days)
 *   unread notifications of a user . gsi1 USER#<userId>#UNREAD      gsi1sk <eventId>  (sparse: unread only)
 *   notification settings .......... pk USER#<userId>               sk NOTIFYSETTINGS
 */
export const commentKeys = {
  comment: (projectId: string, documentId: string, commentId: string): Key => ({
    pk: projectPk(projectId),
    sk: `COMMENT#${documentId}#${commentId}`,
  }),
  commentsOf: (projectId: string, documentId: string): QuerySpec => inProject(projectId, `COMMENT#${documentId}#`),
  policy: (projectId: string): Key => ({ pk: projectPk(projectId), sk: 'COMMENTPOLICY' }),
  watch: (projectId: string, targetId: string, userId: string): Key => ({ pk: projectPk(projectId), sk: `WATCH#${targetId}#${userId}` }),
  watchersOf: (projectId: string, targetId: string): QuerySpec => inProject(projectId, `WATCH#${targetId}#`),
  notification: (userId: string, id: string): Key => ({ pk: `USER#${userId}`, sk: `INBOX#${id}` }),
  notificationsOf: (userId: string): QuerySpec => ({
    partition: { pk: `USER#${userId}` },
    sortBeginsWith: 'INBOX#',
    descending: true,
    consistent: true,
  }),
  unreadEntry: (userId: string, id: string) => ({ gsi1pk: `USER#${userId}#UNREAD`, gsi1sk: id }),
  unreadOf: (userId: string): QuerySpec => ({ index: 'gsi1', partition: { gsi1pk: `USER#${userId}#UNREAD` } }),
  settings: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'NOTIFYSETTINGS' }),
  /** An event mailed to someone at once (their claim: a delivery tried twice mails once; TTL a day). */
  mailed: (userId: string, eventId: string): Key => ({ pk: `USER#${userId}`, sk: `MAILED#${eventId}` }),
  /** What waits for someone's daily digest (TTL 3 days), and who has some waiting (sharded by user). */
  digestEntry: (userId: string, eventId: string): Key => ({ pk: `USER#${userId}`, sk: `DIGEST#${eventId}` }),
  digestOf: (userId: string): QuerySpec => ({ partition: { pk: `USER#${userId}` }, sortBeginsWith: 'DIGEST#' }),
  digestWaiting: (userId: string): Key => ({
    pk: `NOTIFYDIGEST#${createHash('sha256').update(userId).digest()[0]! % DIGEST_SHARDS}`,
    sk: userId,
  }),
  digestsWaiting: (shard: number): QuerySpec => ({ partition: { pk: `NOTIFYDIGEST#${shard}` } }),
};
/** The partitions of those with a digest waiting: written at each delivery, read once a day. */
export const DIGEST_SHARDS = 4;

/** Exported files; the bucket expires anything here after a day. */
export const EXPORTS_PREFIX = 'exports/';

function folderPk(scope: FolderScope) {
  return scope.teamId ? `FOLDERS#TEAM#${scope.teamId}` : `FOLDERS#USER#${scope.userId}`;
}

/** Entity names stored on every item, with the schema version of that entity's shape. */
export const ENTITY = {
  user: { entity: 'user', v: 1 },
  accountGuard: { entity: 'accountGuard', v: 1 },
  session: { entity: 'session', v: 1 },
  verificationCode: { entity: 'verificationCode', v: 1 },
  throttle: { entity: 'throttle', v: 1 },
  outbox: { entity: 'outbox', v: 1 },
  project: { entity: 'project', v: 1 },
  member: { entity: 'member', v: 1 },
  favorite: { entity: 'favorite', v: 1 },
  folder: { entity: 'folder', v: 1 },
  document: { entity: 'document', v: 1 },
  documentBody: { entity: 'documentBody', v: 1 },
  searchText: { entity: 'searchText', v: 1 },
  history: { entity: 'history', v: 1 },
  treeChange: { entity: 'treeChange', v: 1 },
  team: { entity: 'team', v: 1 },
  teamMember: { entity: 'teamMember', v: 1 },
  group: { entity: 'group', v: 1 },
  groupBinding: { entity: 'groupBinding', v: 1 },
  invitation: { entity: 'invitation', v: 1 },
  share: { entity: 'share', v: 1 },
  shareToken: { entity: 'shareToken', v: 1 },
  release: { entity: 'release', v: 1 },
  mockConfig: { entity: 'mockConfig', v: 1 },
  environment: { entity: 'environment', v: 1 },
  globals: { entity: 'globals', v: 1 },
  compatPolicy: { entity: 'compatPolicy', v: 1 },
  compatPolicyEntry: { entity: 'compatPolicyEntry', v: 1 },
  binEntry: { entity: 'binEntry', v: 1 },
  binnedDocument: { entity: 'binnedDocument', v: 1 },
  importJob: { entity: 'importJob', v: 1 },
  importStamp: { entity: 'importStamp', v: 1 },
  importSource: { entity: 'importSource', v: 1 },
  importStaged: { entity: 'importStaged', v: 1 },
  exportJob: { entity: 'exportJob', v: 1 },
  projectToken: { entity: 'projectToken', v: 1 },
  identityGuard: { entity: 'identityGuard', v: 1 },
  identity: { entity: 'identity', v: 1 },
  oauthState: { entity: 'oauthState', v: 1 },
  bindTicket: { entity: 'bindTicket', v: 1 },
  scenario: { entity: 'scenario', v: 1 },
  scenarioFolder: { entity: 'scenarioFolder', v: 1 },
  scenarioRun: { entity: 'scenarioRun', v: 1 },
  scenarioJob: { entity: 'scenarioJob', v: 1 },
  scenarioRunSlot: { entity: 'scenarioRunSlot', v: 1 },
  runSecret: { entity: 'runSecret', v: 1 },
  scenarioSchedule: { entity: 'scenarioSchedule', v: 1 },
  event: { entity: 'event', v: 1 },
  eventWindow: { entity: 'eventWindow', v: 1 },
  eventFollowUp: { entity: 'eventFollowUp', v: 1 },
  comment: { entity: 'comment', v: 1 },
  commentPolicy: { entity: 'commentPolicy', v: 1 },
  watch: { entity: 'watch', v: 1 },
  notification: { entity: 'notification', v: 1 },
  notificationSettings: { entity: 'notificationSettings', v: 1 },
  channel: { entity: 'channel', v: 1 },
  delivery: { entity: 'delivery', v: 1 },
} as const;

export type EntityName = keyof typeof ENTITY;
