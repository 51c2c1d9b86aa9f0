/**
 * The error catalogue: every non-zero `code` the API sends. Spec section 8 fixes 41000 and 41001 and names
 * 42003, 43001, 43004, 45002 and 45016 as quiet, expected errors; the rest follow the same numbering.
 * Messages live in `messages.ts` under `error.<key>`, so web and functions localise them from one place.
 */
export const ERRORS = {
  notLoggedIn: { code: 41000, status: 200 },
  sessionExpired: { code: 41001, status: 200 },
  badCredentials: { code: 41002, status: 200 },
  /** The account saw many failed sign-ins: the password alone no longer signs in, a code sent to the account must come with it. */
  stepUpRequired: { code: 41004, status: 200 },
  forbidden: { code: 42003, status: 200 },
  registrationDisabled: { code: 42010, status: 200 },
  /** An offline deployment sends no codes to new addresses, so an account's email and phone stay as they are. */
  addressChangeDisabled: { code: 42030, status: 200 },
  tooManyRequests: { code: 42900, status: 200 },
  notFound: { code: 43001, status: 200 },
  routeNotFound: { code: 43001, status: 404 },
  conflict: { code: 43004, status: 200 },
  accountExists: { code: 43004, status: 200 },
  staleRevision: { code: 43009, status: 200 },
  invalidInput: { code: 45002, status: 200 },
  malformedBody: { code: 45002, status: 200 },
  badVerificationCode: { code: 45003, status: 200 },
  wrongOldPassword: { code: 45004, status: 200 },
  sharePassword: { code: 45016, status: 200 },
  alreadyOwner: { code: 43004, status: 200 },
  memberRequired: { code: 45006, status: 200 },
  folderCycle: { code: 45007, status: 200 },
  wrongState: { code: 43005, status: 200 },
  creatorCannotQuit: { code: 42004, status: 200 },
  imageTooLarge: { code: 45008, status: 200 },
  attachmentTooLarge: { code: 45009, status: 200 },
  fileTypeRefused: { code: 45010, status: 200 },
  uploadMissing: { code: 45011, status: 200 },
  retentionExpired: { code: 43006, status: 200 },
  /** A read of a document that is in its project's document bin (issue 27). */
  documentBinned: { code: 43014, status: 200 },
  crossSiteRequest: { code: 42005, status: 403 },
  contentTooLarge: { code: 45013, status: 200 },
  /** A request body past the gateway's payload limit (API Gateway's 10 MB), refused before any handler: HTTP 413. */
  requestTooLarge: { code: 45038, status: 413 },
  ownerRoleFixed: { code: 42006, status: 200 },
  creatorRoleFixed: { code: 42007, status: 200 },
  userNotVisible: { code: 42008, status: 200 },
  ownerCannotQuit: { code: 42009, status: 200 },
  notTeamMember: { code: 45014, status: 200 },
  notTeamProject: { code: 45015, status: 200 },
  invitationInvalid: { code: 43007, status: 200 },
  notDirectMember: { code: 45017, status: 200 },
  shareExpired: { code: 43008, status: 200 },
  releaseNotFound: { code: 43010, status: 200 },
  /** A compatibility report names a release that does not exist (issue 35): the message names it. */
  versionNotFound: { code: 43021, status: 200 },
  /** A compatibility policy names a check the engine does not have (issue 35): the message names it. */
  unknownCheck: { code: 45061, status: 200 },
  versionExists: { code: 43004, status: 200 },
  releaseReadOnly: { code: 42011, status: 200 },
  tooManyGuesses: { code: 42900, status: 429 },
  unsupportedContentType: { code: 45012, status: 415 },
  notApiDocument: { code: 45018, status: 200 },
  /** Spec section 5: variable names are unique in their environment. */
  variableDuplicated: { code: 43015, status: 200 },
  /** A project's environments, or an environment's variables, past their cap. */
  tooMany: { code: 45025, status: 200 },
  importInvalidType: { code: 45019, status: 200 },
  /** A file meant as JSON or YAML with a syntax error (its format, line and column in the message). */
  importSyntax: { code: 45051, status: 200 },
  importTooLarge: { code: 45020, status: 200 },
  importTooDeep: { code: 45021, status: 200 },
  importTooManyNodes: { code: 45022, status: 200 },
  /** An import bringing more documents than one import may (IMPORT_MAX_DOCUMENTS). */
  importTooManyDocuments: { code: 45052, status: 200 },
  /** An import that would take its project past PROJECT_MAX_DOCUMENTS. */
  projectTooManyDocuments: { code: 45053, status: 200 },
  /** An import job's URL was refused by the SSRF guard (loopback, private, metadata...) or could not be fetched. */
  importUrlRefused: { code: 45023, status: 200 },
  importUrlFailed: { code: 45024, status: 200 },
  /** A job that failed for a reason of ours: nothing was written. */
  importFailed: { code: 50004, status: 200 },
  /** An export format whose writer this deployment does not have (yet). */
  /** A share reader asked to export through a share that does not allow it. */
  exportNotAllowed: { code: 42012, status: 200 },
  /** An export's file is older than a day: gone. */
  exportExpired: { code: 43016, status: 200 },
  /** An export that failed for a reason of ours. */
  exportFailed: { code: 50005, status: 200 },
  // Answers of the mock origin, whose callers are other programs: the HTTP status carries the meaning too.
  mockNoMatch: { code: 43011, status: 404 },
  mockMethodNotAllowed: { code: 43013, status: 405 },
  mockOff: { code: 43012, status: 404 },
  /** The project's mock switch is off (the project settings' switch, not one API's type). */
  mockProjectOff: { code: 43017, status: 404 },
  mockTokenRequired: { code: 41003, status: 401 },
  mockThrottled: { code: 42901, status: 429 },
  mockFailed: { code: 50001, status: 500 },
  // DynamoDB or S3 still throttled (or failing) after every retry: the request was fine, the moment was not. HTTP 200,
  // so the client shows the message (spec section 8 turns any other status into a bare transport failure).
  serviceBusy: { code: 50003, status: 200 },
  /**
   * The request ran out of its time (overload, a slow dependency) and was answered before its Lambda would be cut
   * off: HTTP 503 with Retry-After, so any client knows to come back, never a bare 500 (issue 37).
   */
  serviceTimeout: { code: 50032, status: 503 },
  system: { code: 50000, status: 500 },
  // The interface-test proxy (POST /proxy/send): why it did not send, or what stopped the exchange.
  /** The target is not a public http(s) address (loopback, private, link-local, metadata, …), first or after a redirect. */
  proxyAddress: { code: 45601, status: 200 },
  proxyRedirects: { code: 45602, status: 200 },
  proxyTimeout: { code: 45603, status: 200 },
  /** The request's body past RUN_REQUEST_MAX_BODY_BYTES (a response past its cap comes back truncated instead). */
  proxyTooLarge: { code: 45604, status: 200 },
  proxyUnreachable: { code: 45605, status: 200 },
  /** Past the per-user limit: HTTP 429 with Retry-After. */
  proxyThrottled: { code: 42960, status: 429 },
  // Project tokens and the open API (issue 26). On /open/v1 routes every code also gets an HTTP status a CLI can
  // act on (shared/http-status.ts); elsewhere these keys answer 200 like the rest.
  /** A project token that matches none, or one revoked. */
  tokenInvalid: { code: 41005, status: 200 },
  /** A project token past its expiry. */
  tokenExpired: { code: 41006, status: 200 },
  /** A project token without the scope the route needs (a read token importing). */
  tokenScope: { code: 42013, status: 200 },
  // Test scenarios (issue 36)
  /** A scenario's steps and data set together past what one item holds. */
  scenarioTooLarge: { code: 45361, status: 200 },
  /** A scenario folder deleted while scenarios or folders are still in it. */
  scenarioFolderNotEmpty: { code: 43361, status: 200 },
  /** `apiloom run`: several scenarios (or folders, or environments) have this name; the id says which. */
  nameAmbiguous: { code: 45362, status: 200 },
  /** A server run refused: the project already has as many runs going as it may at once. */
  scenarioRunsBusy: { code: 42961, status: 200 },
  /** A server run's environment is not one of the scenario's project. */
  scenarioRunEnvironment: { code: 43365, status: 200 },
  /** A server run's data set could not be read (a missing column, a malformed file): the reason in `detail`. */
  scenarioRunDataSet: { code: 45363, status: 200 },
  /** A scenario import of something that is not a Postman collection v2.0 or v2.1. */
  postmanInvalid: { code: 45364, status: 200 },
  /** An environment holds at most RUN_SECRET_LIMITS.perEnvironment run secrets. */
  runSecretLimit: { code: 45365, status: 200 },
  /** A scenario has at most SCHEDULE_LIMITS.perScenario schedules. */
  scheduleLimit: { code: 45366, status: 200 },
  // Third-party sign-in (issue 25)
  /** An offline deployment offers no third-party sign-in. */
  thirdPartyDisabled: { code: 42031, status: 200 },
  // Comments (issue 38)
  /** A comment body past COMMENT_MAX_CHARS. */
  commentTooLong: { code: 45071, status: 200 },
  /** A comment body of white space and invisible characters only. */
  commentBlank: { code: 45072, status: 200 },
  /** Edits of someone else's comment, or a delete by neither its author nor an administrator. */
  commentNotYours: { code: 42071, status: 200 },
  /** A viewer writing a comment where the project lets only editors comment. */
  commentsClosedToViewers: { code: 42072, status: 200 },
  /** A provider this deployment has no client id and secret for. */
  thirdPartyNotOffered: { code: 45031, status: 200 },
  /** A callback whose `state` is unknown, expired, spent, for another provider or kind, or not this browser's. */
  thirdPartyStateInvalid: { code: 45032, status: 200 },
  /** The provider refused the code (expired, reused) or answered with an error. */
  thirdPartyRefused: { code: 45033, status: 200 },
  /** The provider identity is already bound to another account: never moved by a bind. */
  identityTaken: { code: 43031, status: 200 },
  /** This account already has an identity of that provider. */
  providerAlreadyBound: { code: 43032, status: 200 },
  /** The "bind a phone" ticket of a third-party sign-in is unknown, expired or spent. */
  bindTicketInvalid: { code: 45034, status: 200 },
  /** An unbind that would leave the account no way to sign in. */
  lastSignInWay: { code: 42032, status: 200 },
  // Leaving the product (issue 25, /dashboard/profile/quit)
  /** The account owns a team or projects others use: hand them over (or disband) first. The blockers come in `data`. */
  quitBlocked: { code: 43033, status: 200 },
  /** The confirmation typed on the quit page is not the phrase the page shows. */
  quitConfirmation: { code: 45035, status: 200 },
  /** The account's current password, asked before it is deleted, is wrong. */
  wrongPassword: { code: 45036, status: 200 },
  /** The account is being deleted right now: no new session for it. */
  accountLeaving: { code: 42033, status: 200 },
  /** The provider refused the authorisation code as expired, already used or never issued (they answer all three alike). */
  thirdPartyCodeExpired: { code: 45037, status: 200 },
  /** The mail or text message with a code could not be sent (the provider refused or failed): the code is void. */
  codeNotSent: { code: 50031, status: 200 },
} as const satisfies Record<string, { code: number; status: number }>;

export type ErrorKey = keyof typeof ERRORS;

export const OK_CODE = 0;

/** Codes the client handles as "go to /login" (spec section 8). */
export const SESSION_CODES: readonly number[] = [ERRORS.notLoggedIn.code, ERRORS.sessionExpired.code];

/** The `{code, message, data}` envelope every API response carries. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}
