/**
 * The route table as the web app reads it: `virtual:apiloom-route-table` is each route's address (method, path,
 * body type, placeholder names: shared/routes' `routeAddresses`), taken from the one route table at build time, so the route table's schemas (and zod) stay
 * out of the first load. `virtual:apiloom-route-table/<route id>` is one route alone, for code that needs a route
 * or two and not the table (the early script); an unknown route id fails the build.
 */
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type { routeAddresses } from '@shared/routes';

export const ROUTE_TABLE = 'virtual:apiloom-route-table';
const RESOLVED = `\0${ROUTE_TABLE}`;
const ROUTES_MODULE = fileURLToPath(new URL('../../shared/routes/index.ts', import.meta.url));

/**
 * The route table is TypeScript that the config does not import (Vite's native config loader would refuse
 * shared/'s extensionless imports): Vite's module runner loads it when the virtual module is first asked for.
 */
async function loadRouteTable() {
  const { module, dependencies } = await runnerImport<{ routeAddresses: typeof routeAddresses }>(ROUTES_MODULE);
  const table: Record<string, unknown> = module.routeAddresses();
  return { table, files: new Set([ROUTES_MODULE, ...dependencies]) };
}

export function routeTable(): Plugin {
  let loaded: ReturnType<typeof loadRouteTable> | undefined;
  let watched = new Set<string>();
  return {
    name: 'apiloom-route-table',
    resolveId: (id) => (id === ROUTE_TABLE || id.startsWith(`${ROUTE_TABLE}/`) ? `\0${id}` : undefined),
    async load(id) {
      if (id !== RESOLVED && !id.startsWith(`${RESOLVED}/`)) return undefined;
      const { table, files } = await (loaded ??= loadRouteTable());
      // In dev, an edit of the route table reloads what imports it, from the table loaded again.
      watched = files;
      for (const file of files) this.addWatchFile(file);
      if (id === RESOLVED) return `export default ${JSON.stringify(table)};`;
      const routeId = id.slice(RESOLVED.length + 1);
      const route = table[routeId];
      if (!route) this.error(`${ROUTE_TABLE}/${routeId}: the route table has no route ${routeId}`);
      return `export default ${JSON.stringify(route)};`;
    },
    watchChange(file) {
      if (watched.has(file)) loaded = undefined;
    },
  };
}
