/**
 * Where verification codes go. Locally (`outbox`) they are printed to the console and kept in the table's
 * OUTBOX partition for a day, so a person (the /__dev/outbox page) and a test can read them. `log` writes them to
 * the function's log for an operator of a private deployment. In AWS (`aws`) mail goes through SES v2 and text
 * messages through End User Messaging SMS (aws-sender.ts). Selected by CODE_SENDER.
 *
 * Whatever the sender, a message that could not be sent answers `codeNotSent`, and its code is withdrawn: nobody
 * got it, so it must not stay live (nor hold the person to the resend wait).
 */
import type { CodePurpose } from '@shared/constants';
import { putOutboxEntry } from '../../domain/outbox';
import { withdrawCode } from '../../domain/verification-codes';
import { env } from '../../env';
import { AppError } from '../../core/app-error';
import type { Logger } from '../../core/logger';
import { translate, type Locale } from '@shared/messages';
import { sendThroughAws } from './aws-sender';

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
  | { target: string; purpose: CodePurpose; code: string; locale: Locale }
  | { target: string; purpose: CodePurpose; notice: Notice; locale: Locale; params?: Record<string, string> };

const noticeText = (message: Extract<CodeMessage, { notice: Notice }>) =>
  translate(message.locale, NOTICES[message.notice], message.params);

interface CodeSender {
  send(message: CodeMessage, log: Logger): Promise<void>;
}

const outboxSender: CodeSender = {
  async send(message, log) {
    const { target, purpose } = message;
    await putOutboxEntry('code' in message ? { target, purpose, code: message.code } : { target, purpose, notice: noticeText(message) });
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

const awsSender: CodeSender = {
  async send(message) {
    await sendThroughAws('code' in message ? message : { target: message.target, locale: message.locale, notice: noticeText(message) });
  },
};

const SENDERS = { outbox: outboxSender, log: logSender, aws: awsSender } as const;

export const codeSender = (): CodeSender => ({
  async send(message, log) {
    try {
      await SENDERS[env().CODE_SENDER].send(message, log);
    } catch (err) {
      if ('code' in message) {
        await withdrawCode(message.purpose, message.target, message.code).catch(() =>
          log.warn('unsent code not withdrawn', { purpose: message.purpose }),
        );
      }
      // The error's name and status only: its message may quote what was sent.
      log.warn('code message not sent', {
        purpose: message.purpose,
        error: (err as { name?: string }).name,
        status: (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode,
      });
      if (err instanceof AppError) throw err;
      throw new AppError('codeNotSent');
    }
  },
});

/**
 * For a code sent only when the account exists (password recovery, the sign-in step-up): a message that could not
 * go out is answered like one that did, or the failure would tell the asker the account exists. The code is still
 * withdrawn and the failure logged, so asking again works at once.
 */
export async function sendWithoutTelling(message: CodeMessage, log: Logger) {
  await codeSender()
    .send(message, log)
    .catch(() => undefined);
}
