/**
 * Imported first by main.tsx. zod probes `new Function` when it builds its first object schema, which the page's
 * CSP (no eval) reports as a violation on every load. Module evaluation follows import order, so this runs
 * before any module that builds a schema (the route table) and the probe never happens.
 */
import * as z from 'zod';

z.config({ jitless: true });
