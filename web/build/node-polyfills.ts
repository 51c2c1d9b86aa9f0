/**
 * Node built-ins that browser code reaches through a dependency, mapped to their npm stand-ins. Today one:
 * `@readme/httpsnippet` (the runner's code snippets) imports `url`'s legacy `parse` and `format`; the `url` package
 * is Node's module published for browsers. The trailing slash resolves the package, not Node's own module.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const nodePolyfills = [{ find: /^url$/, replacement: require.resolve('url/') }];
