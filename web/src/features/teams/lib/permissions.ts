/**
 * What the caller may do to each row of the team and project member tables. The server decides; these only keep
 * the screens from offering what it would refuse (spec section 6).
 */
import type { ProjectMember } from '@shared/schemas/project';
import type { TeamMemberView, TeamStanding } from '@shared/schemas/team';

interface TeamMemberActions {
  grantAdmin: boolean;
  revokeAdmin: boolean;
  /** Put into a user group, or take out of one. */
  move: boolean;
  remove: boolean;
}

/**
 * The owner names and dismisses administrators; owner and administrators group people and remove them, but
 * never the owner, nor themselves (they leave instead), and only the owner removes an administrator.
 */
export function teamMemberActions(
  can: TeamStanding['can'],
  member: Pick<TeamMemberView, 'userId' | 'role'>,
  selfId: string,
): TeamMemberActions {
  const self = member.userId === selfId;
  return {
    grantAdmin: can.manageAdmins && member.role === 'developer',
    revokeAdmin: can.manageAdmins && member.role === 'admin',
    move: can.manageMembers,
    remove: can.manageMembers && !self && member.role !== 'owner' && (member.role === 'developer' || can.manageAdmins),
  };
}

/** The roles a project member can be given: `none` keeps them out of what their groups would grant. */
export const ASSIGNABLE_ROLES = ['edit', 'view', 'none'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * A member row's role as the role select shows it, or `creator` for the project's owner, whose role never changes.
 * A member item still marked creator after a transfer edits (shared/access.ts), so it shows as edit.
 */
export function memberRole(member: Pick<ProjectMember, 'userId' | 'role'>, ownerId: string): AssignableRole | 'creator' {
  if (member.userId === ownerId) return 'creator';
  return member.role === 'creator' ? 'edit' : member.role;
}
