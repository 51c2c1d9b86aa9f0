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
import { benchMock } from './mock.bench';
import { benchShares } from './shares.bench';
import { benchTeams } from './teams.bench';

/** `npm run bench -- mock shares`: only those groups; no names: every group. */
const only = new Set(process.argv.slice(2));
const wanted = (name: string) => only.size === 0 || only.has(name);

await ensureBuilt(() => undefined);
const stack = await startBenchStack();
try {
  const groups: [string, () => Promise<Record<string, string>> | Record<string, string>][] = [
    ['web', () => benchWeb(stack)],
    ['projects', () => benchProjects(stack)],
    ['documents', () => benchDocuments(stack)],
    ['teams', () => benchTeams(stack)],
    ['shares', () => benchShares(stack)],
    ['mock', () => benchMock(stack)],
    ['hostile', () => benchHostile(stack)],
    ['startup', () => benchStartup()],
    ['coldstart', () => benchColdStart()],
  ];
  const results: Record<string, string> = {};
  for (const [name, run] of groups) if (wanted(name)) Object.assign(results, await run());
  console.log('\nApiloom benchmarks (DynamoDB Local + s3rver on this machine)');
  for (const [name, value] of Object.entries(results)) console.log(`  ${name.padEnd(62)} ${value}`);
} finally {
  await stack.stop();
}
