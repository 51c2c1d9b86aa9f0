import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATCH_ALL_ROUTE_KEY, routeEntries, routeKey } from '@shared/routes';
import { createGateway, matchRoute } from './gateway';

describe('local gateway routing (as API Gateway matches routes)', () => {
  it('prefers a static route to a parameter at the same place', () => {
    expect(matchRoute('GET', '/project/created').routeKey).toBe('GET /project/created');
    expect(matchRoute('GET', '/project/favor').routeKey).toBe('GET /project/favor');
    expect(matchRoute('GET', '/project/abc')).toMatchObject({ routeKey: 'GET /project/{id}', pathParameters: { id: 'abc' } });
  });

  it('passes path parameters still encoded, like API Gateway', () => {
    expect(matchRoute('POST', '/common/code/REGISTER/a%40b.com').pathParameters).toEqual({ target: 'a%40b.com' });
  });

  it('sends unknown paths and methods to the catch-all route', () => {
    expect(matchRoute('GET', '/no/such/path')).toMatchObject({ routeKey: CATCH_ALL_ROUTE_KEY, pathParameters: { proxy: 'no/such/path' } });
    expect(matchRoute('PATCH', '/project').routeKey).toBe(CATCH_ALL_ROUTE_KEY);
  });

  it('reaches every route of the table', () => {
    for (const [id, route] of routeEntries) {
      const path = route.path.replace(/\{\w+\}/g, 'x1');
      expect(matchRoute(route.method, path).routeKey, id).toBe(routeKey(route));
    }
  });
});

describe('local gateway pages', () => {
  it('answers a path with bad percent-encoding with the app, not a 502', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'apiloom-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>app</title>');
    const server = createGateway({ loadHandler: () => Promise.reject(new Error('no API here')), webDir, securityHeaders: {} });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const path of ['/%E0%A4%A', '/%', '/project/%zz/x', '/..%2f..%2fetc%2fpasswd']) {
        const res = await fetch(`${base}${path}`);
        expect(res.status, path).toBe(200);
        expect(await res.text(), path).toContain('<title>app</title>');
      }
    } finally {
      await new Promise<void>((ok) => server.close(() => ok()));
    }
  });

  it('answers a hashed asset from memory once read, as immutable; a missing asset gets the app, uncached', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'apiloom-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>app</title>');
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'assets', 'entry-abc123.js'), 'export const v = 1;');
    const server = createGateway({
      loadHandler: () => Promise.reject(new Error('no API here')),
      webDir,
      securityHeaders: { 'x-frame-options': 'DENY' },
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const first = await fetch(`${base}/assets/entry-abc123.js`);
      expect(await first.text()).toBe('export const v = 1;');
      expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(first.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      // A hashed name never changes content: a second answer does not read the disk again.
      writeFileSync(join(webDir, 'assets', 'entry-abc123.js'), 'export const v = 2;');
      const second = await fetch(`${base}/assets/entry-abc123.js`);
      expect(await second.text()).toBe('export const v = 1;');
      expect(second.headers.get('x-frame-options')).toBe('DENY');
      const missing = await fetch(`${base}/assets/gone-000000.js`);
      expect(missing.headers.get('cache-control')).toBe('no-cache');
      expect(await missing.text()).toContain('<title>app</title>');
    } finally {
      await new Promise<void>((ok) => server.close(() => ok()));
    }
  });
});
