import { describe, expect, it } from 'vitest';
import { atLeast, projectAbilities, resolveRole, ROLES, type AccessFacts, type ProjectAbilities, type Role } from './access';
import { routes, type RouteId } from './routes';

const OWNER = 'owner-1';
const ME = 'me-1';
const personal = { ownerId: OWNER, teamId: null, visibility: 'private' } as const;
const team = { ownerId: OWNER, teamId: 'team-1', visibility: 'private' } as const;
const publicTeam = { ...team, visibility: 'public' } as const;

const cases: [string, AccessFacts, Role | undefined][] = [
  ['anonymous on a private project', { userId: undefined, project: personal }, undefined],
  ['anonymous on a public project reads as guest', { userId: undefined, project: { ...personal, visibility: 'public' } }, 'guest'],
  ['the owner is the creator', { userId: OWNER, project: personal }, 'creator'],
  ['the owner is the creator without a member item', { userId: OWNER, project: team, teamRole: 'developer' }, 'creator'],
  ['the creator of a team project who left the team loses it', { userId: OWNER, project: team, memberRole: 'creator' }, undefined],
  [
    'the creator of a team project who is its team owner is still its creator',
    { userId: OWNER, project: team, teamRole: 'owner' },
    'creator',
  ],
  ['a stranger on a private project', { userId: ME, project: personal }, undefined],
  ['a stranger on a public project reads as guest', { userId: ME, project: { ...personal, visibility: 'public' } }, 'guest'],
  ['a direct viewer', { userId: ME, project: personal, memberRole: 'view' }, 'view'],
  ['a direct editor', { userId: ME, project: personal, memberRole: 'edit' }, 'edit'],
  ['a direct none on a private project', { userId: ME, project: personal, memberRole: 'none' }, undefined],
  [
    'a direct none on a public project still reads as guest',
    { userId: ME, project: { ...personal, visibility: 'public' }, memberRole: 'none' },
    'guest',
  ],
  ['a stale creator member item after a transfer edits', { userId: ME, project: personal, memberRole: 'creator' }, 'edit'],
  ['team owner operates every team project', { userId: ME, project: team, teamRole: 'owner' }, 'admin'],
  ['team admin operates every team project', { userId: ME, project: team, teamRole: 'admin', memberRole: 'view' }, 'admin'],
  ['team developer without membership', { userId: ME, project: team, teamRole: 'developer' }, undefined],
  ['team developer without membership on a public project', { userId: ME, project: publicTeam, teamRole: 'developer' }, 'guest'],
  ['team developer through a group', { userId: ME, project: team, teamRole: 'developer', groupRoles: ['view'] }, 'view'],
  ['the strongest of several groups', { userId: ME, project: team, teamRole: 'developer', groupRoles: ['view', 'edit', 'none'] }, 'edit'],
  [
    'a direct role wins over groups (down)',
    { userId: ME, project: team, teamRole: 'developer', memberRole: 'view', groupRoles: ['edit'] },
    'view',
  ],
  [
    'a direct role wins over groups (up)',
    { userId: ME, project: team, teamRole: 'developer', memberRole: 'edit', groupRoles: ['view'] },
    'edit',
  ],
  [
    'direct none excludes one person from a group',
    { userId: ME, project: team, teamRole: 'developer', memberRole: 'none', groupRoles: ['edit'] },
    undefined,
  ],
  ['a member who left the team loses a team project', { userId: ME, project: team, memberRole: 'edit', groupRoles: ['edit'] }, undefined],
  ['a member who left the team still reads a public team project', { userId: ME, project: publicTeam, memberRole: 'edit' }, 'guest'],
  ['a team role means nothing on a personal project', { userId: ME, project: personal, teamRole: 'owner' }, undefined],
];

describe('resolveRole', () => {
  it.each(cases)('%s', (_name, facts, expected) => {
    expect(resolveRole(facts)).toBe(expected);
  });
});

describe('atLeast', () => {
  it('orders every role and refuses no role at all', () => {
    for (const [i, role] of ROLES.entries()) {
      for (const [j, needed] of ROLES.entries()) expect(atLeast(role, needed)).toBe(i >= j);
      expect(atLeast(undefined, role)).toBe(false);
      expect(atLeast(null, role)).toBe(false);
    }
  });
});

/** The route each ability of the project screens stands for: the screens offer what the route would admit. */
const ABILITY_ROUTES: Record<keyof ProjectAbilities, RouteId[]> = {
  edit: ['document.create', 'document.update', 'document.delete'],
  share: ['share.create', 'share.update'],
  publish: ['release.publish'],
  environments: ['env.list'],
  export: ['export.start'],
  history: ['document.history', 'document.recent'],
  settings: ['project.members'],
};

/** The role a route's project grant asks for, and whether it admits only active projects. */
function projectRule(id: RouteId) {
  const access = routes[id].access as { grants: readonly { kind: string; role?: Role }[]; states?: readonly string[] };
  const role = access.grants.find((g) => g.kind === 'projectRole')?.role;
  if (!role) throw new Error(`${id} has no project role`);
  return { role, activeOnly: !!access.states && !access.states.includes('archived') };
}

describe('projectAbilities', () => {
  it.each(Object.entries(ABILITY_ROUTES))('%s is what its routes admit, for every role and project state', (ability, ids) => {
    for (const id of ids) {
      const rule = projectRule(id);
      for (const role of [...ROLES, undefined]) {
        for (const active of [true, false]) {
          const admitted = atLeast(role, rule.role) && (active || !rule.activeOnly);
          expect(projectAbilities(role, active)[ability as keyof ProjectAbilities], `${id} as ${role} (active: ${active})`).toBe(admitted);
        }
      }
    }
  });
});
