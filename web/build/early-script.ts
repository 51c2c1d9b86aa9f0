/**
 * The early script: a classic script that index.html names by its TypeScript source (`<script src="/src/early.ts"
 * vite-ignore>`, after /config.js and before the app's module script) and that runs before the app's code. The
 * build bundles it on its own, as one self-contained script, into a hashed asset and points the tag at it. It
 * imports what it knows from the app's own modules and the route table, and the list of the workspace page's code
 * from `virtual:apiloom-early-preload`: the page's chunk and the chunks it imports statically, less what every page
 * loads anyway, known once the app's chunks are. In dev the tag runs the source as a module, with an empty list.
 */
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';
import { outputChunks, startChunks, staticClosure } from './chunk-graph.ts';

export const EARLY_PRELOAD = 'virtual:apiloom-early-preload';

export interface EarlyScriptOptions {
  /** The script's source, as index.html's `<script src>` names it, from the web root. */
  src: string;
  /** The module of the page whose code the script asks for. */
  preloadFor: string;
  /** Plugins the script's own bundle needs: those of the virtual modules it imports. */
  plugins?: PluginOption[];
}

/** `virtual:apiloom-early-preload`: the addresses of the code to ask for. */
const preloadList = (hrefs: string[]): Plugin => ({
  name: 'apiloom-early-preload',
  resolveId: (id) => (id === EARLY_PRELOAD ? `\0${EARLY_PRELOAD}` : undefined),
  load: (id) => (id === `\0${EARLY_PRELOAD}` ? `export default ${JSON.stringify(hrefs)};` : undefined),
});

export interface EarlyBundle {
  code: string;
  /** The source map, its sources relative to `outDir`'s assets folder, where the script is written. */
  map: string;
}

/** Bundles the script at `entry` (a file path) into one classic script that asks for `preload`. */
export async function bundleEarlyScript(
  entry: string,
  opts: { root: string; outDir: string; assetsDir: string; mode: string; preload: string[]; plugins?: PluginOption[] },
): Promise<EarlyBundle> {
  const result = await build({
    configFile: false,
    envDir: false,
    root: opts.root,
    mode: opts.mode,
    logLevel: 'warn',
    publicDir: false,
    resolve: { tsconfigPaths: true },
    plugins: [preloadList(opts.preload), ...(opts.plugins ?? [])],
    build: {
      write: false,
      outDir: opts.outDir,
      emptyOutDir: false,
      reportCompressedSize: false,
      sourcemap: 'hidden',
      rolldownOptions: { input: entry, output: { format: 'iife', entryFileNames: `${opts.assetsDir}/early.js` } },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs.flatMap((out) => ('output' in out ? out.output : [])).filter((item) => item.type === 'chunk');
  const [chunk, ...more] = chunks;
  if (!chunk?.map || more.length) throw new Error(`the early script ${entry} did not build into one script with its map`);
  return { code: chunk.code, map: chunk.map.toString() };
}

export function earlyScript(options: EarlyScriptOptions): Plugin {
  let config: ResolvedConfig;
  let builtSrc: string | undefined;
  const tag = `src="${options.src}"`;
  return {
    name: 'apiloom-early-script',
    configResolved(resolved) {
      config = resolved;
    },
    // In dev the source runs as it is, with nothing to ask for.
    resolveId: preloadList([]).resolveId,
    load: preloadList([]).load,
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (html.split(tag).length !== 2) throw new Error(`index.html should name the early script once: <script ${tag} vite-ignore>`);
        if (config.command === 'serve') return html.replace(tag, `type="module" ${tag}`);
        if (!builtSrc) throw new Error('the early script was not built before index.html');
        return html.replace(tag, `src="${builtSrc}"`);
      },
    },
    generateBundle: {
      // Before Vite writes index.html (which calls transformIndexHtml above).
      order: 'pre',
      async handler(_output, bundle) {
        if (config.command !== 'build') return;
        const page = realpathSync(options.preloadFor);
        const pageChunk = outputChunks(bundle).find((chunk) => chunk.moduleIds.includes(page));
        if (!pageChunk) this.error(`no chunk holds ${options.preloadFor}, the page the early script asks for`);
        const everyPage = new Set(startChunks(bundle).map((chunk) => chunk.fileName));
        const preload = staticClosure(bundle, [pageChunk])
          .filter((chunk) => !everyPage.has(chunk.fileName))
          .map((chunk) => `${config.base}${chunk.fileName}`);

        const { assetsDir, outDir } = config.build;
        const early = await bundleEarlyScript(join(config.root, options.src), {
          root: config.root,
          outDir: resolve(config.root, outDir),
          assetsDir,
          mode: config.mode,
          preload,
          plugins: options.plugins,
        });
        const fileName = `${assetsDir}/early-${createHash('sha256').update(early.code).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source: `${early.code}\n//# sourceMappingURL=${basename(fileName)}.map\n` });
        this.emitFile({
          type: 'asset',
          fileName: `${fileName}.map`,
          source: JSON.stringify({ ...JSON.parse(early.map), file: basename(fileName) }),
        });
        builtSrc = `${config.base}${fileName}`;
      },
    },
  };
}
