import type { ErrorKey } from '@shared/errors';

/**
 * The only error handlers throw on purpose. It names a catalogue entry; the error middleware turns it into the
 * `{code, message, data}` envelope in the caller's language. Anything else thrown becomes a system error.
 */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params: Record<string, string | number | undefined> = {},
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const fail = (key: ErrorKey, params?: Record<string, string | number | undefined>, data?: unknown): never => {
  throw new AppError(key, params, data);
};
