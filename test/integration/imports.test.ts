/**
 * Import jobs end to end on DynamoDB Local and s3rver (issue 22): the presigned upload, the start, the worker run
 * in process after the answer (as the local stack runs it), polling, and what lands in the project: every
 * format's fixtures with their counts, the re-import merge rules through the API, an unchanged re-import with zero
 * document writes, a dry run, a failure midway that leaves the project as it was, a repeated start, and the hostile
 * inputs.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '@shared/constants';
import { ERRORS } from '@shared/errors';
import type { RouteId, RouteResponse } from '@shared/routes';
import { importInput, type ImportResult } from '@shared/import';
import { apiKey } from '@shared/import/build';
import { readContent, type ApiContent, type ParamItem } from '@shared/schemas/document';
import { queryAll, updateItem } from '../../functions/data/db';
import { dynamo } from '../../functions/data/dynamo-client';
import { importKeys, keys } from '../../functions/data/keys';
import { bodiesOf, readBody } from '../../functions/domain/bodies';
import { createTreeCache, loadNodes } from '../../functions/domain/documents';
import { getImportJob } from '../../functions/domain/import-jobs';
import { getMockConfig } from '../../functions/domain/mock-configs';
import { getProject } from '../../functions/domain/projects';
import { createLogger } from '../../functions/core/logger';
import { importedDocumentId, runImportJob } from '../../functions/workers/import/run';
import { settledWorkers } from '../../scripts/local/workers';
import { existingFromTree, planFigures } from '../../web/src/features/imports/lib/preview';
import { always, injectFaults, type Faults } from '../support/faults';
import { jobOver, uploadImport, type ImportRoutes } from '../support/import-steps';
import { signUp, useLocalApi, type ApiResponse, type RouteArgs } from '../support/local-api';
import { recordTableWrites, sksOf, WRITE_COMMANDS } from '../support/table-writes';

const api = useLocalApi();
const harnesses: Faults[] = [];
afterEach(() => {
  while (harnesses.length) harnesses.pop()!.restore();
});

const fixture = (path: string) => readFileSync(new URL(`../../shared/import/${path}`, import.meta.url));
const bytesOf = (text: string) => new TextEncoder().encode(text);

async function setup(nickname = 'Importer') {
  const user = await signUp(nickname);
  const project = (await api.call('project.create', { token: user.token, body: { name: 'Imports' } })).data;
  /** A route as the project's owner. */
  const call = <Id extends RouteId>(id: Id, ...[request]: RouteArgs<Id>) =>
    api.callAny(id, { token: user.token, ...request }) as Promise<ApiResponse<RouteResponse<Id>>>;

  /** The job as the client polls it, in a language. */
  const job = (id: string, lang = 'zh') => call('import.get', { params: { id }, headers: { 'accept-language': lang } });
  /** The import screen's routes for the client's steps (test/support/import-steps.ts). */
  const routes: ImportRoutes = {
    ticket: (name, size) => call('import.upload', { body: { projectId: project.id, name, size } }),
    start: (id, options) => call('import.start', { body: { projectId: project.id, id, ...options } }),
    job,
  };
  /** Polls a job as the client does, until it is over. */
  const settle = (id: string, lang = 'zh') => jobOver(() => job(id, lang), `job ${id}`);
  /** The browser's steps: a ticket, the PUT to S3, the start; then polling. */
  const upload = (name: string, bytes: Uint8Array, options: Record<string, unknown> = {}) => uploadImport(routes, name, bytes, options);
  const importFile = async (name: string, bytes: Uint8Array, options: Record<string, unknown> = {}, lang = 'zh') =>
    settle((await upload(name, bytes, options)).id, lang);

  /** Every live document of the project with its content, read from the table. */
  async function documents() {
    const nodes = await loadNodes(project.id);
    const bodies = new Map(
      (
        await bodiesOf(
          project.id,
          nodes.map((n) => n.id),
        )
      ).map((b) => [b.documentId, b]),
    );
    return Promise.all(nodes.map(async (n) => ({ node: n, typed: readContent(n.type, await readBody(bodies.get(n.id))) })));
  }
  return { ...user, project, call, settle, upload, importFile, documents };
}

const rowsOf = (items: ParamItem[]): ParamItem[] => items.flatMap((p) => [p, ...rowsOf(p.children)]);
function countsOf(docs: { type: string; content: unknown }[]) {
  const apis = docs.filter((d) => d.type === 'api').map((d) => d.content as ApiContent);
  return {
    operations: apis.length,
    models: docs.filter((d) => d.type === 'model').length,
    pages: docs.filter((d) => d.type === 'doc' || d.type === 'richtext').length,
    parameters: apis.reduce(
      (n, c) =>
        n +
        rowsOf([...c.reqPath, ...c.reqQuery, ...c.reqHeaders, ...c.reqBody, ...c.responses.flatMap((r) => [...r.headers, ...r.body])])
          .length,
      0,
    ),
    examples: apis.reduce((n, c) => n + c.reqExamples.length + c.responses.reduce((m, r) => m + r.examples.length, 0), 0),
  };
}
const expectedCounts = (result: ImportResult) => countsOf(result.documents.map((d) => ({ type: d.type, content: d.content })));

