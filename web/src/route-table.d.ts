/** Built by web/build/route-table.ts from shared/routes: each route's address (`routeAddresses`). */
declare module 'virtual:apiloom-route-table' {
  import type { RouteAddress, RouteId } from '@shared/routes';
  const table: Record<RouteId, RouteAddress>;
  export default table;
}

/** One route of the table, by its id (`virtual:apiloom-route-table/project.get`); an unknown id fails the build. */
declare module 'virtual:apiloom-route-table/*' {
  import type { RouteAddress } from '@shared/routes';
  const route: RouteAddress;
  export default route;
}
