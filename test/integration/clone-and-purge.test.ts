import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectView } from '../../shared/schemas/project';
import { ERRORS } from '../../shared/errors';
import { batchWrite, getItem, queryAll } from '../../functions/data/db';
import { dynamo } from '../../functions/data/dynamo-client';
import { ENTITY, keys } from '../../functions/data/keys';
import { s3 } from '../../functions/data/s3-client';
import { DAY_MS } from '../../functions/data/projects';
import { runPurge } from '../../functions/jobs/purge/purge';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();

async function projectWithDocs(token: string, count: number, name = 'Big') {
  const res = await api.call<ProjectView>('PUT', '/project', { token, body: { name } });
  const id = res.data.id;
  const puts = Array.from({ length: count }, (_, i) => ({
    ...keys.document(id, `d${String(i).padStart(5, '0')}`),
    ...ENTITY.document,
    projectId: id,
    parentId: i === 0 ? id : 'd00000',
    name: `Document ${i}`,
  }));
  await batchWrite({ puts });
  return id;
}

const docsOf = (projectId: string) =>
  queryAll<{ projectId: string; parentId: string; name: string }>({ partition: keys.projectPartition(projectId), sortBeginsWith: 'DOC#' });

const putFile = (projectId: string, name: string, body: string) =>
  s3().send(new PutObjectCommand({ Bucket: process.env.FILES_BUCKET, Key: `${keys.projectFilesPrefix(projectId)}${name}`, Body: body }));

describe('clone', () => {
  it('copies the project, every document and its files under the new name, owned by the cloner', async () => {
    const { token, userId } = await signUp(api);
    const source = await projectWithDocs(token, 120);
    await api.call('PUT', `/project/favor/${source}`, { token });
    await putFile(source, 'images/logo.png', 'PNGDATA');
    const res = await api.call<ProjectView>('POST', `/project/clone/${source}`, { token, query: { name: 'Big (copy)' } });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ name: 'Big (copy)', ownerId: userId, role: 'creator', state: 'active', favorite: false });
    const copy = await docsOf(res.data.id);
    expect(copy).toHaveLength(120);
    expect(copy.every((d) => d.projectId === res.data.id)).toBe(true);
    expect(copy.find((d) => d.name === 'Document 0')?.parentId).toBe(res.data.id);
    expect(await docsOf(source)).toHaveLength(120);
    const file = await s3().send(
      new GetObjectCommand({ Bucket: process.env.FILES_BUCKET, Key: `${keys.projectFilesPrefix(res.data.id)}images/logo.png` }),
    );
    expect(await file.Body!.transformToString()).toBe('PNGDATA');
    const mine = await api.call<ProjectView[]>('GET', '/project/personal', { token });
    expect(mine.data.map((p) => p.id)).toContain(res.data.id);
  });

  it('refuses a name over 64 characters', async () => {
    const { token } = await signUp(api);
    const source = await projectWithDocs(token, 1);
    const res = await api.call('POST', `/project/clone/${source}`, { token, query: { name: 'x'.repeat(65) } });
    expect(res.code).toBe(ERRORS.invalidInput.code);
  });

  it('a failure half way leaves no visible copy, and the purge job clears what it left', async () => {
    const { token } = await signUp(api);
    const source = await projectWithDocs(token, 2500);
    const before = (await api.call<ProjectView[]>('GET', '/project/personal', { token })).data;

    const client = dynamo();
    const send = client.send.bind(client);
    let batches = 0;
    const spy = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof BatchWriteCommand && ++batches === 40) throw new Error('injected fault mid-copy');
      return send(command as never);
    }) as never);
    let res;
    try {
      res = await api.call('POST', `/project/clone/${source}`, { token, query: { name: 'Half' } });
    } finally {
      spy.mockRestore();
    }
    expect(batches).toBeGreaterThanOrEqual(40);
    expect(res.code).toBe(ERRORS.system.code);
    expect(res.message).not.toContain('injected');

    const after = (await api.call<ProjectView[]>('GET', '/project/personal', { token })).data;
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
    const search = await api.call<ProjectView[]>('GET', '/project/search', { token, query: { keyword: 'Half' } });
    expect(search.data).toEqual([]);

    const leftovers = (await queryAll<{ id: string; state: string; clonedFrom?: string }>({ index: 'gsi2', partition: keys.purgeQueue() })).filter(
      (p) => p.clonedFrom === source,
    );
    expect(leftovers).toHaveLength(1);
    const orphan = leftovers[0]!;
    expect(orphan.state).toBe('cloning');
    expect((await api.call('GET', `/project/${orphan.id}`, { token })).code).toBe(ERRORS.notFound.code);

    expect((await runPurge({ now: new Date(Date.now() + DAY_MS - 60_000) })).purged).not.toContain(orphan.id);
    expect((await runPurge({ now: new Date(Date.now() + DAY_MS + 60_000) })).purged).toContain(orphan.id);
    expect(await queryAll({ partition: keys.projectPartition(orphan.id) })).toEqual([]);
    expect(await docsOf(source)).toHaveLength(2500);
  });
});

describe('purge job', () => {
  it('purges at 30 days + 1 second, not at 30 days - 1 second, and a second run is harmless', async () => {
    const { token } = await signUp(api);
    const id = await projectWithDocs(token, 30);
    await putFile(id, 'attachments/a.txt', 'hello');
    await api.call('DELETE', `/project/${id}`, { token });
    const [binned] = (await api.call<ProjectView[]>('GET', '/project/recycler', { token })).data;
    const recycledAt = new Date(binned!.recycledAt!).getTime();
    const thirtyDays = 30 * DAY_MS;

    const early = await runPurge({ now: new Date(recycledAt + thirtyDays - 1000) });
    expect(early.purged).not.toContain(id);
    expect(await getItem(keys.project(id))).toBeDefined();

    const due = await runPurge({ now: new Date(recycledAt + thirtyDays + 1000) });
    expect(due.purged).toContain(id);
    expect(await queryAll({ partition: keys.projectPartition(id) })).toEqual([]);
    await expect(
      s3().send(new GetObjectCommand({ Bucket: process.env.FILES_BUCKET, Key: `${keys.projectFilesPrefix(id)}attachments/a.txt` })),
    ).rejects.toThrow();
    expect((await api.call<ProjectView[]>('GET', '/project/recycler', { token })).data).toEqual([]);

    const again = await runPurge({ now: new Date(recycledAt + thirtyDays + 1000) });
    expect(again.purged).not.toContain(id);
  });

  it('purges a 5,000-document project, resuming when a run runs out of time', async () => {
    const { token } = await signUp(api);
    const id = await projectWithDocs(token, 5000);
    await api.call('DELETE', `/project/${id}`, { token });
    const later = new Date(Date.now() + 31 * DAY_MS);

    const outOfTime = await runPurge({ now: later, deadline: Date.now() - 1 });
    expect(outOfTime.unfinished).toContain(id);
    expect(await docsOf(id)).toHaveLength(5000);

    const finished = await runPurge({ now: later });
    expect(finished.purged).toContain(id);
    expect(finished.itemsDeleted).toBeGreaterThanOrEqual(5001);
    expect(await queryAll({ partition: keys.projectPartition(id) })).toEqual([]);
  });
});
