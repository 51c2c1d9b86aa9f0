import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../env';
import { DYNAMO_SDK_RETRY, sdkRetryConfig } from './retries';

/**
 * SDK clients, created once per container; locally the endpoint points at DynamoDB Local. Each client has its
 * own module so a service's bundle holds only the SDKs it uses. The retry is ours, not the SDK's default of three
 * attempts (see retries.ts).
 */
let documentClient: DynamoDBDocumentClient | undefined;

export const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { DYNAMODB_ENDPOINT, AWS_REGION } = env();
    const client = new DynamoDBClient({
      region: AWS_REGION,
      ...sdkRetryConfig(DYNAMO_SDK_RETRY),
      ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT, credentials: localCredentials } : {}),
    });
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return documentClient;
}
