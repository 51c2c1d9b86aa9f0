/** A project's latest saves (`document.recent`), which its overview page lists: newest first, who and when, no folders. */
import { describe, expect, it } from 'vitest';
import { RECENT_CHANGES_SHOWN } from '@shared/constants';
import { routes, type RouteId } from '@shared/routes';
import { buildPath } from '@shared/routes/path';
import type { DocumentView, RecentChange } from '@shared/schemas/document';
import type { ProjectView } from '@shared/schemas/project';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();

/** Calls a route by its id, so a renamed path fails the type check, not this test. */
const call = <T>(id: RouteId, token: string, params: Record<string, string> = {}, body?: unknown) =>
  api.call<T>(routes[id].method, buildPath(routes[id], params), { token, ...(body === undefined ? {} : { body }) });

describe('recent changes', () => {
  it('lists the latest saves newest first, with the note, who saved and when, leaving folders out and stopping at the limit', async () => {
    const writer = await signUp('Recent Writer');
    const project = (await call<ProjectView>('project.create', writer.token, {}, { name: 'Recent' })).data;
    const create = async (name: string, type = 'doc') =>
      (
        await call<DocumentView>(
          'document.create',
          writer.token,
          {},
          { projectId: project.id, name, type, content: type === 'doc' ? { markdown: name } : {} },
        )
      ).data;
    await create('Guides', 'folder');
    const first = await create('First');
    const others = [];
    for (let i = 0; i < RECENT_CHANGES_SHOWN; i++) others.push(await create(`Other ${i}`));
    const saved = await call<DocumentView>(
      'document.update',
      writer.token,
      {},
      { id: first.id, rev: first.rev, comment: 'Second pass', content: { markdown: 'again' } },
    );
    expect(saved.code).toBe(0);

    const recent = await call<RecentChange[]>('document.recent', writer.token, { projectId: project.id });
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
