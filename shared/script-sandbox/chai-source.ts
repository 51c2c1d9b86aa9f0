/**
 * chai's ES module source, which the sandbox loads into QuickJS as text, for the sandboxes that run in Node: the CLI's
 * `apiloom run`, the server's run-scenario worker and the tests. From source (tsx, vitest) it is read from
 * node_modules; the CLI's and the functions' bundles carry it as text instead (scripts/chai-inlined.ts replaces
 * this module), as no node_modules lies beside them. The browser's worker imports it with Vite's `chai?raw`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const chaiSource = (): string => readFileSync(createRequire(import.meta.url).resolve('chai'), 'utf8');
