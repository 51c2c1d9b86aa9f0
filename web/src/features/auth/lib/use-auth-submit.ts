import type { FormInstance } from 'antd';
import { useState } from 'react';
import { ERRORS } from '@shared/errors';
import { isApiError } from '../../../lib/api';
import { errorMessage, serverFieldErrors, showServerError } from '../../../lib/form';

/**
 * The submit of the signed-out forms that spend a code (register, sign-in, recovery): busy while it runs, and a
 * refusal shown where the person can act on it, the same way on each page: the server's per-field messages
 * (45002) under their fields, a bad code under `code`, anything else as the page's alert (`failure`).
 * `claim` sees a refusal first and returns true for one the page shows itself (the sign-in step-up).
 */
export function useAuthSubmit<V>(form: FormInstance, run: (values: V) => Promise<void>, claim?: (err: unknown) => boolean) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function submit(values: V) {
    setBusy(true);
    setFailure(undefined);
    try {
      await run(values);
    } catch (err) {
      if (claim?.(err)) return;
      if (serverFieldErrors(err)) showServerError(form, err);
      else if (isApiError(err) && err.code === ERRORS.badVerificationCode.code) form.setFields([{ name: 'code', errors: [err.message] }]);
      else setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return { busy, failure, submit: (values: V) => void submit(values) };
}
