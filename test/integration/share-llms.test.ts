/**
 * A share's `llms.txt` and its documents as markdown (issue 26), through the local API as a plain HTTP client
 * reads them: the index lists exactly the share's documents in llmstxt.org's shape, each kind renders as the
 * Markdown export writes it, and the share's rules hold: expiry, password (header, query token or `?password=`,
 * counted as guesses), scope, releases, and a project gone from view.
 */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { buildPath, routes } from '@shared/routes';
import { getItem, putItem } from '../../functions/data/db';
import { keys } from '../../functions/data/keys';
import { newClientAddress, useLocalApi } from '../support/local-api';
import { projectToWrite, row } from '../support/project-documents';

const api = useLocalApi();
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function sharedProject() {
  const { owner, project, create } = await projectToWrite(api, 'Sharer', { name: 'Pet Store', description: 'Pets, sold online.' });
  const folder = await create('Pets', { type: 'folder' });
  const inner = await create('Admin', { type: 'folder', parentId: folder.id });
  const pet = await create('Pet model', { type: 'model', parentId: folder.id, content: { name: 'Pet', schema: [row('id', 'integer')] } });
  const getPet = await create('Get a pet', {
    type: 'api',
    parentId: folder.id,
    content: {
      method: 'GET',
      path: '/pets/{id}',
      description: 'Reads one pet.',
      reqPath: [row('id', 'integer', { required: true, description: 'The pet | its id' })],
      responses: [{ status: '200', body: [row('', 'object', { ref: pet.id })], examples: [{ name: 'ok', value: '{"id":1}' }] }],
    },
  });
  const purge = await create('Purge pets', {
    type: 'api',
    parentId: inner.id,
    content: { method: 'DELETE', path: '/pets', description: 'Deletes every pet.' },
  });
  const guide = await create('Guide', {
    content: {
      markdown: 'Read **this** first.\n\n<details><summary>More</summary>x</details>\n\n![img](/files/abc/AbCdEfGhIjKlMnOpQrStUv)',
    },
  });
  const rich = await create('Notes', { type: 'richtext', content: { html: '<p>Hello <b>world</b></p>' } });
  const codes = await create('Errors', {
    type: 'errorcode',
    content: { rows: [{ code: '40401', message: 'No pet', description: 'a|b' }] },
  });
  const site = await create('Site', { type: 'link', content: { url: 'https://example.com/docs' } });
  const alias = await create('See pet', { type: 'softlink', content: { targetId: getPet.id } });
  const secret = await create('Internal', { content: { markdown: 'internal only' } });
  const share = async (body: Record<string, unknown>) => {
    const res = await api.call('share.create', {
      token: owner.token,
      body: { projectId: project.id, name: 'For partners', expireAt: inAnHour(), ...body },
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const scope = [folder.id, guide.id, rich.id, codes.id, site.id, alias.id];
  return { owner, project, folder, inner, pet, getPet, purge, guide, rich, codes, site, alias, secret, share, scope };
}

const llms = (shareId: string, opts: { query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  api.call('share.llms', { params: { id: shareId }, from: newClientAddress(), ...opts });
const markdown = (shareId: string, docId: string, opts: { query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  api.call('share.markdown', { params: { id: shareId, docId }, from: newClientAddress(), ...opts });
/**
 * Follows a link of the index (relative to its address) the way a client resolves it: a path the server wrote, not
 * a route the test names, so it goes as it is.
 */
const follow = (shareId: string, href: string) => {
  const url = new URL(href, `http://x/api${buildPath(routes['share.llms'], { id: shareId })}`);
  return api.rawCall<string>('GET', url.pathname.replace(/^\/api/, ''), {
    query: Object.fromEntries(url.searchParams),
    from: newClientAddress(),
  });
};

describe('a share answers llms.txt and markdown', () => {
  it("lists exactly the share's documents, a section per folder, APIs with their method and path, in both languages", async () => {
    const p = await sharedProject();
    const s = await p.share({ docIds: p.scope });
    const en = await llms(s.id, { headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(en.headers.get('cache-control')).toBe('no-store');
    const link = (id: string) => `markdown/${id}`;
    expect(en.data).toBe(
      [
        '# Pet Store',
        '> 8 documents of the share "For partners".',
        'Pets, sold online.',
        'Each link below is one document as markdown; an HTTP API names its method and path after its link.',
        [
          '## Documents',
          '',
          // New documents go first among their siblings.
          `- [See pet](${link(p.alias.id)})`,
          `- [Site](${link(p.site.id)})`,
          `- [Errors](${link(p.codes.id)})`,
          `- [Notes](${link(p.rich.id)})`,
          `- [Guide](${link(p.guide.id)})`,
        ].join('\n'),
        ['## Pets', '', `- [Get a pet](${link(p.getPet.id)}): GET /pets/{id}`, `- [Pet model](${link(p.pet.id)})`].join('\n'),
        ['## Pets / Admin', '', `- [Purge pets](${link(p.purge.id)}): DELETE /pets`].join('\n'),
      ].join('\n\n') + '\n',
    );
    expect(en.data).not.toContain('Internal');
    const zh = await llms(s.id);
    expect(zh.data).toContain('> 分享「For partners」中的 8 篇文档。');
    expect(zh.data).toContain('## 文档\n');
    expect(zh.data).toContain('## Pets / Admin\n');
    // Every link of the index opens its document.
    for (const href of [...en.data.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!)) {
      const read = await follow(s.id, href);
      expect(read.status, href).toBe(200);
      expect(read.data).toMatch(/^# /);
    }
  });

  it('renders each kind as the Markdown export does, content kept as written', async () => {
    const p = await sharedProject();
    const s = await p.share({ docIds: p.scope });
    const read = async (id: string, lang = 'en') => {
      const res = await markdown(s.id, id, { headers: { 'accept-language': lang } });
      expect(res.status, res.message).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      return res.data;
    };
    const api1 = await read(p.getPet.id);
    expect(api1).toContain('# Get a pet\n\n```\nGET /pets/{id}\n```');
    expect(api1).toContain('Reads one pet.');
    expect(api1).toContain('### Path parameters');
    expect(api1).toContain('| id | integer | yes |  | The pet \\| its id |');
    // The response's model is named (resolved from the model document the share holds).
    expect(api1).toContain('| (root) | object → Pet | no |  |  |');
    expect(api1).toContain('**ok**\n\n```json\n{"id":1}\n```');
    expect(await read(p.getPet.id, 'zh')).toContain('### 路径参数');
    expect(await read(p.pet.id)).toBe(
      '# Pet model\n\n```\nPet\n```\n\n## Fields\n\n| Name | Type | Required | Example | Description |\n|---|---|---|---|---|\n| id | integer | no |  |  |\n',
    );
    // A page's markdown and a rich text's HTML pass through untouched, image addresses included.
    expect(await read(p.guide.id)).toBe(
      '# Guide\n\nRead **this** first.\n\n<details><summary>More</summary>x</details>\n\n![img](/files/abc/AbCdEfGhIjKlMnOpQrStUv)\n',
    );
    expect(await read(p.rich.id)).toBe('# Notes\n\n<p>Hello <b>world</b></p>\n');
    expect(await read(p.codes.id)).toBe('# Errors\n\n| Code | Message | Description |\n|---|---|---|\n| 40401 | No pet | a\\|b |\n');
    expect(await read(p.site.id)).toBe('# Site\n\n<https://example.com/docs>\n');
    expect(await read(p.alias.id)).toBe(`# See pet\n\nLinks to [Get a pet](${p.getPet.id})\n`);
    expect(await read(p.folder.id)).toBe(
      `# Pets\n\n## Contents\n\n- [Get a pet](${p.getPet.id}): GET /pets/{id}\n- [Pet model](${p.pet.id})\n- [Admin](${p.inner.id})\n`,
    );
  });

  it("a document outside the share's scope, another project's or unknown, is not found", async () => {
    const p = await sharedProject();
    const s = await p.share({ docIds: [p.folder.id] });
    const other = await sharedProject();
    for (const id of [p.secret.id, p.guide.id, other.guide.id, `${p.project.id}_ZZZZZZZZZZZZ`]) {
      const res = await markdown(s.id, id);
      expect(res.status, id).toBe(404);
      expect(res.code).toBe(ERRORS.notFound.code);
      expect(res.message).not.toContain('internal');
    }
    expect((await markdown(s.id, p.getPet.id)).status).toBe(200);
    const unknown = await llms(`${p.project.id}_${'Z'.repeat(22)}`);
    expect([unknown.status, unknown.code]).toEqual([404, ERRORS.notFound.code]);
    // A project in the bin shares nothing.
    expect((await api.call('project.recycle', { params: { id: p.project.id }, token: p.owner.token })).code).toBe(0);
    expect((await llms(s.id)).status).toBe(404);
    expect((await markdown(s.id, p.getPet.id)).status).toBe(404);
  });

  it('an expired share is refused on both, saying so in either language', async () => {
    const p = await sharedProject();
    const s = await p.share({});
    expect((await llms(s.id)).status).toBe(200);
    const item = (await getItem(keys.share(s.projectId, s.id)))!;
    await putItem({ ...item, ...keys.share(s.projectId, s.id), expireAt: new Date(Date.now() - 1000).toISOString() });
    for (const lang of ['zh', 'en']) {
      for (const res of [
        await llms(s.id, { headers: { 'accept-language': lang } }),
        await markdown(s.id, p.guide.id, { headers: { 'accept-language': lang } }),
      ]) {
        expect(res.status).toBe(410);
        expect(res.code).toBe(ERRORS.shareExpired.code);
        expect(res.message).toBe(lang === 'zh' ? '分享链接已过期' : 'This share link has expired');
        expect(res.data).toBeNull();
      }
    }
  });

  it('a password is wanted: a wrong one is refused, the right one (or a token) reads, and the links carry a token', async () => {
    const p = await sharedProject();
    const s = await p.share({ password: 'open sesame' });
    for (const res of [
      await llms(s.id),
      await llms(s.id, { query: { password: 'guess' } }),
      await markdown(s.id, p.guide.id),
      await markdown(s.id, p.guide.id, { query: { password: 'guess' } }),
      await llms(s.id, { headers: { 'share-token': `${s.id}.${'x'.repeat(32)}` } }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.code).toBe(ERRORS.sharePassword.code);
      expect(JSON.stringify(res.data)).not.toContain('Guide');
    }
    const index = await llms(s.id, { query: { password: 'open sesame' } });
    expect(index.status).toBe(200);
    const hrefs = [...index.data.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(hrefs.length).toBe(9);
    // The links carry a share token, never the password.
    expect(index.data).not.toContain('sesame');
    const token = new URL(hrefs[0]!, 'http://x/').searchParams.get('share-token')!;
    expect(token).toMatch(/^[0-9a-f-]{36}_[\w-]{22}\.[\w-]{32}$/);
    for (const href of hrefs) expect((await follow(s.id, href)).status, href).toBe(200);
    // The token as the header, as the assertion hands it out; the password on a document's own address.
    expect((await markdown(s.id, p.guide.id, { headers: { 'share-token': token } })).data).toContain('Read **this** first.');
    const page = await markdown(s.id, p.folder.id, { query: { password: 'open sesame' } });
    expect(page.status).toBe(200);
    // Its links carry what it was read with.
    expect(page.data).toContain(`](${p.getPet.id}?password=open%20sesame)`);
    // A new password revokes the token.
    expect(
      (
        await api.call('share.update', {
          token: p.owner.token,
          body: { id: s.id, projectId: p.project.id, name: s.name, expireAt: s.expireAt, password: 'another' },
        })
      ).code,
    ).toBe(0);
    expect((await markdown(s.id, p.guide.id, { query: { 'share-token': token } })).status).toBe(401);
  });

  it('an unknown share and a wrong password look alike to a reader who sends a password, after the same work', async () => {
    const p = await sharedProject();
    const s = await p.share({ password: 'open sesame' });
    const unknownId = `${p.project.id}_${'Z'.repeat(22)}`;
    for (const lang of ['zh', 'en']) {
      const headers = { 'accept-language': lang };
      const wrong = await llms(s.id, { query: { password: 'guess' }, headers });
      const unknown = await llms(unknownId, { query: { password: 'guess' }, headers });
      const unknownPage = await markdown(unknownId, p.guide.id, { query: { password: 'guess' }, headers });
      for (const res of [unknown, unknownPage]) {
        expect({ status: res.status, code: res.code, message: res.message, data: res.data }).toEqual({
          status: wrong.status,
          code: wrong.code,
          message: wrong.message,
          data: wrong.data,
        });
      }
      expect(wrong.code).toBe(ERRORS.sharePassword.code);
    }
    // Each was counted as a guess, as a guess at a real share is.
    expect((await getItem(keys.throttle('shareGuess', unknownId)))?.count).toBe(4);
    expect((await getItem(keys.throttle('shareGuess', s.id)))?.count).toBe(2);
  });

  it('a password in the query is a guess: counted, and past the limit even the right one is 429', async () => {
    const p = await sharedProject();
    const s = await p.share({ password: 'correct horse' });
    await llms(s.id, { query: { password: 'nope' } });
    expect((await getItem(keys.throttle('shareGuess', s.id)))?.count).toBe(1);
    await putItem({ ...keys.throttle('shareGuess', s.id), count: 10, expiresAt: Math.floor(Date.now() / 1000) + 900 });
    const blocked = await llms(s.id, { query: { password: 'correct horse' } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("a release's share reads the release, not the live documents", async () => {
    const p = await sharedProject();
    const published = await api.call('release.publish', {
      token: p.owner.token,
      body: { projectId: p.project.id, version: '1.0.0' },
    });
    expect(published.code, published.message).toBe(0);
    const saved = await api.call('document.update', {
      token: p.owner.token,
      body: { id: p.guide.id, rev: p.guide.rev, name: 'Guide v2', content: { markdown: 'changed' } },
    });
    expect(saved.code, saved.message).toBe(0);
    const s = await p.share({ version: '1.0.0', docIds: [p.guide.id] });
    const index = await llms(s.id, { headers: { 'accept-language': 'en' } });
    expect(index.data).toContain('> 1 documents of the share "For partners". Release 1.0.0.');
    expect(index.data).toContain(`- [Guide](markdown/${p.guide.id})`);
    expect((await markdown(s.id, p.guide.id)).data).toContain('Read **this** first.');
    const live = await p.share({ docIds: [p.guide.id] });
    expect((await markdown(live.id, p.guide.id)).data).toBe('# Guide v2\n\nchanged\n');
  });
});
