/**
 * The CLI (issue 26) as ONE file with no dependencies: cli/index.ts bundled by esbuild for Node 20, its builtins
 * left as they are, to dist/cli/apiloom.mjs (`bin.apiloom` in package.json). The MCP server, when built, lies
 * beside it as mcp.mjs (its own entry, with its own dependencies): `apiloom mcp` runs it.
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './local/paths';

export const CLI_OUT = join(ROOT, 'dist/cli/apiloom.mjs');

export async function buildCli(outfile = CLI_OUT) {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  await build({
    entryPoints: [join(ROOT, 'cli/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // Node's builtins only: a package import would fail the build here, not on a CI machine.
    packages: 'bundle',
    external: ['node:*'],
    banner: { js: '#!/usr/bin/env node' },
    define: { CLI_VERSION: JSON.stringify(version) },
    legalComments: 'none',
    logLevel: 'warning',
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`wrote ${await buildCli()}`);
