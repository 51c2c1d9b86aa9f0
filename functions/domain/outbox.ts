/**
 * The local outbox: where the local stack "sends" verification codes and notices, kept a day, so a developer (the
 * /__dev/outbox page) and the tests can read them. Only CODE_SENDER=outbox writes here.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { asRecords, putItem, queryAll } from '../data/db';
import { ENTITY, keys } from '../data/keys';

export const outboxRecord = lazy(() =>
  z.object({
    target: z.string(),
    purpose: z.string(),
    code: z.string().optional(),
    notice: z.string().optional(),
    sentAt: z.string(),
  }),
);
export type OutboxEntry = z.infer<typeof outboxRecord>;

export async function putOutboxEntry(entry: Omit<OutboxEntry, 'sentAt'>, now = new Date()) {
  const sentAt = now.toISOString();
  await putItem({
    ...keys.outboxEntry(sentAt, randomUUID()),
    ...ENTITY.outbox,
    ...entry,
    sentAt,
    expiresAt: Math.floor(now.getTime() / 1000) + 86_400,
  });
}

/** Newest first. */
export const listOutbox = async (limit = 50) => asRecords(outboxRecord, await queryAll({ ...keys.outbox(), limit }));
