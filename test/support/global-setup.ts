/**
 * Starts DynamoDB Local and s3rver once for the whole integration run, on free loopback ports; each test file
 * then makes its own table (see fresh-table.ts), so files run in parallel without sharing state.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamo } from '../../scripts/local/dynamo';
import { freePort } from '../../scripts/local/free-port';
import { startS3 } from '../../scripts/local/s3';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    s3Endpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const s3Dir = mkdtempSync(join(tmpdir(), 'apiloom-s3-'));
  const [dynamo, s3] = await Promise.all([
    freePort().then((port) => startDynamo({ port })),
    freePort().then((port) => startS3({ port, dataDir: s3Dir })),
  ]);
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('s3Endpoint', s3.endpoint);
  return async () => {
    await Promise.all([dynamo.stop(), s3.stop()]);
    rmSync(s3Dir, { recursive: true, force: true });
  };
}