/** Records the table writes a block makes that touch documents (not the job's own item). */
function documentWrites(): { writes: string[]; harness: Faults } {
  const recorded = recordTableWrites([importKeys.job('', '').sk]);
  harnesses.push(recorded.harness);
  return recorded;
}

describe('every format through the job, with its counts', () => {
  const har = JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      entries: ['1', '2'].map((id) => ({
        startedDateTime: '2025-01-01T00:00:00Z',
        time: 1,
        request: {
          method: 'GET',
          url: `https://api.example.com/users/${id}?full=true`,
          httpVersion: 'HTTP/1.1',
          headers: [{ name: 'Accept', value: 'application/json' }],
          queryString: [{ name: 'full', value: 'true' }],
          cookies: [],
          headersSize: -1,
          bodySize: -1,
        },
        response: {
          status: 200,
          statusText: 'OK',
          httpVersion: 'HTTP/1.1',
          headers: [],
          cookies: [],
          content: { size: 20, mimeType: 'application/json', text: `{"id":${id},"name":"x"}` },
          redirectURL: '',
          headersSize: -1,
          bodySize: -1,
        },
        cache: {},
        timings: { send: 0, wait: 1, receive: 0 },
      })),
    },
  });
  const showdoc = zipSync({ 'Guide/Intro.md': strToU8('# Intro\n\nHello'), 'Guide/Auth/Tokens.md': strToU8('# Tokens\n\nUse them') });
  const cases: [string, string, Uint8Array][] = [
    ['openapi', 'swagger2-petstore.yaml', fixture('openapi/fixtures/swagger2-petstore.yaml')],
    ['openapi', 'openapi30-apifox.json', fixture('openapi/fixtures/openapi30-apifox.json')],
    ['openapi', 'openapi31-shapes.yaml', fixture('openapi/fixtures/openapi31-shapes.yaml')],
    ['postman', 'shop.postman_collection.json', fixture('postman/fixtures/shop.postman_collection.json')],
    ['postman-environment', 'staging.postman_environment.json', fixture('postman/fixtures/staging.postman_environment.json')],
    ['har', 'session.har', bytesOf(har)],
    ['yapi', 'yapi-export.json', fixture('yapi/fixtures/yapi-export.json')],
    ['rap2', 'rap2-repository.json', fixture('rap2/fixtures/rap2-repository.json')],
    ['showdoc', 'showdoc.zip', showdoc],
    ['xiaoyaoji', 'project-1x.mjson', fixture('xiaoyaoji/fixtures/project-1x.mjson')],
    ['xiaoyaoji', 'project-2x.mjson', fixture('xiaoyaoji/fixtures/project-2x.mjson')],
    ['curl', 'chrome-bash.txt', fixture('curl/fixtures/chrome-bash.txt')],
  ];
  it.each(cases)('%s: %s', { timeout: 60_000 }, async (format, name, bytes) => {
    const { importFile, documents } = await setup();
    const expected = await importInput({ bytes: new Uint8Array(bytes), name });
    const job = await importFile(name, new Uint8Array(bytes));
    expect(job.error).toBeNull();
    expect(job.state).toBe('done');
    expect(job.format).toBe(format);
    expect(job.report).toMatchObject({ created: expected.documents.length, updated: 0, deleted: 0 });
    const docs = (await documents()).filter((d) => d.node.type !== 'folder');
    const counts = countsOf(docs.map((d) => d.typed));
    expect(counts).toEqual(expectedCounts(expected));
    if (format === 'openapi' || format === 'postman' || format === 'yapi' || format === 'rap2')
      expect(counts.operations).toBeGreaterThan(0);
    // Folders the source had became folders of the tree.
    const folders = (await documents()).filter((d) => d.node.type === 'folder').map((d) => d.node.name);
    for (const path of expected.documents.map((d) => d.folder).filter((f) => f.length))
      expect(folders).toEqual(expect.arrayContaining(path));
    // Parameters refer to models by their documents' ids, never by name.
    const modelIds = new Set(docs.filter((d) => d.node.type === 'model').map((d) => d.node.id));
    const refs = JSON.stringify(docs.map((d) => d.typed.content)).match(/"ref":"[^"]*"/g) ?? [];
    for (const ref of refs) expect(modelIds.has(ref.slice(7, -1)), ref).toBe(true);
  });

  it('counts of the Swagger 2.0 petstore are what the source holds', async () => {
    const { importFile, documents } = await setup();
    await importFile('petstore.yaml', fixture('openapi/fixtures/swagger2-petstore.yaml'));
    const docs = (await documents()).filter((d) => d.node.type !== 'folder');
    expect(countsOf(docs.map((d) => d.typed))).toMatchObject({ operations: 4, models: 3 });
  });

  it("RAP2's Mock.js rules become the documents' template mocks", async () => {
    const { importFile, documents, project } = await setup();
    const expected = await importInput({ bytes: new Uint8Array(fixture('rap2/fixtures/rap2-repository.json')) });
    await importFile('rap2.json', fixture('rap2/fixtures/rap2-repository.json'));
    const apis = (await documents()).filter((d) => d.node.type === 'api');
    const templated = await Promise.all(apis.map((d) => getMockConfig(project.id, d.node.id)));
    const templates = templated.filter((m) => m?.settings.type === 'template');
    expect(templates.length).toBe(Object.keys(expected.mockTemplates ?? {}).length);
    expect(templates.length).toBeGreaterThan(0);
  });
});

