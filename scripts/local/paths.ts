import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceName } from '../../shared/routes';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = join(ROOT, 'dist');
export const WEB_OUT = join(DIST, 'web');
export const FUNCTIONS_OUT = join(DIST, 'functions');
export const functionEntry = (service: ServiceName) => join(ROOT, 'functions', 'services', service, 'index.ts');
export const functionBundle = (service: ServiceName) => join(FUNCTIONS_OUT, service, 'index.mjs');
