/**
 * The MCP server's bundle (issue 26): `cli/mcp.ts` with the Model Context Protocol SDK and zod, one ES module for
 * Node 20+ at dist/cli/mcp.mjs, beside the push/pull CLI (dist/cli/apiloom.mjs), whose `apiloom mcp` runs it; the
 * CLI itself stays dependency-free, and no Lambda bundle carries this. `npm run build:cli` builds both.
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './local/paths';

export const MCP_BUNDLE = join(ROOT, 'dist/cli/mcp.mjs');

export async function buildMcp(outfile = MCP_BUNDLE) {
  await build({
    entryPoints: [join(ROOT, 'cli/mcp.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
    // `npx` and a CI image run it as a program; some CommonJS dependencies call require().
    banner: { js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = await buildMcp();
  console.log(`built ${out}`);
}
