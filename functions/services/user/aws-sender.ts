/**
 * Codes and notices in AWS (CODE_SENDER=aws, issue 25): mail through SES v2 (`SendEmail` from MAIL_FROM) and text
 * messages through AWS End User Messaging SMS (`SendTextMessage` from SMS_ORIGINATION_IDENTITY), in the language
 * of the request. Both clients come from the Node 22 Lambda runtime's AWS SDK v3 (kept external by
 * scripts/build-functions.ts) and are loaded on the first message, so no other request pays for them. Nothing
 * here logs a message's text: a code goes to its address and nowhere else.
 */
import type { PinpointSMSVoiceV2Client } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { isEmail } from '@shared/accounts';
import { VERIFICATION_CODE_TTL_SECONDS } from '@shared/constants';
import { translate, type Locale } from '@shared/messages';
import { env } from '../../env';

/** What goes out: to an email address or a phone number, in the request's language. */
export interface OutgoingText {
  target: string;
  locale: Locale;
  /** The code, or the notice's text. */
  code?: string;
  notice?: string;
}

let ses: Promise<SESv2Client> | undefined;
let sms: Promise<PinpointSMSVoiceV2Client> | undefined;

const sesClient = () => (ses ??= import('@aws-sdk/client-sesv2').then(({ SESv2Client }) => new SESv2Client({ region: env().AWS_REGION })));
const smsClient = () =>
  (sms ??= import('@aws-sdk/client-pinpoint-sms-voice-v2').then(
    ({ PinpointSMSVoiceV2Client }) => new PinpointSMSVoiceV2Client({ region: env().AWS_REGION }),
  ));

/** E.164, which SendTextMessage takes: a number written without its country code gets SMS_COUNTRY_CODE. */
export const e164 = (phone: string) => (phone.startsWith('+') ? phone : `${env().SMS_COUNTRY_CODE}${phone}`);

function texts(message: OutgoingText) {
  const minutes = String(Math.round(VERIFICATION_CODE_TTL_SECONDS / 60));
  if (message.code !== undefined) {
    return {
      subject: translate(message.locale, 'text.codeSubject', { code: message.code }),
      body: translate(message.locale, 'text.codeBody', { code: message.code, minutes }),
    };
  }
  return { subject: translate(message.locale, 'text.noticeSubject'), body: message.notice ?? '' };
}

/** Sends one message; any failure of the provider rejects (the caller turns it into `codeNotSent`). */
export async function sendThroughAws(message: OutgoingText): Promise<void> {
  const { subject, body } = texts(message);
  if (isEmail(message.target)) {
    const [client, { SendEmailCommand }] = await Promise.all([sesClient(), import('@aws-sdk/client-sesv2')]);
    await client.send(
      new SendEmailCommand({
        FromEmailAddress: env().MAIL_FROM,
        Destination: { ToAddresses: [message.target] },
        Content: {
          Simple: {
            Subject: { Data: subject, Charset: 'UTF-8' },
            Body: { Text: { Data: body, Charset: 'UTF-8' } },
          },
        },
      }),
    );
    return;
  }
  const [client, { SendTextMessageCommand }] = await Promise.all([smsClient(), import('@aws-sdk/client-pinpoint-sms-voice-v2')]);
  await client.send(
    new SendTextMessageCommand({
      DestinationPhoneNumber: e164(message.target),
      OriginationIdentity: env().SMS_ORIGINATION_IDENTITY,
      MessageBody: body,
      MessageType: 'TRANSACTIONAL',
    }),
  );
}
