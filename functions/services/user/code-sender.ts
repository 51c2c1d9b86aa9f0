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

/** Notices: messages to an address that carry no code, only what its owner should know. */
const NOTICES = {
  /** Someone asked to register an address that already has an account. */
  accountExists: 'text.accountExistsNotice',
  /** Someone asked to add an address that already has an account to another account. */
  addressTaken: 'text.addressTakenNotice',
  /** The account's email changed: told to the old address. */
  emailChanged: 'text.emailChangedNotice',
} as const;
type Notice = keyof typeof NOTICES;

/** A code to send, or a notice to an address's owner: nothing that tells the asker anything. */
type CodeMessage =
  | { target: string; purpose: CodePurpose; code: string }
  | { target: string; purpose: CodePurpose; notice: Notice; locale: Locale; params?: Record<string, string> };

const noticeText = (message: Extract<CodeMessage, { notice: Notice }>) =>
  translate(message.locale, NOTICES[message.notice], message.params);

interface CodeSender {
  send(message: CodeMessage, log: Logger): Promise<void>;
}

const outboxSender: CodeSender = {
  async send(message, log) {
    await putOutboxEntry('code' in message ? message : { target: message.target, purpose: message.purpose, notice: noticeText(message) });
    // Printed plainly, whatever the log level: the developer at the console is the recipient.
    const what = 'code' in message ? `code for ${message.target}: ${message.code}` : `notice for ${message.target}: ${noticeText(message)}`;
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
