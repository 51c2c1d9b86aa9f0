import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { BatchWriteCommand, DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@shared/errors';
import { batchWrite, getItem, queryAll } from '../../functions/data/db';
import { dynamo } from '../../functions/data/dynamo-client';
import { ENTITY, keys } from '../../functions/data/keys';
import { s3 } from '../../functions/data/s3';
import { DAY_MS, projectEntity } from '../../functions/domain/projects';
import { runPurge } from '../../functions/domain/project-purge';
import { signUp, useLocalApi } from '../support/local-api';

// These tests write and purge thousands of items; in a full run they share DynamoDB Local with the access walk's
// bursts (130 requests queued at a time), and a 5,000-document purge then takes minutes, not seconds.
vi.setConfig({ testTimeout: 180_000 });

const api = useLocalApi();

async function projectWithDocs(token: string, count: number, name = 'Big') {
  const res = await api.call('project.create', { token, body: { name } });
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

const docsOf = (projectId: string) => queryAll<{ projectId: string; parentId: string; name: string }>(keys.documentsOf(projectId));

const putFile = async (projectId: string, name: string, body: string) =>
  (await s3()).send(
    new PutObjectCommand({ Bucket: process.env.FILES_BUCKET, Key: `${keys.projectFilesPrefix(projectId)}${name}`, Body: body }),
  );

describe('clone', () => {
  it('copies the project, every document and its files under the new name, owned by the cloner', async () => {
    const { token, userId } = await signUp();
    const source = await projectWithDocs(token, 120);
    await api.call('project.favorAdd', { params: { id: source }, token });
    await putFile(source, 'files/AbCdEfGhIjKlMnOpQrStUv', 'PNGDATA');
    const res = await api.call('project.clone', { params: { id: source }, token, query: { name: 'Big (copy)' } });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ name: 'Big (copy)', ownerId: userId, role: 'creator', state: 'active', favorite: false });
    const copy = await docsOf(res.data.id);
    expect(copy).toHaveLength(120);
    expect(copy.every((d) => d.projectId === res.data.id)).toBe(true);
    expect(copy.find((d) => d.name === 'Document 0')?.parentId).toBe(res.data.id);
    expect(await docsOf(source)).toHaveLength(120);
    const file = await (
      await s3()
    ).send(new GetObjectCommand({ Bucket: process.env.FILES_BUCKET, Key: keys.fileObject(res.data.id, 'AbCdEfGhIjKlMnOpQrStUv') }));
    expect(await file.Body!.transformToString()).toBe('PNGDATA');
    const mine = await api.call('project.personal', { token });
    expect(mine.data.map((p) => p.id)).toContain(res.data.id);
  });

  it('refuses a name over 64 characters', async () => {
    const { token } = await signUp();
    const source = await projectWithDocs(token, 1);
    const res = await api.call('project.clone', { params: { id: source }, token, query: { name: 'x'.repeat(65) } });
    expect(res.code).toBe(ERRORS.invalidInput.code);
  });

  it('a failure half way leaves no visible copy, and the purge job clears what it left', async () => {
    const { token } = await signUp();
    const source = await projectWithDocs(token, 2500);
    const before = (await api.call('project.personal', { token })).data;

    const client = dynamo();
    const send = client.send.bind(client);
    let batches = 0;
    const spy = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof BatchWriteCommand && ++batches === 40) throw new Error('injected fault mid-copy');
      return send(command as never);
    }) as never);
    let res;
    try {
      res = await api.call('project.clone', { params: { id: source }, token, query: { name: 'Half' } });
    } finally {
      spy.mockRestore();
    }
    expect(batches).toBeGreaterThanOrEqual(40);
    expect(res.code).toBe(ERRORS.system.code);
    expect(res.message).not.toContain('injected');

    const after = (await api.call('project.personal', { token })).data;
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
    const search = await api.call('project.search', { token, query: { keyword: 'Half' } });
    expect(search.data).toEqual([]);

    const leftovers = (await queryAll<{ id: string; state: string; clonedFrom?: string }>(keys.purgeQueue())).filter(
      (p) => p.clonedFrom === source,
    );
    expect(leftovers).toHaveLength(1);
    const orphan = leftovers[0]!;
    expect(orphan.state).toBe('cloning');
    expect((await api.call('project.get', { params: { id: orphan.id }, token })).code).toBe(ERRORS.notFound.code);

    expect((await runPurge({ now: new Date(Date.now() + DAY_MS - 60_000) })).purged).not.toContain(orphan.id);
    expect((await runPurge({ now: new Date(Date.now() + DAY_MS + 60_000) })).purged).toContain(orphan.id);
    expect(await queryAll(keys.projectItems(orphan.id))).toEqual([]);
    expect(await docsOf(source)).toHaveLength(2500);
  });
});

