/** `npm run bench`: the figures the issues ask for, measured against the local services. Not a test. */
import { startBenchStack } from './harness';
import { ensureBuilt } from '../local/builds';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { benchProjects } from './projects.bench';
import { benchStartup } from './startup.bench';
import { benchColdStart } from './coldstart.bench';
import { benchDocuments } from './documents.bench';
import { benchHostile } from './hostile.bench';
import { benchWeb } from './web.bench';

await ensureBuilt(() => undefined);
const stack = await startBenchStack();
try {
  const results = {
    ...(await benchWeb(stack)),
    ...(await benchProjects(stack)),
    ...(await benchDocuments(stack)),
    ...(await benchHostile(stack)),
    ...(await benchStartup()),
    ...benchColdStart(),
  };
  console.log('\nApiloom benchmarks (DynamoDB Local + s3rver on this machine)');
  for (const [name, value] of Object.entries(results)) console.log(`  ${name.padEnd(62)} ${value}`);
} finally {
  await stack.stop();
}
