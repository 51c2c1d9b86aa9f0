import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROMIUM_TEST_LAUNCH } from '../../scripts/chromium';
import { freePort } from '../../scripts/local/free-port';

/**
 * End-to-end tests drive the real app, started by `npm start` on its own port with its own data folder, in
 * Debian's Chromium. The port and folder are chosen once in the runner and inherited by its workers.
 */
// A port the system says is free now, not a random pick: two suites side by side must never meet on one.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'apiloom-e2e-'));
const port = Number(process.env.E2E_PORT);

const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: 2,
  // A test that needs a second try is a bug to fix, in the test or the app: CI does not retry either.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: resolve(import.meta.dirname, '../../test-results'),
  use: {
    baseURL,
    // A failure keeps a screenshot and the page's accessibility snapshot (error-context.md). Recording a trace of
    // every test to keep the failures' cost nearly half the suite's CPU: when a failure needs one, run that test
    // again with `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    locale: 'zh-CN',
    // The app honours reduced motion (no menu or dialog animations): steadier and faster tests.
    reducedMotion: 'reduce',
    launchOptions: CHROMIUM_TEST_LAUNCH,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npm start',
    cwd: resolve(import.meta.dirname, '../..'),
    url: `${baseURL}/`,
    // Registration tests send codes from this one machine: lift the per-address code limit (its own tests run in
    // test/integration/accounts.test.ts, from many addresses). The test hooks make people for the other tests
    // (scripts/local/test-hooks.ts).
    env: {
      PORT: String(port),
      APILOOM_DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      CODE_SENDS_PER_ADDRESS: '10000',
      APILOOM_TEST_HOOKS: 'true',
    },
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
