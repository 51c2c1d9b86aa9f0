import react from '@vitejs/plugin-react';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compileHints } from './build/compile-hints.ts';
import { reactRouterProduction } from './build/react-router-production.ts';
import { routeTable } from './build/route-table.ts';

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

const chunksOf = (bundle: Bundle) =>
  new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));

/** The chunks `roots` import statically, themselves included: what loads with them before any of them runs. */
function chunkClosure(chunks: Map<string, Chunk>, roots: string[]) {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of chunks.get(file)?.imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

/** What every page loads and runs at start: the entry and its static imports. */
const entryChunks = (chunks: Map<string, Chunk>) =>
  chunkClosure(
    chunks,
    [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName),
  );

/**
 * The workspace page's code, listed in early.js: on a /project/{id} address early.js asks for it at once
 * (modulepreload), alongside the entry, instead of the router discovering it only once the entry has loaded and
 * run. The list is the page chunk and everything it imports statically, minus what the entry loads anyway.
 */
const source = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
const WORKSPACE_PAGE = source('pages/workspace/project-page.tsx');
const EARLY_SCRIPT = 'early.js';
const CHUNK_LIST_MARK = '/* workspace chunks, filled in by the build */ []';
function workspacePreload(): Plugin {
  let files: string[] = [];
  let outDir = '';
  return {
    name: 'apiloom-workspace-preload',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const entry = entryChunks(chunks);
      const page = [...chunks.values()].find((c) => c.moduleIds.includes(WORKSPACE_PAGE));
      if (!page) this.error('the workspace page chunk is missing: update WORKSPACE_PAGE');
      files = [...chunkClosure(chunks, [page.fileName])].filter((file) => !entry.has(file));
    },
    // After the public directory (where early.js lives) has been copied out.
    closeBundle() {
      const early = join(outDir, EARLY_SCRIPT);
      const source = readFileSync(early, 'utf8');
      if (!source.includes(CHUNK_LIST_MARK)) throw new Error(`${EARLY_SCRIPT} lost its chunk list mark`);
      writeFileSync(early, source.replace(CHUNK_LIST_MARK, JSON.stringify(files)));
    },
  };
}

/** What a chunking group's name function may ask the bundler about a module. */
interface ModuleGraph {
  getModuleInfo(id: string): { code: string | null; importedIds: readonly string[] } | null;
}

/**
 * antd's entry re-exports every component (`export { default as Tree } from './tree'`). Module ids are real paths
 * (a git worktree may link node_modules from another checkout).
 */
const KIT_BARREL = realpathSync(fileURLToPath(new URL('../node_modules/antd/es/index.js', import.meta.url)));

/**
 * The modules `roots` import statically, themselves included. Through antd's barrel only to the components an
 * importer names: the barrel imports all of them, and the build keeps only the named ones.
 */
function staticModules(graph: ModuleGraph, roots: string[]) {
  const seen = new Set<string>();
  const barrel = graph.getModuleInfo(KIT_BARREL);
  const componentOf = new Map(
    [...(barrel?.code ?? '').matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)'/g)].map(([, name, dir]) => [
      name!,
      join(dirname(KIT_BARREL), dir!, 'index.js'),
    ]),
  );
  // Read wrong, the workspace group would take components /login needs, and /login would load the workspace.
  if (!componentOf.size) throw new Error(`antd's barrel (${KIT_BARREL}) changed shape: update staticModules`);
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    for (const next of info?.importedIds ?? []) {
      if (next !== KIT_BARREL) visit(next);
      else {
        const named = [...(info?.code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']antd["']/g)].flatMap(([, names]) =>
          names!.split(','),
        );
        for (const name of named) {
          const component = componentOf.get(name.trim().split(/\s+as\s+/)[0]!);
          if (component) visit(component);
        }
      }
    }
  };
  roots.forEach(visit);
  return seen;
}

/**
 * The workspace's first screen in one chunk: the modules the workspace page imports statically, less what the
 * entry and the pages of a first visit (home, sign-in, registration) import, which stay split as they are so
 * those pages load no more than before. Left to the default splitting, the workspace's kit and shell came in some
 * forty small chunks shared with other pages; over HTTP/1.1's six connections each chunk waited its turn, and each
 * cost the page's main thread a request. One chunk made the 5,000-document project page 130-245 ms faster in
 * interleaved A/B runs (npm run bench:compare). The signed-in pages that share some of it (the console,
 * settings) load it too.
 */
const FIRST_VISIT = ['main.tsx', 'pages/home.tsx', 'pages/login-layout.tsx', 'pages/login.tsx', 'pages/register.tsx'].map(source);
function workspaceModules(graph: ModuleGraph): Set<string> {
  const firstVisit = staticModules(graph, FIRST_VISIT);
  return new Set([...staticModules(graph, [WORKSPACE_PAGE])].filter((id) => !firstVisit.has(id)));
}

/** Icons antd's inputs, forms, alerts and messages draw themselves. */
const KIT_ICONS =
  /^(Eye|EyeInvisible|QuestionCircle|CloseCircle|Close|Search|Loading|InfoCircle|ExclamationCircle|CheckCircle|Check|Down|Up)(Outlined|Filled)$/;

/** The web app builds to dist/web; in dev, /api, /files and /__dev go to the local gateway started by `npm run dev`. */
export default defineConfig(() => {
  // Worked out once per build, on the first module the group is asked about.
  let workspace: Set<string> | undefined;
  return {
    root: import.meta.dirname,
    plugins: [react(), routeTable(), reactRouterProduction(), workspacePreload(), compileHints()],
    resolve: {
      tsconfigPaths: true,
      alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) }],
    },
    build: {
      outDir: '../dist/web',
      emptyOutDir: true,
      sourcemap: true,
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          // Icons go to two chunks of their own: the few the kit's form controls and messages show (what the sign-in
          // page needs), and all the others. Left to the default splitting, an icon lands in the chunk of the first
          // component that uses it, and a page needing only the icon downloads that whole component (tabs, tables);
          // one chunk per icon instead means a hundred requests on every page.
          codeSplitting: {
            // A group takes only the modules it names, not what they import (React would move into the icons chunk).
            includeDependenciesRecursively: false,
            groups: [
              {
                debugName: 'icons',
                priority: 2,
                name: (id) => {
                  if (!/@ant-design[\\/]icons/.test(id)) return null;
                  const icon = /[\\/](?:asn|icons)[\\/](\w+)\.js$/.exec(id)?.[1];
                  return !icon || KIT_ICONS.test(icon) ? 'icons-kit' : 'icons';
                },
              },
              {
                debugName: 'workspace',
                priority: 1,
                name: (id, ctx) => ((workspace ??= workspaceModules(ctx)).has(id) ? 'workspace' : null),
              },
            ],
          },
        },
      },
    },
    server: {
      host: '127.0.0.1',
      proxy: {
        '/api': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001',
        '/__dev': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001',
        '/config.js': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001',
        '/files': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001',
      },
    },
  };
});
