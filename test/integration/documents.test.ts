import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { buildPath, routes } from '@shared/routes';
import { putItem } from '../../functions/data/db';
import { memberItem } from '../../functions/domain/members';
import { refusedFields, signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();

async function setup() {
  const user = await signUp('Writer');
  const project = (await api.call('project.create', { token: user.token, body: { name: 'Docs' } })).data;
  const create = async (body: Record<string, unknown>) => {
    const res = await api.call('document.create', { token: user.token, body: { projectId: project.id, ...body } });
    expect(res.code, `${res.message} ${JSON.stringify(res.data)}`).toBe(0);
    return res.data;
  };
  const tree = async () => (await api.call('document.tree', { params: { projectId: project.id }, token: user.token })).data;
  return { ...user, project, create, tree };
}

const API_CONTENT = {
  method: 'POST',
  path: '/orders',
  description: 'Creates an order',
  reqBody: [
    {
      id: 'p1',
      name: 'items',
      type: 'array[object]',
      required: true,
      children: [{ id: 'p2', name: 'sku', type: 'string', required: true, children: [] }],
    },
  ],
};

describe('creating and reading every kind', () => {
  it('applies the spec defaults to a new document', async () => {
    const { create, project } = await setup();
    const doc = await create({});
    expect(doc).toMatchObject({
      name: '未命名文档',
      comment: '新增文档',
      type: 'doc',
      parentId: project.id,
      projectId: project.id,
      preId: '0',
      rev: 1,
    });
    expect(doc.id.startsWith(`${project.id}_`)).toBe(true);
  });

  it.each([
    ['api', API_CONTENT],
    ['doc', { markdown: '# Title\n\nText' }],
    ['richtext', { html: '<p><b>Bold</b></p>' }],
    ['embed', { url: 'https://example.com', width: 800, height: 600 }],
    ['errorcode', { rows: [{ code: '40001', message: 'bad thing', description: '' }] }],
    ['folder', {}],
    ['link', { url: 'https://example.com/docs' }],
  ])('creates and reads back a %s document', async (type, content) => {
    const { create, token } = await setup();
    const doc = await create({ type, name: `A ${type}`, content });
    const read = await api.call('document.get', { params: { id: doc.id }, token });
    expect(read.code).toBe(0);
    expect(read.data).toMatchObject({ type, name: `A ${type}` });
    expect(read.data.content).toMatchObject(content);
  });

  it('keeps nested parameter children and summarises an API in the tree', async () => {
    const { create, tree } = await setup();
    const doc = await create({ type: 'api', name: 'Create order', content: API_CONTENT });
    if (doc.type !== 'api') throw new Error('expected an API document');
    const content = doc.content;
    expect(content.reqBody[0]!.children[0]!.name).toBe('sku');
    const [node] = await tree();
    expect(node).toMatchObject({ method: 'POST', path: '/orders', status: 'developing' });
    // The tree carries what it shows, not the edit stamp a document's own read has.
    expect(Object.keys(node!).sort()).toEqual([
      'children',
      'comment',
      'id',
      'method',
      'name',
      'parentId',
      'path',
      'preId',
      'projectId',
      'status',
      'type',
    ]);
  });

  it('requires name, path and description for an HTTP API, with per-field messages', async () => {
    const { project, token } = await setup();
    const res = await api.call('document.create', {
      token,
      body: { projectId: project.id, type: 'api', content: { method: 'GET' } },
    });
    expect(res.code).toBe(ERRORS.invalidInput.code);
    expect(refusedFields(res)).toMatchObject({ 'content.path': '请填写接口路径', 'content.description': '请填写接口描述' });
  });

  it('refuses a title over 30 characters with the spec message, and unsafe URLs', async () => {
    const { project, token } = await setup();
    const long = await api.call('document.create', {
      token,
      body: { projectId: project.id, name: 'x'.repeat(31) },
      headers: { 'accept-language': 'en' },
    });
    expect(refusedFields(long).name).toBe('Document title malformed, 1-30 length');
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>', 'file:///etc/passwd']) {
      const res = await api.call('document.create', { token, body: { projectId: project.id, type: 'embed', content: { url } } });
      expect(res.code, url).toBe(ERRORS.invalidInput.code);
    }
  });

  it("refuses the app's own origin as an embed's page, on create and on save, in both languages", async () => {
    const { create, project, token } = await setup();
    const own = new URL(api.url());
    for (const url of [
      `${api.url()}/__dev/outbox`,
      `https://${own.host}/api${buildPath(routes['user.detail'])}`,
      `${api.url()}/files/x/y`,
    ]) {
      for (const [lang, text] of [
        ['zh-CN', '不能嵌入本站自己的页面'],
        ['en', 'Pages of this site itself'],
      ] as const) {
        const res = await api.call('document.create', {
          token,
          headers: { 'accept-language': lang },
          body: { projectId: project.id, type: 'embed', name: 'Own', content: { url } },
        });
        expect(res.code, url).toBe(ERRORS.invalidInput.code);
        expect(refusedFields(res)['content.url']).toContain(text);
      }
    }
    const elsewhere = await create({ type: 'embed', name: 'Elsewhere', content: { url: 'https://example.com/board' } });
    const saved = await api.call('document.update', {
      token,
      body: { id: elsewhere.id, rev: elsewhere.rev, content: { url: `${api.url()}/__dev/outbox` } },
    });
    expect(saved.code).toBe(ERRORS.invalidInput.code);
  });

  it('soft links point at a document of the same project', async () => {
    const { create, project, token } = await setup();
    const target = await create({ name: 'Target' });
    const link = await create({ type: 'softlink', name: 'Link', content: { targetId: target.id } });
    expect(link.content).toEqual({ targetId: target.id });
    const missing = await api.call('document.create', {
      token,
      body: { projectId: project.id, type: 'softlink', content: { targetId: `${project.id}_missing1234` } },
    });
    expect(missing.code).toBe(ERRORS.invalidInput.code);
  });

  it('stores a 1 MB markdown body (in S3) and reads it back intact', async () => {
    const { create, token } = await setup();
    const markdown = `# Big\n\n${'Lorem ipsum dolor sit amet, 中文内容。\n'.repeat(28_000)}`.slice(0, 1024 * 1024);
    const doc = await create({ name: 'Big', content: { markdown } });
    const read = await api.call('document.get', { params: { id: doc.id }, token });
    expect((read.data.content as { markdown: string }).markdown).toBe(markdown);
    const saved = await api.call('document.update', {
      token,
      body: { id: doc.id, rev: 1, content: { markdown: `${markdown}!` } },
    });
    expect(saved.code).toBe(0);
    const history = await api.call('document.history', { params: { id: doc.id }, token });
    const old = await api.call('document.historyGet', {
      params: { id: doc.id, historyId: history.data[0]!.id },
      token,
    });
    expect((old.data.content as { markdown: string }).markdown).toBe(markdown);
  });

  it('stores XSS payloads as text; the API never executes or alters them', async () => {
    const { create, token } = await setup();
    const html = '<img src=x onerror="alert(1)"><a href="javascript:alert(2)">x</a><script>alert(3)</script>';
    const doc = await create({ type: 'richtext', name: '<script>alert(4)</script>', content: { html } });
    const read = await api.call('document.get', { params: { id: doc.id }, token });
    expect(read.headers.get('content-type')).toContain('application/json');
    expect((read.data.content as { html: string }).html).toBe(html);
  });
});

