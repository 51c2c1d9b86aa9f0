/**
 * Requests from other sites and malformed cookies, as the runtime sees them (the browser side, with real forms
 * and `no-cors` fetches from other origins, is test/e2e/cross-site.spec.ts). State-changing calls need the token
 * header and, from a browser, our own origin; JSON routes take JSON only; the cookie alone signs in safe GETs.
 */
import { describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@shared/constants';
import { ERRORS } from '@shared/errors';
import { routeEntries } from '@shared/routes';
import { signUp, useLocalApi } from '../support/local-api';
import { sampleCall } from '../support/samples';

const api = useLocalApi();
const folders = async (token: string) =>
  (await api.call<{ folders: { name: string }[] }>('GET', '/project/folder', { token })).data.folders.map((f) => f.name);

describe('state-changing calls prove the app sent them', () => {
  it('the cookie alone signs in a GET but not a POST', async () => {
    const { token } = await signUp();
    const cookie = { cookie: `${TOKEN_COOKIE}=${encodeURIComponent(token)}` };
    expect((await api.call('GET', '/user/detail', { headers: cookie })).code).toBe(0);
    const post = await api.call('POST', '/project/folder', { headers: cookie, body: { name: 'via cookie' } });
    expect(post.code).toBe(ERRORS.notLoggedIn.code);
    expect(await folders(token)).toEqual([]);
  });

  it.each([
    ['text/plain', JSON.stringify({ name: 'plain' })],
    ['application/x-www-form-urlencoded', 'name=form'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nmulti\r\n--x--\r\n'],
  ])('a JSON route refuses %s with 415 and changes nothing', async (contentType, body) => {
    const { token } = await signUp();
    const res = await api.call('POST', '/project/folder', { token, headers: { 'content-type': contentType }, body });
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
    const res = await api.call('POST', '/project/folder', { token, headers, body: { name: 'evil' } });
    expect(res.status).toBe(403);
    expect(res.code).toBe(ERRORS.crossSiteRequest.code);
    expect(await folders(token)).toEqual([]);
  });

  it('admits the app itself: same-origin fetch metadata, or an Origin naming the host', async () => {
    const { token } = await signUp();
    const host = new URL(api.url()).host;
    expect(
      (await api.call('POST', '/project/folder', { token, headers: { 'sec-fetch-site': 'same-origin' }, body: { name: 'a' } })).code,
    ).toBe(0);
    expect((await api.call('POST', '/project/folder', { token, headers: { origin: `http://${host}` }, body: { name: 'b' } })).code).toBe(0);
    expect((await folders(token)).sort()).toEqual(['a', 'b']);
  });

  it('login refuses a form posted from another site, so nobody is signed in as someone else', async () => {
    const { account } = await signUp();
    const form = { username: account, password: 'Secret123' };
    const crossSite = await api.call('POST', '/login', { form, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('set-cookie')).toBeNull();
    expect((await api.call('POST', '/login', { form, headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await api.call('POST', '/login', { body: form })).status).toBe(415);
    const ours = await api.call('POST', '/login', { form, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(ours.code).toBe(0);
  });

  const stateChanging = routeEntries.filter(([, r]) => r.method !== 'GET');
  it.each(stateChanging)('%s refuses a cross-site browser request before anything else', async (_id, route) => {
    const projectId = '00000000-0000-4000-8000-000000000000';
    const ids = {
      creatorAccount: 'nobody@example.com',
      password: 'Secret123',
      newAccount: 'nobody-yet@example.com',
      newAccountCode: '000000',
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
    };
    const { path, query, body, form } = sampleCall(_id, ids);
    const res = await api.call(route.method, path, { query, body, ...(form ? { form } : {}), headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.code).toBe(ERRORS.crossSiteRequest.code);
  });
});

describe('a malformed cookie is ignored, never fatal', () => {
  const badCookie = { cookie: `${TOKEN_COOKIE}=%` };

  it('reads as no session on a signed-in route', async () => {
    const res = await api.call('GET', '/user/detail', { headers: badCookie });
    expect(res.status).toBe(200);
    expect(res.code).toBe(ERRORS.notLoggedIn.code);
  });

  it('does not stop anyone signing in, or a public read', async () => {
    const { account } = await signUp();
    expect((await api.call('POST', '/login', { form: { username: account, password: 'Secret123' }, headers: badCookie })).code).toBe(0);
    expect((await api.call('GET', '/project/00000000-0000-4000-8000-000000000000', { headers: badCookie })).code).toBe(
      ERRORS.notLoggedIn.code,
    );
  });
});
