/**
 * The plug-in as a user installs it (issue 24): `npm run build:extension -- https://apiloom.example.com` copies
 * extension/ to dist/extension/ with the deployed site's origin added to `externally_connectable` (the repository's
 * manifest names only the local app's 127.0.0.1 and localhost), and zips it as dist/apiloom-extension.zip. Without
 * an origin it builds the local one. Load either unpacked (chrome://extensions, Developer mode, "Load unpacked") or
 * hand the zip to a store. The manifest's `key` keeps the extension's id the same wherever it is loaded from, so the
 * web app knows it (web/src/config.ts `pluginId`).
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { ROOT } from './local/paths';

export const EXTENSION_DIR = join(ROOT, 'extension');

interface Manifest {
  externally_connectable: { matches: string[] };
  [key: string]: unknown;
}

/** The origin's match pattern: an https origin (http only for localhost), no path, no wildcard. */
export function sitePattern(origin: string): string {
  const url = new URL(origin);
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) throw new Error(`the site's origin must be https: ${origin}`);
  if (url.hostname.includes('*') || url.pathname !== '/' || url.search || url.username) throw new Error(`an origin only: ${origin}`);
  return `${url.protocol}//${url.hostname}/*`;
}

export function manifestFor(origins: string[]): Manifest {
  const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Manifest;
  const matches = [...manifest.externally_connectable.matches, ...origins.map(sitePattern)];
  return { ...manifest, externally_connectable: { matches: [...new Set(matches)] } };
}

export function buildExtension(
  origins: string[],
  outDir = join(ROOT, 'dist', 'extension'),
  zipFile = join(ROOT, 'dist', 'apiloom-extension.zip'),
) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  cpSync(EXTENSION_DIR, outDir, { recursive: true, filter: (source) => !source.endsWith('.test.ts') });
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifestFor(origins), null, 2)}\n`);
  const files = Object.fromEntries(readdirSync(outDir).map((name) => [name, readFileSync(join(outDir, name))]));
  writeFileSync(zipFile, zipSync(files));
  return { outDir, zipFile };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { outDir, zipFile } = buildExtension(process.argv.slice(2));
  console.log(`The plug-in: ${outDir} (load unpacked) and ${zipFile}`);
}
