import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routeAddresses } from '@shared/routes';
import { createApiClient, isTooManyRequests, type ClientDeps } from './client';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A tiny server whose next answer each test sets. */
let server: Server;
let base = '';
let reply: { status: number; body: unknown; delayMs?: number; headers?: Record<string, string> } = {
  status: 200,
  body: { code: 0, message: 'ok', data: null },
};
let seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      setTimeout(() => {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.body));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

let effects: { sessionLost: number; lostHadSession: boolean[]; toasts: string[] };
let signedIn = true;
beforeEach(() => {
  seen = [];
  effects = { sessionLost: 0, lostHadSession: [], toasts: [] };
  signedIn = true;
  reply = { status: 200, body: { code: 0, message: 'ok', data: null } };
});

function client(overrides: Partial<ClientDeps> = {}) {
  return createApiClient({
    apiBase: base,
    routes: routeAddresses(),
    signedIn: () => signedIn,
    language: () => 'en',
    onSessionLost: (hadSession) => {
      effects.sessionLost++;
      effects.lostHadSession.push(hadSession);
    },
    toast: (m) => effects.toasts.push(m),
    text: (key) => (key === 'busy' ? 'System busy' : 'Request timed out'),
    timeouts: { normal: 300, export: 300 },
    ...overrides,
  }).call;
}