const petstore = (description: string, idType: string, extra = '') => `
openapi: 3.0.3
info: { title: Pets, version: '1' }
paths:
  /pets/{id}:
    get:
      summary: Get a pet
      description: ${description}
      parameters:
        - { name: id, in: path, required: true, schema: { type: ${idType} } }
      responses:
        '200': { description: ok }
${extra}`;

const owners = `
  /owners:
    get:
      summary: List owners
      description: Second
      responses:
        '200': { description: ok }`;
const gone = `
  /gone:
    get:
      summary: Soon gone
      responses:
        '200': { description: ok }`;

/** The kind of item a sort key begins with (`BODY#`, `STAGED#`...), from the key functions that build it. */
const kindOf = (key: { sk: string }) => key.sk.slice(0, key.sk.indexOf('#') + 1);
const BODY = kindOf(keys.documentBody('p', 'd'));
const DOC = kindOf(keys.document('p', 'd'));
const BIN = kindOf(keys.binEntry('p', 'd'));
const STAGED = kindOf(importKeys.staged('p', 'j', 1, 'd', 'node'));
const JOB = kindOf(importKeys.job('p', 'j'));

/** Every item of a project whose sort key begins with `prefix`, by sort key. */
const itemsOf = async (projectId: string, prefix: string) =>
  (await queryAll<{ sk: string }>({ ...keys.projectItems(projectId), sortBeginsWith: prefix })).map((i) => i.sk).sort();

/**
 * Table writes whose keys `picks` picks go to `hook` instead (which may send them on with `real`), the first
 * `times` of them; `hits` counts them. Reads pass.
 */
function onWrites(
  picks: (sks: string[], command: { input: object }) => boolean,
  hook: (command: { input: object }, real: (c: { input: object }) => Promise<unknown>) => Promise<unknown>,
  times = 1,
) {
  const harness = injectFaults(dynamo());
  harnesses.push(harness);
  const state = {
    hits: 0,
    restore: () => {
      harness.restore();
      harnesses.splice(harnesses.indexOf(harness), 1);
    },
  };
  const rule = async (command: { input: object }, real: (c: { input: object }) => Promise<unknown>) => {
    if (state.hits < times && picks(sksOf(command.input as Record<string, unknown>), command)) {
      state.hits++;
      return hook(command, real);
    }
    return real(command);
  };
  for (const c of WRITE_COMMANDS) harness.onSend(c, always, rule);
  return state;
}

/**
 * Kills the run at the first write `picks` picks: that write and every one after fail (the run's own catch
 * included, so it cannot fail the job), as a Lambda that timed out or ran out of memory leaves it. `revive`
 * waits for the dead run to be over and lets the table work again.
 */
function killAt(picks: (sks: string[]) => boolean) {
  let dead = false;
  const state = onWrites(
    (sks) => dead || picks(sks),
    () => {
      dead = true;
      return Promise.reject(new Error('the Lambda died'));
    },
    Infinity,
  );
  return {
    get killed() {
      return dead;
    },
    revive: async () => {
      await settledWorkers();
      state.restore();
    },
  };
}

/** Lets a job's lease lapse now, as 16 minutes after its run died would. */
const lapse = (projectId: string, jobId: string) => updateItem(importKeys.job(projectId, jobId), { set: { leaseUntil: Date.now() - 1 } });

