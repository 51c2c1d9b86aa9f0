/**
 * Run secrets of an environment (issue 36): values only server and scheduled runs use (a token a run in the cloud
 * cannot take from one person's browser). Write-only: set, replaced or deleted by editors, never read back by any
 * client; the API names them and says they are set. Encrypted at rest (functions/domain/run-secrets.ts).
 */
import * as z from 'zod';
import { lazy } from '../lazy';
import { environmentIdSchema } from './environment';

export const RUN_SECRET_LIMITS = { perEnvironment: 50, value: 4_000 } as const;

/** A variable's name, as steps name it (`{{token}}`). */
const secretName = lazy(() =>
  z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\s{}]+$/),
);

export const runSecretSetBody = lazy(() =>
  z.object({ envId: environmentIdSchema, name: secretName, value: z.string().min(1).max(RUN_SECRET_LIMITS.value) }),
);
export const runSecretDeleteQuery = lazy(() => z.object({ envId: environmentIdSchema, name: secretName }));

/** All a client ever learns of a run secret. */
export const runSecretView = lazy(() =>
  z.object({ name: z.string(), set: z.literal(true), updatedAt: z.string(), updatedByName: z.string() }),
);
export type RunSecretView = z.output<typeof runSecretView>;
