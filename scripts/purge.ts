/**
 * `npm run purge`: one run of the recycle-bin purge against the local data. Uses the services of a running
 * `npm start` when there is one, otherwise starts DynamoDB Local and s3rver on the data dir for the run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuckets, ensureTable } from './local/bootstrap';
import { startDynamo, type LocalService } from './local/dynamo';
import { freePort } from './local/free-port';
import { startS3 } from './local/s3';
import { DEFAULT_DATA_DIR, LOCAL_FILES_BUCKET, LOCAL_TABLE } from './local/stack';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const dataDir = process.env.APILOOM_DATA_DIR ?? DEFAULT_DATA_DIR;
const stateFile = join(dataDir, 'stack.json');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const owned: LocalService[] = [];
let endpoints: { dynamoEndpoint: string; s3Endpoint: string };
const running = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as typeof endpoints & { pid: number }) : undefined;
if (running && isAlive(running.pid)) {
  endpoints = running;
  console.log('Using the services of the running npm start.');
} else {
  const [dynamo, s3] = await Promise.all([
    freePort().then((port) => startDynamo({ port, dataDir: join(dataDir, 'dynamodb') })),
    freePort().then((port) => startS3({ port, dataDir: join(dataDir, 's3') })),
  ]);
  owned.push(dynamo, s3);
  endpoints = { dynamoEndpoint: dynamo.endpoint, s3Endpoint: s3.endpoint };
  await ensureTable(dynamo.endpoint, LOCAL_TABLE);
  await ensureBuckets(s3.endpoint, [LOCAL_FILES_BUCKET]);
}

Object.assign(process.env, {
  TABLE_NAME: LOCAL_TABLE,
  FILES_BUCKET: LOCAL_FILES_BUCKET,
  STAGE: 'local',
  DYNAMODB_ENDPOINT: endpoints.dynamoEndpoint,
  S3_ENDPOINT: endpoints.s3Endpoint,
});
try {
  const { runPurge } = await import('../functions/domain/project-purge');
  const report = await runPurge();
  console.log(`Purged ${report.purged.length} project(s), ${report.itemsDeleted} item(s); unfinished: ${report.unfinished.length}`);
} finally {
  await Promise.all(owned.map((s) => s.stop()));
}