describe('requests', () => {
  it('resolves data on code 0 and sends the language and path parameters, and never a token header (the cookie is HttpOnly)', async () => {
    reply = { status: 200, body: { code: 0, message: 'ok', data: { id: 'p1' } } };
    await expect(client()('project.get', { params: { id: 'p 1' } })).resolves.toEqual({ id: 'p1' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/project/p%201' });
    expect(seen[0]!.headers.token).toBeUndefined();
    expect(seen[0]!.headers['accept-language']).toBe('en');
    expect(seen[0]!.headers['x-project-version']).toBeUndefined();
  });

  it("takes named path parameters and fills the spec's unnamed placeholders with them", async () => {
    await client()('member.assign', { params: { projectId: 'p1', userId: 'u/1', role: 'view' } });
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/project/member/p1/u%2F1/view' });
  });

  it('sends the login body as a form, and others as JSON', async () => {
    await client()('login.create', { body: { username: 'a@b.co', password: 'p w' } });
    expect(seen[0]!.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(seen[0]!.body).toBe('username=a%40b.co&password=p+w');
    await client()('project.create', { body: { name: 'P' } });
    expect(seen[1]!.headers['content-type']).toContain('application/json');
    expect(JSON.parse(seen[1]!.body)).toEqual({ name: 'P' });
  });

  it('sends query parameters and the project version when set', async () => {
    await client()('project.search', { query: { keyword: 'a b', teamId: undefined } }, { version: 'v1.2' });
    expect(seen[0]!.url).toBe('/api/project/search?keyword=a+b');
    expect(seen[0]!.headers['x-project-version']).toBe('v1.2');
  });

  it("reads with a share token as the share's reader only, without the session", async () => {
    await client()('document.get', { params: { id: 'd1' } }, { shareToken: 'share-1' });
    expect(seen[0]!.headers['share-token']).toBe('share-1');
    expect(seen[0]!.headers.token).toBeUndefined();
  });

  it('never sends the project version with a write, which the API would refuse', async () => {
    await client()('project.create', { body: { name: 'P' } }, { version: 'v1.2' });
    expect(seen[0]!.headers['x-project-version']).toBeUndefined();
  });

  it('sends no token header when signed out', async () => {
    signedIn = false;
    await client()('user.detail');
    expect(seen[0]!.headers.token).toBeUndefined();
  });
});

describe('failures (spec section 8)', () => {
  it('a status other than 200 rejects with code -1', async () => {
    reply = { status: 404, body: { code: 43001, message: 'nope', data: null } };
    await expect(client()('user.detail')).rejects.toEqual({ code: -1, message: 'status code is 404', status: 404 });
    expect(effects.toasts).toEqual([]);
  });

  it('a 429 says how long to wait, from Retry-After', async () => {
    reply = { status: 429, body: { code: 42900, message: 'slow down', data: null }, headers: { 'retry-after': '120' } };
    const failure: unknown = await client()('share.assert', { params: { id: 'x' }, body: { password: 'p' } }).catch((e: unknown) => e);
    expect(failure).toEqual({ code: -1, message: 'status code is 429', status: 429, retryAfter: 120 });
    expect(isTooManyRequests(failure)).toBe(true);
  });

  it.each([41000, 41001])('code %i goes to /login, or rejects with the body when redirects are ignored', async (code) => {
    reply = { status: 200, body: { code, message: 'signed out', data: null } };
    await expect(client()('user.detail')).rejects.toEqual({ code, message: 'signed out', data: null });
    expect(effects.sessionLost).toBe(1);
    await expect(client()('user.detail', undefined, { ignoreRedirect: true })).rejects.toMatchObject({ code });
    expect(effects.sessionLost).toBe(1);
    expect(effects.toasts).toEqual([]);
    // Said to have expired only to a browser that had a session when it asked.
    signedIn = false;
    await expect(client()('user.detail')).rejects.toMatchObject({ code });
    expect(effects.lostHadSession).toEqual([true, false]);
  });

  it('another code toasts the server message, or "system busy" without one, unless ignored', async () => {
    reply = { status: 200, body: { code: 45002, message: 'Invalid input', data: { fields: { name: 'x' } } } };
    await expect(client()('project.create', { body: { name: '' } })).rejects.toEqual({
      code: 45002,
      message: 'Invalid input',
      data: { fields: { name: 'x' } },
    });
    expect(effects.toasts).toEqual(['Invalid input']);
    reply = { status: 200, body: { code: 50000, message: '', data: null } };
    await expect(client()('user.detail')).rejects.toMatchObject({ code: 50000 });
    expect(effects.toasts).toEqual(['Invalid input', 'System busy']);
    await expect(client()('user.detail', undefined, { ignoreMessage: true })).rejects.toMatchObject({ code: 50000 });
    expect(effects.toasts).toHaveLength(2);
  });

  it('a time-out rejects with code -3', async () => {
    reply = { status: 200, body: { code: 0, message: 'ok', data: null }, delayMs: 1000 };
    await expect(client()('user.detail')).rejects.toEqual({ code: -3, message: 'Request timed out' });
  });

  it('exports wait longer than other calls', async () => {
    reply = { status: 200, body: { code: 0, message: 'ok', data: 1 }, delayMs: 150 };
    const call = client({ timeouts: { normal: 50, export: 1000 } });
    await expect(call('user.detail')).rejects.toMatchObject({ code: -3 });
    await expect(call('user.detail', undefined, { export: true })).resolves.toBe(1);
  });

  it('an error without a code rejects with code -2', async () => {
    const failing: typeof fetch = () => Promise.reject(new TypeError('network down'));
    await expect(client({ fetch: failing })('user.detail')).rejects.toEqual({ code: -2, message: 'network down' });
  });
});

describe('an answer the page asked for early', () => {
  it('answers the same plain read once, then goes to the network', async () => {
    let early: Promise<{ code: number; message: string; data: unknown }> | undefined = Promise.resolve({
      code: 0,
      message: 'ok',
      data: ['early'],
    });
    const call = client({
      early: (path, withSession) => {
        if (path !== '/project/document/children/all/p1' || !withSession) return undefined;
        const answer = early;
        early = undefined;
        return answer;
      },
    });
    reply = { status: 200, body: { code: 0, message: 'ok', data: ['network'] } };
    expect(await call('document.tree', { params: { projectId: 'p1' } })).toEqual(['early']);
    expect(seen).toHaveLength(0);
    expect(await call('document.tree', { params: { projectId: 'p1' } })).toEqual(['network']);
    expect(seen).toHaveLength(1);
  });
});