describe('the tree', () => {
  it('orders siblings by preId, lists children and the first child', async () => {
    const { create, tree, token, project } = await setup();
    const folder = await create({ type: 'folder', name: 'Folder' });
    const a = await create({ name: 'A', parentId: folder.id });
    const b = await create({ name: 'B', parentId: folder.id, preId: a.id });
    const first = await create({ name: 'First', parentId: folder.id });
    const [top] = await tree();
    expect(top!.children.map((c) => [c.name, c.preId])).toEqual([
      ['First', '0'],
      ['A', first.id],
      ['B', a.id],
    ]);
    const children = await api.call('document.children', { params: { id: folder.id }, token });
    expect(children.data.map((c) => c.name)).toEqual(['First', 'A', 'B']);
    const child0 = await api.call('document.child0', { params: { id: folder.id }, token });
    expect(child0.data?.id).toBe(first.id);
    const roots = await api.call('document.children', { params: { id: project.id }, token });
    expect(roots.data.map((c) => c.id)).toEqual([folder.id]);
    expect(b.parentId).toBe(folder.id);
  });

  it('moves a node before, after and inside others, and refuses a folder into its own subtree', async () => {
    const { create, tree, token, project } = await setup();
    const f1 = await create({ type: 'folder', name: 'F1' });
    const f2 = await create({ type: 'folder', name: 'F2', preId: f1.id });
    const inner = await create({ type: 'folder', name: 'Inner', parentId: f1.id });
    const doc = await create({ name: 'Doc', preId: f2.id });
    const move = (a: string, b: string, c: string) => api.call('document.resort', { params: { docId: a, parentId: b, preId: c }, token });
    expect((await move(doc.id, f2.id, '0')).data).toMatchObject({ parentId: f2.id, preId: '0' });
    expect((await move(f2.id, project.id, '0')).data.preId).toBe('0');
    expect((await tree()).map((n) => n.name)).toEqual(['F2', 'F1']);
    expect((await move(f1.id, inner.id, '0')).code).toBe(ERRORS.folderCycle.code);
    expect((await move(f1.id, f1.id, '0')).code).toBe(ERRORS.folderCycle.code);
    expect((await move(f1.id, doc.id, '0')).code).toBe(ERRORS.invalidInput.code); // a document is no folder
  });

  it('deletes a folder with its whole subtree (to the document bin) and touches nothing else', async () => {
    const { create, tree, token } = await setup();
    const keep = await create({ name: 'Keep' });
    const folder = await create({ type: 'folder', name: 'Doomed', preId: keep.id });
    const child = await create({ name: 'Child', parentId: folder.id });
    await api.call('document.update', { token, body: { id: child.id, rev: 1, content: { markdown: 'v2' } } });
    const sub = await create({ type: 'folder', name: 'Sub', parentId: folder.id });
    await create({ name: 'Grandchild', parentId: sub.id });
    expect((await api.call('document.delete', { params: { id: folder.id }, token })).code).toBe(0);
    expect((await tree()).map((n) => n.name)).toEqual(['Keep']);
    expect((await api.call('document.get', { params: { id: child.id }, token })).code).toBe(ERRORS.documentBinned.code);
    expect((await api.call('document.get', { params: { id: keep.id }, token })).code).toBe(0);
  });

  it('copies a document (and a folder with its subtree) right after the original', async () => {
    const { create, tree, token } = await setup();
    const folder = await create({ type: 'folder', name: 'Folder' });
    await create({ name: 'Inside', parentId: folder.id, content: { markdown: 'inside' } });
    const copy = await api.call('document.copy', { token, body: { id: folder.id } });
    expect(copy.code).toBe(0);
    const top = await tree();
    expect(top.map((n) => n.name)).toEqual(['Folder', 'Folder 副本']);
    expect(top[1]!.children.map((c) => c.name)).toEqual(['Inside']);
    const inner = await api.call('document.get', { params: { id: top[1]!.children[0]!.id }, token });
    expect(inner.data.content).toEqual({ markdown: 'inside' });
  });

  it('searches titles, paths and content, saying where each match is', async () => {
    const { create, token, project } = await setup();
    await create({ name: 'Orders', content: { markdown: 'nothing' } });
    await create({ name: 'Other', content: { markdown: 'mentions ORDERS in text' } });
    await create({ type: 'api', name: 'Create', content: { ...API_CONTENT, path: '/v1/orders' } });
    await create({ name: 'Unrelated' });
    const res = await api.call('document.search', { params: { projectId: project.id }, token, query: { keyword: 'orders' } });
    expect(res.data.map((h) => [h.name, h.matchedIn])).toEqual([
      ['Orders', 'title'],
      ['Create', 'path'],
      ['Other', 'content'],
    ]);
    expect(res.data[2]!.snippet).toBe('mentions ORDERS in text');
  });

  it('searches what people wrote, not the stored JSON: field names and markup do not match', async () => {
    const { create, token, project } = await setup();
    await create({ type: 'api', name: 'List users', content: { ...API_CONTENT, path: '/users', description: 'Lists **every** user' } });
    await create({ name: 'Guide', content: { markdown: '# Heading\n\nSee [the manual](https://example.com/markdown-guide) and `code`' } });
    await create({ type: 'richtext', name: 'Page', content: { html: '<p class="ql-align-center"><strong>Bold</strong> words</p>' } });
    await create({
      type: 'errorcode',
      name: 'Codes',
      content: { rows: [{ code: 'E4041', message: 'Order missing', description: 'no such order' }] },
    });
    const search = async (keyword: string) =>
      (await api.call('document.search', { params: { projectId: project.id }, token, query: { keyword } })).data.map((h) => h.name);
    for (const jsonKey of ['path', 'markdown', 'reqBody', 'html', 'rows', 'strong', 'class'])
      expect(await search(jsonKey), jsonKey).toEqual([]);
    expect(await search('every user')).toEqual(['List users']);
    expect(await search('items')).toEqual(['List users']); // a parameter name
    expect(await search('the manual')).toEqual(['Guide']);
    expect(await search('bold words')).toEqual(['Page']);
    expect(await search('E4041')).toEqual(['Codes']);
    expect(await search('such order')).toEqual(['Codes']);
  });

  it('searches large bodies kept in S3, to their end', async () => {
    const { create, token, project } = await setup();
    await create({ name: 'Huge', content: { markdown: `${'lorem ipsum '.repeat(26_000)}needle-at-the-end` } });
    const res = await api.call('document.search', {
      params: { projectId: project.id },
      token,
      query: { keyword: 'needle-at-the-end' },
    });
    expect(res.data.map((h) => [h.name, h.matchedIn])).toEqual([['Huge', 'content']]);
    expect(res.data[0]!.snippet).toMatch(/^….*ipsum needle-at-the-end$/);
  });
});

