/** Time from `npm start` to the first served page, on a fresh data dir (builds already up to date). */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../local/free-port';
import { ROOT } from '../local/paths';

export async function benchStartup(): Promise<Record<string, string>> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'apiloom-bench-start-'));
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), APILOOM_DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        if (res.ok && (await res.text()).includes('<div id="root">')) break;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error('npm start did not serve a page in 120 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    return { 'npm start to first served page (fresh data dir, builds current)': `${((performance.now() - started) / 1000).toFixed(1)} s` };
  } finally {
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
