import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { env } from '../env';
import { localCredentials } from './dynamo-client';

/** Locally s3rver needs path-style addressing and checksums only when required, or streamed uploads corrupt. */
export const s3rverConfig = (endpoint: string): S3ClientConfig => ({
  endpoint,
  forcePathStyle: true,
  credentials: localCredentials,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

function config(): S3ClientConfig {
  const { S3_ENDPOINT, AWS_REGION } = env();
  return { region: AWS_REGION, ...(S3_ENDPOINT ? s3rverConfig(S3_ENDPOINT) : {}) };
}

let s3Client: S3Client | undefined;
let presignClient: S3Client | undefined;

export function s3(): S3Client {
  return (s3Client ??= new S3Client(config()));
}

/**
 * The client that signs browser uploads. A presigned PUT has no body when it is signed, so with the SDK's default
 * checksums it would carry the CRC32 of an empty body and S3 would refuse every real upload; checksums are off.
 */
export function presigningS3(): S3Client {
  return (presignClient ??= new S3Client({ ...config(), requestChecksumCalculation: 'WHEN_REQUIRED' }));
}
