import { S3Client } from '@aws-sdk/client-s3';
import { env } from '../env';
import { localCredentials } from './dynamo-client';

/** Locally s3rver needs path-style addressing and checksums only when required, or streamed uploads corrupt. */
let s3Client: S3Client | undefined;

export function s3(): S3Client {
  if (!s3Client) {
    const { S3_ENDPOINT, AWS_REGION } = env();
    s3Client = new S3Client({
      region: AWS_REGION,
      ...(S3_ENDPOINT
        ? {
            endpoint: S3_ENDPOINT,
            forcePathStyle: true,
            credentials: localCredentials,
            requestChecksumCalculation: 'WHEN_REQUIRED',
            responseChecksumValidation: 'WHEN_REQUIRED',
          }
        : {}),
    });
  }
  return s3Client;
}