describe('re-import', () => {
  it('keeps an edit the source did not touch, and takes a type the source changed', { timeout: 60_000 }, async () => {
    const { importFile, call, documents } = await setup();
    const first = await importFile('pets.yaml', bytesOf(petstore('From the source', 'integer')));
    expect(first.report).toMatchObject({ created: 1 });
    const [doc] = (await documents()).filter((d) => d.node.type === 'api');
    const content = doc!.typed.content as ApiContent;
    // A person edits the description through the API.
    const saved = await call('document.update', {
      body: { id: doc!.node.id, rev: doc!.node.rev, content: { ...content, description: 'Written by a person' } },
    });
    expect(saved.code, saved.message).toBe(0);
    // The source changes the path parameter's type (and not the description).
    const second = await importFile('pets.yaml', bytesOf(petstore('From the source', 'string')));
    expect(second.report).toMatchObject({ created: 0, updated: 1 });
    const [after] = (await documents()).filter((d) => d.node.type === 'api');
    expect(after!.node.id).toBe(doc!.node.id);
    const merged = after!.typed.content as ApiContent;
    expect(merged.description).toBe('Written by a person');
    expect(merged.reqPath.find((p) => p.name === 'id')?.type).toBe('string');
    // The version it replaced is in the history.
    const history = await call('document.history', { params: { id: doc!.node.id } });
    expect(history.code).toBe(0);
    expect(history.data.length).toBeGreaterThanOrEqual(2);
  });

  it('of an unchanged file writes no document and skips everything; a dry run writes nothing', { timeout: 60_000 }, async () => {
    const { importFile, documents, project } = await setup();
    const file = fixture('openapi/fixtures/openapi30-apifox.json');
    const first = await importFile('apifox.json', file);
    const before = JSON.stringify(await documents());
    const { writes } = documentWrites();
    const again = await importFile('apifox.json', file);
    expect(again.state).toBe('done');
    expect(again.report).toMatchObject({ created: 0, updated: 0, deleted: 0, skipped: first.report!.created });
    expect(writes).toEqual([]);
    // A dry run of a changed file answers what it would do, and writes nothing either.
    const changed = JSON.parse(file.toString()) as { paths: Record<string, unknown> };
    changed.paths['/brand-new'] = { get: { summary: 'New', responses: { '200': { description: 'ok' } } } };
    const dry = await importFile('apifox.json', bytesOf(JSON.stringify(changed)), { dryRun: true });
    expect(dry.report).toMatchObject({ created: 1, updated: 0 });
    expect(writes).toEqual([]);
    expect(JSON.stringify(await documents())).toBe(before);
    expect((await queryAll(importKeys.stampsOf(project.id))).length).toBe(first.report!.created);
  });

  it(
    'of the same content under a new file name writes no document: it matches by operation, not by the name',
    { timeout: 60_000 },
    async () => {
      const { importFile, documents } = await setup();
      // Models that refer to each other, operations that refer to models: what the table stores differs from the file.
      const file = fixture('openapi/fixtures/swagger2-petstore.yaml');
      const first = await importFile('petstore.yaml', file);
      expect(first.report!.created).toBeGreaterThan(4);
      const before = JSON.stringify(await documents());
      const { writes } = documentWrites();
      const renamed = await importFile('petstore-v2.yaml', file);
      expect(renamed.state).toBe('done');
      expect(renamed.report).toMatchObject({ created: 0, updated: 0, deleted: 0, skipped: first.report!.created });
      expect(JSON.stringify(await documents())).toBe(before);
      // Only the stamps moved to the new name (no body, no history): its next run is answered from them.
      const [STAMP, HISTORY] = [kindOf(importKeys.stamp('p', 'd')), kindOf(keys.history('p', 'd', 1))];
      expect(writes.some((sk) => sk.startsWith(STAMP))).toBe(true);
      expect(writes.filter((sk) => sk.startsWith(BODY) || sk.startsWith(HISTORY))).toEqual([]);
      const again = await importFile('petstore-v2.yaml', file);
      expect(again.report).toMatchObject({ created: 0, updated: 0, skipped: first.report!.created });
    },
  );

  it(
    'that fails midway leaves the tree, contents, search and the bin as they were, discards what it staged, and a retry never duplicates',
    { timeout: 60_000 },
    async () => {
      const { importFile, documents, call, project } = await setup();
      await importFile('pets.yaml', bytesOf(petstore('First', 'integer', gone)));
      const before = await documents();
      const bodiesBefore = await itemsOf(project.id, BODY);
      const searchBefore = await call('document.search', { params: { projectId: project.id }, query: { keyword: 'Second' } });
      const changed = bytesOf(petstore('Second', 'string', owners));
      // Everything is staged, then writing the new documents' bodies fails.
      const harness = onWrites(
        (sks) => sks.some((sk) => sk.startsWith(BODY)),
        () => Promise.reject(new Error('injected failure')),
      );
      const failed = await importFile('pets.yaml', changed, { deleteMissing: true }, 'en');
      harness.restore();
      expect(failed.state).toBe('failed');
      expect(failed.error).toEqual({
        code: ERRORS.importFailed.code,
        message: 'Import failed; the project is unchanged. Try again later',
      });
      expect(harness.hits).toBe(1);
      const after = await documents();
      expect(after.map((d) => [d.node.id, d.node.rev, d.node.name])).toEqual(before.map((d) => [d.node.id, d.node.rev, d.node.name]));
      expect(after.map((d) => d.typed)).toEqual(before.map((d) => d.typed));
      const searchAfter = await call('document.search', { params: { projectId: project.id }, query: { keyword: 'Second' } });
      expect(searchAfter.data).toEqual(searchBefore.data);
      expect((await call('document.bin', { params: { projectId: project.id } })).data).toEqual([]);
      // What it staged is gone, and nothing it wrote beside it stays.
      expect(await itemsOf(project.id, STAGED)).toEqual([]);
      expect(await itemsOf(project.id, BODY)).toEqual(bodiesBefore);
      // The same import again succeeds, once: one new document, one updated, one deleted, no duplicates.
      const retried = await importFile('pets.yaml', changed, { deleteMissing: true });
      expect(retried.report).toMatchObject({ created: 1, updated: 1, deleted: 1 });
      const apis = (await documents()).filter((d) => d.node.type === 'api');
      expect(apis.map((d) => d.node.path).sort()).toEqual(['/owners', '/pets/{id}']);
    },
  );

  it('a repeated start answers the job and never runs it twice; a second worker invocation does nothing', { timeout: 60_000 }, async () => {
    const { upload, settle, call, project, documents } = await setup();
    const { id } = await upload('pets.yaml', bytesOf(petstore('Once', 'integer')));
    const again = await call('import.start', { body: { projectId: project.id, id } });
    expect(again.code).toBe(0);
    const job = await settle(id);
    expect(job.report).toMatchObject({ created: 1 });
    // Lambda may deliver an asynchronous event twice: the job is over, so the second run takes nothing.
    await runImportJob({ projectId: project.id, jobId: id }, { log: createLogger({}) });
    const third = await call('import.start', { body: { projectId: project.id, id } });
    expect(third.data.state).toBe('done');
    expect((await documents()).filter((d) => d.node.type === 'api')).toHaveLength(1);
  });
});

