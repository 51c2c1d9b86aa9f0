/**
 * Runs before each integration test file, before it imports any function code: points the functions'
 * environment at the shared local services and a table and bucket of this file's own.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { ensureBuckets, ensureTable } from '../../scripts/local/bootstrap';

const suffix = randomBytes(4).toString('hex');
Object.assign(process.env, {
  TABLE_NAME: `apiloom-test-${suffix}`,
  FILES_BUCKET: `apiloom-files-${suffix}`,
  STAGE: 'test',
  CODE_SENDER: 'outbox',
  OFFLINE: 'false',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
  DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
  S3_ENDPOINT: inject('s3Endpoint'),
  AWS_REGION: 'us-east-1',
});

// Without its stream (see ensureTable); the event stream's own test turns it on.
await ensureTable(process.env.DYNAMODB_ENDPOINT!, process.env.TABLE_NAME!, { stream: false });
await ensureBuckets(process.env.S3_ENDPOINT!, [process.env.FILES_BUCKET!]);
