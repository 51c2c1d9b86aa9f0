import * as z from 'zod';
import { lazy } from '@shared/lazy';

/**
 * Function configuration, parsed once at cold start and failing loudly. The only difference between a Lambda in
 * AWS and the local stack is here: endpoints for DynamoDB Local and s3rver, and the verification-code sender.
 */
const schema = lazy(() =>
  z.object({
    TABLE_NAME: z.string().min(3),
    FILES_BUCKET: z.string().min(3).default('apiloom-files'),
    STAGE: z.enum(['local', 'test', 'aws']).default('aws'),
    OFFLINE: z
      .enum(['true', 'false', ''])
      .default('false')
      .transform((v) => v === 'true'),
    /** Where codes and notices go: the local outbox, the log, or (in AWS) SES v2 for email and End User Messaging SMS for phones. */
    CODE_SENDER: z.enum(['outbox', 'log', 'aws']).default('log'),
    DYNAMODB_ENDPOINT: z.url().optional(),
    S3_ENDPOINT: z.url().optional(),
    AWS_REGION: z.string().default('us-east-1'),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /** The site's own origin, when known (a custom domain); otherwise the host the request was made to is ours. */
    SITE_ORIGIN: z.url().optional(),
    /** The mock origin (its own domain): one of the app's own origins, which documents may not embed. */
    MOCK_ORIGIN: z.url().optional(),
    /** Overrides how many codes one address may request in an hour (shared/constants.ts has the default). */
    CODE_SENDS_PER_ADDRESS: z.coerce.number().int().positive().optional(),
    /** CODE_SENDER=aws: the address mail is sent from (an SES identity). */
    MAIL_FROM: z.email().optional(),
    /** CODE_SENDER=aws: the SMS origination identity (a phone number, sender id or pool, by id or ARN). */
    SMS_ORIGINATION_IDENTITY: z.string().min(1).optional(),
    /** CODE_SENDER=aws: the country code put before a phone number written without one (accounts take `13700000000`). */
    SMS_COUNTRY_CODE: z
      .string()
      .regex(/^\+[0-9]{1,4}$/)
      .default('+86'),
    /** The oauth function in AWS: the Secrets Manager secret (ARN or name) holding the providers' ids and secrets. */
    THIRD_PARTY_SECRET_ARN: z.string().min(1).optional(),
    /** In AWS: the KMS key that encrypts environments' run secrets (the environment service and the run worker). */
    RUN_SECRETS_KEY_ARN: z.string().min(1).optional(),
    /** Locally: the file of the key that encrypts run secrets (the local stack's is under its data dir). */
    RUN_SECRETS_KEY_FILE: z.string().min(1).optional(),
  }),
);

type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) throw new Error(`Invalid function environment: ${z.prettifyError(parsed.error)}`);
    if (parsed.data.CODE_SENDER === 'aws' && !(parsed.data.MAIL_FROM && parsed.data.SMS_ORIGINATION_IDENTITY)) {
      throw new Error('Invalid function environment: CODE_SENDER=aws needs MAIL_FROM and SMS_ORIGINATION_IDENTITY');
    }
    cached = parsed.data;
  }
  return cached;
}
