/**
 * The delivery function (issue 38), fed by the table's stream: DynamoDB Streams through an event source mapping in
 * AWS (filtered to new event items; retried, then the record's batch goes to a dead-letter queue), DynamoDB
 * Local's stream read by the local stack (scripts/local/event-stream.ts), which calls `deliveryHandler` with the
 * fake providers' addresses admitted. A record that fails is reported as the batch's first failure, so the
 * mapping tries it (and those after it) again and never the ones before it; the claims in domain/channels.ts make
 * any repeat send nothing twice.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { parseEvent } from '../../domain/events';
import { deliverEvent, type DeliveryOptions } from '../../notify/deliver';
import { createLogger } from '../../core/logger';

/** The stream records the function cares about: event items, when written (a coalesced save's update is not news). */
export function eventOfRecord(record: DynamoDBRecord) {
  const image = record.dynamodb?.NewImage;
  // The AWS mapping's filter lets only new event items through; the local stream hands over every write.
  if (record.eventName !== 'INSERT' || image?.entity?.S !== 'event') return undefined;
  return parseEvent(unmarshall(image as Record<string, AttributeValue>));
}

export function deliveryHandler(opts: DeliveryOptions = {}) {
  // Made on the first batch: the environment is read then, not when the module is imported.
  let logger: ReturnType<typeof createLogger> | undefined;
  return async (stream: { Records: DynamoDBRecord[] }): Promise<DynamoDBBatchResponse> => {
    for (const record of stream.Records) {
      const event = eventOfRecord(record);
      if (!event) continue;
      try {
        await deliverEvent(event, opts);
      } catch (err) {
        (logger ??= createLogger({ worker: 'deliver-events' })).error('delivery failed', {
          eventId: event.eventId,
          error: (err as Error).message,
        });
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
      }
    }
    return { batchItemFailures: [] };
  };
}

export const handler = deliveryHandler({ log: (line, fields) => createLogger({ worker: 'deliver-events' }).info(line, fields) });
