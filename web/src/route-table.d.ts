/** Built by web/vite.config.ts from shared/routes.ts: each route's method, path and body type. */
declare module 'virtual:apiloom-route-table' {
  const table: Record<string, { method: string; path: string; bodyType?: 'json' | 'form' }>;
  export default table;
}
