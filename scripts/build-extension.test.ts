/**
 * The plug-in's manifest asks for as little as it can (issue 24; yapi#1603 was pulled from the store for broad
 * permissions): no host permission at install, one origin at a time at run time, and only Apiloom's own pages may
 * talk to it. Its limits are the runner contract's.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { RUN_RESPONSE_MAX_BYTES, RUN_TIMEOUT_MS } from '@shared/schemas/runner';
import { buildExtension, EXTENSION_DIR, manifestFor, sitePattern } from './build-extension';

const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Record<string, unknown>;

describe('the plug-in', () => {
  it('holds no host permission at install, asks per origin at run time, and talks only to the local app', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.host_permissions).toBeUndefined();
    expect(manifest.permissions).toEqual([]);
    expect(manifest.optional_host_permissions).toEqual(['http://*/*', 'https://*/*']);
    expect(manifest.externally_connectable).toEqual({ matches: ['http://127.0.0.1/*', 'http://localhost/*'] });
    expect(manifest.content_scripts).toBeUndefined();
    const worker = readFileSync(join(EXTENSION_DIR, 'service-worker.js'), 'utf8');
    expect(worker).toContain('chrome.permissions.contains');
    // Only messages from other extensions' or web pages' ports named in the manifest: no onMessage for content scripts.
    expect(worker).not.toMatch(/runtime\.onMessage\.|onConnectExternal/);
  });

  it('keeps the runner contract’s limits', () => {
    const worker = readFileSync(join(EXTENSION_DIR, 'service-worker.js'), 'utf8');
    expect(/const RESPONSE_MAX_BYTES = 5 \* 1024 \* 1024;/.test(worker) ? 5 * 1024 * 1024 : -1).toBe(RUN_RESPONSE_MAX_BYTES);
    expect(Number(/const TIMEOUT_MS = (\d+);/.exec(worker)![1])).toBe(RUN_TIMEOUT_MS);
  });

  it('adds the deployed site’s origin at build time, and only an https origin', () => {
    expect(manifestFor(['https://apiloom.example.com']).externally_connectable.matches).toEqual([
      'http://127.0.0.1/*',
      'http://localhost/*',
      'https://apiloom.example.com/*',
    ]);
    for (const bad of ['http://apiloom.example.com', 'https://*.example.com', 'https://apiloom.example.com/app', 'chrome-extension://x'])
      expect(() => sitePattern(bad), bad).toThrow();
    const dir = mkdtempSync(join(tmpdir(), 'apiloom-extension-'));
    const { zipFile } = buildExtension(['https://apiloom.example.com'], join(dir, 'out'), join(dir, 'plugin.zip'));
    const files = unzipSync(readFileSync(zipFile));
    expect(Object.keys(files).sort()).toEqual(['grant.html', 'grant.js', 'manifest.json', 'service-worker.js']);
    const built = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as {
      externally_connectable: { matches: string[] };
      key: string;
    };
    expect(built.externally_connectable.matches).toContain('https://apiloom.example.com/*');
    expect(built.key).toBe(manifest.key);
  });
});
