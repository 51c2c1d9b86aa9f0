import { describe, expect, it } from 'vitest';
import { teamAbilities } from '@shared/access';
import type { TeamStanding } from '@shared/schemas/team';
import { memberRole, teamMemberActions } from './permissions';

const can: (role: 'owner' | 'admin' | 'developer') => TeamStanding['can'] = teamAbilities;
const row = (userId: string, role: 'owner' | 'admin' | 'developer') => ({ userId, role });

describe('team member actions', () => {
  it('the owner names and dismisses administrators and removes anyone but themselves', () => {
    expect(teamMemberActions(can('owner'), row('d', 'developer'), 'o')).toEqual({
      grantAdmin: true,
      revokeAdmin: false,
      move: true,
      remove: true,
    });
    expect(teamMemberActions(can('owner'), row('a', 'admin'), 'o')).toEqual({
      grantAdmin: false,
      revokeAdmin: true,
      move: true,
      remove: true,
    });
    expect(teamMemberActions(can('owner'), row('o', 'owner'), 'o')).toEqual({
      grantAdmin: false,
      revokeAdmin: false,
      move: true,
      remove: false,
    });
  });

  it('an administrator groups everyone and removes developers only, never the owner, another administrator or themselves', () => {
    expect(teamMemberActions(can('admin'), row('d', 'developer'), 'a')).toEqual({
      grantAdmin: false,
      revokeAdmin: false,
      move: true,
      remove: true,
    });
    expect(teamMemberActions(can('admin'), row('b', 'admin'), 'a').remove).toBe(false);
    expect(teamMemberActions(can('admin'), row('a', 'admin'), 'a').remove).toBe(false);
    expect(teamMemberActions(can('admin'), row('o', 'owner'), 'a').remove).toBe(false);
  });

  it('a developer changes nothing', () => {
    for (const target of [row('d', 'developer'), row('a', 'admin'), row('o', 'owner')]) {
      expect(teamMemberActions(can('developer'), target, 'x')).toEqual({
        grantAdmin: false,
        revokeAdmin: false,
        move: false,
        remove: false,
      });
    }
  });
});

describe('project member roles', () => {
  it('fix the creator, show a leftover creator item as edit and the rest as they are', () => {
    expect(memberRole({ userId: 'c', role: 'creator' }, 'c')).toBe('creator');
    expect(memberRole({ userId: 'old', role: 'creator' }, 'c')).toBe('edit');
    for (const role of ['edit', 'view', 'none'] as const) expect(memberRole({ userId: 'm', role }, 'c')).toBe(role);
  });
});
