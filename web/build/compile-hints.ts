/**
 * The chunks every page runs at start (React, the router, i18n, the kit's provider, the app shell) open with V8's
 * explicit compile hint, so Chromium compiles their functions as it streams them in, off the main thread, instead
 * of one at a time on the main thread as each is first called: nearly all of that code runs before the first
 * paint. Lazy chunks are left alone: much of their code never runs on a given page, and compiling all of the
 * workspace's chunks eagerly cost the 2-core bench machine more than it saved.
 *
 * The hint must open the file, so it goes in once the chunk is final: after minification (which drops comments)
 * and after Vite's own additions at the top of a chunk. Each source map is composed with the line added.
 */
import remapping from '@jridgewell/remapping';
import MagicString from 'magic-string';
import type { Plugin, Rolldown } from 'vite';
import { startChunks } from './chunk-graph.ts';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export function compileHints(): Plugin {
  return {
    name: 'apiloom-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of startChunks(bundle)) {
          const code = new MagicString(chunk.code).prepend(`${COMPILE_HINT}\n`);
          chunk.code = code.toString();
          if (!chunk.map) continue;
          const mapAsset = bundle[`${chunk.fileName}.map`];
          if (mapAsset?.type !== 'asset') this.error(`${chunk.fileName}: only source maps written as files are composed with the hint`);
          // Every character mapped, so each of the chunk's own mappings comes through the composition.
          const added = code.generateMap({ source: chunk.fileName, file: chunk.map.file, hires: true });
          const json = remapping([added.toString(), chunk.map.toString()], () => null).toString();
          mapAsset.source = json;
          chunk.map = Object.assign(JSON.parse(json) as Rolldown.SourceMap, {
            toString: () => json,
            toUrl: () => `data:application/json;charset=utf-8;base64,${Buffer.from(json).toString('base64')}`,
          });
        }
      },
    },
  };
}
