/** Creates the table and the buckets (with their CORS rule) when they are missing, from the same definitions the CDK stack uses. */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { UPLOAD_CORS_RULE } from '@shared/files';
import { createTableInput, TABLE } from '../../functions/data/table';
import { s3rverConfig } from '../../functions/data/s3';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * `stream: false` (the integration tests' tables) makes the table without its stream: DynamoDB Local keeps every
 * stream record of every table in its one process, and a suite's worth of them (a 5,000-document purge is 10,000
 * records) slowed every later file past its time-out. A test that reads the stream turns it on (`enableStream`).
 */
export async function ensureTable(endpoint: string, tableName: string, opts: { stream?: boolean } = {}): Promise<void> {
  const stream = opts.stream ?? true;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials });
  try {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      // A table made before events had a stream (issue 38) gets one.
      if (stream && !Table?.StreamSpecification?.StreamEnabled) await turnStreamOn(client, tableName);
      return;
    } catch (err) {
      if ((err as { name?: string }).name !== 'ResourceNotFoundException') throw err;
    }
    const { StreamSpecification: _stream, ...withoutStream } = createTableInput(tableName);
    await client.send(new CreateTableCommand(stream ? createTableInput(tableName) : withoutStream));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}

const turnStreamOn = (client: DynamoDBClient, tableName: string) =>
  client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: createTableInput(tableName).StreamSpecification }));

/** Turns a table's stream on (a test of the local event stream, whose table was made without one). */
export async function enableStream(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials });
  try {
    await turnStreamOn(client, tableName);
  } finally {
    client.destroy();
  }
}

export async function ensureBuckets(endpoint: string, buckets: string[]): Promise<void> {
  const client = new S3Client({ region: 'us-east-1', ...s3rverConfig(endpoint) });
  try {
    for (const bucket of buckets) {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
      }
      // Browsers upload straight to the bucket with presigned PUTs, from the gateway's origin.
      await client.send(
        new PutBucketCorsCommand({
          Bucket: bucket,
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedOrigins: ['*'],
                AllowedMethods: [...UPLOAD_CORS_RULE.allowedMethods],
                AllowedHeaders: [...UPLOAD_CORS_RULE.allowedHeaders],
                MaxAgeSeconds: UPLOAD_CORS_RULE.maxAgeSeconds,
              },
            ],
          },
        }),
      );
    }
  } finally {
    client.destroy();
  }
}
