/**
 * The bundles that run request scripts in Node (the CLI, the run-scenario worker) carry chai's source as text: this
 * plugin replaces shared/script-sandbox/chai-source.ts, which reads it from node_modules, with the text read at build time.
 */
import type { Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const chaiInlined: Plugin = {
  name: 'chai-inlined',
  setup(b) {
    b.onLoad({ filter: /[\\/]shared[\\/]script-sandbox[\\/]chai-source\.ts$/ }, () => {
      const text = readFileSync(createRequire(import.meta.url).resolve('chai'), 'utf8');
      return { contents: `export const chaiSource = () => ${JSON.stringify(text)};`, loader: 'js' };
    });
  },
};
