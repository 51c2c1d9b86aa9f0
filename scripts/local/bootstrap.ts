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

export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials });
  try {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      // A table made before events had a stream (issue 38) gets one.
      if (!Table?.StreamSpecification?.StreamEnabled) {
        await client.send(
          new UpdateTableCommand({ TableName: tableName, StreamSpecification: createTableInput(tableName).StreamSpecification }),
        );
      }
      return;
    } catch (err) {
      if ((err as { name?: string }).name !== 'ResourceNotFoundException') throw err;
    }
    await client.send(new CreateTableCommand(createTableInput(tableName)));
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
