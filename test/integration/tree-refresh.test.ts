/**
 * Issue 39: the tree's first read after a change, and the first search, read only what changed. A reader that keeps
 * a project's tree and search texts (an instance of the API; here a `createTreeCache()` and a `createSearchTexts()`
 * of its own, as another process would hold) brings them forward by what the tree's change log names, and must then
 * hold exactly what a reader with nothing kept (a full reload) reads: after every kind of change made through the API, when a node is seen before its bump or a revision before
 * its log item, with writers interleaved, and over a random sequence of changes.
 */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import type { RouteId, RouteResponse } from '@shared/routes';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { dynamo } from '../../functions/data/dynamo-client';
import { keys } from '../../functions/data/keys';
import { createTreeCache, getNode, nodeEntity } from '../../functions/domain/documents';
import { createSearchTexts } from '../../functions/domain/search';
import { bumpTreeRev, treeChangeEntity } from '../../functions/domain/tree-changes';
import { DAY_MS, getProject, projectEntity } from '../../functions/domain/projects';
import { purgeBinEntry } from '../../functions/domain/project-purge';
import { settledWorkers } from '../../scripts/local/workers';
import { signUp, useLocalApi, type ApiResponse, type RouteArgs } from '../support/local-api';

const api = useLocalApi();

/**
 * Whether `read` queried the project's whole range of tree nodes or of search texts (a full reload) rather than only
 * what the change log names. Counted at our client's `send`, which the reader's queries go through.
 */
async function readsWholeTree(projectId: string, read: () => Promise<unknown>): Promise<boolean> {
  const client = dynamo();
  const send = client.send.bind(client);
  let whole = false;
  client.send = ((command: { constructor: { name: string }; input: { ExpressionAttributeValues?: Record<string, unknown> } }) => {
    const from = command.input.ExpressionAttributeValues?.[':from'];
    if (
      command.constructor.name === 'QueryCommand' &&
      typeof from === 'string' &&
      [keys.documentsOf(projectId).sortBeginsWith!, keys.searchText(projectId, '').sk].some((prefix) => from.startsWith(prefix))
    )
      whole = true;
    return send(command as never);
  }) as typeof client.send;
  try {
    await read();
  } finally {
    client.send = send;
  }
  return whole;
}

async function setup() {
  const user = await signUp('Tree keeper');
  const project = (await api.call('project.create', { token: user.token, body: { name: 'Kept tree' } })).data;
  const call = async <Id extends RouteId>(id: Id, ...[request]: RouteArgs<Id>) => {
    const res = (await api.callAny(id, { token: user.token, ...request })) as ApiResponse<RouteResponse<Id>>;
    expect(res.code, `${id}: ${res.message}`).toBe(0);
    return res.data;
  };
  const create = (body: { name: string; type?: 'folder' | 'api' | 'doc'; parentId?: string; preId?: string }) =>
    call('document.create', {
      body: {
        projectId: project.id,
        ...body,
        ...(body.type === 'api' || !body.type ? { content: { method: 'GET', path: `/${body.name}`, description: body.name } } : {}),
      },
    });
  const rename = async (id: string, name: string) => {
    const node = (await getNode(project.id, id))!;
    return call('document.update', { body: { id, rev: node.rev, name } });
  };
  /** A save of new content: its search text changes with it. */
  const rewrite = async (id: string, description: string) => {
    const node = (await getNode(project.id, id))!;
    return call('document.update', { body: { id, rev: node.rev, content: { method: 'GET', path: `/${node.name}`, description } } });
  };
  const move = (id: string, parentId: string, preId: string) => call('document.resort', { params: { docId: id, parentId, preId } });

  /** A reader that keeps its tree and search texts between reads. */
  const reader = () => {
    const cache = createTreeCache();
    const searchTexts = createSearchTexts();
    return {
      read: async () => {
        const at = (await getProject(project.id))!;
        const nodes = await cache.nodesAt(at);
        // What search reads: the text of each document in the tree (a purged document's text may stay kept unread).
        const kept = await searchTexts(at);
        const texts = nodes.map((n) => [n.id, kept.get(n.id)]);
        return { nodes, tree: await cache.treeAt(at), texts };
      },
    };
  };
  /** What a reader with nothing kept reads now. */
  const wholeRead = () => reader().read();
  /** The kept reader holds what a full reload reads; answers whether it read the whole tree to get there. */
  const expectAsWhole = async (kept: ReturnType<typeof reader>) => {
    let read: Awaited<ReturnType<typeof wholeRead>> | undefined;
    const whole = await readsWholeTree(project.id, async () => (read = await kept.read()));
    const fresh = await wholeRead();
    expect(read!.nodes).toEqual(fresh.nodes);
    expect(read!.tree).toEqual(fresh.tree);
    expect(read!.texts).toEqual(fresh.texts);
    return whole;
  };
  return { ...user, project, call, create, rename, rewrite, move, reader, wholeRead, expectAsWhole };
}

