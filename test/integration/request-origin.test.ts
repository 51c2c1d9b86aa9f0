/**
 * Requests from other sites and malformed cookies, as the runtime sees them (the browser side, with real forms
 * and `no-cors` fetches from other origins, is test/e2e/cross-site.spec.ts). State-changing calls need the token
 * header and, from a browser, our own origin; JSON routes take JSON only; the cookie alone signs in safe GETs.
 */
import { describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE, TOKEN_COOKIE, TOKEN_COOKIE_HTTPS } from '@shared/constants';
import { ERRORS } from '@shared/errors';
import { routeEntries } from '@shared/routes';
import { signUp, useLocalApi } from '../support/local-api';
import { sampleCall } from '../support/samples';

const api = useLocalApi();
const folders = async (token: string) => (await api.call('folder.list', { token })).data.folders.map((f) => f.name);

describe('state-changing calls prove the app sent them', () => {
  it('the cookie alone signs in a GET but not a POST', async () => {
    const { token } = await signUp();
    const cookie = { cookie: `${TOKEN_COOKIE}=${encodeURIComponent(token)}` };
    expect((await api.call('user.detail', { headers: cookie })).code).toBe(0);
    const post = await api.call('folder.save', { headers: cookie, body: { name: 'via cookie' } });
    expect(post.code).toBe(ERRORS.notLoggedIn.code);
    expect(await folders(token)).toEqual([]);
  });

  it.each([
    ['text/plain', JSON.stringify({ name: 'plain' })],
    ['application/x-www-form-urlencoded', 'name=form'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nmulti\r\n--x--\r\n'],
  ])('a JSON route refuses %s with 415 and changes nothing', async (contentType, body) => {
    const { token } = await signUp();
    const res = await api.rawCall('POST', '/project/folder', { token, headers: { 'content-type': contentType }, body });
    expect(res.status).toBe(415);
    expect(res.code).toBe(ERRORS.unsupportedContentType.code);
    expect(await folders(token)).toEqual([]);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (another port of the host)', { 'sec-fetch-site': 'same-site' }],
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['an Origin of another port', { origin: 'http://127.0.0.1:1' }],
    ['an opaque Origin', { origin: 'null' }],
  ])('refuses %s with 403 and changes nothing', async (_name, headers) => {
    const { token } = await signUp();
    const res = await api.call('folder.save', { token, headers, body: { name: 'evil' } });
    expect(res.status).toBe(403);
    expect(res.code).toBe(ERRORS.crossSiteRequest.code);
    expect(await folders(token)).toEqual([]);
  });

  it('admits the app itself: same-origin fetch metadata, or an Origin naming the host', async () => {
    const { token } = await signUp();
    const host = new URL(api.url()).host;
    expect((await api.call('folder.save', { token, headers: { 'sec-fetch-site': 'same-origin' }, body: { name: 'a' } })).code).toBe(0);
    expect((await api.call('folder.save', { token, headers: { origin: `http://${host}` }, body: { name: 'b' } })).code).toBe(0);
    expect((await folders(token)).sort()).toEqual(['a', 'b']);
  });

  it('login refuses a form posted from another site, so nobody is signed in as someone else', async () => {
    const { account } = await signUp();
    const form = { username: account, password: 'Secret123' };
    const crossSite = await api.call('login.create', { body: form, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('set-cookie')).toBeNull();
    expect((await api.call('login.create', { body: form, headers: { origin: 'https://evil.example' } })).status).toBe(403);
    // A JSON body where the route takes a form: a request the typed call cannot make.
    expect((await api.rawCall('POST', '/login', { body: form })).status).toBe(415);
    const ours = await api.call('login.create', { body: form, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(ours.code).toBe(0);
  });

  const stateChanging = routeEntries.filter(([, r]) => r.method !== 'GET');
  it.each(stateChanging)('%s refuses a cross-site browser request before anything else', async (_id, _route) => {
    const projectId = '00000000-0000-4000-8000-000000000000';
    const ids = {
      creatorAccount: 'nobody@example.com',
      password: 'Secret123',
      newAccount: 'nobody-yet@example.com',
      newAccountCode: '000000',
      resetCode: '000000',
      newEmail: 'new@example.com',
      newEmailCode: '000000',
      newPhone: '13700000000',
      newPhoneCode: '000000',
      folderId: projectId,
      projectId,
      documentId: `${projectId}_abcdefgh`,
      apiDocumentId: `${projectId}_ijklmnop`,
      binnedDocumentId: `${projectId}_qrstuvwx`,
      memberId: projectId,
      teamId: projectId,
      groupId: projectId,
      teamMemberId: projectId,
      teamCode: 'A'.repeat(22),
      projectCode: 'B'.repeat(22),
      shareId: `${projectId}_${'C'.repeat(22)}`,
      releaseVersion: '1.0.0',
      uploadedFileId: 'D'.repeat(22),
      importJobId: `${projectId}_qrstuvwy`,
      exportJobId: `${projectId}_qrstuvwz`,
      environmentId: `${projectId}_${'E'.repeat(16)}`,
      variableId: `${projectId}_${'E'.repeat(16)}_${'F'.repeat(12)}`,
      projectTokenId: `${projectId}_${'G'.repeat(12)}`,
      scenarioId: `${projectId}_${'H'.repeat(16)}`,
      scenarioFolderId: `${projectId}_${'I'.repeat(16)}`,
      scenarioRunId: `${projectId}_${'J'.repeat(16)}`,
      scenarioJobId: `${projectId}_${'K'.repeat(16)}`,
      scenarioScheduleId: `${projectId}_${'L'.repeat(16)}`,
      commentId: `${projectId}_abcdefgh_${'H'.repeat(12)}`,
      channelId: 'K'.repeat(12),
      teamChannelId: 'L'.repeat(12),
    };
    const { params, query, body } = sampleCall(_id, ids);
    const res = await api.callAny(_id, { params, query, body, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.code).toBe(ERRORS.crossSiteRequest.code);
  });
});

describe('a malformed cookie is ignored, never fatal', () => {
  const badCookie = { cookie: `${TOKEN_COOKIE}=%` };

  it('reads as no session on a signed-in route', async () => {
    const res = await api.call('user.detail', { headers: badCookie });
    expect(res.status).toBe(200);
    expect(res.code).toBe(ERRORS.notLoggedIn.code);
  });

  it('does not stop anyone signing in, or a public read', async () => {
    const { account } = await signUp();
    expect((await api.call('login.create', { body: { username: account, password: 'Secret123' }, headers: badCookie })).code).toBe(0);
    expect((await api.call('project.get', { params: { id: '00000000-0000-4000-8000-000000000000' }, headers: badCookie })).code).toBe(
      ERRORS.notLoggedIn.code,
    );
  });
});

describe('the session cookie is HttpOnly, and the browser signs in by it under the origin check', () => {
  const login = (headers: Record<string, string> = {}) => signUpAndLogin(headers);
  async function signUpAndLogin(headers: Record<string, string>) {
    const { account } = await signUp();
    const res = await api.call('login.create', { body: { username: account, password: 'Secret123' }, headers });
    expect(res.code, res.message).toBe(0);
    return { res, token: res.data.token, cookies: res.headers.getSetCookie() };
  }

  it('sets the session cookie HttpOnly for 7 days on path /, with a readable hint; over HTTPS as __Host- and Secure', async () => {
    const { cookies } = await login();
    const session = cookies.find((c) => c.startsWith(`${TOKEN_COOKIE}=`));
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; Path=\//);
    expect(session).toMatch(/; Max-Age=604800/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).not.toMatch(/Secure/);
    const hint = cookies.find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));
    expect(hint).toMatch(/^apiloom-signed-in=1; Path=\/; Max-Age=604800/);
    expect(hint).not.toMatch(/HttpOnly/);

    const https = (await login({ 'x-forwarded-proto': 'https' })).cookies;
    const secure = https.find((c) => c.startsWith(`${TOKEN_COOKIE_HTTPS}=`));
    expect(secure).toMatch(/; Path=\/; Max-Age=604800; SameSite=Lax; Secure; HttpOnly$/);
    expect(https.find((c) => c.startsWith(`${TOKEN_COOKIE}=`))).toBeUndefined();
  });

  it('the cookie signs in a write the browser says is same-origin, never one that says nothing; both cookie names', async () => {
    for (const name of [TOKEN_COOKIE, TOKEN_COOKIE_HTTPS]) {
      const { token } = await signUp();
      const cookie = `${name}=${encodeURIComponent(token)}`;
      const host = new URL(api.url()).host;
      const sameOrigin = await api.call('folder.save', {
        headers: { cookie, 'sec-fetch-site': 'same-origin' },
        body: { name: 'a' },
      });
      expect(sameOrigin.code, sameOrigin.message).toBe(0);
      const byOrigin = await api.call('folder.save', { headers: { cookie, origin: `http://${host}` }, body: { name: 'b' } });
      expect(byOrigin.code, byOrigin.message).toBe(0);
      const silent = await api.call('folder.save', { headers: { cookie }, body: { name: 'c' } });
      expect(silent.code).toBe(ERRORS.notLoggedIn.code);
      const typed = await api.call('folder.save', { headers: { cookie, 'sec-fetch-site': 'none' }, body: { name: 'd' } });
      expect(typed.code).toBe(ERRORS.notLoggedIn.code);
      expect((await folders(token)).sort()).toEqual(['a', 'b']);
    }
  });

  it('sign-out revokes the session and expires the cookie and its hint', async () => {
    const { token } = await login();
    const cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}`;
    const out = await api.call('login.delete', { headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(out.code).toBe(0);
    const cleared = out.headers.getSetCookie();
    expect(cleared.find((c) => c.startsWith(`${TOKEN_COOKIE}=;`))).toMatch(/Max-Age=0/);
    expect(cleared.find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=;`))).toMatch(/Max-Age=0/);
    expect((await api.call('user.detail', { token })).code).toBe(ERRORS.sessionExpired.code);
  });
});

