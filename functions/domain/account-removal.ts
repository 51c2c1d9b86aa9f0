/**
 * Leaving the product (issue 25): what keeps an account from being deleted, and the deletion itself.
 *
 * Refused while the account owns a team with other members, or a project that others use (another member) or
 * that sits in a team that stays: those are handed over (or disbanded) first. Otherwise, in this order, so that a
 * deletion stopped anywhere can simply be run again:
 *   1. the account is marked leaving (no new session for it: `isLeaving`; nobody adds it to a team or project:
 *      `notLeavingCheck`), what it owns and belongs to is looked at again (the mark may be lifted here, refused),
 *      and every other session ends;
 *   2. its personal projects nobody else uses are destroyed the way "destroy" destroys one (claimed, queued on the
 *      purge index for now, then deleted as far as time allows; the purge job finishes a very large one), and the
 *      teams it owns alone are disbanded and purged the same way;
 *   3. its memberships of others' teams and projects, its favourites, folders, third-party identities and own
 *      files (its avatar) go;
 *   4. last, one transaction deletes the account, the guards of its email and phone, and the caller's session.
 * Until step 4 the account and the caller's session stand, so a retry finds everything it needs.
 */
import { batchWrite, eq, queryAll, transact, type TransactOp } from '../data/db';
import { keys } from '../data/keys';
import { deleteAccountFiles } from '../data/project-files';
import { AppError } from '../core/app-error';
import type { Logger } from '../core/logger';
import { findIdentityOwner, identitiesOf } from './identities';
import { leaveProject, memberRecordsOf, membershipsOf } from './members';
import { purgeProject, purgeTeam } from './project-purge';
import { projectEntity, projectsByIds, type ProjectRecord } from './projects';
import { revokeSessionsOf } from './sessions';
import { getTeam, markTeamDisbanded, removeTeamMember, teamMembersOf, teamMembershipsOf, type TeamRecord } from './teams';
import { forgetNotificationsOf } from './notifications';
import { clearLeaving, deleteUserOps, markLeaving, type UserRecord } from './users';

export interface QuitBlockers {
  teams: { id: string; name: string }[];
  projects: { id: string; name: string }[];
}

interface QuitPlan extends QuitBlockers {
  /** Teams the account owns alone: disbanded with it. */
  soloTeams: TeamRecord[];
  /** Personal projects (or projects of a team disbanded with it) nobody else uses: destroyed with it. */
  ownProjects: ProjectRecord[];
  /** Teams and projects of others the account is a member of: it leaves them. */
  otherTeamIds: string[];
  otherProjectIds: string[];
}

const GONE = new Set(['purging', 'cloning']);

/** What the account owns and belongs to, and which of it keeps the account from leaving. */
export async function planQuit(userId: string): Promise<QuitPlan> {
  const [teamMemberships, memberships] = await Promise.all([teamMembershipsOf(userId), membershipsOf(userId)]);
  const plan: QuitPlan = { teams: [], projects: [], soloTeams: [], ownProjects: [], otherTeamIds: [], otherProjectIds: [] };
  for (const membership of teamMemberships) {
    if (membership.role !== 'owner') {
      plan.otherTeamIds.push(membership.teamId);
      continue;
    }
    const team = await getTeam(membership.teamId);
    if (!team || team.state !== 'active') continue;
    const others = (await teamMembersOf(team.id)).filter((m) => m.userId !== userId);
    if (others.length) plan.teams.push({ id: team.id, name: team.name });
    else plan.soloTeams.push(team);
  }
  const soloTeamIds = new Set(plan.soloTeams.map((t) => t.id));
  const projects = new Map((await projectsByIds(memberships.map((m) => m.projectId))).map((p) => [p.id, p]));
  for (const membership of memberships) {
    const project = projects.get(membership.projectId);
    if (!project || GONE.has(project.state)) continue;
    if (project.ownerId !== userId) {
      plan.otherProjectIds.push(project.id);
      continue;
    }
    // Nobody else sees a personal project in the recycle bin: it goes with the account.
    const others =
      project.state === 'recycled' && !project.teamId ? [] : (await memberRecordsOf(project.id)).filter((m) => m.userId !== userId);
    const inStayingTeam = project.teamId !== null && !soloTeamIds.has(project.teamId);
    if (others.length || inStayingTeam) plan.projects.push({ id: project.id, name: project.name });
    else plan.ownProjects.push(project);
  }
  return plan;
}

