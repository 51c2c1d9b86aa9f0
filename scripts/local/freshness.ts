/** Decides whether a build output is older than the sources it was made from. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SKIP = new Set(['node_modules', 'dist', '.data', 'cdk.out']);

function newestMtime(paths: string[]): number {
  let newest = 0;
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (!SKIP.has(entry)) walk(join(p, entry));
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  paths.forEach(walk);
  return newest;
}

export function isStale(outputs: string[], sources: string[]): boolean {
  if (outputs.some((o) => !existsSync(o))) return true;
  const oldestOutput = Math.min(...outputs.map((o) => statSync(o).mtimeMs));
  return newestMtime(sources) > oldestOutput;
}
