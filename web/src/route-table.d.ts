/** Built by web/vite.config.ts from shared/routes: each route's address (`routeAddresses`). */
declare module 'virtual:apiloom-route-table' {
  import type { RouteAddress, RouteId } from '@shared/routes';
  const table: Record<RouteId, RouteAddress>;
  export default table;
}
