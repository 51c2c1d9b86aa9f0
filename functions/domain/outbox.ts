/**
 * The local outbox: where the local stack "sends" verification codes and notices, kept a day, so a developer (the
 * /__dev/outbox page) and the tests can read them. Only CODE_SENDER=outbox writes here.
 */
import { randomUUID } from 'node:crypto';
import { putItem } from '../data/db';
import { ENTITY, keys } from '../data/keys';

interface OutboxEntry {
  target: string;
  purpose: string;
  code?: string;
  notice?: string;
  sentAt: string;
}

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
