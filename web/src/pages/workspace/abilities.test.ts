import { describe, expect, it } from 'vitest';
import { workspaceAbilities } from './abilities';

const live = { signedIn: true };

describe('the workspace role gates', () => {
  it('an editor of an active project edits, shares, publishes and reaches every page of the live project', () => {
    expect(workspaceAbilities({ role: 'edit', state: 'active' }, live)).toEqual({
      edit: true,
      publish: true,
      share: true,
      environments: true,
      export: true,
      settings: true,
      history: true,
      recentChanges: true,
    });
  });

  it('a release is read only: no editing, environments or history, whatever the role', () => {
    const gates = workspaceAbilities({ role: 'creator', state: 'active' }, { version: 'v1.0', signedIn: true });
    expect(gates).toMatchObject({ edit: false, environments: false, history: false, share: true, publish: true, recentChanges: true });
  });

  it('an archived project is read, not changed', () => {
    expect(workspaceAbilities({ role: 'creator', state: 'archived' }, live)).toMatchObject({
      edit: false,
      share: false,
      publish: false,
      export: true,
    });
  });

  it('a viewer reads and exports; a guest of a public project only reads the tree and documents', () => {
    expect(workspaceAbilities({ role: 'view', state: 'active' }, live)).toMatchObject({
      edit: false,
      share: false,
      export: true,
      recentChanges: true,
    });
    expect(Object.values(workspaceAbilities({ role: 'guest', state: 'active' }, { signedIn: false })).some(Boolean)).toBe(false);
    expect(Object.values(workspaceAbilities(undefined, live)).some(Boolean)).toBe(false);
  });

  it('pages that need a session are not offered without one', () => {
    expect(workspaceAbilities({ role: 'view', state: 'active' }, { signedIn: false })).toMatchObject({
      export: false,
      settings: false,
      history: false,
    });
  });
});
