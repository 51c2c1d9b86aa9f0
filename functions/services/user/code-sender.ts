/**
 * Where verification codes go. Locally (`outbox`) they are printed to the console and kept in the table's
 * OUTBOX partition for a day, so a person (the /__dev/outbox page) and a test can read them. In AWS `log` writes
 * them to the function's log for an operator of a private deployment; an email or SMS provider is another
 * implementation of `CodeSender`, selected by CODE_SENDER.
 */
import type { CodePurpose } from '@shared/constants';
import { putOutboxEntry } from '../../domain/outbox';
import { env } from '../../env';
import type { Logger } from '../../runtime/logger';
import { translate, type Locale } from '@shared/messages';

/** A code to send, or a notice to the owner of an account when someone asks to register it again. */
type CodeMessage =
  | { target: string; purpose: CodePurpose; code: string }
  | { target: string; purpose: CodePurpose; notice: 'accountExists'; locale: Locale };

/** What the notice says: nothing that tells the asker anything, everything the owner needs. */
const noticeText = (locale: Locale) => translate(locale, 'text.accountExistsNotice');

interface CodeSender {
  send(message: CodeMessage, log: Logger): Promise<void>;
}

const outboxSender: CodeSender = {
  async send(message, log) {
    await putOutboxEntry(
      'code' in message ? message : { target: message.target, purpose: message.purpose, notice: noticeText(message.locale) },
    );
    // Printed plainly, whatever the log level: the developer at the console is the recipient.
    const what =
      'code' in message ? `code for ${message.target}: ${message.code}` : `notice for ${message.target}: ${noticeText(message.locale)}`;
    process.stdout.write(`[outbox] ${message.purpose} ${what}\n`);
    log.debug('verification code (local outbox)', { target: message.target, purpose: message.purpose });
  },
};

const logSender: CodeSender = {
  async send(message, log) {
    log.info(
      'code message',
      'code' in message ? { ...message } : { target: message.target, purpose: message.purpose, notice: message.notice },
    );
  },
};

export const codeSender = (): CodeSender => (env().CODE_SENDER === 'outbox' ? outboxSender : logSender);
