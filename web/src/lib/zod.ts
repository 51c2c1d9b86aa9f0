/**
 * Every `import … from 'zod'` of the web build resolves to this module (web/vite.config.ts), so zod is configured
 * before any module that builds a schema runs, in whichever chunk it lands: zod probes `new Function` when it
 * builds its first object schema, which the page's CSP (no eval) reports as a violation. Pages that build no
 * schema (the sign-in page) do not download zod at all.
 */
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
