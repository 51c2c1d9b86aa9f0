/**
 * Notification mail (issue 38): an email channel's messages and a person's instant notification email go through
 * the code sender's means: the outbox under `npm start` and in tests (CODE_SENDER=outbox), SES in AWS
 * (CODE_SENDER=aws, the code sender's own SES sender, from MAIL_FROM). A stack without mail (CODE_SENDER=log)
 * has no way to send one, and says so.
 */
import type { Locale } from '@shared/messages';
import { putOutboxEntry } from '../domain/outbox';
import { env } from '../env';
import { sendThroughAws } from '../services/user/aws-sender';

export class MailUnavailable extends Error {
  constructor() {
    super('email sender unavailable');
  }
}

/** Sends one notification mail; rejects when the provider does, or when this stack has no mail. */
export async function sendNotificationMail(target: string, text: string, locale: Locale, purpose = 'notification'): Promise<void> {
  const sender = env().CODE_SENDER;
  if (sender === 'outbox') return putOutboxEntry({ target, purpose, notice: text });
  if (sender === 'aws') return sendThroughAws({ target, locale, notice: text });
  throw new MailUnavailable();
}
