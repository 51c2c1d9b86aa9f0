import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceName } from '../../shared/routes';
import type { JobName } from '../../functions/jobs/jobs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = join(ROOT, 'dist');
export const WEB_OUT = join(DIST, 'web');
export const FUNCTIONS_OUT = join(DIST, 'functions');
/** Every Lambda: the API services and the scheduled jobs, each built to dist/functions/<name>/index.mjs. */
export type FunctionName = ServiceName | JobName;
export const functionEntry = (name: FunctionName, kind: 'service' | 'job' = 'service') =>
  join(ROOT, 'functions', kind === 'service' ? 'services' : 'jobs', name, 'index.ts');
export const functionBundle = (name: FunctionName) => join(FUNCTIONS_OUT, name, 'index.mjs');
