import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three projects, one run: unit tests beside the code, integration tests against DynamoDB Local and s3rver
 * (started once per run by the global setup, a fresh table per test file), and CDK template assertions.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the integration files
    // spend most of their time waiting on DynamoDB Local, s3rver and scrypt's thread pool. Two files at a time
    // take 233 s where one takes 282 s (same machine, same load).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'functions/**/*.test.ts',
            'web/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'test/lint/**/*.test.ts',
            'cli/**/*.test.ts',
          ],
          environment: 'node',
          // Some unit tests build a small app with Vite, compress a 60 MB archive or run property checks: a second
          // or two on a quiet machine, past vitest's 5 s default beside a second suite. A hang still fails.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/fresh-table.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
