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
    CODE_SENDER: z.enum(['outbox', 'log']).default('log'),
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
  }),
);

type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) throw new Error(`Invalid function environment: ${z.prettifyError(parsed.error)}`);
    cached = parsed.data;
  }
  return cached;
}
