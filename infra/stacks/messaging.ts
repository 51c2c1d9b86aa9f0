/**
 * What the user function needs to send codes and notices in AWS (issue 25), and the third-party providers' secret
 * the oauth function reads:
 * - an SES email identity for the sender (a domain, or one address) and `ses:SendEmail` on it; End User Messaging
 *   SMS's `sms-voice:SendTextMessage` on the one origination identity (a phone number, sender id or pool, by ARN);
 *   both to the user function alone, which then sends with CODE_SENDER=aws;
 * - a Secrets Manager secret holding `{}`, which an operator fills with the providers' client ids and secrets
 *   (README, "Deploying"), readable by the oauth function alone.
 */
import { SecretValue, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';

export interface MessagingProps {
  /** The address codes come from, e.g. `no-reply@example.com`. */
  mailFrom: string;
  /** The SES identity to verify: a domain or an address; by default the domain of `mailFrom`. */
  mailIdentity?: string;
  /** The origination identity's ARN: `arn:aws:sms-voice:<region>:<account>:(phone-number|sender-id|pool)/…`. */
  smsOriginationIdentity: string;
}

const SEND_EMAIL_ACTIONS = ['ses:SendEmail'];
const SEND_TEXT_ACTIONS = ['sms-voice:SendTextMessage'];

/** Mail and text messages for the function that sends codes: the identity, the two grants, its environment. */
export function addMessaging(scope: Construct, sender: lambda.Function, props: MessagingProps) {
  if (!/^arn:aws[\w-]*:sms-voice:[\w-]*:\d*:(phone-number|sender-id|pool)\/.+$/.test(props.smsOriginationIdentity)) {
    throw new Error(`smsOriginationIdentity must be the ARN of a phone number, sender id or pool: ${props.smsOriginationIdentity}`);
  }
  const name = props.mailIdentity ?? props.mailFrom.split('@')[1] ?? '';
  const identity = new ses.EmailIdentity(scope, 'MailIdentity', {
    identity: name.includes('@') ? ses.Identity.email(name) : ses.Identity.domain(name),
  });
  identity.grant(sender, ...SEND_EMAIL_ACTIONS);
  sender.addToRolePolicy(new iam.PolicyStatement({ actions: SEND_TEXT_ACTIONS, resources: [props.smsOriginationIdentity] }));
  sender.addEnvironment('CODE_SENDER', 'aws');
  sender.addEnvironment('MAIL_FROM', props.mailFrom);
  sender.addEnvironment('SMS_ORIGINATION_IDENTITY', props.smsOriginationIdentity);
  return identity;
}

/**
 * Notification mail (issue 38) from another function: the same identity, `ses:SendEmail` only (no text
 * messages), and the code sender's environment, so it sends through the code sender's SES sender.
 */
export function addNotificationMail(identity: ses.EmailIdentity, mailer: lambda.Function, props: MessagingProps) {
  identity.grant(mailer, ...SEND_EMAIL_ACTIONS);
  mailer.addEnvironment('CODE_SENDER', 'aws');
  mailer.addEnvironment('MAIL_FROM', props.mailFrom);
  // Required beside MAIL_FROM by the environment's check for CODE_SENDER=aws; this function has no grant to use it.
  mailer.addEnvironment('SMS_ORIGINATION_IDENTITY', props.smsOriginationIdentity);
}

/** The providers' client ids and secrets: created holding `{}` (none offered) for an operator to fill. */
export function addThirdPartySecret(scope: Construct, reader: lambda.Function) {
  const secret = new secretsmanager.Secret(scope, 'ThirdPartyProviders', {
    description: 'Apiloom third-party sign-in: {"<provider>": {"clientId": "…", "clientSecret": "…"}}, read by the oauth function',
    // Not a secret: the empty placeholder. CloudFormation sets it once; a value an operator puts later stays.
    secretStringValue: SecretValue.unsafePlainText('{}'),
  });
  secret.grantRead(reader);
  reader.addEnvironment('THIRD_PARTY_SECRET_ARN', secret.secretArn);
  Validations.of(secret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      'The client secrets are issued by each provider (GitHub, Gitee, Weibo, WeChat) and rotated there by hand; no Lambda can rotate them. A new value takes effect within minutes, without a deploy (the oauth function re-reads it).',
  });
  return secret;
}
