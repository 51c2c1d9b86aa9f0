/**
 * Issue 11's figures: the team console of 500 projects, and the DynamoDB round trips of a read by a member who
 * reaches the project only through a user group bound to it.
 */
import { batchWrite } from '../../functions/data/db';
import { projectAccess } from '../../functions/domain/access-facts';
import { memberItem } from '../../functions/domain/members';
import { projectItem } from '../../functions/domain/projects';
import { countRoundTrips, median, type startBenchStack } from './harness';
import { benchProject, registerBenchUser } from './users';

type Stack = Awaited<ReturnType<typeof startBenchStack>>;

export async function benchTeams(stack: Stack) {
  const owner = await registerBenchUser('Owner');
  const developer = await registerBenchUser('Developer');
  const team = await stack.call('team.create', { body: { name: 'Bench team' } }, { token: owner.token });
  const group = await stack.call('team.groupCreate', { body: { teamId: team.id, name: 'Readers' } }, { token: owner.token });
  const invitation = await stack.call('team.inviteToGroup', { params: { teamId: team.id, groupId: group.id } }, { token: owner.token });
  await stack.call('team.join', { params: { code: invitation.code } }, { token: developer.token });

  const projects = Array.from({ length: 500 }, (_, i) => benchProject(owner.userId, `Team project ${i}`, { teamId: team.id }));
  await batchWrite({
    puts: projects.flatMap((p) => [projectItem(p), memberItem(p.id, owner.userId, 'creator', null)]),
  });
  const console = () => stack.call('project.team', { params: { teamId: team.id } }, { token: owner.token });
  await console();
  const consoleMs = await median(7, console);

  const bound = projects[0]!;
  await stack.call('group.bind', { params: { projectId: bound.id, groupId: group.id, role: 'view' } }, { token: owner.token });
  const read = () => stack.call('project.get', { params: { id: bound.id } }, { token: developer.token });
  await read();
  const trips = await countRoundTrips(read);
  // The access check on its own: the facts a group member's role is resolved from.
  const facts = await countRoundTrips(async () => {
    const access = await projectAccess(bound.id, developer.userId);
    if (access.role !== 'view') throw new Error(`expected the group's view role, got ${access.role}`);
  });
  return {
    'team console of 500 projects (GET /project/team/{teamId}, median of 7)': `${consoleMs.toFixed(0)} ms`,
    'access check of a member reached only through a group': `${facts.roundTrips} DynamoDB round trips beyond the session (${facts.requests} requests)`,
    'GET /project/{id} by that member, whole request': `${trips.roundTrips} round trips: session, access, favourite (${trips.requests} requests)`,
  };
}