describe('staged until the commit (the last gaps of issue 22)', () => {
  /** What a reader sees of `/owners` (the document the second import adds, in a folder of its own). */
  async function ownersSeen(call: Awaited<ReturnType<typeof setup>>['call'], projectId: string) {
    const tree = await call('document.tree', { params: { projectId } });
    const search = await call('document.search', { params: { projectId }, query: { keyword: 'owners' } });
    const jobs = (await itemsOf(projectId, JOB)).map((sk) => sk.slice(JOB.length));
    const reads = await Promise.all(
      jobs.flatMap((jobId) =>
        [apiKey('GET', '/owners'), apiKey('GET', '/owners/0'), 'folder:Owners'].map(
          async (key) => (await call('document.get', { params: { id: importedDocumentId(projectId, jobId, key) } })).code,
        ),
      ),
    );
    return {
      inTree: JSON.stringify(tree.data).includes('List owners') || JSON.stringify(tree.data).includes('"Owners"'),
      found: JSON.stringify(search.data).includes('List owners'),
      read: reads.some((code) => code === 0),
    };
  }
  const ownersTagged = owners.replace('summary: List owners', 'summary: List owners\n      tags: [Owners]');

  it(
    "keeps a run's new documents and folders out of the tree, a document read and search until its commit",
    { timeout: 60_000 },
    async () => {
      const { importFile, call, project } = await setup();
      await importFile('pets.yaml', bytesOf(petstore('First', 'integer')));
      let midway: Awaited<ReturnType<typeof ownersSeen>> | undefined;
      // Midway: the first progress the run reports after writing (a 200-document step of its 250 new documents).
      const harness = onWrites(
        (sks, command) => command instanceof UpdateCommand && sks[0]!.startsWith(JOB) && /"done":[1-9]/.test(JSON.stringify(command.input)),
        async (command, real) => {
          midway = await ownersSeen(call, project.id);
          return real(command);
        },
      );
      const many = Array.from(
        { length: 250 },
        (_, i) => `
  /owners/${i}:
    get:
      summary: List owners ${i}
      tags: [Owners]
      responses:
        '200': { description: ok }`,
      ).join('');
      const job = await importFile('pets.yaml', bytesOf(petstore('Second', 'string', many)));
      harness.restore();
      expect(job.report).toMatchObject({ created: 250, updated: 1 });
      expect(harness.hits).toBe(1);
      expect(midway).toEqual({ inTree: false, found: false, read: false });
      expect(await ownersSeen(call, project.id)).toEqual({ inTree: true, found: true, read: true });
      expect(await itemsOf(project.id, STAGED)).toEqual([]);
    },
  );

  for (const [when, picks] of [
    // Staged, then writing the new documents' bodies beside them.
    ['while staging', (sks: string[]) => sks.some((sk) => sk.startsWith(BODY))],
    // The first write that makes a tree node live.
    ['at its first tree write', (sks: string[]) => sks.some((sk) => sk.startsWith(DOC))],
  ] as const) {
    it(`whose Lambda dies ${when} shows nothing of it; the owner's poll has it taken over and done once`, { timeout: 60_000 }, async () => {
      const { importFile, upload, settle, documents, call, project } = await setup();
      await importFile('pets.yaml', bytesOf(petstore('First', 'integer', gone)));
      const before = await documents();
      const killer = killAt(picks);
      const { id } = await upload('pets.yaml', bytesOf(petstore('Second', 'string', ownersTagged)), { deleteMissing: true });
      await killer.revive();
      expect(killer.killed).toBe(true);
      // Dead: the job still says running, and the project is as it was.
      const dead = await call('import.get', { params: { id } });
      expect(dead.data.state).toBe('running');
      const after = await documents();
      expect(after.map((d) => [d.node.id, d.node.rev, d.node.name])).toEqual(before.map((d) => [d.node.id, d.node.rev, d.node.name]));
      expect(after.map((d) => d.typed)).toEqual(before.map((d) => d.typed));
      expect(await ownersSeen(call, project.id)).toEqual({ inTree: false, found: false, read: false });
      expect((await call('document.bin', { params: { projectId: project.id } })).data).toEqual([]);
      // Its lease lapses; the owner's next poll has another run take it over, which finishes it, once.
      await lapse(project.id, id);
      const job = await settle(id);
      expect(job.state).toBe('done');
      expect(job.report).toMatchObject({ created: 1, updated: 1, deleted: 1 });
      const apis = (await documents()).filter((d) => d.node.type === 'api');
      expect(apis.map((d) => d.node.path).sort()).toEqual(['/owners', '/pets/{id}']);
      expect((await documents()).filter((d) => d.node.type === 'folder').map((d) => d.node.name)).toEqual(['Owners']);
      expect(await itemsOf(project.id, STAGED)).toEqual([]);
      expect((await call('document.bin', { params: { projectId: project.id } })).data).toHaveLength(1);
    });
  }

  it('a commit taken over after some of its tree writes is read whole by an instance that kept the tree', { timeout: 60_000 }, async () => {
    const { importFile, upload, settle, project } = await setup();
    await importFile('pets.yaml', bytesOf(petstore('First', 'integer')));
    // An instance that kept the tree as it was before this import (domain/documents.ts: the tree's change log).
    const kept = createTreeCache();
    const keptTree = async () => kept.treeAt((await getProject(project.id))!);
    await keptTree();
    // The commit puts the new folder's node, then dies at its next tree write: the taken-over run cannot name the folder.
    let treeWrites = 0;
    const killer = killAt((sks) => sks.some((sk) => sk.startsWith(DOC)) && ++treeWrites === 2);
    const { id } = await upload('pets.yaml', bytesOf(petstore('Second', 'string', ownersTagged)));
    await killer.revive();
    expect(killer.killed).toBe(true);
    await lapse(project.id, id);
    expect((await settle(id)).state).toBe('done');
    const whole = await createTreeCache().treeAt((await getProject(project.id))!);
    expect(JSON.stringify(whole)).toContain('"Owners"');
    expect(await keptTree()).toEqual(whole);
  });

  it('a run whose job another run took over stands down: it neither finishes nor fails the job', { timeout: 60_000 }, async () => {
    const { upload, documents, project } = await setup();
    const before = await documents();
    const jobSk = importKeys.job(project.id, '').sk;
    let takenOver: string | undefined;
    // At this run's first progress report, another run takes the job (as after a lapsed lease): attempts moves on.
    const harness = injectFaults(dynamo());
    harnesses.push(harness);
    harness.onSend(UpdateCommand, always, async (command, real) => {
      const input = command.input as { Key?: { sk?: string }; ExpressionAttributeNames?: Record<string, string> };
      const sk = input.Key?.sk ?? '';
      if (!takenOver && sk.startsWith(jobSk) && Object.values(input.ExpressionAttributeNames ?? {}).includes('progress')) {
        takenOver = sk.slice(jobSk.length);
        await updateItem(importKeys.job(project.id, takenOver), { set: { leaseUntil: Date.now() + 60_000 }, add: { attempts: 1 } });
      }
      return real(command);
    });
    const { id } = await upload('pets.yaml', bytesOf(petstore('First', 'integer', gone)));
    await settledWorkers();
    expect(takenOver).toBe(id);
    // The job is the other run's: still running under its attempt, with no error or end written over it.
    expect(await getImportJob(project.id, id)).toMatchObject({ state: 'running', attempts: 2, error: null, finishedAt: null });
    expect((await documents()).map((d) => d.node.id)).toEqual(before.map((d) => d.node.id));
  });

  it('never overwrites a save made while it ran, when it then fails on a deletion', { timeout: 60_000 }, async () => {
    const { importFile, documents, call, project } = await setup();
    await importFile('pets.yaml', bytesOf(petstore('First', 'integer', gone)));
    const pets = () => documents().then((docs) => docs.find((d) => d.node.path === '/pets/{id}')!);
    let savedRev = 0;
    // The run has written the update; a person saves the document; then binning the missing one fails.
    const harness = onWrites(
      (sks, command) => command instanceof PutCommand && sks.some((sk) => sk.startsWith(BIN)),
      async () => {
        const doc = await pets();
        const saved = await call('document.update', {
          body: { id: doc.node.id, rev: doc.node.rev, content: { ...(doc.typed.content as ApiContent), description: 'Saved by a person' } },
        });
        expect(saved.code, saved.message).toBe(0);
        savedRev = doc.node.rev + 1;
        throw new Error('injected failure');
      },
    );
    const job = await importFile('pets.yaml', bytesOf(petstore('Second', 'string')), { deleteMissing: true });
    harness.restore();
    expect(harness.hits).toBe(1);
    const doc = await pets();
    expect(doc.node.rev).toBe(savedRev);
    expect((doc.typed.content as ApiContent).description).toBe('Saved by a person');
    // The run never undid anything: its commit went on (the next poll finished it), so the deletion happened too.
    expect(job.state).toBe('done');
    expect((await documents()).map((d) => d.node.path)).toEqual(['/pets/{id}']);
    expect((await call('document.bin', { params: { projectId: project.id } })).data).toHaveLength(1);
  });

  it('leaves a document saved since its plan as the person saved it, with a warning in both languages', { timeout: 60_000 }, async () => {
    const { importFile, settle, documents, call, project } = await setup();
    await importFile('pets.yaml', bytesOf(petstore('First', 'integer')));
    const [doc] = await documents();
    const harness = onWrites(
      (_sks, command) => command instanceof TransactWriteCommand,
      async (command, real) => {
        const saved = await call('document.update', {
          body: {
            id: doc!.node.id,
            rev: doc!.node.rev,
            content: { ...(doc!.typed.content as ApiContent), description: 'Saved by a person' },
          },
        });
        expect(saved.code, saved.message).toBe(0);
        return real(command);
      },
    );
    const job = await importFile('pets.yaml', bytesOf(petstore('Second', 'string', owners)), {}, 'en');
    harness.restore();
    expect(job.state).toBe('done');
    expect(job.report).toMatchObject({ created: 1, updated: 0, skipped: 1 });
    expect(job.report!.warnings).toContainEqual({
      pointer: apiKey('GET', '/pets/{id}'),
      code: 'savedSince',
      params: { name: doc!.node.name },
      message: `Someone saved “${doc!.node.name}” while the import ran: their save is kept, not updated`,
    });
    const zh = await settle(job.id, 'zh');
    expect(zh.report!.warnings.find((w) => w.code === 'savedSince')?.message).toBe(
      `导入期间有人保存了「${doc!.node.name}」，保留其保存，未更新`,
    );
    const after = (await documents()).find((d) => d.node.id === doc!.node.id)!;
    expect(after.node.rev).toBe(doc!.node.rev + 1);
    expect((after.typed.content as ApiContent).description).toBe('Saved by a person');
    expect(await itemsOf(project.id, STAGED)).toEqual([]);
  });

  it(
    'deletes what the source no longer has only once all else is live, and a failure among the deletions never leaves half of them',
    { timeout: 60_000 },
    async () => {
      const { importFile, documents, call, project } = await setup();
      const twoGone = `${gone}\n${gone.replace('/gone', '/gone-too').replace('Soon gone', 'Soon gone too')}`;
      await importFile('pets.yaml', bytesOf(petstore('First', 'integer', twoGone)));
      let beforeDeletes: string[] = [];
      // When the first document moves to the bin, what the tree holds; the second one's move fails.
      const harness = onWrites(
        (sks, command) => command instanceof PutCommand && sks.some((sk) => sk.startsWith(BIN)),
        async (command, real) => {
          if (beforeDeletes.length) throw new Error('injected failure');
          beforeDeletes = (await documents()).map((d) => d.node.path ?? d.node.name).sort();
          return real(command);
        },
        2,
      );
      const job = await importFile('pets.yaml', bytesOf(petstore('Second', 'string', owners)), { deleteMissing: true });
      harness.restore();
      expect(harness.hits).toBe(2);
      // When the first deletion starts, the new document and the update are live already.
      expect(beforeDeletes).toEqual(['/gone', '/gone-too', '/owners', '/pets/{id}']);
      expect(job.state).toBe('done');
      expect(job.report).toMatchObject({ created: 1, updated: 1, deleted: 2 });
      expect((await documents()).map((d) => d.node.path).sort()).toEqual(['/owners', '/pets/{id}']);
      expect((await call('document.bin', { params: { projectId: project.id } })).data).toHaveLength(2);
      expect(await itemsOf(project.id, STAGED)).toEqual([]);
    },
  );
});

