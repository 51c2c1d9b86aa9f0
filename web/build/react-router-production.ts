/**
 * react-router's package exports name only its development build, which runs its developer warnings (and builds
 * their messages) on every render, in production too (remix-run/react-router#14753). A build takes the production
 * build beside it: the same code with the warnings off.
 */
import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import type { Plugin } from 'vite';

const DEVELOPMENT = `${sep}dist${sep}development${sep}`;
const PRODUCTION = `${sep}dist${sep}production${sep}`;

export function reactRouterProduction(): Plugin {
  return {
    name: 'apiloom-react-router-production',
    apply: 'build',
    // Before Vite's own resolver, which would take the package's exports.
    enforce: 'pre',
    resolveId: {
      filter: { id: /^react-router$/ },
      async handler(source, importer, options) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!resolved) return null;
        const production = resolved.id.replace(DEVELOPMENT, PRODUCTION);
        if (production === resolved.id || !existsSync(production)) {
          this.error(`react-router resolved to ${resolved.id}, with no production build beside it: update ${import.meta.filename}`);
        }
        return { ...resolved, id: production };
      },
    },
  };
}
