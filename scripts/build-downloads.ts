/**
 * What the site offers for download (issue 37), built into the web app's output so that the web bucket (and
 * CloudFront) in AWS and the local server serve it like any other file of the app: the one-file CLI at
 * DOWNLOADS.cli and the browser plug-in's package at DOWNLOADS.plugin. `npm run build` runs it after the web build
 * (which empties dist/web); `npm start` runs it when stale (scripts/local/builds.ts).
 *
 * The plug-in's manifest names the local app; `APILOOM_SITE_ORIGIN` (the deployed site's https origin) adds it, as
 * `npm run build:extension -- <origin>` does.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DOWNLOADS } from '@shared/constants';
import { buildCli } from './build-cli';
import { buildExtension } from './build-extension';
import { WEB_OUT } from './local/paths';

export const downloadPath = (which: keyof typeof DOWNLOADS, webOut = WEB_OUT) => join(webOut, ...DOWNLOADS[which].split('/'));

export async function buildDownloads(webOut = WEB_OUT, origins = process.env.APILOOM_SITE_ORIGIN ? [process.env.APILOOM_SITE_ORIGIN] : []) {
  const cli = downloadPath('cli', webOut);
  const plugin = downloadPath('plugin', webOut);
  mkdirSync(dirname(cli), { recursive: true });
  mkdirSync(dirname(plugin), { recursive: true });
  await buildCli(cli);
  // The unpacked copy is only a step on the way to the zip.
  const unpacked = mkdtempSync(join(tmpdir(), 'apiloom-extension-'));
  try {
    buildExtension(origins, unpacked, plugin);
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
  return { cli, plugin };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { cli, plugin } = await buildDownloads();
  console.log(`wrote ${cli} and ${plugin}`);
}