/** A project of the leaving account, out of reach at once and first in the purge queue (as "destroy" does). */
async function claimOwnProject(project: ProjectRecord, userId: string, now: Date) {
  await projectEntity.update(
    project,
    { set: { state: 'purging', purgeAt: now.toISOString() } },
    // Handed over meanwhile: no longer the account's to destroy.
    { when: eq('ownerId', userId), failure: () => new AppError('conflict') },
  );
}

function assertNotBlocked(plan: QuitPlan) {
  if (!plan.teams.length && !plan.projects.length) return;
  const names = [...plan.teams, ...plan.projects].map((b) => b.name).join(', ');
  throw new AppError('quitBlocked', { names }, { teams: plan.teams, projects: plan.projects });
}

/**
 * Deletes the account (see the file's comment). `user` is the account as read when its password was checked;
 * `keepSession` the caller's session, which goes in the last transaction. Blockers are `quitBlocked`.
 */
export async function quitAccount(user: UserRecord, keepSession: string, log: Logger, now = new Date()): Promise<void> {
  assertNotBlocked(await planQuit(user.id));
  const marked = await markLeaving(user, now);
  // Someone may have joined the account's project or team, or added it to theirs, between that look and the mark.
  // From the mark on nobody adds the account anywhere (`notLeavingCheck`), so a look taken now is the last word.
  const plan = await planQuit(user.id);
  try {
    assertNotBlocked(plan);
  } catch (err) {
    await clearLeaving(marked);
    throw err;
  }
  const revoked = await revokeSessionsOf(user.id, keepSession);
  const deadline = Date.now() + 5_000;
  for (const project of plan.ownProjects) {
    await claimOwnProject(project, user.id, now);
    await purgeProject(project.id, { deadline, log });
  }
  for (const team of plan.soloTeams) {
    await markTeamDisbanded(team, now);
    await purgeTeam(team.id, { deadline, log });
  }
  for (const teamId of plan.otherTeamIds) await removeTeamMember(teamId, user.id);
  // Takes the favourite of each project along.
  for (const projectId of plan.otherProjectIds) await leaveProject(projectId, user.id);
  const favorites = await queryAll<{ projectId: string }>(keys.favoritesOfUser(user.id));
  const folders = await queryAll<{ pk: string; sk: string }>(keys.foldersOf({ userId: user.id, teamId: null }));
  await batchWrite({
    deletes: [...favorites.map((f) => keys.favorite(f.projectId, user.id)), ...folders.map((f) => ({ pk: f.pk, sk: f.sk }))],
  });
  for (const identity of await identitiesOf(user.id)) {
    const owned = (await findIdentityOwner(identity.provider, identity.subject)) === user.id;
    await transact([
      { delete: keys.identityOfUser(user.id, identity.provider) },
      ...(owned ? [{ delete: keys.identityGuard(identity.provider, identity.subject), when: eq('userId', user.id) }] : []),
    ]);
  }
  await forgetNotificationsOf(user.id);
  await deleteAccountFiles(user.id);
  const last: TransactOp[] = [...(await deleteUserOps(marked)), { delete: keys.session(keepSession) }];
  await transact(last, () => new AppError('conflict'));
  // A session made in the moment between the revoke and the mark (a sign-in already past its check) goes too.
  await revokeSessionsOf(user.id);
  log.info('account deleted', {
    userId: user.id,
    revokedSessions: revoked,
    projectsDestroyed: plan.ownProjects.length,
    teamsDisbanded: plan.soloTeams.length,
    left: plan.otherTeamIds.length + plan.otherProjectIds.length,
  });
}
