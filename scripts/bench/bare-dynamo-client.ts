/**
 * The cold-start bench's yardstick: a function that does nothing but make the DynamoDB document client every
 * service makes (functions/data/dynamo-client.ts), bundled as the services are. What a bundle loads beyond this
 * is Apiloom's own cost. Its first request is one read of a session, what a service's first request does before
 * anything else (functions/runtime/identity.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

const endpoint = process.env.DYNAMODB_ENDPOINT;

export const client = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: process.env.AWS_REGION,
    // Locally, DynamoDB Local with the local stack's credentials, as the services' client.
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } } : {}),
  }),
  { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } },
);

/** The yardstick's first request: one item read (the bench passes a session's key that matches none). */
export const handler = async (event: { key: Record<string, string> }) =>
  (await client.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: event.key }))).Item ?? null;
