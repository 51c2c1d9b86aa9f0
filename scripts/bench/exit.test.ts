/**
 * A bench exits when it is done (issue 39): `npm run bench` printed every figure and then stayed alive for ten
 * minutes, held by a service it had started. Here a script starts something that never ends by itself (a child
 * process and a timer, as esbuild's service and a stack would), prints, and ends through `endBench`: it exits at
 * once with its status and everything it printed.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = `
import { spawn } from 'node:child_process';
import { endBench } from ${JSON.stringify(join(import.meta.dirname, 'exit.ts'))};
// A child that lives as long as its channel to this process (so it goes when this process does).
spawn(process.execPath, ['-e', "process.on('disconnect', () => process.exit()); setInterval(() => {}, 1000)"], {
  stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
});
setInterval(() => {}, 1000);
console.log('figures '.repeat(20000));
process.exitCode = 3;
await endBench();
`;

describe('endBench', () => {
  it('exits with the bench’s status once its output is flushed, whatever it left running', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const stuck = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 45_000);
      child.once('exit', (exitCode) => {
        clearTimeout(stuck);
        resolve(exitCode);
      });
    });
    expect(code).toBe(3);
    expect(out.trim()).toBe('figures '.repeat(20000).trim());
  });
});
