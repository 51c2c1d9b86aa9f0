/**
 * The table's stream, locally (issue 38): what the event source mapping does in AWS, done by polling DynamoDB
 * Local's stream (the DynamoDB Streams API, which DynamoDB Local serves) and calling the very same handler. Every
 * shard is read from its oldest record (TRIM_HORIZON), so events written while the stack was down are delivered when
 * it starts; the handler's claims keep any of them from going twice. A batch that reports a failure is handed
 * over again from the failed record, RETRIES times with backoff, then its records go to the dead letters (a log
 * line and `deadLetters`), as the mapping's dead-letter queue would hold them.
 */
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { STREAM_CONSUMERS } from '@shared/jobs';

type StreamHandler = (event: { Records: _Record[] }) => Promise<{ batchItemFailures: { itemIdentifier: string }[] } | void>;

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const POLL_MS = 200;
const SHARD_SCAN_MS = 5_000;
const BACKOFF_MS = [1_000, 2_000, 4_000];

export interface EventStream {
  deadLetters: _Record[];
  stop(): Promise<void>;
}

/**
 * The SDK's streams client reads an empty map (`{"M":{}}`) as `{}`, which no unmarshaller takes; Lambda is handed
 * the record's JSON as DynamoDB wrote it. Puts the empty maps back, so the handler sees what it sees in AWS.
 */
type Attribute = Record<string, unknown>;
function repaired(value: Attribute): Attribute {
  const keys = Object.keys(value);
  if (!keys.length) return { M: {} };
  if (value.M) return { M: repairedImage(value.M as Record<string, Attribute>) };
  if (Array.isArray(value.L)) return { L: (value.L as Attribute[]).map(repaired) };
  return value;
}
const repairedImage = (image: Record<string, Attribute>) =>
  Object.fromEntries(Object.entries(image).map(([name, value]) => [name, repaired(value)]));
function asLambdaReceivesIt(record: _Record): _Record {
  const images = record.dynamodb;
  if (!images) return record;
  const fix = (image: typeof images.NewImage) =>
    image && (repairedImage(image as unknown as Record<string, Attribute>) as unknown as typeof image);
  return { ...record, dynamodb: { ...images, NewImage: fix(images.NewImage), OldImage: fix(images.OldImage) } };
}

export async function startEventStream(opts: {
  endpoint: string;
  tableName: string;
  handler: () => Promise<StreamHandler>;
  log: (line: string) => void;
  /** The waits before each retry of a failed batch (tests pass short ones). */
  backoffMs?: readonly number[];
}): Promise<EventStream> {
  const backoff = opts.backoffMs ?? BACKOFF_MS;
  const region = 'us-east-1';
  const tables = new DynamoDBClient({ endpoint: opts.endpoint, region, credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: opts.endpoint, region, credentials });
  const { Table } = await tables.send(new DescribeTableCommand({ TableName: opts.tableName }));
  tables.destroy();
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`the table ${opts.tableName} has no stream`);
  const retries = STREAM_CONSUMERS['deliver-events'].retryAttempts;
  const deadLetters: _Record[] = [];
  const followed = new Set<string>();
  const readers = new Set<Promise<void>>();
  let stopped = false;
  /** Sleepers to wake when the stream stops: a back-off is not waited out by a stream that is going away. */
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      sleepers.add(wake);
    });

  async function deliver(records: _Record[]) {
    let pending = records;
    for (let attempt = 0; pending.length; attempt++) {
      let failedFrom = -1;
      try {
        const handler = await opts.handler();
        if (stopped) return;
        const answer = await handler({ Records: pending });
        const failed = answer?.batchItemFailures[0]?.itemIdentifier;
        if (failed !== undefined)
          failedFrom = Math.max(
            0,
            pending.findIndex((r) => r.dynamodb?.SequenceNumber === failed),
          );
      } catch (err) {
        opts.log(`Event delivery failed: ${(err as Error).message}`);
        failedFrom = 0;
      }
      // Stopping leaves a failing batch unacknowledged rather than retrying it for seconds: the next start reads the
      // shard from its oldest record again, and the claims keep what was sent from going twice.
      if (failedFrom < 0 || stopped) return;
      pending = pending.slice(failedFrom);
      if (attempt >= retries) {
        // As the mapping's on-failure destination: the failing record is set aside, the rest go on.
        deadLetters.push(pending[0]!);
        opts.log(`Event delivery gave up after ${retries} retries: record ${pending[0]!.dynamodb?.SequenceNumber} is a dead letter`);
        pending = pending.slice(1);
        attempt = -1;
        continue;
      }
      await sleep(backoff[Math.min(attempt, backoff.length - 1)]!);
    }
  }

  async function follow(shardId: string) {
    let iterator = (
      await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' }))
    ).ShardIterator;
    while (iterator && !stopped) {
      const page = await streams.send(
        new GetRecordsCommand({ ShardIterator: iterator, Limit: STREAM_CONSUMERS['deliver-events'].batchSize * 10 }),
      );
      if (page.Records?.length && !stopped) await deliver(page.Records.map(asLambdaReceivesIt));
      iterator = page.NextShardIterator;
      if (!page.Records?.length) await sleep(POLL_MS);
    }
  }

  async function scanShards() {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || followed.has(shard.ShardId)) continue;
      followed.add(shard.ShardId);
      const reader = follow(shard.ShardId)
        .catch((err: unknown) => {
          if (!stopped) opts.log(`Event stream shard ${shard.ShardId} stopped: ${(err as Error).message}`);
          followed.delete(shard.ShardId!);
        })
        .finally(() => readers.delete(reader));
      readers.add(reader);
    }
  }

  await scanShards();
  const scanning = setInterval(() => void scanShards().catch(() => undefined), SHARD_SCAN_MS);
  scanning.unref();
  return {
    deadLetters,
    stop: async () => {
      stopped = true;
      clearInterval(scanning);
      for (const wake of [...sleepers]) wake();
      await Promise.all([...readers]);
      streams.destroy();
    },
  };
}