const namesOf = (tree: DocumentTreeNode[]): unknown[] => tree.map((n) => (n.children.length ? [n.name, namesOf(n.children)] : n.name));

/** An OpenAPI description of `count` operations in two tags (two folders), with `suffix` in every summary. */
const openApi = (count: number, suffix: string) => ({
  openapi: '3.0.3',
  info: { title: 'Many', version: '1' },
  paths: Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `/items/${i}`,
      { get: { tags: [i % 2 ? 'Odd' : 'Even'], summary: `Item ${i} ${suffix}`, responses: { 200: { description: 'ok' } } } },
    ]),
  ),
});

describe('a kept tree brought forward by the change log', () => {
  it('holds what a full reload reads after each kind of change, reading only the changed nodes', { timeout: 180_000 }, async () => {
    const { project, call, create, rename, rewrite, move, reader, expectAsWhole } = await setup();
    const kept = reader();
    const folder = await create({ name: 'Folder', type: 'folder' });
    const other = await create({ name: 'Other', type: 'folder', preId: folder.id });
    const a = await create({ name: 'a', parentId: folder.id });
    const b = await create({ name: 'b', parentId: folder.id, preId: a.id });
    // The first read has nothing kept: the whole tree.
    expect(await expectAsWhole(kept)).toBe(true);

    const steps: [string, () => Promise<unknown>][] = [
      ['create', () => create({ name: 'c', parentId: folder.id, preId: b.id })],
      ['rename', () => rename(a.id, 'a renamed')],
      ['save new content', () => rewrite(b.id, 'Returns the zebras of the account')],
      ['move to another folder', () => move(b.id, other.id, '0')],
      ['reorder among siblings', () => move(a.id, folder.id, '0')],
      ['copy a folder with its subtree', () => call('document.copy', { body: { id: folder.id } })],
      ['bin a folder with its subtree', () => call('document.delete', { params: { id: folder.id } })],
      ['restore it', () => call('document.binRestore', { params: { id: folder.id } })],
      ['bin a document', () => call('document.delete', { params: { id: a.id } })],
      ['purge it from the bin', () => purgeBinEntry(project.id, a.id, new Date(Date.now() + 40 * DAY_MS))],
      ['import 120 operations', () => importAndSettle(call, project.id, openApi(120, 'v1'))],
      ['import them again, every one changed', () => importAndSettle(call, project.id, openApi(120, 'v2'), 'overwrite')],
    ];
    for (const [what, change] of steps) {
      await change();
      expect(await expectAsWhole(kept), `${what}: read the whole tree`).toBe(false);
    }
    const tree = (await kept.read()).tree;
    expect(namesOf(tree).slice(0, 3)).toEqual([
      ['Folder', ['c']],
      ['Folder 副本', ['a renamed', 'c']],
      ['Other', ['b']],
    ]);
    expect(tree.flatMap((n) => n.children).filter((n) => n.name.endsWith(' v2'))).toHaveLength(120);
  });

  it('a change the log cannot name (or no longer holds) is read whole', async () => {
    const { project, create, reader, expectAsWhole } = await setup();
    const kept = reader();
    await create({ name: 'one' });
    await kept.read();
    await bumpTreeRev(project.id, 'whole');
    expect(await expectAsWhole(kept)).toBe(true);
    // More revisions than the log bridges.
    for (let i = 0; i < 201; i++) await bumpTreeRev(project.id, []);
    expect(await expectAsWhole(kept)).toBe(true);
    await create({ name: 'two' });
    expect(await expectAsWhole(kept)).toBe(false);
  });
});

