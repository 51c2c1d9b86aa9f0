import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { dynamo } from '../../functions/data/dynamo-client';
import { s3 } from '../../functions/data/s3';
import {
  and,
  batchWrite,
  ConditionFailed,
  deleteItem,
  eq,
  getItem,
  notExists,
  or,
  putItem,
  queryAll,
  queryPage,
  skip,
  transact,
  updateItem,
} from '../../functions/data/db';
import { AppError } from '../../functions/core/app-error';

// The data layer's own tests write made-up partitions that belong to no entity, so they build their own keys.
// eslint-disable-next-line no-restricted-syntax
const pk = (name: string) => `TEST#${name}#${Math.random().toString(36).slice(2)}`;

describe('conditional writes', () => {
  it('put ifNotExists refuses a second create and hands back the current item', async () => {
    const key = { pk: pk('create'), sk: 'A' };
    await putItem({ ...key, value: 1 }, notExists());
    const err = await putItem({ ...key, value: 2 }, notExists()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConditionFailed);
    expect((err as ConditionFailed).current?.value).toBe(1);
    expect((await getItem(key))?.value).toBe(1);
  });

  it('update on a revision bumps it and refuses a stale one', async () => {
    const key = { pk: pk('rev'), sk: 'A' };
    await putItem({ ...key, title: 'v1', rev: 1 });
    const next = await updateItem(key, { set: { title: 'v2' }, bumpRev: true }, eq('rev', 1));
    expect(next).toMatchObject({ title: 'v2', rev: 2 });
    await expect(updateItem(key, { set: { title: 'stale' }, bumpRev: true }, eq('rev', 1))).rejects.toBeInstanceOf(ConditionFailed);
    expect((await getItem(key))?.title).toBe('v2');
  });

  it('a declared failure decides what a failed condition means: its error, or a write skipped', async () => {
    const key = { pk: pk('failure'), sk: 'A' };
    await putItem({ ...key, state: 'archived', rev: 4 });
    const refusal = await updateItem(
      key,
      { set: { state: 'active' } },
      { when: eq('state', 'recycled'), failure: (current) => new AppError('wrongState', { was: String(current?.state) }) },
    ).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ key: 'wrongState', params: { was: 'archived' } });
    expect(await updateItem(key, { set: { state: 'active' } }, { when: eq('state', 'recycled'), failure: skip })).toBeUndefined();
    expect(await putItem({ ...key, state: 'gone' }, { when: notExists(), failure: skip })).toBe(false);
    expect((await getItem(key))?.state).toBe('archived');
  });

  it('conditions combine without their placeholders clashing', async () => {
    const key = { pk: pk('combine'), sk: 'A' };
    await putItem({ ...key, state: 'recycled', rev: 2, purgeAt: '2020-01-01' });
    const when = and(or(eq('state', 'purging'), and(eq('state', 'recycled'), eq('purgeAt', '2020-01-01'))), eq('rev', 2));
    expect(await updateItem(key, { set: { state: 'purging', rev: 3 } }, when)).toMatchObject({ state: 'purging', rev: 3 });
  });

  it('treats items past their TTL as absent', async () => {
    const key = { pk: pk('ttl'), sk: 'A' };
    await putItem({ ...key, expiresAt: Math.floor(Date.now() / 1000) - 1 });
    expect(await getItem(key)).toBeUndefined();
    expect(await queryAll({ partition: { pk: key.pk } })).toEqual([]);
  });

  it('delete with a condition leaves the item when the condition fails', async () => {
    const key = { pk: pk('del'), sk: 'A' };
    await putItem({ ...key, owner: 'a' });
    await expect(deleteItem(key, eq('owner', 'b'))).rejects.toBeInstanceOf(ConditionFailed);
    expect(await getItem(key)).toBeDefined();
  });
});

