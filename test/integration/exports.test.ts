/**
 * Export jobs end to end on DynamoDB Local and s3rver (issue 23): the start, the worker run in process after the
 * answer (as the local stack runs it), polling, the download link, what the file holds (the live tree without the
 * document bin, chosen documents with their folders, a release's frozen tree, a share's scope, environments with
 * secret values blank), who may export (view role or above; a share reader only through a share that allows it),
 * an unknown format, and a file past its day.
 */
import { AbortMultipartUploadCommand, PutObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { strFromU8, unzipSync } from 'fflate';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import type { RouteRequest } from '@shared/routes';
import { readContent } from '@shared/schemas/document';
import { apiloomFile, type ApiloomFile } from '@shared/import/apiloom';
import type { ExportJobView } from '@shared/schemas/export';
import { putItem, updateItem } from '../../functions/data/db';
import { dynamo } from '../../functions/data/dynamo-client';
import { exportKeys } from '../../functions/data/keys';
import { deleteObject, getObjectBytes, listKeys, putObjectParts, s3 } from '../../functions/data/s3';
import { bodiesOf, readBody } from '../../functions/domain/bodies';
import { inTreeOrder, loadNodes } from '../../functions/domain/documents';
import { writeApiloom } from '../../functions/export/apiloom';
import { fixtureFile, fixtureOptions } from '../../functions/export/test-fixture';
import { exportJobEntity, getExportJob } from '../../functions/domain/export-jobs';
import { memberItem } from '../../functions/domain/members';
import { settledWorkers } from '../../scripts/local/workers';
import { always, fail, injectFaults, nth, serviceUnavailable, throttling, type Faults } from '../support/faults';
import { importThrough, jobOver } from '../support/import-steps';
import { invalid, signUp, useLocalApi, type CallerOptions } from '../support/local-api';

const api = useLocalApi();
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
type CallOpts = CallerOptions;
type ExportRequest = Omit<RouteRequest<'export.start'>['body'], 'projectId'>;

async function setup() {
  const owner = await signUp('Exporter');
  const project = (await api.call('project.create', { token: owner.token, body: { name: 'Shop 商店' } })).data;
  const create = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await api.call('document.create', {
      token: owner.token,
      body: { projectId: project.id, name, ...extra },
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const orders = await create('Orders', { type: 'folder' });
  const inner = await create('Inner', { type: 'folder', parentId: orders.id });
  const a = await create('A 订单', { parentId: inner.id, content: { markdown: 'alpha 甲' } });
  const b = await create('B', { content: { markdown: 'beta' } });
  const binned = await create('Binned', { content: { markdown: 'gone' } });
  expect((await api.call('document.delete', { params: { id: binned.id }, token: owner.token })).code).toBe(0);
  const env = await api.call('env.create', {
    token: owner.token,
    body: { projectId: project.id, name: 'Prod', baseUrl: 'https://api.example.com/v1' },
  });

  /** Starts an export and polls it as the client does, until it is over. */
  async function exportAs(opts: CallOpts, body: ExportRequest, lang = 'zh'): Promise<ExportJobView> {
    const started = await api.call('export.start', {
      ...opts,
      body: { projectId: project.id, ...body },
    });
    expect(started.code, started.message).toBe(0);
    expect(started.data.state).toBe('queued');
    return settle(started.data.id, opts, lang);
  }
  const settle = (id: string, opts: CallOpts, lang = 'zh') =>
    jobOver(() => api.call('export.get', { params: { id }, ...opts, headers: { ...opts?.headers, 'accept-language': lang } }), `job ${id}`);
  const download = async (job: ExportJobView) => {
    expect(job.state, JSON.stringify(job.error)).toBe('done');
    const res = await fetch(job.url!);
    expect(res.status).toBe(200);
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  const fileOf = async (job: ExportJobView): Promise<ApiloomFile> =>
    apiloomFile.read(JSON.parse(new TextDecoder().decode((await download(job)).bytes)));
  return { owner, project, orders, inner, a, b, binned, env, create, exportAs, settle, download, fileOf };
}

const names = (file: ApiloomFile) => file.nodes.map((n) => n.name);

describe('export jobs', () => {
  it('exports the live tree in tree order, without the document bin, with environments, through a download link', async () => {
    const { owner, project, orders, inner, a, exportAs, download, fileOf } = await setup();
    expect((await api.call('env.create', { token: owner.token, body: { projectId: project.id, name: 'Dev' } })).code).toBe(0);
    const job = await exportAs({ token: owner.token }, { format: 'apiloom' });
    expect(job).toMatchObject({ state: 'done', format: 'apiloom', fileName: 'Shop 商店.apiloom.json', error: null });
    expect(job.progress.done).toBe(job.progress.total);
    const { res, bytes } = await download(job);
    expect(job.size).toBe(bytes.length);
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Shop 商店.apiloom.json')}`);
    const file = await fileOf(job);
    expect(file.kind).toBe('apiloom-project');
    // New documents go first among their siblings, parents before children; the binned document is not there.
    expect(names(file)).toEqual(['B', 'Orders', 'Inner', 'A 订单']);
    expect(file.nodes.find((n) => n.id === inner.id)!.parentId).toBe(orders.id);
    expect(file.nodes.find((n) => n.id === orders.id)!.parentId).toBe('');
    expect(file.nodes.find((n) => n.id === a.id)!.content).toMatchObject({ markdown: 'alpha 甲' });
    expect(file.project).toMatchObject({ name: 'Shop 商店' });
    expect(file.project.environments.map((e) => [e.name, e.baseUrl])).toEqual([
      ['Prod', 'https://api.example.com/v1'],
      ['Dev', ''],
    ]);
  });

  it('exports chosen documents with their ancestors’ folders, and a release’s frozen tree by body or header', async () => {
    const { owner, a, b, exportAs, fileOf, project } = await setup();
    expect(names(await fileOf(await exportAs({ token: owner.token }, { format: 'apiloom', docIds: [a.id] })))).toEqual([
      'Orders',
      'Inner',
      'A 订单',
    ]);
    expect((await api.call('release.publish', { token: owner.token, body: { projectId: project.id, version: '1.0.0' } })).code).toBe(0);
    expect((await api.call('document.update', { token: owner.token, body: { id: b.id, rev: b.rev, name: 'B changed' } })).code).toBe(0);
    expect(names(await fileOf(await exportAs({ token: owner.token }, { format: 'apiloom' })))).toContain('B changed');
    for (const opts of [{ body: { version: '1.0.0' } }, { headers: { 'x-project-version': '1.0.0' }, body: {} }]) {
      const file = await fileOf(await exportAs({ token: owner.token, headers: opts.headers }, { format: 'apiloom', ...opts.body }));
      expect(names(file)).toContain('B');
      expect(names(file)).not.toContain('B changed');
    }
    const missing = await api.call('export.start', {
      token: owner.token,
      body: { projectId: project.id, format: 'apiloom', version: '9.9.9' },
    });
    expect(missing.code).toBe(ERRORS.releaseNotFound.code);
  });

  it('admits the view role and refuses below it; a share reader exports what the share holds only if it allows export', async () => {
    const { owner, project, inner, b, env, exportAs, fileOf, settle, download } = await setup();
    const viewer = await signUp('Viewer');
    const stranger = await signUp('Stranger');
    await putItem(memberItem(project.id, viewer.userId, 'view', null));
    const ownJob = await exportAs({ token: viewer.token }, { format: 'apiloom' });
    expect(ownJob.state).toBe('done');
    expect((await api.call('export.start', { token: stranger.token, body: { projectId: project.id, format: 'apiloom' } })).code).toBe(
      ERRORS.forbidden.code,
    );
    expect((await api.call('export.get', { params: { id: ownJob.id }, token: stranger.token })).code).toBe(ERRORS.forbidden.code);
    expect((await api.call('export.start', { body: { projectId: project.id, format: 'apiloom' } })).code).toBe(ERRORS.notLoggedIn.code);

    const variable = await api.call('variable.create', {
      token: owner.token,
      body: { envId: env.data.id, name: 'opsKey', value: 's3cr3t-ops-key' },
    });
    expect(variable.code, variable.message).toBe(0);
    const share = async (body: Record<string, unknown>) => {
      const res = await api.call('share.create', {
        token: owner.token,
        body: { projectId: project.id, name: 'QA', expireAt: inAnHour(), docIds: [inner.id], ...body },
      });
      expect(res.code, res.message).toBe(0);
      const opened = await api.call('share.content', { params: { id: res.data.id } });
      // The reader's page offers the export only where the share allows it.
      expect(opened.data.allowExport).toBe(res.data.allowExport);
      return { view: res.data, reader: { headers: { 'share-token': opened.data.shareToken } } };
    };
    const closed = await share({});
    expect(closed.view.allowExport).toBe(false);
    for (const lang of ['zh', 'en']) {
      const refused = await api.call('export.start', {
        headers: { ...closed.reader.headers, 'accept-language': lang },
        body: { projectId: project.id, format: 'apiloom' },
      });
      expect(refused.code).toBe(ERRORS.exportNotAllowed.code);
      expect(refused.message).toBe(lang === 'zh' ? '此分享不允许导出' : 'This share does not allow exporting');
    }
    const open = await share({ allowExport: true });
    expect(open.view.allowExport).toBe(true);
    const shared = await exportAs(open.reader, { format: 'apiloom' });
    // A share reader's reads are cached for a minute, but not a job they poll: it would stay "queued" for that long.
    const polled = await api.call('export.get', { params: { id: shared.id }, ...open.reader });
    expect(polled.headers.get('cache-control') ?? '').not.toMatch(/max-age/);
    // The shared folder and what is below it, at the top: its parent folder is not shared, nor is B.
    const file = await fileOf(shared);
    expect(names(file)).toEqual(['Inner', 'A 订单']);
    expect(file.nodes[0]!.parentId).toBe('');
    expect(names(file)).not.toContain(b.name);
    // Issue 37: the share holds documents, not the project's environments and their values.
    expect(file.project.environments).toEqual([]);
    const asEnvironment = await exportAs(open.reader, { format: 'postman-environment' });
    const environmentFile = new TextDecoder().decode((await download(asEnvironment)).bytes);
    expect(environmentFile).not.toContain('api.example.com');
    expect(environmentFile).not.toContain('s3cr3t-ops-key');
    // The reader polls their own job, not a member's; a share reader cannot ask for another version.
    expect((await api.call('export.get', { params: { id: ownJob.id }, ...open.reader })).code).toBe(ERRORS.notFound.code);
    expect((await settle(shared.id, { token: owner.token })).state).toBe('done');
    expect(
      (await api.call('export.start', { ...open.reader, body: { projectId: project.id, format: 'apiloom', version: '1.0.0' } })).code,
    ).toBe(ERRORS.forbidden.code);
  });

  it('a format the API does not know is refused at the edge', async () => {
    const { owner } = await setup();
    const unknown = await api.call('export.start', {
      token: owner.token,
      body: { projectId: (await setup()).project.id, format: invalid('rtf') },
    });
    expect(unknown.code).toBe(ERRORS.invalidInput.code);
  });

  it('a file past its day is gone: the job answers that it expired', async () => {
    const { owner, project, exportAs } = await setup();
    const job = await exportAs({ token: owner.token }, { format: 'apiloom' });
    const record = (await getExportJob(project.id, job.id))!;
    await exportJobEntity.put({ ...record, fileExpiresAt: Date.now() - 1 });
    for (const lang of ['zh', 'en']) {
      const res = await api.call('export.get', { params: { id: job.id }, token: owner.token, headers: { 'accept-language': lang } });
      expect(res.code).toBe(ERRORS.exportExpired.code);
      expect(res.message).toBe(
        lang === 'zh' ? '导出的文件已过期（保留一天），请重新导出' : 'The exported file has expired (files are kept a day); export again',
      );
    }
  });
});

/** Imports a file into a project through the import job, as the import page does (upload, start, poll). */
const importInto = (token: string, projectId: string, name: string, bytes: Uint8Array) =>
  importThrough(
    {
      ticket: (file, size) => api.call('import.upload', { token, body: { projectId, name: file, size } }),
      start: (id) => api.call('import.start', { token, body: { projectId, id } }),
      job: (id) => api.call('import.get', { params: { id }, token }),
    },
    name,
    bytes,
  );

/** A project as a comparable list: tree order, folder path, name, type and content (model references by name). */
async function projectTree(projectId: string) {
  const nodes = inTreeOrder(projectId, await loadNodes(projectId));
  const bodies = new Map(
    (
      await bodiesOf(
        projectId,
        nodes.map((n) => n.id),
      )
    ).map((b) => [b.documentId, b]),
  );
  const contents = new Map(
    await Promise.all(nodes.map(async (n) => [n.id, readContent(n.type, await readBody(bodies.get(n.id))).content] as const)),
  );
  const modelName = new Map(nodes.filter((n) => n.type === 'model').map((n) => [n.id, (contents.get(n.id) as { name: string }).name]));
  const byRef = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(byRef)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value).map(([k, v]) => [k, k === 'ref' && typeof v === 'string' ? `model:${modelName.get(v)}` : byRef(v)]),
          )
        : value;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const pathOf = (id: string): string => (byId.has(id) ? `${pathOf(byId.get(id)!.parentId)}/${byId.get(id)!.name}` : '');
  return nodes.map((n) => ({ path: pathOf(n.id), type: n.type, content: byRef(contents.get(n.id)) }));
}

describe('the Apiloom project file round trip', () => {
  it('a project exported and imported as a new project through the import job is the same project', async () => {
    const owner = await signUp('Round trip');
    const newProject = async (name: string) => (await api.call('project.create', { token: owner.token, body: { name } })).data;
    const source = await newProject('Source');
    const made = await importInto(owner.token, source.id, 'fixture.json', (await writeApiloom(fixtureFile(), fixtureOptions())).body);
    expect(made.state, JSON.stringify(made.error)).toBe('done');
    const started = await api.call('export.start', {
      token: owner.token,
      body: { projectId: source.id, format: 'apiloom' },
    });
    let job: ExportJobView | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline && job?.state !== 'done'; await new Promise((r) => setTimeout(r, 25)))
      job = (await api.call('export.get', { params: { id: started.data.id }, token: owner.token })).data;
    expect(job!.state).toBe('done');
    const exported = new Uint8Array(await (await fetch(job!.url!)).arrayBuffer());
    const copy = await newProject('Copy');
    const imported = await importInto(owner.token, copy.id, job!.fileName!, exported);
    expect(imported.state, JSON.stringify(imported.error)).toBe('done');
    expect(imported.report).toMatchObject({ created: 10, failed: 0, warnings: [] });

    const [before, after] = [await projectTree(source.id), await projectTree(copy.id)];
    // The import's order: models before the APIs that refer to them, then the pages.
    expect(before.map((n) => n.path)).toEqual([
      '/用户 Users',
      '/用户 Users/User 用户',
      '/用户 Users/Group',
      '/用户 Users/获取用户 Get user',
      '/用户 Users/管理 Admin',
      '/用户 Users/管理 Admin/创建用户 Create user',
      '/用户 Users/管理 Admin/Delete user 删除用户',
      '/接入指南 Guide',
      '/Release notes 发布说明',
      '/错误码 Error codes',
      '/Dashboard',
      '/Homepage 主页',
    ]);
    expect(after).toEqual(before);
  });
});

describe('Word and PDF in pieces, stored in parts', () => {
  it('a Word and a PDF export through the job download whole, with every document in them', { timeout: 120_000 }, async () => {
    const { owner, exportAs, download } = await setup();
    const word = await exportAs({ token: owner.token }, { format: 'docx' });
    const docx = (await download(word)).bytes;
    expect(word.size).toBe(docx.length);
    const document = strFromU8(unzipSync(docx)['word/document.xml']!);
    for (const name of ['Orders', 'Inner', 'A 订单', 'B']) expect(document).toContain(name);
    const pdf = await exportAs({ token: owner.token }, { format: 'pdf' });
    const bytes = (await download(pdf)).bytes;
    expect(pdf.size).toBe(bytes.length);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(Buffer.from(bytes.subarray(-6)).toString('latin1')).toContain('%%EOF');
  });

  it('a file larger than a part goes up in parts and comes back byte for byte; one refused before completing leaves nothing', async () => {
    const key = `exports/parts-test/${Date.now()}`;
    // 20 MiB in uneven pieces: three parts of a multipart upload, the last one short.
    const pieces = Array.from({ length: 41 }, (_, i) => new Uint8Array(512 * 1024).fill(i));
    async function* given() {
      yield* pieces;
    }
    const files = injectFaults(await s3());
    try {
      expect(await putObjectParts(key, given(), 'application/octet-stream')).toBe(41 * 512 * 1024);
      expect(files.seen(UploadPartCommand).calls).toBe(3);
      const back = await getObjectBytes(key);
      expect(back.length).toBe(41 * 512 * 1024);
      expect(Buffer.compare(Buffer.from(back), Buffer.concat(pieces))).toBe(0);

      const refused = `${key}-refused`;
      const lost = new Error('lease lost');
      await expect(putObjectParts(refused, given(), 'application/octet-stream', () => Promise.reject(lost))).rejects.toBe(lost);
      expect(files.seen(AbortMultipartUploadCommand).calls).toBe(1);
      await expect(getObjectBytes(refused)).rejects.toMatchObject({ name: 'NoSuchKey' });
    } finally {
      files.restore();
      await deleteObject(key);
    }
  });
});

const EN_BUSY = 'The service is busy, please try again';

describe('export job failure paths (faults the real services will not make on cue)', () => {
  const harnesses: Faults[] = [];
  afterEach(() => {
    while (harnesses.length) harnesses.pop()!.restore();
  });
  const faultsOnDynamo = () => harnesses[harnesses.push(injectFaults(dynamo())) - 1]!;
  const faultsOnS3 = async () => harnesses[harnesses.push(injectFaults(await s3())) - 1]!;
  const storedFiles = async (projectId: string) => {
    const found: string[] = [];
    for await (const page of listKeys(`${exportKeys.object(projectId, '', '').replace(/\.$/, '')}`)) found.push(...page);
    return found;
  };
  it('fails the job with a reason in both languages and stores nothing when S3 refuses the file', { timeout: 60_000 }, async () => {
    const { owner, project, exportAs, settle } = await setup();
    const files = (await faultsOnS3()).onSend(PutObjectCommand, always, fail(serviceUnavailable));
    const job = await exportAs({ token: owner.token }, { format: 'pdf' });
    expect(files.seen(PutObjectCommand).faulted).toBe(1);
    expect(job).toMatchObject({ state: 'failed', url: null, fileName: null, size: null });
    // S3 still refusing after the SDK's retries is the service being busy: the catalogued reason, in both languages.
    expect(job.error).toEqual({ code: ERRORS.serviceBusy.code, message: '服务繁忙，请稍后重试' });
    expect((await settle(job.id, { token: owner.token }, 'en')).error!.message).toBe(EN_BUSY);
    expect(await getExportJob(project.id, job.id)).toMatchObject({ state: 'failed', objectKey: null, leaseUntil: null });
    expect(await storedFiles(project.id)).toEqual([]);
  });

  it('removes the stored file again when the job cannot be marked done, and fails it', { timeout: 60_000 }, async () => {
    const { owner, project, exportAs } = await setup();
    // The write that marks the job done is throttled past every retry; everything before it goes through.
    let finishing = 0;
    faultsOnDynamo().onSend(UpdateCommand, always, async (command, real) => {
      const input = command.input as { ExpressionAttributeValues?: Record<string, unknown> };
      if (Object.values(input.ExpressionAttributeValues ?? {}).includes('done')) {
        finishing++;
        throw throttling();
      }
      return real(command);
    });
    const job = await exportAs({ token: owner.token }, { format: 'markdown' });
    expect(finishing).toBe(1);
    expect(job).toMatchObject({ state: 'failed', url: null });
    expect(job.error!.code).toBe(ERRORS.serviceBusy.code);
    expect(await storedFiles(project.id)).toEqual([]);
  });

  it(
    'a run whose job another run took over stands down: it stores nothing and neither fails nor finishes the job',
    { timeout: 60_000 },
    async () => {
      const { owner, project } = await setup();
      const jobSk = exportKeys.job(project.id, '').sk;
      let takenOver: string | undefined;
      // At this run's first progress report, another run takes the job (as after a lapsed lease): attempts moves on.
      faultsOnDynamo().onSend(UpdateCommand, always, async (command, real) => {
        const input = command.input as { Key?: { sk?: string }; ExpressionAttributeNames?: Record<string, string> };
        const sk = input.Key?.sk ?? '';
        if (!takenOver && sk.startsWith(jobSk) && Object.values(input.ExpressionAttributeNames ?? {}).includes('progress')) {
          takenOver = sk.slice(jobSk.length);
          await updateItem(exportKeys.job(project.id, takenOver), { set: { leaseUntil: Date.now() + 60_000 }, add: { attempts: 1 } });
        }
        return real(command);
      });
      const started = await api.call('export.start', {
        token: owner.token,
        body: { projectId: project.id, format: 'pdf' },
      });
      expect(started.code, started.message).toBe(0);
      await settledWorkers();
      expect(takenOver).toBe(started.data.id);
      // The job is the other run's: still running under its attempt, nothing stored, no error written over it.
      expect(await getExportJob(project.id, started.data.id)).toMatchObject({
        state: 'running',
        attempts: 2,
        objectKey: null,
        error: null,
      });
      expect(await storedFiles(project.id)).toEqual([]);
    },
  );

  it('a throttled write of the job is retried and the export completes', { timeout: 60_000 }, async () => {
    const { owner, exportAs, download } = await setup();
    const db = faultsOnDynamo().onWire('UpdateItem', nth(1), fail(throttling)).onWire('UpdateItem', nth(3), fail(throttling));
    const job = await exportAs({ token: owner.token }, { format: 'markdown' });
    expect(db.seen('UpdateItem').faulted).toBe(2);
    expect(job.state).toBe('done');
    expect((await download(job)).bytes.length).toBe(job.size);
  });
});