/** Imports an OpenAPI description through the spec's call and waits for the job to be done and its run over. */
async function importAndSettle(
  call: <Id extends RouteId>(id: Id, ...[request]: RouteArgs<Id>) => Promise<RouteResponse<Id>>,
  projectId: string,
  description: object,
  mode: 'merge' | 'overwrite' = 'merge',
) {
  const started = await call('import.swagger', { query: { projectId, mode }, body: description as Record<string, unknown> });
  for (;;) {
    const job = await call('import.get', { params: { id: started.id } });
    if (job.state === 'failed') throw new Error(`import failed: ${JSON.stringify(job)}`);
    if (job.state === 'done') {
      // The run is over too, so none of its reads is taken for the reader's.
      await settledWorkers();
      return job;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the order of a write, its bump and its log item', () => {
  it('a node seen before its bump is read again when the bump names it', async () => {
    const { project, create, reader, wholeRead, expectAsWhole } = await setup();
    const kept = reader();
    const doc = await create({ name: 'before' });
    await kept.read();
    // The write has landed; its bump has not.
    const node = (await getNode(project.id, doc.id))!;
    await nodeEntity.put({ ...node, name: 'after' });
    const early = await kept.read();
    expect(early.nodes.find((n) => n.id === doc.id)?.name).toBe('before');
    expect((await wholeRead()).nodes.find((n) => n.id === doc.id)?.name).toBe('after');
    await bumpTreeRev(project.id, [doc.id]);
    expect(await expectAsWhole(kept)).toBe(false);
    expect((await kept.read()).nodes.find((n) => n.id === doc.id)?.name).toBe('after');
  });

  it('a revision seen before its log item is read whole, and the log item landing later changes nothing', async () => {
    const { project, create, reader, expectAsWhole } = await setup();
    const kept = reader();
    const doc = await create({ name: 'before' });
    await kept.read();
    // A writer between its bump and its log item: the node written, the revision moved, no log item yet.
    const node = (await getNode(project.id, doc.id))!;
    await nodeEntity.put({ ...node, name: 'after' });
    const bumped = await projectEntity.update({ id: project.id }, { add: { treeRev: 1 } });
    expect(await expectAsWhole(kept)).toBe(true);
    expect((await kept.read()).nodes.find((n) => n.id === doc.id)?.name).toBe('after');
    // Its log item lands; the next change is read from the log again.
    await treeChangeEntity.put({ projectId: project.id, rev: bumped.treeRev, documentIds: [doc.id], expiresAt: 4_000_000_000 });
    await create({ name: 'later' });
    expect(await expectAsWhole(kept)).toBe(false);
  });

  it('readers beside interleaved writers end where a full reload is', { timeout: 120_000 }, async () => {
    const { create, rename, move, reader, expectAsWhole } = await setup();
    const folder = await create({ name: 'Folder', type: 'folder' });
    const docs = await Promise.all(Array.from({ length: 6 }, (_, i) => create({ name: `d${i}`, parentId: folder.id })));
    const keptA = reader();
    const keptB = reader();
    await Promise.all([keptA.read(), keptB.read()]);
    // Six writers at once, two readers reading while they write.
    let writing = true;
    const readers = [keptA, keptB].map(async (kept) => {
      while (writing) await kept.read();
    });
    try {
      await Promise.all(
        docs.map(async (doc, i) => {
          await rename(doc.id, `d${i} renamed`);
          await move(doc.id, folder.id, '0');
          await create({ name: `new ${i}`, parentId: folder.id, preId: doc.id });
        }),
      );
    } finally {
      writing = false;
      await Promise.all(readers);
    }
    expect(await expectAsWhole(keptA)).toBe(false);
    expect(await expectAsWhole(keptB)).toBe(false);
  });
});

describe('a random sequence of changes', () => {
  it('keeps every reader where a full reload is, whether it reads after each change or now and then', { timeout: 240_000 }, async () => {
    const { project, token, call, create, rename, move, reader, expectAsWhole, wholeRead } = await setup();
    // A small linear congruential generator: the same sequence every run, and a failing step can be replayed.
    let seed = 39;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const everyStep = reader();
    const nowAndThen = reader();
    const binned: string[] = [];
    for (let i = 0; i < 8; i++) await create({ name: `seed ${i}`, type: i % 3 ? 'api' : 'folder' });
    await Promise.all([everyStep.read(), nowAndThen.read()]);

    for (let step = 0; step < 45; step++) {
      const { nodes } = await wholeRead();
      const folders = nodes.filter((n) => n.type === 'folder');
      const any = nodes[random(nodes.length)]!;
      const parentOf = () => (folders.length && random(3) ? folders[random(folders.length)]!.id : project.id);
      const kind = random(7);
      if (kind === 0) await create({ name: `new ${step}`, type: random(4) ? 'api' : 'folder', parentId: parentOf() });
      else if (kind === 1) await rename(any.id, `renamed ${step}`);
      else if (kind === 2) {
        // A folder into its own subtree is refused, and a refusal changes nothing: the readers must agree on that too.
        const res = await api.call('document.resort', { token, params: { docId: any.id, parentId: parentOf(), preId: '0' } });
        expect([0, ERRORS.folderCycle.code]).toContain(res.code);
      } else if (kind === 3) {
        const siblings = nodes.filter((n) => n.parentId === any.parentId && n.id !== any.id);
        await move(any.id, any.parentId, siblings.length ? siblings[random(siblings.length)]!.id : '0');
      } else if (kind === 4 && nodes.length < 80) await call('document.copy', { body: { id: any.id } });
      else if (kind === 5 && nodes.length > 4) {
        await call('document.delete', { params: { id: any.id } });
        binned.push(any.id);
      } else if (binned.length) await call('document.binRestore', { params: { id: binned.splice(random(binned.length), 1)[0]! } });
      else await rename(any.id, `renamed ${step}`);

      await expectAsWhole(everyStep);
      if (random(4) === 0) await expectAsWhole(nowAndThen);
    }
    await expectAsWhole(nowAndThen);
  });
});

describe('siblings that share a rank', () => {
  // Two moves to the top of a folder at once give both the same rank; a document created or moved right after one
  // of them used to fail with a system error (nothing fits between equal ranks).
  it('take a document after either of them', async () => {
    const { project, create, move, wholeRead } = await setup();
    const a = await create({ name: 'a' });
    const b = await create({ name: 'b', preId: a.id });
    const last = await create({ name: 'last', preId: b.id });
    const nodeA = (await getNode(project.id, a.id))!;
    await nodeEntity.put({ ...(await getNode(project.id, b.id))!, rank: nodeA.rank });
    await bumpTreeRev(project.id, [b.id]);
    const [first] = [a, b].sort((x, y) => (x.id < y.id ? -1 : 1));
    const after = await create({ name: 'after', preId: first!.id });
    await move(last.id, project.id, first!.id);
    const names = namesOf((await wholeRead()).tree);
    expect(names).toHaveLength(4);
    expect(names.indexOf('after')).toBeGreaterThan(0);
    expect(after.parentId).toBe(project.id);
  });
});
