/**
 * The HTTP status of a refusal, for readers that act on statuses rather than on the envelope's code: the open API
 * (/open/v1, issue 26: a CLI in CI) and the routes that answer a text of their own (`produces`: a share's llms.txt
 * and markdown, read by plain HTTP clients). The app's own routes answer catalogued errors with HTTP 200 (spec
 * section 8: the web client shows the message); these keep the `{code, message, data}` body and add the status.
 */
import { ERRORS, type ErrorKey } from './errors';

const BY_CODE: ReadonlyMap<number, number> = new Map([
  [ERRORS.notLoggedIn.code, 401],
  [ERRORS.sessionExpired.code, 401],
  [ERRORS.tokenInvalid.code, 401],
  [ERRORS.tokenExpired.code, 401],
  [ERRORS.sharePassword.code, 401],
  [ERRORS.forbidden.code, 403],
  [ERRORS.tokenScope.code, 403],
  [ERRORS.crossSiteRequest.code, 403],
  [ERRORS.notFound.code, 404],
  [ERRORS.documentBinned.code, 404],
  [ERRORS.exportExpired.code, 404],
  [ERRORS.releaseNotFound.code, 404],
  [ERRORS.versionNotFound.code, 404],
  [ERRORS.conflict.code, 409],
  [ERRORS.wrongState.code, 409],
  [ERRORS.staleRevision.code, 409],
  [ERRORS.shareExpired.code, 410],
  [ERRORS.importTooLarge.code, 413],
  [ERRORS.contentTooLarge.code, 413],
  [ERRORS.unsupportedContentType.code, 415],
  [ERRORS.tooManyRequests.code, 429],
  [ERRORS.serviceBusy.code, 429],
]);

/** The rest by the catalogue's numbering: 41 not signed in, 42 refused, 43 not found, 45 bad input, 50 failure. */
const BY_FAMILY: Readonly<Record<number, number>> = { 41: 401, 42: 403, 43: 404, 45: 422, 50: 500 };

/** The status of an answer with this code: 200 for success; a status the catalogue fixes wins over the code's. */
export function httpStatus(key: ErrorKey | null): number {
  if (key === null) return 200;
  const { code, status } = ERRORS[key];
  if (status !== 200) return status;
  return BY_CODE.get(code) ?? BY_FAMILY[Math.floor(code / 1000)] ?? 400;
}
