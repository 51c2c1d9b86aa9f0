/**
 * How a document's path template reads as a mock path. Document paths are written as people write them:
 * `/users/{id}` or `/users/:id`, sometimes with a query string, a `{{baseUrl}}` prefix or a whole URL
 * (`https://host/base/users/{id}`). The mock origin matches requests against what is left here, and the web app
 * shows the mock URL of a document from the same function, so the address it offers is the one that answers.
 */

/** The path of a template, without scheme and host, `{{variable}}` base, query string or fragment. */
export function mockPathOf(template: string): string {
  let path = template.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  path = path.replace(/^\{\{[^{}]*\}\}/, '');
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

const BRACED_PARAM = /^\{([^{}]+)\}$/;
const COLON_PARAM = /^:([A-Za-z_$][\w$-]*)$/;

/** The name of a path parameter segment (`{id}` or `:id`), or undefined for a literal segment. */
export const paramNameOf = (segment: string): string | undefined =>
  (BRACED_PARAM.exec(segment)?.[1] ?? COLON_PARAM.exec(segment)?.[1])?.trim();

/** The path parameters a path template names (`{id}` and `:id` segments), by segment position, in order. */
export function pathParamsOf(template: string): { name: string; at: number }[] {
  return mockPathOf(template)
    .split('/')
    .flatMap((segment, at) => {
      const name = paramNameOf(segment);
      return name ? [{ name, at }] : [];
    });
}
