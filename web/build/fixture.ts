/**
 * The build plugins' tests build small apps with Vite's own API, in memory. A fixture's files are written under
 * node_modules/.cache, inside the repository, so its imports of packages resolve as the app's do.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig, type Rolldown } from 'vite';

const CACHE = fileURLToPath(new URL('../../node_modules/.cache', import.meta.url));

export type Output = Rolldown.RolldownOutput['output'];
export type OutputChunk = Rolldown.OutputChunk;

/** Writes `files` (path: text) into a fresh folder and returns it, and a function that removes it. */
export function fixture(files: Record<string, string>) {
  mkdirSync(CACHE, { recursive: true });
  const root = mkdtempSync(join(CACHE, 'apiloom-build-test-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, file: (path: string) => join(root, path), remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Builds `root` (its index.html unless the config names another input) without writing, and returns the output. */
export async function buildFixture(root: string, config: InlineConfig = {}): Promise<Output> {
  const result = await build({
    configFile: false,
    envDir: false,
    root,
    logLevel: 'silent',
    ...config,
    build: { write: false, reportCompressedSize: false, ...config.build },
  });
  // A library build answers with a list, one output per format.
  const [only, ...more] = Array.isArray(result) ? result : [result];
  if (!only || more.length || !('output' in only)) throw new Error('expected one build output');
  return only.output;
}

export const chunks = (output: Output) => output.filter((item): item is OutputChunk => item.type === 'chunk');

export const assetText = (output: Output, fileName: string) => {
  const asset = output.find((item) => item.fileName === fileName);
  if (asset?.type !== 'asset') throw new Error(`no asset ${fileName}`);
  return String(asset.source);
};

/** The chunk holding `moduleId`. */
export const chunkOf = (output: Output, moduleId: string) => {
  const chunk = chunks(output).find((c) => c.moduleIds.includes(moduleId));
  if (!chunk) throw new Error(`no chunk holds ${moduleId}`);
  return chunk;
};

/** Runs an ES module's code and returns its exports. */
export const importCode = <T>(code: string): Promise<T> => import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
