/**
 * The CLI (issue 26) as ONE file with no dependencies: cli/index.ts bundled by esbuild for Node 20, its builtins
 * left as they are, to dist/cli/apiloom.mjs (`bin.apiloom` in package.json). The MCP server, when built, lies
 * beside it as mcp.mjs (its own entry, with its own dependencies): `apiloom mcp` runs it.
 */
import { build, type Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chaiInlined } from './chai-inlined';
import { ROOT } from './local/paths';

export const CLI_OUT = join(ROOT, 'dist/cli/apiloom.mjs');

/**
 * `apiloom diff OLD NEW` (issue 35) reads files with the import's own readers, bundled here. All but one: the cURL
 * reader parses shell with a native tree-sitter module, which a one-file CLI cannot carry, so in this build a cURL
 * command is refused like any file of no known format.
 */
const withoutCurlReader: Plugin = {
  name: 'without-curl-reader',
  setup(b) {
    // fflate (the ShowDoc reader's unzip) names a builtin without its `node:` prefix; the bundle keeps the prefix.
    b.onResolve({ filter: /^module$/ }, () => ({ path: 'node:module', external: true }));
    b.onResolve({ filter: /^\.\/curl$/ }, (args) =>
      args.importer.endsWith(join('shared', 'import', 'index.ts')) ? { path: 'curl', namespace: 'no-curl' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'no-curl' }, () => ({
      contents: `import { ImportRefusal } from ${JSON.stringify(join(ROOT, 'shared/import/parse.ts'))};
export function importCurl() { throw new ImportRefusal('importInvalidType'); }`,
      loader: 'ts',
      resolveDir: ROOT,
    }));
  },
};

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
    // The importers' CommonJS packages (yaml) require Node's builtins; an ES module gets `require` from Node itself.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __cliRequire } from 'node:module';\nconst require = __cliRequire(import.meta.url);",
    },
    define: { CLI_VERSION: JSON.stringify(version) },
    // `apiloom run` runs request scripts: chai goes in as text.
    plugins: [withoutCurlReader, chaiInlined],
    legalComments: 'none',
    // Comments go too: the readers' libraries quote other packages' imports in their docs.
    minifyWhitespace: true,
    logLevel: 'warning',
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`wrote ${await buildCli()}`);
