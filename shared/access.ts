/**
 * Who may do what on a project (spec section 6), decided in one place. The Lambda runtime turns the facts of a
 * request into an effective role with `resolveRole` and admits or refuses by `atLeast`; the web app decides what
 * to show with the same two functions and the role the API reports, so the two can never disagree.
 */

/** Roles a member can be given on a project; `none` keeps one person out of what their groups grant. */
export const MEMBER_ROLES = ['edit', 'view', 'none'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const TEAM_ROLES = ['owner', 'admin', 'developer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

const TEAM_RANK: Record<TeamRole, number> = { developer: 0, admin: 1, owner: 2 };
/** Team roles rank developer < admin < owner. */
export const atLeastTeamRole = (role: TeamRole | null | undefined, needed: TeamRole): boolean =>
  !!role && TEAM_RANK[role] >= TEAM_RANK[needed];

/** What a team role may do in its team (spec section 6): the API reports it, the web app shows what works. */
export function teamAbilities(role: TeamRole) {
  const owner = role === 'owner';
  const manager = atLeastTeamRole(role, 'admin');
  return {
    editTeam: manager,
    manageMembers: manager,
    manageAdmins: owner,
    manageGroups: manager,
    invite: manager,
    createProjects: true,
    operateAllProjects: manager,
    transfer: owner,
    disband: owner,
    quit: !owner,
  };
}

/**
 * Effective roles, weakest first. `guest` reads a public project; `admin` is a team owner or administrator
 * operating a project of their team (everything a creator may, except handing the project to someone else).
 */
export const ROLES = ['guest', 'view', 'edit', 'admin', 'creator'] as const;
export type Role = (typeof ROLES)[number];

/** What a route may require: at least this role. */
export type RequiredRole = Exclude<Role, 'guest'>;

const RANK: Record<Role, number> = { guest: 0, view: 1, edit: 2, admin: 3, creator: 4 };

export const atLeast = (role: Role | null | undefined, needed: Role): boolean => !!role && RANK[role] >= RANK[needed];

/** The stronger of two roles. */
export const stronger = <R extends Role | MemberRole>(a: R | undefined, b: R | undefined): R | undefined => {
  if (!a || a === 'none') return b ?? a;
  if (!b || b === 'none') return a;
  const rank: Record<string, number> = RANK;
  return rank[a]! >= rank[b]! ? a : b;
};

export interface AccessFacts {
  /** The signed-in caller, if any. */
  userId: string | undefined;
  project: { ownerId: string; teamId: string | null; visibility: 'private' | 'public' };
  /** The caller's own member item on the project. */
  memberRole?: MemberRole | 'creator' | undefined;
  /** The caller's role in the project's team (absent when the project is personal or the caller is not in it). */
  teamRole?: TeamRole | undefined;
  /** Roles the project grants to user groups the caller belongs to. */
  groupRoles?: readonly MemberRole[];
}

/**
 * The caller's effective role on a project, or undefined when they may not see it at all.
 * - On a team project only people still in the team count: leaving or being removed from the team ends their
 *   access on the next request, whatever they were (its creator included) and whatever member items remain.
 * - The creator (the project's owner) has every right.
 * - A team owner or administrator operates every project of their team.
 * - A direct member role wins over every group binding, so `none` excludes one member of a bound group.
 * - Otherwise the strongest role among the caller's bound groups.
 * - Anyone else reads a public project as a guest.
 */
export function resolveRole(facts: AccessFacts): Role | undefined {
  const { userId, project } = facts;
  const publicRead = project.visibility === 'public' ? ('guest' as const) : undefined;
  if (!userId) return publicRead;
  if (project.teamId && !facts.teamRole) return publicRead;
  if (project.ownerId === userId) return 'creator';
  if (project.teamId && (facts.teamRole === 'owner' || facts.teamRole === 'admin')) return 'admin';
  // A member item that still says `creator` after a transfer is not the owner any more: it edits.
  const direct = facts.memberRole === 'creator' ? 'edit' : facts.memberRole;
  const granted = direct ?? (facts.groupRoles ?? []).reduce<MemberRole | undefined>((best, r) => stronger(best, r), undefined);
  return granted && granted !== 'none' ? granted : publicRead;
}

/**
 * What a project role lets its holder do on the project's screens, by the rules its routes check (spec section 6;
 * shared/access.test.ts holds each ability to its route). `active`: the project is neither archived nor in the
 * recycle bin, which refuse every change. A guest of a public project reads only what is public.
 */
export function projectAbilities(role: Role | null | undefined, active: boolean) {
  const member = atLeast(role, 'view');
  const edits = atLeast(role, 'edit') && active;
  return {
    /** Write documents: create, save, move, bin (`document.create`). */
    edit: edits,
    /** Make and manage share links (`share.create`). */
    share: edits,
    /** Publish and delete releases (`release.publish`). */
    publish: edits,
    /** The project's environments and global parameters (`env.list`). */
    environments: member,
    /** Export the project (`export.start`). */
    export: member,
    /** A document's history and the project's recent changes (`document.history`, `document.recent`). */
    history: member,
    /** The project's settings pages, which start with its members (`project.members`). */
    settings: member,
  };
}
export type ProjectAbilities = ReturnType<typeof projectAbilities>;
