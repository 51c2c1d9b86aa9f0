/**
 * The HTTP status of each answer on the open API (/open/v1, issue 26). The rest of the API answers its catalogued
 * errors with HTTP 200 (spec section 8: the web client shows the message); a CLI acts on the status instead, so
 * the open routes keep the `{code, message, data}` body and add the status its code means.
 */
import { ERRORS } from './errors';

const BY_CODE: ReadonlyMap<number, number> = new Map([
  [ERRORS.notLoggedIn.code, 401],
  [ERRORS.sessionExpired.code, 401],
  [ERRORS.tokenInvalid.code, 401],
  [ERRORS.tokenExpired.code, 401],
  [ERRORS.forbidden.code, 403],
  [ERRORS.tokenScope.code, 403],
  [ERRORS.crossSiteRequest.code, 403],
  [ERRORS.notFound.code, 404],
  [ERRORS.documentBinned.code, 404],
  [ERRORS.exportExpired.code, 404],
  [ERRORS.releaseNotFound.code, 404],
  [ERRORS.conflict.code, 409],
  [ERRORS.wrongState.code, 409],
  [ERRORS.staleRevision.code, 409],
  [ERRORS.importTooLarge.code, 413],
  [ERRORS.contentTooLarge.code, 413],
  [ERRORS.unsupportedContentType.code, 415],
  [ERRORS.tooManyRequests.code, 429],
  [ERRORS.serviceBusy.code, 429],
]);

/** The status of an open-API answer with this code: 200 for success, 422 for any other refusal of the input. */
export function openStatus(code: number): number {
  if (code === 0) return 200;
  const known = BY_CODE.get(code);
  if (known) return known;
  if (code >= 45000 && code < 46000) return 422;
  if (code >= 50000) return 500;
  return 400;
}
