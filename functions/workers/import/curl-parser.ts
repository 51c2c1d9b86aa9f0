/**
 * The bash parser cURL import needs (curlconverter's `shell/Parser.js`), for the worker's bundle: curlconverter's
 * own Node parser is native tree-sitter, whose prebuilt binaries have no linux-arm64 build and cannot be bundled,
 * so the bundle resolves that module here instead (scripts/build-functions.ts) and runs the same grammar as
 * WebAssembly (web-tree-sitter, as curlconverter does in the browser). The two .wasm files are copied beside the
 * bundle; from the sources (tests, `npm run dev`) they are read from node_modules. The worker awaits `ready`
 * before a run; curlconverter only ever calls `parse`.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Parser from 'web-tree-sitter';

export const CURL_WASM_FILES = {
  'tree-sitter.wasm': 'web-tree-sitter/tree-sitter.wasm',
  'tree-sitter-bash.wasm': 'curlconverter/dist/tree-sitter-bash.wasm',
} as const;

const here = dirname(fileURLToPath(import.meta.url));
const locate = (name: keyof typeof CURL_WASM_FILES) =>
  existsSync(join(here, name)) ? join(here, name) : createRequire(import.meta.url).resolve(CURL_WASM_FILES[name]);

let parser: Parser | undefined;
let loading: Promise<void> | undefined;

/** Loads the grammar once per container. */
export const ready = () =>
  (loading ??= (async () => {
    await Parser.init({ locateFile: (name: string) => locate(name as keyof typeof CURL_WASM_FILES) });
    const bash = await Parser.Language.load(locate('tree-sitter-bash.wasm'));
    const p = new Parser();
    p.setLanguage(bash);
    parser = p;
  })());

export default {
  parse(text: string) {
    if (!parser) throw new Error('the cURL parser is not loaded: await ready() first');
    return parser.parse(text);
  },
};
