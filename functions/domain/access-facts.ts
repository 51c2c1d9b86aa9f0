/**
 * The facts the access resolver needs about a caller and a project, read in as few round trips as the model
 * allows: the project, the caller's member item, and (when the request carries them) the share its token names
 * with the token's item and the release it asks for, in one batched, consistent read; for a team project, the
 * team and the caller's place in it (role and group) in a second. The project's META carries the roles of the
 * groups bound to it, so a member who reaches it only through a group costs those two reads and no more.
 */
import { resolveRole, type Role } from '@shared/access';
import { asRecord, batchGet } from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { memberRecord, type MemberRecord } from './members';
import { projectRecord, type ProjectRecord } from './projects';
import { releaseRecord, type ReleaseRecord } from './releases';
import { parseShareToken, shareRecord, tokenCounts, type ShareRecord } from './shares';
import { teamAccess } from './teams';

interface ProjectAccess {
  project: ProjectRecord | undefined;
  member: MemberRecord | undefined;
  /** The caller's effective role; undefined when they may not see the project at all. */
  role: Role | undefined;
  /** The share the request's token names, when the token still counts for it (expiry aside: see `shareState`). */
  share?: ShareRecord;
  /** Why a share token does not count: `expired` is told to the reader, `revoked` asks them to open the link again. */
  shareState?: 'ok' | 'expired' | 'revoked' | 'absent';
  /** The release asked for, when it exists. */
  release?: ReleaseRecord;
}

interface AccessRequest {
  shareToken?: string;
  version?: string;
}

export async function projectAccess(projectId: string, userId: string | undefined, request: AccessRequest = {}): Promise<ProjectAccess> {
  const token = request.shareToken ? parseShareToken(request.shareToken) : undefined;
  const sameProject = token?.projectId === projectId;
  const items = await batchGet(
    [
      keys.project(projectId),
      ...(userId ? [keys.member(projectId, userId)] : []),
      ...(token && sameProject ? [keys.share(projectId, token.shareId), ...(token.tokenKey ? [token.tokenKey] : [])] : []),
      ...(request.version ? [keys.release(projectId, request.version)] : []),
    ],
    { consistent: true },
  );
  const of = (entity: string) => items.find((i) => i.entity === entity);
  const project = asRecord(projectRecord, of(ENTITY.project.entity));
  const member = asRecord(memberRecord, of(ENTITY.member.entity));
  const release = asRecord(releaseRecord, of(ENTITY.release.entity));
  const shareItem = asRecord(shareRecord, of(ENTITY.share.entity));
  const shareState: ProjectAccess['shareState'] = !request.shareToken
    ? undefined
    : !shareItem
      ? 'absent'
      : tokenCounts(shareItem, token, of(ENTITY.shareToken.entity))
        ? 'ok'
        : tokenCounts(shareItem, token, of(ENTITY.shareToken.entity), 0)
          ? 'expired'
          : 'revoked';
  const share = shareState === 'ok' ? shareItem : undefined;
  const extras = { ...(share ? { share } : {}), ...(shareState ? { shareState } : {}), ...(release ? { release } : {}) };
  if (!project) return { project, member, role: undefined, ...extras };
  if (!project.teamId) return { project, member, role: resolveRole({ userId, project, memberRole: member?.role }), ...extras };
  const team = await teamAccess(project.teamId, userId);
  // A team being disbanded takes its projects with it at once.
  if (!team.team || team.team.state !== 'active') return { project: undefined, member, role: undefined };
  const groupId = team.member?.groupId;
  const groupRole = groupId ? project.groupRoles[groupId] : undefined;
  const role = resolveRole({
    userId,
    project,
    memberRole: member?.role,
    teamRole: team.member?.role,
    groupRoles: groupRole ? [groupRole] : [],
  });
  return { project, member, role, ...extras };
}
