/**
 * The cold-start bench's yardstick: a function that does nothing but make the DynamoDB document client every
 * service makes (functions/data/dynamo-client.ts), bundled as the services are. What a bundle loads beyond this
 * is Apiloom's own cost.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: process.env.AWS_REGION }), {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});
