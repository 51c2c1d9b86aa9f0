import { SourceMap } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints';
import { assetText, buildFixture, chunkOf, fixture, type OutputChunk } from './fixture';

const app = fixture({
  'index.html': '<!doctype html><html><head></head><body><script type="module" src="/main.js"></script></body></html>',
  'main.js': [
    "import { shout } from './shared.js';",
    "export const greet = (name) => shout('entry-marker: ' + name);",
    "document.title = greet('you');",
    "document.body.onclick = () => import('./lazy.js').then((m) => m.later());",
  ].join('\n'),
  'shared.js': "export function shout(text) {\n  return text.toUpperCase() + ' (shared-marker)';\n}",
  'lazy.js': "import { shout } from './shared.js';\nexport const later = () => shout('lazy-marker');",
});
afterAll(app.remove);

/** Where `text` sits in `chunk`'s built code, found back through its source map: the source file and its line. */
function origin(output: Awaited<ReturnType<typeof buildFixture>>, chunk: OutputChunk, text: string) {
  const at = chunk.code.indexOf(text);
  expect(at, `${text} in ${chunk.fileName}`).toBeGreaterThan(-1);
  const before = chunk.code.slice(0, at).split('\n');
  const map = new SourceMap(JSON.parse(assetText(output, `${chunk.fileName}.map`)) as ConstructorParameters<typeof SourceMap>[0]);
  const entry = map.findEntry(before.length - 1, before.at(-1)!.length) as { originalSource?: string; originalLine?: number };
  return { source: entry.originalSource?.replace(/.*\//, ''), line: entry.originalLine };
}

describe('the compile-hints plugin', () => {
  it('opens the entry and the chunks it imports with the hint, leaves lazy chunks alone, and keeps each source map true', async () => {
    const output = await buildFixture(app.root, {
      plugins: [compileHints()],
      build: {
        sourcemap: true,
        // shared.js in a chunk of its own, which the entry imports.
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shared', test: /shared\.js$/ }] } } },
      },
    });
    const entry = chunkOf(output, app.file('main.js'));
    const shared = chunkOf(output, app.file('shared.js'));
    const lazy = chunkOf(output, app.file('lazy.js'));
    expect(entry.imports).toEqual([shared.fileName]);
    // Vite puts its preload list at the top of the entry: the hint still comes first.
    expect(entry.code).toContain('__vite__mapDeps');

    expect(entry.code.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(shared.code.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(lazy.code).not.toContain(COMPILE_HINT);

    expect(origin(output, entry, 'entry-marker')).toEqual({ source: 'main.js', line: 1 });
    expect(origin(output, shared, 'shared-marker')).toEqual({ source: 'shared.js', line: 1 });
    expect(origin(output, lazy, 'lazy-marker')).toEqual({ source: 'lazy.js', line: 1 });
  });
});
