/** A project's latest saves (`document.recent`), which its overview page lists: newest first, who and when, no folders. */
import { describe, expect, it } from 'vitest';
import { RECENT_CHANGES_SHOWN } from '@shared/constants';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();

describe('recent changes', () => {
  it('lists the latest saves newest first, with the note, who saved and when, leaving folders out and stopping at the limit', async () => {
    const writer = await signUp('Recent Writer');
    const project = (await api.call('project.create', { token: writer.token, body: { name: 'Recent' } })).data;
    const create = async (name: string, type: 'doc' | 'folder' = 'doc') =>
      (
        await api.call('document.create', {
          token: writer.token,
          body: { projectId: project.id, name, type, content: type === 'doc' ? { markdown: name } : {} },
        })
      ).data;
    await create('Guides', 'folder');
    const first = await create('First');
    const others = [];
    for (let i = 0; i < RECENT_CHANGES_SHOWN; i++) others.push(await create(`Other ${i}`));
    const saved = await api.call('document.update', {
      token: writer.token,
      body: { id: first.id, rev: first.rev, comment: 'Second pass', content: { markdown: 'again' } },
    });
    expect(saved.code).toBe(0);

    const recent = await api.call('document.recent', { params: { projectId: project.id }, token: writer.token });
    expect(recent.code).toBe(0);
    expect(recent.data).toHaveLength(RECENT_CHANGES_SHOWN);
    expect(recent.data[0]).toMatchObject({
      id: first.id,
      name: 'First',
      type: 'doc',
      comment: 'Second pass',
      rev: 2,
      updatedByName: 'Recent Writer',
    });
    expect(recent.data.map((c) => c.name)).not.toContain('Guides');
    const times = recent.data.map((c) => c.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
    // The oldest of the rest is past the limit.
    expect(recent.data.map((c) => c.id)).not.toContain(others[0]!.id);
  });
});
