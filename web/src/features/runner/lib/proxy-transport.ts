/**
 * Sending through our proxy (`POST /proxy/send`, issue 24): the request goes from our server, so a target without
 * CORS answers too; only public addresses (the plug-in reaches the user's own machine and intranet). A refusal
 * rejects with a RunError whose message is the server's, in the page's language (address refused, too many
 * redirects, timeout, request body too large, unreachable); past the per-user limit, the 429's.
 */
import { ERRORS } from '@shared/errors';
import type { RunRequest, RunResponse } from '@shared/schemas/runner';
import { i18n } from '../../../i18n';
import { api, isApiError, isTooManyRequests } from '../../../lib/api';

/** Why a transport did not bring a response back, said for the user. */
export class RunError extends Error {
  constructor(
    message: string,
    /** The catalogue's code for a refusal of the proxy; 0 when the cause is not the API's. */
    readonly code = 0,
  ) {
    super(message);
    this.name = 'RunError';
  }
}

export async function proxyTransport(req: RunRequest, signal?: AbortSignal): Promise<RunResponse> {
  try {
    return await api.call('proxy.send', { body: req }, { ignoreMessage: true, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (isTooManyRequests(error))
      throw new RunError(i18n.t('error.proxyThrottled', { seconds: error.retryAfter ?? 60 }), ERRORS.proxyThrottled.code);
    if (isApiError(error)) throw new RunError(error.message, error.code);
    throw error;
  }
}
