/**
 * Every key of the single table is built here; handlers never assemble key strings.
 *
 * Access patterns (table: pk/sk; gsi1: gsi1pk/gsi1sk; gsi2: gsi2pk/gsi2sk):
 *   user by id ..................... pk USER#<userId>                sk PROFILE
 *   user id by email or phone ...... pk ACCOUNT#<account>           sk GUARD       (guard item: uniqueness)
 *   session by token hash .......... pk SESSION#<sha256(token)>     sk SESSION     (TTL expiresAt)
 *   sessions of a user ............. gsi1 USER#<userId>#SESSIONS    gsi1sk <createdAt ISO>
 *   verification code .............. pk CODE#<purpose>#<target>     sk CODE        (TTL expiresAt)
 *   failed sign-in counter ......... pk THROTTLE#LOGIN#<scope>#<id> sk THROTTLE    (TTL expiresAt)
 *   local outbox (dev only) ........ pk OUTBOX                      sk <sentAt ISO>#<id> (TTL expiresAt)
 *
 *   Everything of a project lives in its partition PROJECT#<projectId>, so one paged Query reads, clones or
 *   purges all of it:
 *   project ........................ pk PROJECT#<projectId>         sk META
 *   projects due for purge ......... gsi2 PURGE                     gsi2sk <purgeAt ISO>  (sparse: recycled,
 *                                                                    purging and abandoned clones only)
 *   member of a project ............ pk PROJECT#<projectId>         sk MEMBER#<userId>
 *   projects of a user ............. gsi1 USER#<userId>#PROJECTS    gsi1sk <projectId>
 *   favourite ...................... pk PROJECT#<projectId>         sk FAVOR#<userId>
 *   favourites of a user ........... gsi1 USER#<userId>#FAVORITES   gsi1sk <favouredAt ISO>
 *   document (tree node) ........... pk PROJECT#<projectId>         sk DOC#<docId>   (docId = <projectId>_<suffix>)
 *   children of a tree node ........ gsi1 CHILDREN#<projectId>#<parentId>   gsi1sk <rank>
 *   document body .................. pk PROJECT#<projectId>         sk BODY#<docId>  (or an S3 key when large)
 *   history of a document .......... pk PROJECT#<projectId>         sk HIST#<docId>#<rev, 9 digits>
 *   folders of a console ........... pk FOLDERS#USER#<userId> or FOLDERS#TEAM#<teamId>   sk FOLDER#<folderId>
 *
 * S3: everything a project stores in the files bucket sits under `projects/<projectId>/` (bodies under
 * `documents/`, uploaded files under `files/`), so a clone copies and a purge deletes it with one prefix. An upload
 * lands in `uploads/<projectId>/<fileId>` first (expired by a lifecycle rule) and only reaches `files/` once its
 * bytes have been checked.
 */
import type { CodePurpose } from '../../shared/constants';

/** Unchecked uploads; the bucket expires anything left here after a day. */
export const PENDING_UPLOADS_PREFIX = 'uploads/';

/** The attribute that holds when a queued project falls due: the PURGE index's sort key. */
export const PURGE_AT_ATTRIBUTE = 'gsi2sk';

export interface Key {
  pk: string;
  sk: string;
}

/** Folders belong to a user's personal console, or to a team's. */
export interface FolderScope {
  userId: string;
  teamId: string | null;
}

export const keys = {
  user: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  accountGuard: (account: string): Key => ({ pk: `ACCOUNT#${account}`, sk: 'GUARD' }),
  session: (tokenHash: string): Key => ({ pk: `SESSION#${tokenHash}`, sk: 'SESSION' }),
  sessionsOfUser: (userId: string) => ({ gsi1pk: `USER#${userId}#SESSIONS` }),
  verificationCode: (purpose: CodePurpose, target: string): Key => ({ pk: `CODE#${purpose}#${target}`, sk: 'CODE' }),
  loginThrottle: (scope: 'ACCOUNT' | 'ADDRESS', id: string): Key => ({
    pk: `THROTTLE#LOGIN#${scope}#${id}`,
    sk: 'THROTTLE',
  }),
  outbox: () => ({ pk: 'OUTBOX' }),
  project: (projectId: string): Key => ({ pk: `PROJECT#${projectId}`, sk: 'META' }),
  projectPartition: (projectId: string) => ({ pk: `PROJECT#${projectId}` }),
  purgeQueue: () => ({ gsi2pk: 'PURGE' }),
  purgeEntry: (purgeAt: Date) => ({ gsi2pk: 'PURGE', gsi2sk: purgeAt.toISOString() }),
  member: (projectId: string, userId: string): Key => ({ pk: `PROJECT#${projectId}`, sk: `MEMBER#${userId}` }),
  membersOf: (projectId: string) => ({ partition: { pk: `PROJECT#${projectId}` }, sortBeginsWith: 'MEMBER#' }),
  projectsOfUser: (userId: string) => ({ gsi1pk: `USER#${userId}#PROJECTS` }),
  favorite: (projectId: string, userId: string): Key => ({ pk: `PROJECT#${projectId}`, sk: `FAVOR#${userId}` }),
  favoritesOfUser: (userId: string) => ({ gsi1pk: `USER#${userId}#FAVORITES` }),
  document: (projectId: string, docId: string): Key => ({ pk: `PROJECT#${projectId}`, sk: `DOC#${docId}` }),
  documentBody: (projectId: string, docId: string): Key => ({ pk: `PROJECT#${projectId}`, sk: `BODY#${docId}` }),
  childrenOf: (projectId: string, parentId: string) => ({ gsi1pk: `CHILDREN#${projectId}#${parentId}` }),
  history: (projectId: string, docId: string, rev: number): Key => ({
    pk: `PROJECT#${projectId}`,
    sk: `HIST#${docId}#${String(rev).padStart(9, '0')}`,
  }),
  historyOf: (projectId: string, docId: string) => ({ partition: { pk: `PROJECT#${projectId}` }, sortBeginsWith: `HIST#${docId}#` }),
  folderScope: (scope: FolderScope) => ({
    pk: scope.teamId ? `FOLDERS#TEAM#${scope.teamId}` : `FOLDERS#USER#${scope.userId}`,
  }),
  folder: (scope: FolderScope, folderId: string): Key => ({ ...keys.folderScope(scope), sk: `FOLDER#${folderId}` }),
  projectFilesPrefix: (projectId: string) => `projects/${projectId}/`,
  fileObject: (projectId: string, fileId: string) => `projects/${projectId}/files/${fileId}`,
  pendingUpload: (projectId: string, fileId: string) => `${PENDING_UPLOADS_PREFIX}${projectId}/${fileId}`,
  outboxEntry: (sentAt: string, id: string): Key => ({ pk: 'OUTBOX', sk: `${sentAt}#${id}` }),
} as const;

/** Entity names stored on every item, with the schema version of that entity's shape. */
export const ENTITY = {
  user: { entity: 'user', v: 1 },
  accountGuard: { entity: 'accountGuard', v: 1 },
  session: { entity: 'session', v: 1 },
  verificationCode: { entity: 'verificationCode', v: 1 },
  loginThrottle: { entity: 'loginThrottle', v: 1 },
  outbox: { entity: 'outbox', v: 1 },
  project: { entity: 'project', v: 1 },
  member: { entity: 'member', v: 1 },
  favorite: { entity: 'favorite', v: 1 },
  folder: { entity: 'folder', v: 1 },
  document: { entity: 'document', v: 1 },
  documentBody: { entity: 'documentBody', v: 1 },
  history: { entity: 'history', v: 1 },
} as const;
