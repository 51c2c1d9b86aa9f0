import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { iconChunks, pageChunk } from './build/chunk-groups.ts';
import { compileHints } from './build/compile-hints.ts';
import { curlWasm } from './build/curl-wasm.ts';
import { earlyScript } from './build/early-script.ts';
import { onwarn } from './build/known-warnings.ts';
import { nodePolyfills } from './build/node-polyfills.ts';
import { reactRouterProduction } from './build/react-router-production.ts';
import { routeTable } from './build/route-table.ts';

const source = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
const WORKSPACE_PAGE = source('pages/workspace/project-page.tsx');
/** The entry and the pages of a first visit: home, sign-in, registration. */
const FIRST_VISIT = ['main.tsx', 'pages/home.tsx', 'pages/login-layout.tsx', 'pages/login.tsx', 'pages/register.tsx'].map(source);

/**
 * The web app builds to dist/web; in dev, /api, /files and /__dev go to the local gateway started by `npm run dev`.
 * Each step of the build is a plugin of its own under web/build/, with its test.
 */
export default defineConfig(() => {
  // One for the app and the early script, which both read the route table.
  const routes = routeTable();
  return {
    root: import.meta.dirname,
    plugins: [
      react(),
      routes,
      reactRouterProduction(),
      iconChunks(),
      // The workspace's first screen in one chunk, which the early script asks for on a project's address.
      pageChunk({ name: 'workspace', page: WORKSPACE_PAGE, firstVisit: FIRST_VISIT }),
      earlyScript({ src: '/src/early.ts', preloadFor: WORKSPACE_PAGE, plugins: [routes] }),
      compileHints(),
      curlWasm(),
    ],
    resolve: {
      tsconfigPaths: true,
      alias: [{ find: /^zod$/, replacement: source('lib/zod.ts') }, ...nodePolyfills],
    },
    // The import preview's worker loads the cURL reader as a chunk of its own: code splitting needs ES workers.
    worker: { format: 'es' as const },
    build: {
      outDir: '../dist/web',
      emptyOutDir: true,
      sourcemap: true,
      chunkSizeWarningLimit: 600,
      rolldownOptions: { onwarn },
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