describe('the preview sees the stamps', () => {
  it('answers the same created/updated/skipped/deleted as the dry run, from the tree and import.stamps', { timeout: 60_000 }, async () => {
    const { importFile, call, project } = await setup();
    const file = fixture('openapi/fixtures/openapi30-apifox.json');
    const first = await importFile('apifox.json', file);
    expect(first.report!.created).toBeGreaterThan(1);
    const changed = JSON.parse(file.toString()) as { paths: Record<string, Record<string, { summary?: string }>> };
    const [firstPath] = Object.keys(changed.paths);
    delete changed.paths[firstPath!];
    changed.paths['/brand-new'] = { get: { summary: 'New', responses: { '200': { description: 'ok' } } } as never };
    for (const [bytes, choices] of [
      [file, { mode: 'merge', deleteMissing: false }],
      [bytesOf(JSON.stringify(changed)), { mode: 'merge', deleteMissing: true }],
      [bytesOf(JSON.stringify(changed)), { mode: 'skip', deleteMissing: true }],
    ] as const) {
      const tree = await call('document.tree', { params: { projectId: project.id } });
      const stamps = await call('import.stamps', {
        params: { projectId: project.id },
        query: { source: 'apifox.json' },
      });
      expect(stamps.code, stamps.message).toBe(0);
      const preview = planFigures(
        existingFromTree(tree.data, stamps.data.stamps, 'apifox.json'),
        await importInput({ bytes: new Uint8Array(bytes), name: 'apifox.json' }),
        choices,
        'apifox.json',
      );
      const dry = await importFile('apifox.json', new Uint8Array(bytes), { ...choices, dryRun: true });
      const { created, updated, skipped, deleted } = dry.report!;
      expect({ created: preview.created, updated: preview.updated, skipped: preview.skipped, deleted: preview.deleted }).toEqual({
        created,
        updated,
        skipped,
        deleted,
      });
    }
    // The unchanged file: every document skipped, in the preview as in the dry run.
    const stamps = await call('import.stamps', { params: { projectId: project.id }, query: { source: 'apifox.json' } });
    expect(stamps.data.stamps).toHaveLength(first.report!.created);
    expect(Object.keys(stamps.data.stamps[0]!).sort()).toEqual(['documentId', 'hash', 'key']);
  });
});

