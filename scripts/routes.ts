/** Prints the route table as `METHOD PATH` lines (read by spec-coverage and by people). */
import { routeEntries } from '@shared/routes';

for (const [, route] of routeEntries) console.log(`${route.method} ${route.path}`);
