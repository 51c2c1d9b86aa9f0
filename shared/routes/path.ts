/**
 * A route's address from its named parameters, and back: the one path builder of the web client, the functions,
 * the scripts and the tests. It imports nothing (no zod, no route table), so the web app's first load carries it
 * for free.
 */

/** What building a path needs of a route. */
export interface RoutePath {
  /** API Gateway form, exactly as the spec writes it: `/project/{id}`, `/project/member/{a}/{b}/{c}`. */
  path: string;
  /** For a path whose placeholders say nothing (`{a}`): the placeholder each parameter name fills. */
  placeholders?: Readonly<Record<string, string>>;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** Each parameter's name for a placeholder of the route's path: `a` -> `projectId`, or the placeholder itself. */
function nameOf(route: RoutePath): (placeholder: string) => string {
  const names = new Map(Object.entries(route.placeholders ?? {}).map(([name, placeholder]) => [placeholder, name]));
  return (placeholder) => names.get(placeholder) ?? placeholder;
}

/** Fills each `{placeholder}` of the route's path with the parameter of that name, encoded. */
export function buildPath(route: RoutePath, params: Readonly<Record<string, string | number>> = {}): string {
  const name = nameOf(route);
  return route.path.replace(PLACEHOLDER, (_, placeholder: string) => encodeURIComponent(String(params[name(placeholder)] ?? '')));
}

/** The placeholders of a route's path, in order. */
export const placeholdersOf = (route: RoutePath): string[] => [...route.path.matchAll(PLACEHOLDER)].map(([, placeholder]) => placeholder!);

/** API Gateway's path parameters (by placeholder) under their names: what a route's `params` schema reads. */
export function namedParams(route: RoutePath, byPlaceholder: Readonly<Record<string, string>>): Record<string, string> {
  const name = nameOf(route);
  return Object.fromEntries(Object.entries(byPlaceholder).map(([placeholder, value]) => [name(placeholder), value]));
}
