/**
 * The cURL reader's WebAssembly files, served at the site's root. curlconverter's browser build (which the import
 * preview's worker loads, only for a pasted cURL command) parses with tree-sitter in WebAssembly and fetches
 * `/tree-sitter.wasm` and `/tree-sitter-bash.wasm` from the root: the build emits both there, straight from the
 * installed packages, and the dev server answers them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** The file names curlconverter asks for, and where each lives in node_modules. */
export const CURL_WASM: Record<string, () => string> = {
  'tree-sitter.wasm': () => join(packageDir('web-tree-sitter'), 'tree-sitter.wasm'),
  'tree-sitter-bash.wasm': () => join(packageDir('curlconverter'), 'dist', 'tree-sitter-bash.wasm'),
};

export function curlWasm(): Plugin {
  return {
    name: 'apiloom-curl-wasm',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = CURL_WASM[(req.url ?? '').replace(/^\//, '').replace(/\?.*$/, '')];
        if (!file) return next();
        res.setHeader('content-type', 'application/wasm');
        res.end(readFileSync(file()));
      });
    },
    generateBundle() {
      for (const [fileName, file] of Object.entries(CURL_WASM)) this.emitFile({ type: 'asset', fileName, source: readFileSync(file()) });
    },
  };
}
