/**
 * The runner's two heavy helpers stay out of the page's start: a build of an app that uses both keeps the snippet
 * library (with the `url` stand-in, not Node's module) in a chunk loaded on the first snippet, and QuickJS and
 * chai in the scripts' Web Worker.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startChunks } from './chunk-graph';
import { buildFixture, chunks, fixture, type Output } from './fixture';
import { nodePolyfills } from './node-polyfills';

const lib = (file: string) => fileURLToPath(new URL(`../src/features/runner/lib/${file}`, import.meta.url));

const app = fixture({
  'index.html': '<!doctype html><html><body><script type="module" src="/main.js"></script></body></html>',
  'main.js': `
    import { toSnippet } from ${JSON.stringify(lib('snippets.ts'))};
    import { createScriptRunner } from ${JSON.stringify(lib('scripts/index.ts'))};
    window.snippet = (req) => toSnippet(req, 'curl');
    window.runner = createScriptRunner;
  `,
});
afterAll(app.remove);

const text = (output: Output, fileName: string) => {
  const item = output.find((entry) => entry.fileName === fileName)!;
  return item.type === 'chunk' ? item.code : String(item.source);
};

describe('the runner helpers in a build', () => {
  it('load the snippet library on first use, with the url stand-in, and QuickJS with chai in the worker only', async () => {
    const output = await buildFixture(app.root, {
      resolve: { tsconfigPaths: true, alias: nodePolyfills },
      worker: { format: 'es' },
      build: { sourcemap: false },
    });
    const bundle = Object.fromEntries(output.map((item) => [item.fileName, item]));
    const start = startChunks(bundle)
      .map((chunk) => chunk.code)
      .join('\n');
    expect(start).not.toContain('curl.haxx.se');
    expect(start).not.toContain('Invalid Chai property');
    expect(start).not.toContain('quickjsEmscriptenInit');

    const snippetChunk = chunks(output).find((chunk) => chunk.code.includes('curl.haxx.se'));
    expect(snippetChunk?.isDynamicEntry).toBe(true);
    // The library's \`url\` is the npm stand-in, bundled beside it (not an empty module in place of Node's).
    expect(snippetChunk?.moduleIds.some((id) => id.endsWith('node_modules/url/url.js'))).toBe(true);

    const worker = output.find((item) => /scripts\.worker/.test(item.fileName));
    expect(worker, 'the scripts worker file').toBeDefined();
    const workerCode = text(output, worker!.fileName);
    expect(workerCode).toContain('Invalid Chai property');
    expect(workerCode).toContain('hostEmit');
    // QuickJS's module arrives with the worker, as a file of its own the worker imports.
    const quickJs = output.filter((item) => item.type === 'asset' && Buffer.from(item.source).toString().includes('quickjsEmscriptenInit'));
    expect(quickJs.map((item) => item.fileName)).toContainEqual(expect.stringMatching(/^assets\/emscripten-module-/));
  });
});