describe('saving and history', () => {
  it('every save writes the replaced version to history; restoring is itself a new entry', async () => {
    const { create, token } = await setup();
    const doc = await create({ name: 'Spec', content: { markdown: 'v1' } });
    const v2 = await api.call('document.update', {
      token,
      body: { id: doc.id, rev: 1, comment: 'second', content: { markdown: 'v2' } },
    });
    expect(v2.data).toMatchObject({ rev: 2, comment: 'second', content: { markdown: 'v2' }, updatedByName: 'Writer' });
    await api.call('document.update', { token, body: { id: doc.id, rev: 2, name: 'Spec v3', content: { markdown: 'v3' } } });
    const history = (await api.call('document.history', { params: { id: doc.id }, token })).data;
    expect(history.map((h) => [h.rev, h.comment, h.editorName])).toEqual([
      [2, 'second', 'Writer'],
      [1, '新增文档', 'Writer'],
    ]);
    const first = await api.call('document.historyGet', {
      params: { id: doc.id, historyId: history[1]!.id },
      token,
    });
    expect(first.data).toMatchObject({ name: 'Spec', content: { markdown: 'v1' } });

    const restored = await api.call('document.historyRevert', { params: { id: history[1]!.id }, token });
    // Saves with no note of their own keep what they did as a kind and its values, which the reader's language words.
    expect(restored.data).toMatchObject({
      rev: 4,
      name: 'Spec',
      content: { markdown: 'v1' },
      comment: '',
      note: { kind: 'restore', rev: 1 },
    });
    const after = (await api.call('document.history', { params: { id: doc.id }, token })).data;
    expect(after[0]).toMatchObject({ rev: 3, name: 'Spec v3', comment: '', note: { kind: 'rename', from: 'Spec', to: 'Spec v3' } });
    expect(after[1]).toMatchObject({ rev: 2, comment: 'second' });
    expect(after[1]!.note).toBeUndefined();
  });

  it('refuses a save against a stale revision and names who saved last', async () => {
    const { create, token, project, userId: _owner } = await setup();
    const other = await signUp('Grace');
    await putItem(memberItem(project.id, other.userId, 'edit', null));
    const doc = await create({ name: 'Shared' });
    expect(
      (
        await api.call('document.update', {
          token: other.token,
          body: { id: doc.id, rev: 1, content: { markdown: 'Grace was here' } },
        })
      ).code,
    ).toBe(0);
    const stale = await api.call('document.update', {
      token,
      body: { id: doc.id, rev: 1, content: { markdown: 'mine' } },
    });
    expect(stale.code).toBe(ERRORS.staleRevision.code);
    expect(stale.message).toBe('内容已被 Grace 修改，请刷新后再保存');
    expect(stale.data.rev).toBe(2);
    const read = await api.call('document.get', { params: { id: doc.id }, token });
    expect(read.data.content).toEqual({ markdown: 'Grace was here' });
  });

  it('20 clients saving the same revision at once: exactly one wins, the rest get the conflict', async () => {
    const { create, token } = await setup();
    const doc = await create({ name: 'Race' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.call('document.update', { token, body: { id: doc.id, rev: 1, content: { markdown: `client ${i}` } } }),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === ERRORS.staleRevision.code)).toHaveLength(19);
    const history = (await api.call('document.history', { params: { id: doc.id }, token })).data;
    expect(history).toHaveLength(1);
  });
});

