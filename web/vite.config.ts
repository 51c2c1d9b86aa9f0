import react from '@vitejs/plugin-react';
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compileHints } from './build/compile-hints.ts';
import { earlyScript } from './build/early-script.ts';
import { reactRouterProduction } from './build/react-router-production.ts';
import { routeTable } from './build/route-table.ts';

const source = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
const WORKSPACE_PAGE = source('pages/workspace/project-page.tsx');

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
  // One for the app and the early script, which both read the route table.
  const routes = routeTable();
  return {
    root: import.meta.dirname,
    plugins: [
      react(),
      routes,
      reactRouterProduction(),
      // On a project's address the early script starts its reads and asks for the workspace page's code.
      earlyScript({ src: '/src/early.ts', preloadFor: WORKSPACE_PAGE, plugins: [routes] }),
      compileHints(),
    ],
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
