/**
 * Share links and releases through the API: what a share token admits (exactly its scope), expiry to the second,
 * passwords with limited guesses, revocation, releases read with X-PROJECT-VERSION, and what clone and purge do
 * with both.
 */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { getItem, putItem, queryAll } from '../../functions/data/db';
import { ENTITY, keys } from '../../functions/data/keys';
import { listKeys } from '../../functions/data/s3';
import { runPurge } from '../../functions/domain/project-purge';
import { DAY_MS } from '../../functions/domain/projects';
import { newClientAddress, refusedFields, signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function projectWithDocs() {
  const owner = await signUp('Sharer');
  const project = (await api.call('project.create', { token: owner.token, body: { name: 'Shop API' } })).data;
  const create = async (name: string, extra: Record<string, unknown> = {}) =>
    (await api.call('document.create', { token: owner.token, body: { projectId: project.id, name, ...extra } })).data;
  const folder = await create('Orders', { type: 'folder' });
  const a = await create('A', { parentId: folder.id, content: { markdown: 'alpha' } });
  const b = await create('B', { content: { markdown: 'beta' } });
  const c = await create('C', { content: { markdown: 'gamma ![x](/files/abc/AbCdEfGhIjKlMnOpQrStUv)' } });
  const share = async (body: Record<string, unknown>) => {
    const res = await api.call('share.create', {
      token: owner.token,
      body: { projectId: project.id, name: 'For QA', expireAt: inAnHour(), ...body },
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  return { owner, project, folder, a, b, c, share };
}

const open = (shareId: string, headers: Record<string, string> = {}) => api.call('share.content', { params: { id: shareId }, headers });
const asReader = (token: string) => ({ headers: { 'share-token': token } });

describe('share links', () => {
  it('a share of a folder and a document reads exactly those, and nothing else', async () => {
    const { owner, project, folder, a, b, c, share } = await projectWithDocs();
    const s = await share({ docIds: [folder.id, b.id] });
    expect(s).toMatchObject({ name: 'For QA', hasPassword: false, docIds: [folder.id, b.id] });
    const opened = await open(s.id);
    expect(opened.code).toBe(0);
    const names = (nodes: DocumentTreeNode[]): unknown[] => nodes.map((n) => (n.children.length ? [n.name, names(n.children)] : n.name));
    // New documents go first, so B (made after the folder) comes before it.
    expect(names(opened.data.tree)).toEqual(['B', ['Orders', ['A']]]);
    expect(opened.data.projectName).toBe('Shop API');
    const reader = asReader(opened.data.shareToken);

    for (const doc of [a, b]) expect((await api.call('document.get', { params: { id: doc.id }, ...reader })).code).toBe(0);
    expect((await api.call('document.children', { params: { id: folder.id }, ...reader })).data.map((d) => d.name)).toEqual(['A']);
    expect((await api.call('document.children', { params: { id: project.id }, ...reader })).data.map((d) => d.name)).toEqual([
      'B',
      'Orders',
    ]);
    expect((await api.call('project.get', { params: { id: project.id }, ...reader })).data).toMatchObject({
      name: 'Shop API',
      role: 'guest',
    });

    // C (and so the address of its files), the whole tree, search, history, writes, another project: refused.
    const refused = [
      api.call('document.get', { params: { id: c.id }, ...reader }),
      api.call('document.children', { params: { id: c.id }, ...reader }),
      api.call('document.tree', { params: { projectId: project.id }, ...reader }),
      api.call('document.search', { params: { projectId: project.id }, ...reader, query: { keyword: 'gamma' } }),
      api.call('document.history', { params: { id: a.id }, ...reader }),
      api.call('document.update', { ...reader, body: { id: a.id, rev: a.rev, name: 'Changed' } }),
      api.call('document.create', { ...reader, body: { projectId: project.id, name: 'New' } }),
      api.call('share.list', { params: { id: project.id }, ...reader }),
    ];
    for (const res of await Promise.all(refused)) expect(res.code).toBe(ERRORS.notLoggedIn.code);
    const other = (await api.call('project.create', { token: owner.token, body: { name: 'Other', visibility: 'private' } })).data;
    expect((await api.call('project.get', { params: { id: other.id }, ...reader })).code).toBe(ERRORS.notLoggedIn.code);
    // A signed-in stranger with the token reads the share's documents, and nothing more.
    const stranger = await signUp();
    expect((await api.call('document.get', { params: { id: a.id }, ...reader, token: stranger.token })).code).toBe(0);
    expect((await api.call('document.get', { params: { id: c.id }, ...reader, token: stranger.token })).code).toBe(ERRORS.forbidden.code);
  });

  it('a share of the whole project reads every document; its reads may be cached, never past the expiry', async () => {
    const { owner, c, share } = await projectWithDocs();
    const s = await share({ expireAt: new Date(Date.now() + 30_000).toISOString() });
    const reader = asReader((await open(s.id)).data.shareToken);
    const read = await api.call('document.get', { params: { id: c.id }, ...reader });
    expect(read.code).toBe(0);
    const maxAge = Number(/max-age=(\d+)/.exec(read.headers.get('cache-control') ?? '')?.[1]);
    expect(read.headers.get('cache-control')).toMatch(/^public/);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(30);
    // A browser keeps it per reader and version too, not for whoever reads the same address next.
    expect(read.headers.get('vary')?.split(/,\s*/)).toEqual(
      expect.arrayContaining(['token', 'share-token', 'x-project-version', 'accept-language', 'cookie']),
    );
    // What a member reads is never cached.
    const member = await api.call('document.get', { params: { id: c.id }, token: owner.token });
    expect(member.headers.get('cache-control')).toBe('no-store');
    expect(member.headers.get('vary')).toBeNull();
  });

  it("a guest's cached release read names the version in Vary, so the live read of the same address is not answered from it", async () => {
    const owner = await signUp('Publisher');
    const project = (await api.call('project.create', { token: owner.token, body: { name: 'Open', visibility: 'public' } })).data;
    const doc = (
      await api.call('document.create', {
        token: owner.token,
        body: { projectId: project.id, name: 'D', content: { markdown: 'v1' } },
      })
    ).data;
    await api.call('release.publish', { token: owner.token, body: { projectId: project.id, version: '1.0.0' } });
    const released = await api.call('document.get', { params: { id: doc.id }, headers: { 'x-project-version': '1.0.0' } });
    expect(released.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(released.headers.get('vary')).toContain('x-project-version');
  });

  // Issue 37: the route table let any share token read the project's global parameters (their values too).
  it("a share of some documents reads none of the project's global parameters; a share of the whole project reads them", async () => {
    const { owner, project, b, share } = await projectWithDocs();
    const value = JSON.stringify({ req: { headers: [{ name: 'X-Api-Key', value: 'prod-key-7731' }] } });
    const saved = await api.call('globalParam.save', { token: owner.token, body: { projectId: project.id, rev: 0, value } });
    expect(saved.code, saved.message).toBe(0);
    const paramsAs = async (shareId: string) => {
      const reader = asReader((await open(shareId)).data.shareToken);
      return api.call('globalParam.get', { params: { projectId: project.id }, ...reader });
    };
    const some = await paramsAs((await share({ docIds: [b.id] })).id);
    expect(some.code, some.message).toBe(0);
    expect(some.data.value).not.toContain('prod-key-7731');
    expect(some.data.rev).toBe(0);
    const whole = await paramsAs((await share({})).id);
    expect(whole.data.value).toContain('prod-key-7731');
  });

  it('expiry holds at read time to the second, and an expired share says so', async () => {
    const { a, share } = await projectWithDocs();
    const s = await share({});
    const reader = asReader((await open(s.id)).data.shareToken);
    const item = (await getItem(keys.share(s.projectId, s.id)))!;
    const expiresIn = (seconds: number) =>
      putItem({ ...item, ...keys.share(s.projectId, s.id), expireAt: new Date(Date.now() + seconds * 1000).toISOString() });

    await expiresIn(1);
    expect((await api.call('document.get', { params: { id: a.id }, ...reader })).code).toBe(0);
    await expiresIn(-1);
    for (const lang of ['zh', 'en']) {
      const late = await api.call('document.get', { params: { id: a.id }, headers: { ...reader.headers, 'accept-language': lang } });
      expect(late.code).toBe(ERRORS.shareExpired.code);
      expect(late.message).toBe(lang === 'zh' ? '分享链接已过期' : 'This share link has expired');
    }
    expect((await open(s.id)).code).toBe(ERRORS.shareExpired.code);
  });

  it.each(['binned', 'destroyed', 'in a disbanded team'] as const)(
    'a share whose project is %s answers not found on every share route, token or not',
    async (fate) => {
      const owner = await signUp('Sharer');
      const team =
        fate === 'in a disbanded team' ? (await api.call('team.create', { token: owner.token, body: { name: 'Crew' } })).data : undefined;
      const project = (
        await api.call('project.create', {
          token: owner.token,
          body: { name: 'Gone API', ...(team ? { teamId: team.id } : {}) },
        })
      ).data;
      const doc = (
        await api.call('document.create', {
          token: owner.token,
          body: { projectId: project.id, name: 'Secret', content: { markdown: 'x' } },
        })
      ).data;
      const make = async (body: Record<string, unknown>) =>
        (
          await api.call('share.create', {
            token: owner.token,
            body: { projectId: project.id, name: 'For QA', expireAt: inAnHour(), ...body },
          })
        ).data;
      const open1 = await make({});
      const locked = await make({ password: 'open sesame' });
      const token = (await open(open1.id)).data.shareToken;
      expect((await api.call('document.get', { params: { id: doc.id }, ...asReader(token) })).code).toBe(0);

      if (fate === 'in a disbanded team')
        expect((await api.call('team.disband', { params: { id: team!.id }, token: owner.token })).code).toBe(0);
      else expect((await api.call('project.recycle', { params: { id: project.id }, token: owner.token })).code).toBe(0);
      if (fate === 'destroyed')
        expect((await api.call('project.destroy', { params: { id: project.id }, token: owner.token })).code).toBe(0);

      const reads = {
        content: await open(open1.id),
        contentWithToken: await open(open1.id, asReader(token).headers),
        documentWithToken: await api.call('document.get', { params: { id: doc.id }, ...asReader(token) }),
      };
      for (const [what, res] of Object.entries(reads)) {
        expect(res.code, `${what}: ${res.message}`).toBe(ERRORS.notFound.code);
        expect(JSON.stringify(res.data ?? null)).not.toContain('Gone API');
      }
      const asserted = await api.call('share.assert', {
        params: { id: locked.id },
        body: { password: 'open sesame' },
        from: newClientAddress(),
      });
      expect([ERRORS.notFound.code, ERRORS.sharePassword.code]).toContain(asserted.code);
    },
  );

  it('a password is asked for, checked by the assertion, and a wrong one reads like an unknown share', async () => {
    const { a, share, project } = await projectWithDocs();
    const s = await share({ password: 'open sesame' });
    expect(s.hasPassword).toBe(true);
    expect((await open(s.id)).code).toBe(ERRORS.sharePassword.code);
    const assert = (shareId: string, password: string, from = newClientAddress()) =>
      api.call('share.assert', { params: { id: shareId }, body: { password }, from });
    const wrong = await assert(s.id, 'guess');
    const unknownId = `${project.id}_${'Z'.repeat(22)}`;
    const unknown = await assert(unknownId, 'guess');
    // The same work for both: each guess counted, then a password hash checked (a decoy's for the unknown share).
    expect((await getItem(keys.throttle('shareGuess', unknownId)))?.count).toBe(1);
    expect((await getItem(keys.throttle('shareGuess', s.id)))?.count).toBe(1);
    expect({ code: wrong.code, message: wrong.message, data: wrong.data }).toEqual({
      code: unknown.code,
      message: unknown.message,
      data: unknown.data,
    });
    expect(wrong.code).toBe(ERRORS.sharePassword.code);
    const right = await assert(s.id, 'open sesame');
    expect(right.code).toBe(0);
    expect(right.data.shareToken).toMatch(/^[0-9a-f-]{36}_[\w-]{22}\.[\w-]{32}$/);
    expect((await api.call('document.get', { params: { id: a.id }, ...asReader(right.data.shareToken) })).code).toBe(0);
    // With a token that counts, the content opens without asking again.
    expect((await open(s.id, asReader(right.data.shareToken).headers)).code).toBe(0);
    // Only the secret's hash is stored.
    const tokens = await queryAll({ ...keys.projectItems(s.projectId) });
    expect(JSON.stringify(tokens)).not.toContain(right.data.shareToken.split('.')[1]);
  });

  it('guesses are limited per share, counted before the check: past the limit even the right password is 429', async () => {
    const { share } = await projectWithDocs();
    const s = await share({ password: 'correct horse' });
    // Eight guesses at this share happened in this window; the last two of the ten allowed are real checks (each a
    // slow password hash, which on a busy machine made ten of them outlast the test's time).
    await putItem({ ...keys.throttle('shareGuess', s.id), count: 8, expiresAt: Math.floor(Date.now() / 1000) + 900 });
    for (let i = 0; i < 2; i++) {
      const res = await api.call('share.assert', {
        params: { id: s.id },
        body: { password: `guess ${i}` },
        from: newClientAddress(),
      });
      expect(res.code).toBe(ERRORS.sharePassword.code);
    }
    const blocked = await api.call('share.assert', {
      params: { id: s.id },
      body: { password: 'correct horse' },
      from: newClientAddress(),
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('guesses are limited per client address across shares', async () => {
    const { share } = await projectWithDocs();
    const shares = await Promise.all(Array.from({ length: 3 }, () => share({ password: 'secret' })));
    const from = newClientAddress();
    // 27 guesses at other shares from this address happened in this window (30 real checks take half a minute).
    await putItem({ ...keys.throttle('shareGuessAddress', from), count: 27, expiresAt: Math.floor(Date.now() / 1000) + 900 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await api.call('share.assert', { params: { id: shares[i % 3]!.id }, body: { password: 'nope' }, from })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another address still guesses.
    expect(
      (
        await api.call('share.assert', {
          params: { id: shares[0]!.id },
          body: { password: 'nope' },
          from: newClientAddress(),
        })
      ).status,
    ).toBe(200);
  });

  it('a new password, a shorter expiry or deleting the share refuses tokens issued before, on their next request', async () => {
    const { owner, project, a, share } = await projectWithDocs();
    const s = await share({ password: 'first' });
    const tokenFor = async (password: string) =>
      (
        await api.call('share.assert', {
          params: { id: s.id },
          body: { password },
          from: newClientAddress(),
        })
      ).data.shareToken;
    const update = (body: Record<string, unknown>) =>
      api.call('share.update', {
        token: owner.token,
        body: { id: s.id, projectId: project.id, name: s.name, expireAt: s.expireAt, ...body },
      });
    const readWith = (token: string) => api.call('document.get', { params: { id: a.id }, ...asReader(token) });

    const first = await tokenFor('first');
    expect((await update({ name: 'Renamed' })).code).toBe(0);
    expect((await readWith(first)).code, 'a rename keeps tokens').toBe(0);
    expect((await update({ password: 'second' })).code).toBe(0);
    expect((await readWith(first)).code).toBe(ERRORS.sharePassword.code);
    const second = await tokenFor('second');
    expect((await update({ expireAt: new Date(Date.parse(s.expireAt) + 3_600_000).toISOString() })).code).toBe(0);
    expect((await readWith(second)).code, 'a longer expiry keeps tokens').toBe(0);
    expect((await update({ expireAt: new Date(Date.now() + 600_000).toISOString() })).code).toBe(0);
    expect((await readWith(second)).code).toBe(ERRORS.sharePassword.code);
    const third = await tokenFor('second');
    expect((await api.call('share.delete', { params: { id: s.id }, token: owner.token })).code).toBe(0);
    expect((await readWith(third)).code).toBe(ERRORS.notLoggedIn.code);
  });

  it('forty anonymous reads of a share without a password write no token rows; their tokens read until revoked or expired', async () => {
    const { owner, project, a, share } = await projectWithDocs();
    const s = await share({ docIds: [a.id] });
    const tokenRows = async () =>
      (await queryAll({ ...keys.projectItems(project.id) })).filter((i) => i.entity === ENTITY.shareToken.entity);
    const tokens: string[] = [];
    for (let i = 0; i < 40; i++) {
      const read = await open(s.id);
      expect(read.code, read.message).toBe(0);
      tokens.push(read.data.shareToken);
    }
    expect(await tokenRows()).toEqual([]);
    const readWith = (token: string) => api.call('document.get', { params: { id: a.id }, ...asReader(token) });
    for (const token of [tokens[0]!, tokens[39]!]) expect((await readWith(token)).code).toBe(0);
    // Still only what the share holds.
    expect((await api.call('document.get', { params: { id: `${project.id}_ZZZZZZZZZZZZ` }, ...asReader(tokens[0]!) })).code).not.toBe(0);
    const update = (body: Record<string, unknown>) =>
      api.call('share.update', {
        token: owner.token,
        body: { id: s.id, projectId: project.id, name: s.name, expireAt: s.expireAt, docIds: [a.id], ...body },
      });
    // A shorter expiry revokes them; the link hands out a new one.
    expect((await update({ expireAt: new Date(Date.now() + 600_000).toISOString() })).code).toBe(0);
    expect((await readWith(tokens[0]!)).code).toBe(ERRORS.sharePassword.code);
    const renewed = (await open(s.id)).data.shareToken;
    expect((await readWith(renewed)).code).toBe(0);
    // A token made up for the new epoch of a share that now has a password reads nothing.
    expect((await update({ password: 'now secret' })).code).toBe(0);
    const epoch = Number(renewed.split('.').pop());
    for (const token of [renewed, `${s.id}.open.${epoch + 1}`, `${s.id}.open.${epoch + 2}`]) {
      expect((await readWith(token)).code, token).toBe(ERRORS.sharePassword.code);
      expect((await open(s.id, asReader(token).headers)).code, token).toBe(ERRORS.sharePassword.code);
    }
    // Without the password again: new tokens, still no rows; past the expiry they read nothing, and say why.
    expect((await update({ password: '' })).code).toBe(0);
    const last = (await open(s.id)).data.shareToken;
    expect((await readWith(last)).code).toBe(0);
    expect(await tokenRows()).toEqual([]);
    const item = (await getItem(keys.share(s.projectId, s.id)))!;
    await putItem({ ...item, ...keys.share(s.projectId, s.id), expireAt: new Date(Date.now() - 1000).toISOString() });
    expect((await readWith(last)).code).toBe(ERRORS.shareExpired.code);
    // Deleting the share refuses them too.
    await putItem({ ...item, ...keys.share(s.projectId, s.id) });
    expect((await readWith(last)).code).toBe(0);
    expect((await api.call('share.delete', { params: { id: s.id }, token: owner.token })).code).toBe(0);
    expect((await readWith(last)).code).toBe(ERRORS.notLoggedIn.code);
  });

  it('lists shares without passwords, and refuses a share of documents of another project', async () => {
    const { owner, project, a, share } = await projectWithDocs();
    await share({ password: 'hidden', docIds: [a.id] });
    const list = await api.call('share.list', { params: { id: project.id }, token: owner.token });
    expect(list.data).toHaveLength(1);
    expect(JSON.stringify(list.data)).not.toMatch(/hidden|scrypt/);
    const other = await projectWithDocs();
    const res = await api.call('share.create', {
      token: owner.token,
      body: { projectId: project.id, name: 'x', expireAt: inAnHour(), docIds: [other.a.id] },
      headers: { 'accept-language': 'en' },
    });
    expect(res.code).toBe(ERRORS.invalidInput.code);
    // Said at the dialog's document field in the reader's language, not as a list of ids.
    expect(refusedFields(res)).toEqual({ docIds: 'Not found or already deleted' });
    const past = await api.call('share.create', {
      token: owner.token,
      body: { projectId: project.id, name: 'x', expireAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past.code).toBe(ERRORS.invalidInput.code);
  });
});

describe('releases', () => {
  it('publish freezes the project; the live document changes; the release reads the old content; writes to it are refused', async () => {
    const { owner, project, a } = await projectWithDocs();
    const version = (v?: string) => ({ headers: (v ? { 'x-project-version': v } : {}) as Record<string, string>, token: owner.token });
    expect((await api.call('release.nextVersion', { params: { id: project.id }, token: owner.token })).data.version).toBe('1.0.0');
    const published = await api.call('release.publish', {
      token: owner.token,
      body: { projectId: project.id, version: '1.0.9', desc: 'First cut' },
    });
    expect(published.data).toMatchObject({ version: '1.0.9', desc: 'First cut', createdByName: 'Sharer', documentCount: 4 });
    expect((await api.call('release.nextVersion', { params: { id: project.id }, token: owner.token })).data.version).toBe('1.0.10');
    expect((await api.call('release.publish', { token: owner.token, body: { projectId: project.id, version: '1.0.9' } })).code).toBe(
      ERRORS.versionExists.code,
    );

    await api.call('document.update', {
      token: owner.token,
      body: { id: a.id, rev: a.rev, content: { markdown: 'alpha, edited' } },
    });
    await api.call('project.update', { token: owner.token, body: { id: project.id, rev: project.rev, name: 'Shop API v2' } });
    const live = await api.call('document.get', { params: { id: a.id }, ...version() });
    const frozen = await api.call('document.get', { params: { id: a.id }, ...version('1.0.9') });
    expect(live.data.content).toEqual({ markdown: 'alpha, edited' });
    expect(frozen.data.content).toEqual({ markdown: 'alpha' });
    expect((await api.call('project.get', { params: { id: project.id }, ...version('1.0.9') })).data.name).toBe('Shop API');
    expect((await api.call('document.tree', { params: { projectId: project.id }, ...version('1.0.9') })).data).toHaveLength(3);

    for (const lang of ['zh', 'en']) {
      const unknown = await api.call('document.get', {
        params: { id: a.id },
        ...version('9.9.9'),
        headers: { 'x-project-version': '9.9.9', 'accept-language': lang },
      });
      expect(unknown.code).toBe(ERRORS.releaseNotFound.code);
    }
    const write = await api.call('document.update', { ...version('1.0.9'), body: { id: a.id, rev: 2, name: 'Changed' } });
    expect(write.code).toBe(ERRORS.releaseReadOnly.code);
    expect((await api.call('document.get', { params: { id: a.id }, ...version() })).data.name).toBe('A');

    const list = await api.call('release.list', { params: { id: project.id }, token: owner.token });
    expect(list.data.map((r) => r.version)).toEqual(['1.0.9']);
    expect((await api.call('release.delete', { params: { projectId: project.id, version: '1.0.9' }, token: owner.token })).code).toBe(0);
    expect((await api.call('document.get', { params: { id: a.id }, ...version('1.0.9') })).code).toBe(ERRORS.releaseNotFound.code);
  });

  it('a share of a release reads the release, not the live project', async () => {
    const { owner, project, a, share } = await projectWithDocs();
    await api.call('release.publish', { token: owner.token, body: { projectId: project.id, version: 'v1' } });
    await api.call('document.update', {
      token: owner.token,
      body: { id: a.id, rev: a.rev, content: { markdown: 'alpha, after' } },
    });
    const s = await share({ version: 'v1' });
    const reader = asReader((await open(s.id)).data.shareToken);
    expect((await api.call('document.get', { params: { id: a.id }, ...reader })).data.content).toEqual({ markdown: 'alpha' });
    expect(
      (
        await api.call('share.create', {
          token: owner.token,
          body: { projectId: project.id, name: 'x', expireAt: inAnHour(), version: 'v9' },
        })
      ).code,
    ).toBe(ERRORS.releaseNotFound.code);
  });

  it('a clone copies neither shares nor releases; the purge deletes both, items and objects', async () => {
    const { owner, project, share } = await projectWithDocs();
    await share({});
    await api.call('release.publish', { token: owner.token, body: { projectId: project.id, version: '2.0.0' } });
    const copy = (await api.call('project.clone', { params: { id: project.id }, token: owner.token, query: { name: 'Copy' } })).data;
    expect((await api.call('share.list', { params: { id: copy.id }, token: owner.token })).data).toEqual([]);
    expect((await api.call('release.list', { params: { id: copy.id }, token: owner.token })).data).toEqual([]);
    const objects = async (id: string) => {
      const all: string[] = [];
      for await (const page of listKeys(keys.projectFilesPrefix(id))) all.push(...page);
      return all;
    };
    expect((await objects(copy.id)).some((k) => k.includes('/releases/'))).toBe(false);
    expect((await objects(project.id)).some((k) => k.includes('/releases/'))).toBe(true);

    await api.call('project.recycle', { params: { id: project.id }, token: owner.token });
    await runPurge({ now: new Date(Date.now() + 31 * DAY_MS) });
    expect(await queryAll(keys.projectItems(project.id))).toEqual([]);
    expect(await objects(project.id)).toEqual([]);
  });
});
