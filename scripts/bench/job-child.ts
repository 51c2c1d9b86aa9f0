/**
 * One import or export job run for a bench in a Node process of its own, as the local stack runs workers
 * (scripts/local/workers.ts) and as the function runs apart in AWS, with the run's figures sent back: its time per
 * stage, its document writes and its peak resident memory (its own process: nothing of the API's heap counts).
 */
import { createLogger } from '../../functions/core/logger';
import { dynamo } from '../../functions/data/dynamo-client';
import { runExportJob } from '../../functions/workers/export/run';
import { ready as curlParserReady } from '../../functions/workers/import/curl-parser';
import { runImportJob } from '../../functions/workers/import/run';
import { runMeter } from './run-meter';

interface JobMessage {
  kind: 'import' | 'export';
  event: { projectId: string; jobId: string };
}

/** Document writes: every table write but the job's own item. */
let writes = 0;
const client = dynamo();
const send = client.send.bind(client);
client.send = async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
  const name = command.constructor.name;
  const item = (command.input.Item ?? command.input.Key) as { sk?: string } | undefined;
  if (name === 'BatchWriteCommand' || name === 'TransactWriteCommand') writes++;
  if ((name === 'PutCommand' || name === 'UpdateCommand') && !/^IMPORT#/.test(String(item?.sk))) writes++;
  return send(command as never);
};

process.once('message', (message: JobMessage) => {
  void (async () => {
    const { stop } = runMeter();
    const cpuAtStart = process.cpuUsage();
    const timings: Record<string, number> = {};
    const log = createLogger({ job: message.kind });
    if (message.kind === 'import') {
      await curlParserReady();
      await runImportJob(message.event, { log, timings });
    } else await runExportJob(message.event, { log, timings });
    const cpu = process.cpuUsage(cpuAtStart);
    const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
    process.send!({ timings, writes, peakMb: stop(), cpuMs }, undefined, {}, () => process.exit(0));
  })();
});