describe('access', () => {
  it('a stranger can neither read nor write; a viewer can read but not write; anyone reads a public project', async () => {
    const { create, token, project } = await setup();
    const doc = await create({ name: 'Private' });
    const stranger = await signUp('Stranger');
    const viewer = await signUp('Viewer');
    await putItem(memberItem(project.id, viewer.userId, 'view', null));
    expect((await api.call('document.get', { params: { id: doc.id }, token: stranger.token })).code).toBe(ERRORS.forbidden.code);
    expect((await api.call('document.get', { params: { id: doc.id } })).code).toBe(ERRORS.notLoggedIn.code);
    expect((await api.call('document.get', { params: { id: doc.id }, token: viewer.token })).code).toBe(0);
    expect((await api.call('document.update', { token: viewer.token, body: { id: doc.id, rev: 1, name: 'x' } })).code).toBe(
      ERRORS.forbidden.code,
    );
    await api.call('project.update', { token, body: { id: project.id, rev: project.rev, visibility: 'public' } });
    expect((await api.call('document.get', { params: { id: doc.id } })).code).toBe(0);
    expect((await api.call('document.tree', { params: { projectId: project.id } })).code).toBe(0);
    expect((await api.call('document.history', { params: { id: doc.id } })).code).toBe(ERRORS.notLoggedIn.code);
  });

  it('a recycled project hides its documents', async () => {
    const { create, token, project } = await setup();
    const doc = await create({ name: 'Gone' });
    await api.call('project.recycle', { params: { id: project.id }, token });
    expect((await api.call('document.get', { params: { id: doc.id }, token })).code).toBe(ERRORS.notFound.code);
    expect((await api.call('document.tree', { params: { projectId: project.id }, token })).code).toBe(ERRORS.notFound.code);
  });
});