describe('a stale session on a public read is a guest read', () => {
  it('reads a public project as a guest and expires the stale cookie; a private one still says the session expired', async () => {
    const owner = await signUp();
    const made = async (visibility: 'private' | 'public') => {
      const p = (await api.call('project.create', { token: owner.token, body: { name: visibility } })).data;
      await api.call('project.update', { token: owner.token, body: { id: p.id, rev: p.rev, visibility } });
      return p.id;
    };
    const [open, closed] = [await made('public'), await made('private')];
    const stale = { cookie: `${TOKEN_COOKIE}=no-such-session` };
    const read = await api.call('project.get', { params: { id: open }, headers: stale });
    expect(read.code, read.message).toBe(0);
    expect(read.data.name).toBe('public');
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.headers.getSetCookie().find((c) => c.startsWith(`${TOKEN_COOKIE}=;`))).toMatch(/Max-Age=0/);
    // An API client's stale token header reads it as a guest too.
    expect((await api.call('project.get', { params: { id: open }, token: 'no-such-session' })).code).toBe(0);
    const refused = await api.call('project.get', { params: { id: closed }, headers: stale });
    expect(refused.code).toBe(ERRORS.sessionExpired.code);
    expect(refused.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=;`))).toMatch(/Max-Age=0/);
  });
});
