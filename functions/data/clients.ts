import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../env';

/**
 * SDK clients, created once per container. Locally the endpoints point at DynamoDB Local and s3rver; s3rver needs
 * path-style addressing and checksums only when required, or streamed uploads are stored corrupted.
 */
let documentClient: DynamoDBDocumentClient | undefined;
let s3Client: S3Client | undefined;

const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { DYNAMODB_ENDPOINT, AWS_REGION } = env();
    const client = new DynamoDBClient({
      region: AWS_REGION,
      ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT, credentials: localCredentials } : {}),
    });
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return documentClient;
}

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
