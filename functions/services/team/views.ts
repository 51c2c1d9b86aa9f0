/** How teams and their members read in answers. */
import { teamAbilities, type TeamRole } from '@shared/access';
import type { GroupView, TeamMemberView, TeamStanding, TeamView } from '@shared/schemas/team';
import { countTeam, type GroupRecord, type TeamMemberRecord, type TeamRecord } from '../../domain/teams';
import { usersByIds } from '../../domain/users';

export async function teamView(team: TeamRecord, role: TeamRole): Promise<TeamView> {
  const [counts, users] = await Promise.all([countTeam(team.id), usersByIds([team.ownerId])]);
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    avatar: team.avatar,
    ownerId: team.ownerId,
    ownerName: users.get(team.ownerId)?.nickname ?? '',
    role,
    memberCount: counts.members,
    groupCount: counts.groups,
    projectCount: counts.projects,
    createdAt: team.createdAt,
    updatedAt: team.updatedAt,
    rev: team.rev,
  };
}

export async function memberViews(members: TeamMemberRecord[], groups: GroupRecord[]): Promise<TeamMemberView[]> {
  const users = await usersByIds(members.map((m) => m.userId));
  const groupNames = new Map(groups.map((g) => [g.id, g.name]));
  const order: Record<TeamRole, number> = { owner: 0, admin: 1, developer: 2 };
  return members
    .map((m) => ({
      userId: m.userId,
      nickname: users.get(m.userId)?.nickname ?? '',
      avatar: users.get(m.userId)?.avatar ?? null,
      role: m.role,
      groupId: m.groupId && groupNames.has(m.groupId) ? m.groupId : null,
      groupName: (m.groupId && groupNames.get(m.groupId)) ?? null,
      joinedAt: m.joinedAt,
    }))
    .sort((a, b) => order[a.role] - order[b.role] || a.joinedAt.localeCompare(b.joinedAt));
}

export const groupView = (group: GroupRecord, members: TeamMemberRecord[]): GroupView => ({
  id: group.id,
  teamId: group.teamId,
  name: group.name,
  memberCount: members.filter((m) => m.groupId === group.id).length,
  createdAt: group.createdAt,
});

/** What a member may do in their team, from their role (spec section 6). */
export function standing(member: TeamMemberRecord, group: GroupRecord | undefined): TeamStanding {
  return {
    teamId: member.teamId,
    role: member.role,
    groupId: group?.id ?? null,
    groupName: group?.name ?? null,
    can: teamAbilities(member.role),
  };
}
