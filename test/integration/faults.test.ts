/**
 * DynamoDB and S3 throttling or failing mid-way on every multi-item path (project clone, the purge job, release
 * publish, team disband, the document bin's moves and purge), through the fault harness (test/support/faults.ts) around the real local services:
 * - a share of throttled calls is absorbed (the SDK's configured retry, and ours for unprocessed items, partial
 *   deletes and cancelled transactions), and the work completes whole;
 * - a lasting failure ends in the catalogued "busy" error, and nobody sees partial state: a clone stays invisible
 *   and is purged, a purge picks up where it stopped, a release is published whole or not listed, a disband
 *   completes or can be run again.
 */
import { BatchWriteCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CopyObjectCommand, DeleteObjectsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { batchWrite, getItem, putItem, queryAll } from '../../functions/data/db';
import { dynamo } from '../../functions/data/dynamo-client';
import { keys } from '../../functions/data/keys';
import { DYNAMO_SDK_RETRY, S3_SDK_RETRY } from '../../functions/data/retries';
import { getObjectText, listKeys, putObject, s3 } from '../../functions/data/s3';
import { bodyItem } from '../../functions/domain/bodies';
import { firstRevision, nodeItem } from '../../functions/domain/documents';
import { searchTextItem } from '../../functions/domain/search';
import { DAY_MS } from '../../functions/domain/projects';
import { runPurge } from '../../functions/domain/project-purge';
import {
  always,
  answerLost,
  deletesOnly,
  every,
  fail,
  from,
  injectFaults,
  nth,
  provisionedThroughputExceeded,
  serviceUnavailable,
  slowDown,
  takesOnly,
  throttling,
  transactionConflict,
  type Faults,
} from '../support/faults';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();

const harnesses: Faults[] = [];
const faultsOnDynamo = () => harnesses[harnesses.push(injectFaults(dynamo())) - 1]!;
const faultsOnS3 = async () => harnesses[harnesses.push(injectFaults(await s3())) - 1]!;
const healed = () => harnesses.splice(0).forEach((h) => h.restore());
afterEach(healed);

const BUSY = { code: ERRORS.serviceBusy.code, zh: '服务繁忙，请稍后重试', en: 'The service is busy, please try again' };

async function projectWithDocs(token: string, count: number, body: Record<string, unknown> = {}) {
  const res = await api.call('project.create', { token, body: { name: 'Faulty', ...body } });
  expect(res.code, res.message).toBe(0);
  const id = res.data.id;
  const author = { id: 'author', name: 'Author' };
  await batchWrite({
    puts: Array.from({ length: count }, (_, i) =>
      nodeItem({
        id: `${id}_d${String(i).padStart(5, '0')}`,
        projectId: id,
        parentId: id,
        rank: `a${String(i).padStart(5, '0')}`,
        name: `Document ${i}`,
        type: 'doc',
        comment: '',
        method: null,
        path: null,
        status: null,
        ...firstRevision(author),
      }),
    ),
  });
  await putObject(keys.fileObject(id, 'AbCdEfGhIjKlMnOpQrStUv'), 'PNGDATA', 'image/png');
  return id;
}

const docsOf = async (projectId: string) => (await queryAll(keys.documentsOf(projectId))).length;
const objectsOf = async (projectId: string) => {
  const all: string[] = [];
  for await (const page of listKeys(keys.projectFilesPrefix(projectId))) all.push(...page);
  return all;
};
const personalIds = async (token: string) => (await api.call('project.personal', { token })).data.map((p) => p.id);
const clonesOf = async (source: string) =>
  (await queryAll<{ id: string; state: string; clonedFrom?: string }>(keys.purgeQueue())).filter((p) => p.clonedFrom === source);

describe('the SDK retry, as configured', () => {
  it('absorbs throttled attempts on the wire, DynamoDB and S3 alike', async () => {
    const key = { pk: keys.project(`wire-${Date.now()}`).pk, sk: 'WIRE' };
    const db = faultsOnDynamo()
      .onWire('PutItem', every(2), fail(provisionedThroughputExceeded))
      .onWire('GetItem', nth(1), fail(throttling));
    const files = (await faultsOnS3()).onWire('PutObject', nth(1), fail(slowDown)).onWire('GetObject', nth(1), fail(serviceUnavailable));
    await putItem({ ...key, n: 1 });
    await putItem({ ...key, n: 2 });
    expect(await getItem(key)).toMatchObject({ n: 2 });
    await putObject('wire/object.json', '{"ok":true}', 'application/json');
    expect(await getObjectText('wire/object.json')).toBe('{"ok":true}');
    expect(db.seen('PutItem')).toEqual({ calls: 3, faulted: 1 });
    expect(db.seen('GetItem')).toEqual({ calls: 2, faulted: 1 });
    expect(files.seen('PutObject').faulted).toBe(1);
    expect(files.seen('GetObject').faulted).toBe(1);
  });

  it('gives up after its attempts with the catalogued "busy" error', async () => {
    const db = faultsOnDynamo().onWire('GetItem', always, fail(throttling));
    const files = (await faultsOnS3()).onWire('GetObject', always, fail(slowDown));
    await expect(getItem(keys.project('anything'))).rejects.toMatchObject({ key: 'serviceBusy' });
    await expect(getObjectText('wire/missing.json')).rejects.toMatchObject({ key: 'serviceBusy' });
    expect(db.seen('GetItem').calls).toBe(DYNAMO_SDK_RETRY.maxAttempts);
    expect(files.seen('GetObject').calls).toBe(S3_SDK_RETRY.maxAttempts);
  });
});

describe('project clone', () => {
  it('completes whole through throttled writes, partial batches, a conflicting transaction and a slow S3', async () => {
    const { token } = await signUp();
    const source = await projectWithDocs(token, 300);
    const db = faultsOnDynamo()
      .onWire('BatchWriteItem', every(3), fail(provisionedThroughputExceeded))
      .onWire('Query', every(4), fail(throttling))
      .onSend(BatchWriteCommand, every(2), takesOnly(10))
      .onSend(
        TransactWriteCommand,
        nth(1),
        fail(() => transactionConflict(2)),
      );
    const files = (await faultsOnS3()).onWire('CopyObject', nth(1), fail(slowDown));
    const res = await api.call('project.clone', { params: { id: source }, token, query: { name: 'Through the storm' } });
    expect(res.code, res.message).toBe(0);
    expect(db.seen('BatchWriteItem').faulted).toBeGreaterThan(0);
    expect(db.seen(BatchWriteCommand).faulted).toBeGreaterThan(0);
    expect(db.seen(TransactWriteCommand)).toEqual({ calls: 2, faulted: 1 });
    expect(files.seen('CopyObject').faulted).toBeGreaterThan(0);
    healed();

    expect(await docsOf(res.data.id)).toBe(300);
    expect(await objectsOf(res.data.id)).toEqual([keys.fileObject(res.data.id, 'AbCdEfGhIjKlMnOpQrStUv')]);
    expect(await personalIds(token)).toContain(res.data.id);
    expect(res.data.state).toBe('active');
  });

  it('DynamoDB staying throttled answers "busy" in the caller’s language; the half-made copy stays invisible and is purged', async () => {
    const { token } = await signUp();
    const source = await projectWithDocs(token, 300);
    const before = await personalIds(token);
    faultsOnDynamo().onSend(BatchWriteCommand, from(4), fail(provisionedThroughputExceeded));
    const res = await api.call('project.clone', {
      params: { id: source },
      token,
      query: { name: 'Half' },
      headers: { 'accept-language': 'en' },
    });
    healed();
    expect(res).toMatchObject({ status: 200, code: BUSY.code, message: BUSY.en });

    expect(await personalIds(token)).toEqual(before);
    expect((await api.call('project.search', { token, query: { keyword: 'Half' } })).data).toEqual([]);
    const [orphan, ...others] = await clonesOf(source);
    expect(others).toEqual([]);
    expect(orphan?.state).toBe('cloning');
    expect(await docsOf(orphan!.id)).toBeGreaterThan(0);
    expect((await api.call('project.get', { params: { id: orphan!.id }, token })).code).toBe(ERRORS.notFound.code);

    expect((await runPurge({ now: new Date(Date.now() + DAY_MS + 60_000) })).purged).toContain(orphan!.id);
    expect(await queryAll(keys.projectItems(orphan!.id))).toEqual([]);
    expect(await docsOf(source)).toBe(300);
  });

  it('S3 staying slow answers "busy"; no copy is listed', async () => {
    const { token } = await signUp();
    const source = await projectWithDocs(token, 5);
    const before = await personalIds(token);
    (await faultsOnS3()).onSend(CopyObjectCommand, always, fail(slowDown));
    const res = await api.call('project.clone', { params: { id: source }, token, query: { name: 'Slow' } });
    healed();
    expect(res).toMatchObject({ code: BUSY.code, message: BUSY.zh });
    expect(await personalIds(token)).toEqual(before);
    expect((await clonesOf(source)).map((c) => c.state)).toEqual(['cloning']);
  });
});

describe('the purge job', () => {
  async function recycled(count: number) {
    const { token } = await signUp();
    const id = await projectWithDocs(token, count);
    await putObject(`${keys.projectFilesPrefix(id)}documents/${id}_d00000/r1.json`, '{}', 'application/json');
    expect((await api.call('project.recycle', { params: { id }, token })).code).toBe(0);
    return { token, id };
  }
  const due = () => new Date(Date.now() + 31 * DAY_MS);

  it('finishes through throttled and partial batch writes and a partial multi-object delete', async () => {
    const { id } = await recycled(400);
    const db = faultsOnDynamo()
      .onWire('BatchWriteItem', every(3), fail(provisionedThroughputExceeded))
      .onSend(BatchWriteCommand, every(2), takesOnly(5));
    const files = (await faultsOnS3()).onSend(DeleteObjectsCommand, nth(1), deletesOnly(1));
    const report = await runPurge({ now: due(), pageSize: 100 });
    expect(report.purged).toContain(id);
    expect(db.seen(BatchWriteCommand).faulted).toBeGreaterThan(0);
    expect(files.seen(DeleteObjectsCommand)).toEqual({ calls: 2, faulted: 1 });
    healed();
    expect(await queryAll(keys.projectItems(id))).toEqual([]);
    expect(await objectsOf(id)).toEqual([]);
  });

  it('a lasting throttle stops the run where it is; the project stays out of reach, and the next run finishes it', async () => {
    const { token, id } = await recycled(400);
    faultsOnDynamo().onSend(BatchWriteCommand, from(3), fail(provisionedThroughputExceeded));
    const stopped = await runPurge({ now: due(), pageSize: 50 });
    healed();
    expect(stopped.unfinished).toContain(id);
    expect(stopped.purged).not.toContain(id);
    const left = await docsOf(id);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(400);

    expect((await api.call('project.get', { params: { id }, token })).code).toBe(ERRORS.notFound.code);
    expect((await api.call('project.recycler', { token })).data.map((p) => p.id)).not.toContain(id);
    expect((await api.call('project.recyclerRevert', { params: { id }, token })).code).not.toBe(0);

    expect((await runPurge({ now: due(), pageSize: 50 })).purged).toContain(id);
    expect(await queryAll(keys.projectItems(id))).toEqual([]);
    expect(await objectsOf(id)).toEqual([]);
  });
});

describe('the document bin', () => {
  /** A project whose folder holds `count` documents (bodies and search texts too), and its top-level neighbour. */
  async function folderOf(count: number) {
    const { token } = await signUp();
    const id = await projectWithDocs(token, 1);
    const folderId = `${id}_f0000000`;
    const author = { id: 'author', name: 'Author' };
    const node = (docId: string, parentId: string, rank: string, type: 'doc' | 'folder') =>
      nodeItem({
        id: docId,
        projectId: id,
        parentId,
        rank,
        name: docId.slice(-6),
        type,
        comment: '',
        method: null,
        path: null,
        status: null,
        ...firstRevision(author),
      });
    const children = Array.from({ length: count }, (_, i) => `${id}_c${String(i).padStart(5, '0')}`);
    await batchWrite({
      puts: [
        node(folderId, id, 'Zz', 'folder'),
        ...children.map((c, i) => node(c, folderId, `a${String(i).padStart(5, '0')}`, 'doc')),
        ...children.map((c) => bodyItem(id, c, 1, { json: '{"v":1,"markdown":"kept"}' })),
        ...children.map((c) => searchTextItem(id, c, 'kept')),
      ],
    });
    await api.call('project.get', { params: { id }, token });
    const inFolder = async () =>
      (await queryAll<{ parentId?: string }>(keys.documentsOf(id))).filter((n) => n.parentId === folderId).length;
    const bin = async () => (await api.call('document.bin', { params: { projectId: id }, token })).data;
    const live = async () => (await queryAll(keys.documentsOf(id))).length;
    return { token, id, folderId, children, inFolder, bin, live };
  }
  const remove = (token: string, docId: string, lang = 'zh') =>
    api.call('document.delete', { params: { id: docId }, token, headers: { 'accept-language': lang } });
  const restore = (token: string, docId: string) => api.call('document.binRestore', { params: { id: docId }, token });

  it('moves a large subtree whole through conflicting and throttled transactions, both ways', async () => {
    const f = await folderOf(150);
    const binning = faultsOnDynamo()
      .onSend(
        TransactWriteCommand,
        nth(2),
        fail(() => transactionConflict(80)),
      )
      .onWire('TransactWriteItems', nth(4), fail(throttling));
    expect((await remove(f.token, f.folderId)).code).toBe(0);
    expect(binning.seen(TransactWriteCommand).faulted).toBe(1);
    expect(binning.seen('TransactWriteItems').faulted).toBe(1);
    healed();
    expect(await f.live()).toBe(1);
    expect((await f.bin()).map((e) => [e.id, e.count])).toEqual([[f.folderId, 151]]);
    const restoring = faultsOnDynamo()
      .onSend(
        TransactWriteCommand,
        nth(2),
        fail(() => transactionConflict(80)),
      )
      .onWire('TransactWriteItems', nth(4), fail(throttling));
    expect((await restore(f.token, f.folderId)).code).toBe(0);
    expect(restoring.seen(TransactWriteCommand).faulted).toBe(1);
    expect(restoring.seen('TransactWriteItems').faulted).toBe(1);
    healed();
    expect(await f.inFolder()).toBe(150);
    expect(await f.bin()).toEqual([]);
  });

  it('a delete stopped by a lasting throttle leaves the folder in the tree with what it still holds; deleting again finishes it', async () => {
    const f = await folderOf(150);
    faultsOnDynamo().onSend(TransactWriteCommand, from(3), fail(provisionedThroughputExceeded));
    const stopped = await remove(f.token, f.folderId, 'en');
    healed();
    expect(stopped).toMatchObject({ code: BUSY.code, message: BUSY.en });
    // The deepest went first, so the folder is still there with fewer children, each wholly live or wholly binned.
    const left = await f.inFolder();
    expect(left).toBe(150 - 2 * 40);
    expect((await queryAll(keys.binnedDocumentsOf(f.id))).length).toBe(80);
    expect((await api.call('document.get', { params: { id: f.folderId }, token: f.token })).code).toBe(0);

    expect((await remove(f.token, f.folderId)).code).toBe(0);
    expect(await f.live()).toBe(1);
    expect((await f.bin()).map((e) => [e.id, e.count])).toEqual([[f.folderId, 151]]);
  });

  it('a restore stopped half way keeps the entry in the bin; restoring again brings back the rest', async () => {
    const f = await folderOf(150);
    expect((await remove(f.token, f.folderId)).code).toBe(0);
    faultsOnDynamo().onSend(TransactWriteCommand, from(3), fail(provisionedThroughputExceeded));
    expect((await restore(f.token, f.folderId)).code).toBe(BUSY.code);
    healed();
    // The folder came back first, then its children, parents before children: what is back hangs together.
    expect((await api.call('document.get', { params: { id: f.folderId }, token: f.token })).code).toBe(0);
    expect(await f.inFolder()).toBe(2 * 40 - 1);
    expect((await f.bin()).map((e) => e.id)).toEqual([f.folderId]);

    expect((await restore(f.token, f.folderId)).code).toBe(0);
    expect(await f.inFolder()).toBe(150);
    expect(await f.bin()).toEqual([]);
    expect(await queryAll(keys.binnedDocumentsOf(f.id))).toEqual([]);
  });

  it('a purge stopped by a lasting throttle is out of reach of a restore, and the next run finishes it', async () => {
    const due = () => new Date(Date.now() + 31 * DAY_MS);
    await runPurge({ now: due() }); // what earlier tests left in the queue, so this run starts with this bin
    const f = await folderOf(150);
    expect((await remove(f.token, f.folderId)).code).toBe(0);
    // Each page of 50 is 8 batch writes (bodies, search texts and mock settings, then the nodes): stop in the second.
    faultsOnDynamo().onSend(BatchWriteCommand, from(10), fail(provisionedThroughputExceeded));
    const stopped = await runPurge({ now: due(), pageSize: 50 });
    healed();
    expect(stopped.unfinished).toContain(f.folderId);
    const left = (await queryAll(keys.binnedDocumentsOf(f.id))).length;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(151);
    expect(await f.bin()).toEqual([]);
    expect((await restore(f.token, f.folderId)).code).not.toBe(0);

    expect((await runPurge({ now: due(), pageSize: 50 })).purged).toContain(f.folderId);
    const items = await queryAll<{ sk: string }>(keys.projectItems(f.id));
    expect(items.filter((i) => /^(BIN|BINNED|BODY|FIND)#/.test(i.sk) && !i.sk.includes('_d00000'))).toEqual([]);
    expect(await f.live()).toBe(1);
  });
});

describe('release publish', () => {
  const publish = (token: string, projectId: string, version: string) =>
    api.call('release.publish', { token, body: { projectId, version } });
  const versions = async (token: string, projectId: string) =>
    (await api.call('release.list', { params: { id: projectId }, token })).data.map((r) => r.version);
  const snapshots = async (projectId: string) => (await objectsOf(projectId)).filter((k) => k.includes('/releases/'));

  it('DynamoDB staying throttled answers "busy" and lists nothing; the snapshot written for it is deleted', async () => {
    const { token } = await signUp();
    const id = await projectWithDocs(token, 20);
    // (The release is written in a transaction with its event.)
    faultsOnDynamo().onSend(TransactWriteCommand, always, fail(provisionedThroughputExceeded));
    const res = await publish(token, id, '1.0.0');
    healed();
    expect(res.code).toBe(BUSY.code);
    expect(await versions(token, id)).toEqual([]);
    expect(await snapshots(id)).toEqual([]);
    expect((await publish(token, id, '1.0.0')).code).toBe(0);
    expect(await versions(token, id)).toEqual(['1.0.0']);
  });

  it('a release written whose answer was lost is published once, with its snapshot', async () => {
    const { token } = await signUp();
    const id = await projectWithDocs(token, 20);
    const db = faultsOnDynamo().onSend(TransactWriteCommand, nth(1), answerLost);
    const res = await publish(token, id, '1.0.0');
    expect(db.seen(TransactWriteCommand).faulted).toBe(1);
    healed();
    expect(res.code, res.message).toBe(0);
    expect(await versions(token, id)).toEqual(['1.0.0']);
    expect(await snapshots(id)).toHaveLength(1);
    const read = await api.call('document.get', {
      params: { id: `${id}_d00007` },
      token,
      headers: { 'x-project-version': '1.0.0' },
    });
    expect(read.data.name).toBe('Document 7');
  });

  it('S3 staying slow answers "busy" and lists nothing', async () => {
    const { token } = await signUp();
    const id = await projectWithDocs(token, 5);
    (await faultsOnS3()).onSend(PutObjectCommand, always, fail(slowDown));
    const res = await publish(token, id, '2.0.0');
    healed();
    expect(res.code).toBe(BUSY.code);
    expect(await versions(token, id)).toEqual([]);
  });
});

describe('team disband', () => {
  async function teamWithProjects() {
    const { token } = await signUp();
    const team = await api.call('team.create', { token, body: { name: 'Doomed' } });
    expect(team.code, team.message).toBe(0);
    const projects = [
      await projectWithDocs(token, 150, { teamId: team.data.id }),
      await projectWithDocs(token, 150, { teamId: team.data.id }),
    ];
    return { token, teamId: team.data.id, projects };
  }

  it('DynamoDB staying throttled answers "busy" and leaves the team as it was; disbanding again works', async () => {
    const { token, teamId } = await teamWithProjects();
    faultsOnDynamo().onSend(UpdateCommand, always, fail(provisionedThroughputExceeded));
    const res = await api.call('team.disband', { params: { id: teamId }, token });
    healed();
    expect(res.code).toBe(BUSY.code);
    expect((await api.call('team.get', { params: { id: teamId }, token })).code).toBe(0);
    expect((await api.call('team.disband', { params: { id: teamId }, token })).code).toBe(0);
    expect((await api.call('team.get', { params: { id: teamId }, token })).code).toBe(ERRORS.notFound.code);
  });

  it('its purge, stopped by a lasting throttle, keeps everything of the team out of reach, and the next run finishes it', async () => {
    const { token, teamId, projects } = await teamWithProjects();
    expect((await api.call('team.disband', { params: { id: teamId }, token })).code).toBe(0);
    faultsOnDynamo().onSend(BatchWriteCommand, from(3), fail(provisionedThroughputExceeded));
    const stopped = await runPurge({ now: new Date(Date.now() + 1000), pageSize: 50 });
    healed();
    expect(stopped.unfinished).toContain(teamId);
    expect((await api.call('team.get', { params: { id: teamId }, token })).code).toBe(ERRORS.notFound.code);
    for (const id of projects) expect((await api.call('project.get', { params: { id }, token })).code).toBe(ERRORS.notFound.code);
    expect(await personalIds(token)).toEqual([]);

    expect((await runPurge({ now: new Date(Date.now() + 1000), pageSize: 50 })).purged).toContain(teamId);
    expect(await queryAll(keys.teamItems(teamId))).toEqual([]);
    for (const id of projects) expect(await queryAll(keys.projectItems(id))).toEqual([]);
  });
});

describe('transactions', () => {
  it('one cancelled by conflicts is tried again; one that stays cancelled answers "busy" and writes nothing', async () => {
    const { token } = await signUp();
    const db = faultsOnDynamo().onSend(
      TransactWriteCommand,
      (call) => call <= 2,
      fail(() => transactionConflict(2, 1)),
    );
    const created = await api.call('team.create', { token, body: { name: 'Contended' } });
    expect(created.code, created.message).toBe(0);
    expect(db.seen(TransactWriteCommand)).toEqual({ calls: 3, faulted: 2 });
    healed();

    faultsOnDynamo().onSend(
      TransactWriteCommand,
      always,
      fail(() => transactionConflict(2)),
    );
    const refused = await api.call('team.create', { token, body: { name: 'Never' } });
    healed();
    expect(refused.code).toBe(BUSY.code);
    const teams = (await api.call('team.all', { token })).data.map((t) => t.name);
    expect(teams).toEqual(['Contended']);
  });
});
