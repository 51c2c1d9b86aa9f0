/** Built by web/build/route-table.ts from shared/routes: each route's method, path and body type. */
declare module 'virtual:apiloom-route-table' {
  const table: Record<string, { method: string; path: string; bodyType?: 'json' | 'form' }>;
  export default table;
}

/** One route of the table, by its id (`virtual:apiloom-route-table/project.get`); an unknown id fails the build. */
declare module 'virtual:apiloom-route-table/*' {
  const route: { method: string; path: string; bodyType?: 'json' | 'form' };
  export default route;
}
