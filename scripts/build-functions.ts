/**
 * One esbuild bundle per Lambda service: dist/functions/<service>/index.mjs, ESM for Node 22 on arm64.
 * The AWS SDK is bundled (pinned, tree-shaken, minified) rather than taken from the runtime, so what we test is
 * what runs, and cold starts read one file.
 */
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SERVICES } from '../shared/routes';
import { JOB_NAMES } from '../shared/jobs';
import { FUNCTIONS_OUT, functionEntry } from './local/paths';

export async function buildFunctions(opts: { quiet?: boolean } = {}) {
  mkdirSync(FUNCTIONS_OUT, { recursive: true });
  const sizes: Record<string, { bytes: number; gzip: number }> = {};
  const entries = [
    ...SERVICES.map((name) => ({ name, entry: functionEntry(name, 'service') })),
    ...JOB_NAMES.map((name) => ({ name, entry: functionEntry(name, 'job') })),
  ];
  await Promise.all(
    entries.map(async ({ name: service, entry }) => {
      const outfile = join(FUNCTIONS_OUT, service, 'index.mjs');
      await build({
        entryPoints: [entry],
        outfile,
        bundle: true,
        platform: 'node',
        target: 'node22',
        format: 'esm',
        minify: true,
        sourcemap: 'linked',
        legalComments: 'none',
        logLevel: 'warning',
        // Some CommonJS dependencies call require() for Node built-ins; give the ESM bundle one.
        banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      });
      const code = readFileSync(outfile);
      sizes[service] = { bytes: code.length, gzip: gzipSync(code).length };
    }),
  );
  writeFileSync(join(FUNCTIONS_OUT, 'sizes.json'), JSON.stringify(sizes, null, 2));
  if (!opts.quiet) {
    for (const [service, s] of Object.entries(sizes)) {
      console.log(`  ${service.padEnd(10)} ${(s.bytes / 1024).toFixed(0).padStart(6)} KB  (${(s.gzip / 1024).toFixed(0)} KB gzip)`);
    }
  }
  return sizes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('Building Lambda bundles:');
  await buildFunctions();
}
