import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FunctionName } from '@shared/jobs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = join(ROOT, 'dist');
export const WEB_OUT = join(DIST, 'web');
export const FUNCTIONS_OUT = join(DIST, 'functions');
/** Every Lambda (shared/jobs.ts) is built to dist/functions/<name>/index.mjs. */
export type { FunctionName };
export type FunctionKind = 'service' | 'job' | 'worker' | 'origin';
const FOLDER_OF_KIND: Record<FunctionKind, string> = { service: 'services', job: 'jobs', worker: 'workers', origin: 'origins' };
export const functionEntry = (name: FunctionName, kind: FunctionKind = 'service') =>
  join(ROOT, 'functions', FOLDER_OF_KIND[kind], name, 'index.ts');
export const functionBundle = (name: FunctionName) => join(FUNCTIONS_OUT, name, 'index.mjs');
