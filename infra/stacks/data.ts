import { Duration, RemovalPolicy, Validations, type Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { UPLOAD_CORS_RULE } from '@shared/files';
import { EXPORTS_PREFIX, PENDING_UPLOADS_PREFIX } from '../../functions/data/keys';
import { TABLE } from '../../functions/data/table';

const attr = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });

/** The single table, built from the same definition the local bootstrap uses. */
export function createTable(stack: Stack): dynamodb.Table {
  const table = new dynamodb.Table(stack, 'Table', {
    partitionKey: attr(TABLE.partitionKey),
    sortKey: attr(TABLE.sortKey),
    billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    timeToLiveAttribute: TABLE.ttlAttribute,
    encryption: dynamodb.TableEncryption.AWS_MANAGED,
    removalPolicy: RemovalPolicy.RETAIN,
    // Feeds the delivery of project events (issue 38): the same view the local bootstrap enables.
    stream: dynamodb.StreamViewType[TABLE.streamView],
  });
  for (const index of TABLE.indexes) {
    table.addGlobalSecondaryIndex({
      indexName: index.name,
      partitionKey: attr(index.partitionKey),
      sortKey: attr(index.sortKey),
      projectionType: dynamodb.ProjectionType.ALL,
    });
  }
  return table;
}

/** Images, attachments, large bodies and snapshots: private, encrypted, uploaded to by presigned requests. */
export function createFilesBucket(stack: Stack, siteOrigin: string): s3.Bucket {
  const bucket = new s3.Bucket(stack, 'Files', {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    removalPolicy: RemovalPolicy.RETAIN,
    cors: [
      {
        allowedMethods: UPLOAD_CORS_RULE.allowedMethods.map((m) => s3.HttpMethods[m]),
        allowedOrigins: [siteOrigin],
        allowedHeaders: [...UPLOAD_CORS_RULE.allowedHeaders],
        maxAge: UPLOAD_CORS_RULE.maxAgeSeconds,
      },
    ],
    // Uploads that were never finished (or were refused and not cleaned up) go after a day.
    // Exported files live a day (reads refuse them to the second before that: domain/export-jobs.ts).
    lifecycleRules: [
      { id: 'pending-uploads', prefix: PENDING_UPLOADS_PREFIX, expiration: Duration.days(1) },
      { id: 'exports', prefix: EXPORTS_PREFIX, expiration: Duration.days(1) },
    ],
  });
  Validations.of(bucket).acknowledge({
    id: 'AwsSolutions-S1',
    reason:
      'Every read and write goes through CloudFront (published files), a function, or a presigned URL that a function issues for one object of one size to a signed-in caller; the API access log and the function logs record each.',
  });
  return bucket;
}