describe('purge job', () => {
  it('purges at 30 days + 1 second, not at 30 days - 1 second, and a second run is harmless', async () => {
    const { token } = await signUp();
    const id = await projectWithDocs(token, 30);
    await putFile(id, 'attachments/a.txt', 'hello');
    await api.call('project.recycle', { params: { id }, token });
    const [binned] = (await api.call('project.recycler', { token })).data;
    const recycledAt = new Date(binned!.recycledAt!).getTime();
    const thirtyDays = 30 * DAY_MS;

    const early = await runPurge({ now: new Date(recycledAt + thirtyDays - 1000) });
    expect(early.purged).not.toContain(id);
    expect(await getItem(keys.project(id))).toBeDefined();

    const due = await runPurge({ now: new Date(recycledAt + thirtyDays + 1000) });
    expect(due.purged).toContain(id);
    expect(await queryAll(keys.projectItems(id))).toEqual([]);
    await expect(
      (await s3()).send(new GetObjectCommand({ Bucket: process.env.FILES_BUCKET, Key: `${keys.projectFilesPrefix(id)}attachments/a.txt` })),
    ).rejects.toThrow();
    expect((await api.call('project.recycler', { token })).data).toEqual([]);

    const again = await runPurge({ now: new Date(recycledAt + thirtyDays + 1000) });
    expect(again.purged).not.toContain(id);
  });

  it('purges a 5,000-document project, resuming when a run runs out of time', async () => {
    const { token } = await signUp();
    const id = await projectWithDocs(token, 5000);
    await api.call('project.recycle', { params: { id }, token });
    const later = new Date(Date.now() + 31 * DAY_MS);

    const outOfTime = await runPurge({ now: later, deadline: Date.now() - 1 });
    expect(outOfTime.unfinished).toContain(id);
    expect(await docsOf(id)).toHaveLength(5000);

    const finished = await runPurge({ now: later });
    expect(finished.purged).toContain(id);
    expect(finished.itemsDeleted).toBeGreaterThanOrEqual(5001);
    expect(await queryAll(keys.projectItems(id))).toEqual([]);
  });

  it('a recycled project can no longer be restored once its 30 days are over, even before the purge runs', async () => {
    const { token } = await signUp();
    const id = await projectWithDocs(token, 3);
    await api.call('project.recycle', { params: { id }, token });
    const dueIn = async (ms: number) => projectEntity.update({ id }, { set: { purgeAt: new Date(Date.now() + ms).toISOString() } });

    await dueIn(-1000);
    for (const lang of ['zh', 'en']) {
      const late = await api.call('project.recyclerRevert', { params: { id }, token, headers: { 'accept-language': lang } });
      expect(late.code).toBe(ERRORS.retentionExpired.code);
      expect(late.message).toMatch(lang === 'zh' ? /30 天/ : /30 days/);
    }
    expect((await getItem<{ state: string }>(keys.project(id)))?.state).toBe('recycled');

    await dueIn(60_000);
    expect((await api.call('project.recyclerRevert', { params: { id }, token })).code).toBe(0);
    expect(await docsOf(id)).toHaveLength(3);
  });

  /**
   * A restore fired while the purge job works on the same project, at several points of the run: before the
   * purge claims the project, right after, half way through its pages and just before the last item goes. The
   * restore either wins completely (the project comes back whole and the purge leaves it) or is refused with a
   * clear code (and the project is gone completely). Never both, never half.
   */
  const RACE_POINTS: [string, (c: unknown, counts: { updates: number; batches: number }) => boolean, 'restored' | 'purged'][] = [
    ['before the purge claims it', (c, n) => c instanceof UpdateCommand && n.updates === 1, 'restored'],
    ['right after the claim', (c, n) => c instanceof BatchWriteCommand && n.batches === 1, 'purged'],
    ['half way through its pages', (c, n) => c instanceof BatchWriteCommand && n.batches === 60, 'purged'],
    ['just before the last item', (c) => c instanceof DeleteCommand, 'purged'],
  ];

  it.each(RACE_POINTS)(
    'a restore racing the purge (%s) wins completely or is refused; nothing is half lost',
    async (_point, isPoint, outcome) => {
      const { token } = await signUp();
      const id = await projectWithDocs(token, 3000);
      await api.call('project.recycle', { params: { id }, token });
      // Not yet due by the clock of the restore (a minute to spare, however slow the purge is to reach the point);
      // already due by the clock of the purge run below.
      await projectEntity.update({ id }, { set: { purgeAt: new Date(Date.now() + 60_000).toISOString() } });

      const client = dynamo();
      const send = client.send.bind(client);
      const counts = { updates: 0, batches: 0 };
      let restore: Promise<{ code: number }> | undefined;
      const spy = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
        if (!restore) {
          if (command instanceof UpdateCommand) counts.updates++;
          if (command instanceof BatchWriteCommand) counts.batches++;
          if (isPoint(command, counts)) {
            restore = api.call('project.recyclerRevert', { params: { id }, token });
            await restore;
          }
        }
        return send(command as never);
      }) as never);
      try {
        await runPurge({ now: new Date(Date.now() + 120_000), pageSize: 25 });
      } finally {
        spy.mockRestore();
      }

      expect(restore, 'the restore was fired').toBeDefined();
      const answer = await restore!;
      const meta = await getItem<{ state: string }>(keys.project(id));
      expect(answer.code === 0 ? 'restored' : 'purged').toBe(outcome);
      if (answer.code === 0) {
        expect(meta?.state).toBe('active');
        expect(await docsOf(id)).toHaveLength(3000);
        expect((await api.call('project.get', { params: { id }, token })).data.state).toBe('active');
      } else {
        expect([ERRORS.notFound.code, ERRORS.retentionExpired.code, ERRORS.wrongState.code]).toContain(answer.code);
        expect(meta).toBeUndefined();
        expect(await queryAll(keys.projectItems(id))).toEqual([]);
      }
    },
  );
});