describe('queries and batches', () => {
  // Writes and reads over 1 MB: in a full run beside the access walk's bursts it has taken over 30 s.
  it('reads every page of a partition larger than one 1 MB page', { timeout: 120_000 }, async () => {
    const partition = pk('pages');
    const pad = 'x'.repeat(1500);
    const puts = Array.from({ length: 1200 }, (_, i) => ({ pk: partition, sk: String(i).padStart(5, '0'), pad }));
    await batchWrite({ puts });
    const first = await queryPage({ partition: { pk: partition } });
    expect(first.cursor).toBeDefined();
    const all = await queryAll<{ sk: string }>({ partition: { pk: partition } });
    expect(all).toHaveLength(1200);
    expect(all.map((i) => i.sk)).toEqual(puts.map((p) => p.sk));
    const limited = await queryAll({ partition: { pk: partition }, limit: 30, descending: true });
    expect(limited).toHaveLength(30);
    expect(limited[0]?.sk).toBe('01199');
  });

  it('retries what DynamoDB leaves unprocessed until everything is written', async () => {
    const partition = pk('unprocessed');
    const client = dynamo();
    const realSend = client.send.bind(client);
    let throttled = 0;
    const spy = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof BatchWriteCommand && throttled < 3) {
        throttled++;
        // Pretend DynamoDB took only the first item of the batch.
        const [table, requests] = Object.entries(command.input.RequestItems ?? {})[0]!;
        await realSend(new BatchWriteCommand({ RequestItems: { [table]: requests.slice(0, 1) } }));
        return { UnprocessedItems: { [table]: requests.slice(1) } };
      }
      return realSend(command as never);
    }) as never);
    try {
      const puts = Array.from({ length: 30 }, (_, i) => ({ pk: partition, sk: String(i).padStart(3, '0') }));
      await batchWrite({ puts }, { backoff: { maxAttempts: 8, baseMs: 1, capMs: 5 } });
      expect(throttled).toBe(3);
      expect(await queryAll({ partition: { pk: partition } })).toHaveLength(30);
    } finally {
      spy.mockRestore();
    }
  });

  it('gives up with the catalogued "busy" error when items stay unprocessed', async () => {
    const client = dynamo();
    const spy = vi.spyOn(client, 'send').mockImplementation((async (command: BatchWriteCommand) => ({
      UnprocessedItems: command.input.RequestItems,
    })) as never);
    try {
      const err = await batchWrite({ puts: [{ pk: pk('stuck'), sk: 'A' }] }, { backoff: { maxAttempts: 3, baseMs: 1, capMs: 5 } }).catch(
        (e: unknown) => e,
      );
      expect(err).toMatchObject({ key: 'serviceBusy' });
      expect(String((err as Error).cause)).toMatch(/unprocessed after 3 attempts/);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('transactions', () => {
  it('writes all or nothing and names the operation whose condition failed', async () => {
    const taken = { pk: pk('tx'), sk: 'GUARD' };
    await putItem(taken);
    const fresh = { pk: pk('tx'), sk: 'OWNER' };
    const err = await transact([
      { put: { ...fresh, name: 'new' }, when: notExists() },
      { put: { ...taken }, when: notExists() },
    ]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConditionFailed);
    expect((err as ConditionFailed).index).toBe(1);
    expect(await getItem(fresh)).toBeUndefined();
  });

  it("hands a failed operation's own failure the item as it stood", async () => {
    const taken = { pk: pk('txf'), sk: 'GUARD', owner: 'someone' };
    await putItem(taken);
    const err = await transact(
      [
        { put: { pk: taken.pk, sk: 'OWNER' }, when: notExists() },
        {
          put: { ...taken, owner: 'me' },
          when: notExists(),
          failure: (current) => new AppError('accountExists', { owner: String(current?.owner) }),
        },
      ],
      () => new AppError('conflict'),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ key: 'accountExists', params: { owner: 'someone' } });
  });

  it('applies updates with rev bumps inside a transaction', async () => {
    const key = { pk: pk('txu'), sk: 'A' };
    await putItem({ ...key, rev: 1, n: 0 });
    await transact([{ update: key, spec: { set: { n: 5 }, bumpRev: true }, when: eq('rev', 1) }]);
    expect(await getItem(key)).toMatchObject({ n: 5, rev: 2 });
  });
});

describe('files on S3 (s3rver)', () => {
  it('stores a streamed upload byte for byte', async () => {
    const bytes = Buffer.alloc(300 * 1024, 7);
    bytes.write('apiloom', 0);
    const Key = `test/${Math.random().toString(36).slice(2)}.bin`;
    await (
      await s3()
    ).send(
      new PutObjectCommand({
        Bucket: process.env.FILES_BUCKET,
        Key,
        Body: Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
        ContentLength: bytes.length,
      }),
    );
    const out = await (await s3()).send(new GetObjectCommand({ Bucket: process.env.FILES_BUCKET, Key }));
    const back = Buffer.from(await out.Body!.transformToByteArray());
    expect(back.equals(bytes)).toBe(true);
  });
});