describe('hostile inputs', () => {
  it('refuses a file over 50 MB at upload, in both languages', async () => {
    const { call, project } = await setup();
    for (const [lang, message] of [
      ['zh', '导入的文件不能超过 50 MB'],
      ['en', 'An imported file is at most 50 MB'],
    ] as const) {
      const res = await call('import.upload', {
        body: { projectId: project.id, name: 'huge.json', size: IMPORT_MAX_BYTES + 1 },
        headers: { 'accept-language': lang },
      });
      expect(res.code).toBe(ERRORS.importTooLarge.code);
      expect(res.message).toBe(message);
    }
  });

  it('fails a job on a YAML alias bomb, on what is not a format, and never follows an external $ref', { timeout: 60_000 }, async () => {
    const { importFile, documents } = await setup();
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++)
      bomb.push(
        `${'abcdefghij'[i]}: &${'abcdefghij'[i]} [${Array(10)
          .fill(`*${'abcdefghij'[i - 1]}`)
          .join(',')}]`,
      );
    const bombed = await importFile('bomb.yaml', bytesOf(`${bomb.join('\n')}\nopenapi: 3.0.0\n`), {}, 'en');
    expect(bombed.state).toBe('failed');
    expect(bombed.error?.code).toBe(ERRORS.importTooManyNodes.code);

    const zh = await importFile('notes.txt', bytesOf('just some words'));
    expect(zh.error?.code).toBe(ERRORS.importInvalidType.code);
    expect(zh.error?.message).toMatch(/^文件类型无效/);
    const en = await importFile('notes.txt', bytesOf('just some words'), {}, 'en');
    expect(en.error?.message).toMatch(/^Invalid type/);

    const external = {
      openapi: '3.0.3',
      info: { title: 'Ext', version: '1' },
      paths: {
        '/x': {
          get: {
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { $ref: 'http://127.0.0.1:9/evil.json#/X' } } } },
            },
          },
        },
      },
    };
    const ext = await importFile('ext.json', bytesOf(JSON.stringify(external)), {}, 'en');
    expect(ext.state).toBe('done');
    expect(ext.report?.warnings.some((w) => w.code === 'externalRef' && w.message.includes('never read'))).toBe(true);
    expect((await documents()).filter((d) => d.node.type === 'api')).toHaveLength(1);
  });

  it('refuses a URL import of a loopback address, with the message in both languages', { timeout: 30_000 }, async () => {
    let hits = 0;
    const server: Server = createServer((_req, res) => {
      hits++;
      res.end(petstore('x', 'integer'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { call, settle, project, documents } = await setup();
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.yaml`;
      const started = await call('import.url', { body: { projectId: project.id, url } });
      expect(started.code, started.message).toBe(0);
      const en = await settle(started.data.id, 'en');
      expect(en.state).toBe('failed');
      expect(en.error).toEqual({
        code: ERRORS.importUrlRefused.code,
        message: 'Only public addresses can be imported from (127.0.0.1)',
      });
      const zh = await settle(started.data.id, 'zh');
      expect(zh.error?.message).toBe('只能从公网地址导入（127.0.0.1）');
      expect(hits).toBe(0);
      expect(await documents()).toEqual([]);
    } finally {
      server.close();
    }
  });
});

describe("the spec's swagger call", () => {
  it('imports a JSON body into a folder with the chosen mode', { timeout: 30_000 }, async () => {
    const { call, settle, project, documents } = await setup();
    const folder = await call('document.create', {
      body: { projectId: project.id, type: 'folder', name: 'Imported' },
    });
    expect(folder.code, folder.message).toBe(0);
    const spec = JSON.parse(fixture('openapi/fixtures/openapi30-apifox.json').toString()) as Record<string, unknown>;
    const res = await call('import.swagger', {
      query: { projectId: project.id, mode: 'overwrite', folderId: folder.data.id },
      body: spec,
    });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ state: 'queued', source: 'swagger', options: { mode: 'overwrite', folderId: folder.data.id } });
    const job = await settle(res.data.id);
    expect(job.state).toBe('done');
    const docs = await documents();
    const byId = new Map(docs.map((d) => [d.node.id, d.node]));
    const topOf = (id: string): string => {
      let node = byId.get(id)!;
      while (byId.get(node.parentId)) node = byId.get(node.parentId)!;
      return node.id;
    };
    for (const d of docs.filter((x) => x.node.type !== 'folder')) expect(topOf(d.node.id)).toBe(folder.data.id);
  });
});