describe('hostile input gets a clear error, never a system error', () => {
  const nested = (levels: number) => {
    let node = { id: `p${levels}`, name: `f${levels}`, type: 'object', required: false, children: [] as unknown[] };
    for (let i = levels - 1; i > 0; i--) node = { id: `p${i}`, name: `f${i}`, type: 'object', required: false, children: [node] };
    return [node];
  };

  it('caps parameter nesting at 32 levels: 32 save and read back, 33 and 900 are refused with a message', async () => {
    const { create, token, project } = await setup();
    const doc = await create({ type: 'api', name: 'Deep', content: { ...API_CONTENT, respBody: nested(32) } });
    const read = await api.call('document.get', { params: { id: doc.id }, token });
    expect(read.code).toBe(0);
    expect(JSON.stringify(read.data.content)).toContain('"f32"');
    for (const levels of [33, 900, 2000]) {
      for (const lang of ['zh', 'en']) {
        const res = await api.call('document.create', {
          token,
          headers: { 'accept-language': lang },
          body: { projectId: project.id, type: 'api', name: 'Too deep', content: { ...API_CONTENT, reqBody: nested(levels) } },
        });
        expect(res.code, `${levels} levels`).toBe(ERRORS.invalidInput.code);
        expect(refusedFields(res)['content.reqBody']).toBe(lang === 'zh' ? '参数最多嵌套 32 层' : 'Parameters nest at most 32 levels');
      }
    }
  });

  it('caps a document at 2 MB of content, on create and on save, in both languages', async () => {
    const { create, token, project } = await setup();
    const justUnder = 'x'.repeat(2 * 1024 * 1024 - 64);
    const doc = await create({ type: 'doc', name: 'Big', content: { markdown: justUnder } });
    expect((await api.call('document.get', { params: { id: doc.id }, token })).code).toBe(0);
    const tooBig = { markdown: 'x'.repeat(2 * 1024 * 1024 + 1) };
    const created = await api.call('document.create', {
      token,
      body: { projectId: project.id, type: 'doc', name: 'Bigger', content: tooBig },
    });
    expect(created.code).toBe(ERRORS.contentTooLarge.code);
    expect(created.message).toBe('文档内容不能超过 2MB');
    const saved = await api.call('document.update', {
      token,
      headers: { 'accept-language': 'en' },
      body: { id: doc.id, rev: doc.rev, content: tooBig },
    });
    expect(saved.code).toBe(ERRORS.contentTooLarge.code);
    expect(saved.message).toMatch(/2MB/);
    expect((await api.call('document.get', { params: { id: doc.id }, token })).data.rev).toBe(doc.rev);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a line break', 'two\nlines'],
    ['an escape sequence', 'red\u001b[31m'],
    ['a C1 control', 'x\u0085y'],
    ['a lone surrogate', 'broken\ud800'],
  ])('refuses %s in every name field with a clear message', async (_what, name) => {
    const { token, project } = await setup();
    // A query string cannot carry a lone surrogate (URL encoding turns it into U+FFFD), so clone is asked with
    // the characters that do survive the trip.
    const viaQuery = name.includes('\ud800') ? [] : [api.call('project.clone', { params: { id: project.id }, token, query: { name } })];
    const refusals = await Promise.all([
      api.call('project.create', { token, body: { name } }),
      api.call('project.update', { token, body: { id: project.id, rev: project.rev, name } }),
      ...viaQuery,
      api.call('folder.save', { token, body: { name } }),
      api.call('document.create', { token, body: { projectId: project.id, name } }),
      api.call('user.update', { token, body: { nickname: name } }),
    ]);
    for (const res of refusals) {
      expect(res.code, res.message).toBe(ERRORS.invalidInput.code);
      expect(JSON.stringify(res.data)).toContain('不能包含控制字符');
    }
    // A name with characters from every script is still fine.
    expect((await api.call('project.create', { token, body: { name: '接口 API ✓ 🚀' } })).code).toBe(0);
  });

  it.each([
    [
      'a right-to-left override',
      'abc\u202Egpj.exe',
      '不能包含改变文字方向的控制字符',
      'Must not contain text-direction control characters',
    ],
    ['an isolate', 'a\u2066b\u2069', '不能包含改变文字方向的控制字符', 'Must not contain text-direction control characters'],
    ['a left-to-right mark', 'a\u200Eb', '不能包含改变文字方向的控制字符', 'Must not contain text-direction control characters'],
    ['an Arabic letter mark', 'a\u061Cb', '不能包含改变文字方向的控制字符', 'Must not contain text-direction control characters'],
    ['only zero-width spaces', '\u200B\u200B', '不能只由空白或不可见字符组成', 'Must not be made only of blank or invisible characters'],
    [
      'only joiners and a byte-order mark',
      '\u200C \u2060\u200D',
      '不能只由空白或不可见字符组成',
      'Must not be made only of blank or invisible characters',
    ],
  ])('refuses %s in every name field, in both languages', async (_what, name, zh, en) => {
    const { token, project } = await setup();
    const team = (await api.call('team.create', { token, body: { name: 'Crew' } })).data;
    const expireAt = new Date(Date.now() + 86_400_000).toISOString();
    const attempts = (lang: string) => {
      const headers = { 'accept-language': lang };
      return Promise.all([
        api.call('project.create', { token, headers, body: { name } }),
        api.call('project.update', { token, headers, body: { id: project.id, rev: project.rev, name } }),
        api.call('project.clone', { params: { id: project.id }, token, headers, query: { name } }),
        api.call('folder.save', { token, headers, body: { name } }),
        api.call('document.create', { token, headers, body: { projectId: project.id, name } }),
        api.call('user.update', { token, headers, body: { nickname: name } }),
        api.call('team.create', { token, headers, body: { name } }),
        api.call('team.groupCreate', { token, headers, body: { teamId: team.id, name } }),
        api.call('share.create', { token, headers, body: { projectId: project.id, name, expireAt } }),
      ]);
    };
    for (const [lang, text] of [
      ['zh-CN', zh],
      ['en', en],
    ] as const) {
      for (const res of await attempts(lang)) {
        expect(res.code, res.message).toBe(ERRORS.invalidInput.code);
        expect(JSON.stringify(res.data)).toContain(text);
      }
    }
    // Right-to-left scripts themselves, and a zero-width joiner inside an emoji, are still fine.
    for (const fine of ['مشروع API', '👩\u200D💻 dev']) {
      expect((await api.call('project.create', { token, body: { name: fine } })).code).toBe(0);
    }
  });
});
