/**
 * `npm start`: the whole app on this machine. Builds what is stale, starts DynamoDB Local and s3rver (data kept
 * in .data/), then serves the web app and, under /api on the same origin, the Lambda handlers — the shape
 * CloudFront gives it in AWS. Ctrl+C stops every child process.
 */
import { ensureBuilt } from './local/builds';
import { javaAvailable, JAVA_MISSING_HELP } from './local/dynamo';
import { WEB_OUT } from './local/paths';
import { DEFAULT_DATA_DIR, startStack } from './local/stack';

// Local runs may use Node 20; Lambda runs Node 22, so the SDK's Node 20 notice is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const started = Date.now();
const log = (line: string) => console.log(line);

if (!javaAvailable()) {
  console.error(JAVA_MISSING_HELP);
  process.exit(1);
}

await ensureBuilt(log);
const stack = await startStack({
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? '127.0.0.1',
  dataDir: process.env.APILOOM_DATA_DIR ?? DEFAULT_DATA_DIR,
  handlers: 'bundles',
  webDir: WEB_OUT,
  offline: process.env.APILOOM_OFFLINE === 'true',
  testHooks: process.env.APILOOM_TEST_HOOKS === 'true',
  log,
});
log(`\nApiloom is running at ${stack.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
log(`  API        ${stack.url}/api   (same handlers as the Lambda functions)`);
log(`  Mock       ${stack.mockUrl}/{projectId}/{path}   (the mock origin, its own port)`);
log(`  Dev outbox ${stack.url}/__dev/outbox   (verification codes)`);
log('Press Ctrl+C to stop.');

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  log(`\n${signal}: stopping…`);
  stack.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
