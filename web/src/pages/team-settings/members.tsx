import { useOutletContext } from 'react-router';
import { Card } from 'antd';
import { QueryState } from '../../components/query-state';
import { useTeamMembers } from '../../features/teams/api';
import { GroupList, TeamInvite, TeamMemberTable } from '../../features/teams/components/team-members';
import type { TeamSettingsContext } from './layout';

/** Members and user groups of the team, and links that invite people into it. */
export function Component() {
  const { team, standing, selfId } = useOutletContext<TeamSettingsContext>();
  const members = useTeamMembers(team.id);
  const groups = members.data?.groups ?? [];
  return (
    <QueryState query={members}>
      {members.data ? (
        <>
          {standing.can.invite && (
            <Card>
              <TeamInvite teamId={team.id} groups={groups} />
            </Card>
          )}
          <Card>
            <GroupList teamId={team.id} groups={groups} canManage={standing.can.manageGroups} />
          </Card>
          <Card>
            <TeamMemberTable teamId={team.id} members={members.data.members} groups={groups} standing={standing} selfId={selfId} />
          </Card>
        </>
      ) : null}
    </QueryState>
  );
}
