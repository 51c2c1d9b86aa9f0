/** Product constants of spec section 9, shared by web and functions. */
/**
 * The session cookie (spec section 9: 7 days, path /). HttpOnly: page scripts never see the session. Over HTTPS
 * it takes the `__Host-` prefix (Secure, path /, no Domain: no subdomain can set or shadow it); local http keeps
 * the plain name, as browsers refuse `__Host-` cookies there.
 */
export const TOKEN_COOKIE = 'apiloom-token';
export const TOKEN_COOKIE_HTTPS = `__Host-${TOKEN_COOKIE}`;
/**
 * A readable hint that this browser holds a session, set and cleared with the session cookie: how the web app
 * knows it is signed in (and that a session it had ran out) without reading the session itself. Not a secret.
 */
export const SESSION_HINT_COOKIE = 'apiloom-signed-in';
export const TOKEN_HEADER = 'token';
export const SHARE_TOKEN_HEADER = 'share-token';
export const PROJECT_VERSION_HEADER = 'X-PROJECT-VERSION';
export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * What a cacheable API answer depends on besides its path and query: who asks (session or share token), which
 * release, which language. CloudFront keys its cache on them (with the session cookie), and the answer names them
 * in `Vary` so a browser keeps one copy per reader and version too.
 */
export const API_CACHE_KEY_HEADERS = [
  TOKEN_HEADER,
  SHARE_TOKEN_HEADER,
  PROJECT_VERSION_HEADER.toLowerCase(),
  'accept-language',
  'authorization',
];

/** The languages of the app and the API: Chinese by default, and English. */
export const LOCALES = ['zh', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh';

export const SESSION_TTL_SECONDS = 604_800; // 7 days, also the cookie lifetime
export const REQUEST_TIMEOUT_MS = 30_000;
export const EXPORT_TIMEOUT_MS = 120_000;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const DEFAULT_AFTER_LOGIN = '/dashboard';
export const APP_VERSION = '3.6.5';

export const VERIFICATION_CODE_TTL_SECONDS = 600; // 10 minutes
export const VERIFICATION_CODE_RESEND_SECONDS = 60;
export const VERIFICATION_CODE_MAX_PER_DAY = 10;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;

/**
 * Failed sign-ins allowed in a window: per account and address (the short lock a stranger cannot impose on the
 * owner), per account (a cap on distributed guessing: OWASP ASVS 2.2.1, at most 100 an hour), per address.
 */
export const LOGIN_FAILURES_PER_PAIR = { limit: 5, seconds: 900 };
export const LOGIN_FAILURES_PER_ACCOUNT = { limit: 100, seconds: 3600 };
export const LOGIN_FAILURES_PER_ADDRESS = { limit: 20, seconds: 900 };
/** Verification codes (and "already registered" notices) one client address may request in an hour. */
export const CODE_SENDS_PER_ADDRESS = { limit: 20, seconds: 3600 };

export const LIMITS = {
  folderName: 16,
  /** Characters of one comment (issue 38): a long discussion belongs in the document. */
  commentChars: 10_000,
  projectName: 64,
  projectDescription: 500,
  userGroupName: 12,
  teamName: 32,
  shareName: 64,
  documentTitle: 30,
  nickname: 32,
  passwordMin: 8,
  passwordMax: 64,
  imageBytes: 500 * 1024,
  attachmentBytes: 10 * 1024 * 1024,
  /** A document's content as JSON. A synchronous Lambda answer stops at 6 MB, so larger could be saved but never read. */
  documentContentBytes: 2 * 1024 * 1024,
  /** Nesting of request and response parameters; deeper trees are refused before validation recurses. */
  paramDepth: 32,
} as const;

/** How many of a project's latest saves its overview lists (`document.recent`). */
export const RECENT_CHANGES_SHOWN = 8;

/**
 * The mock origin: a project's mocks answer at `{mockBase}/{projectId}/{path}`. A project may require a token,
 * sent as the query parameter or the header named here.
 */
export const MOCK_TOKEN_QUERY = 'mockToken';
export const MOCK_TOKEN_HEADER = 'x-mock-token';
/** Requests per second a project's mocks take, as a token bucket per function instance (MOCK_RATE, MOCK_BURST override). */
export const MOCK_THROTTLE = { perSecond: 100, burst: 200 };
/**
 * The statuses a mock may answer with. 1xx are protocol steps (101 switches protocols), not answers, and a
 * status past 599 is no HTTP status at all.
 */
export const MOCK_STATUS = { min: 200, max: 599 } as const;
/** How long the mock function serves the settings it read before it checks for changes: a save is live within this. */
export const MOCK_SETTINGS_TTL_MS = 1_000;

/** Wrong share passwords allowed per share, and per client address across shares, before every answer is 429. */
export const SHARE_GUESSES_PER_SHARE = { limit: 10, seconds: 900 };
export const SHARE_GUESSES_PER_ADDRESS = { limit: 30, seconds: 900 };
/** Requests one user may send through the interface-test proxy in a minute. */
export const PROXY_SENDS_PER_USER = { limit: 60, seconds: 60 };
/**
 * Requests one project token may make of the open API in ten seconds (issue 37): six a second, where the CLI polls
 * a job twice a second; a tool that reads faster is told when to come back (429, Retry-After), and a leaked token
 * cannot be used to flood.
 */
export const OPEN_API_REQUESTS_PER_TOKEN = { limit: 60, seconds: 10 };

/** Team and project invitation codes stay valid this long (spec section 9). */
export const INVITATION_TTL_SECONDS = 3_600;

/** Recycled projects are destroyed this long after they were deleted (spec section 9). */
export const RECYCLE_RETENTION_DAYS = 30;

/** BIND_PHONE: the phone a person binds during a third-party sign-in, before any session (POST /user/phone-not-login). */
export const CODE_PURPOSES = ['REGISTER', 'RESET_PWD', 'EMAIL_UPDATE', 'PHONE_UPDATE', 'LOGIN', 'BIND_PHONE'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** What one import takes at most (the presigned upload is signed for at most this). */
/** How long a project token may live, in days. */
export const PROJECT_TOKEN_MAX_DAYS = 365;
/** Tokens a project may hold (live and revoked, until they expire). */
export const PROJECT_TOKENS_MAX = 50;

export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/**
 * Documents one import may bring (issue 39): GitHub's REST description, the largest real one we know, is 2,192; a
 * 20,000-operation file (3 MB, under the byte cap) staged for minutes and slowed every other caller. A larger
 * file is refused before anything is written.
 */
export const IMPORT_MAX_DOCUMENTS = 5_000;
/** Documents (folders included, the document bin not) a project may hold; an import past it is refused before writing. */
export const PROJECT_MAX_DOCUMENTS = 20_000;

/**
 * Project tokens (issue 26): `Authorization: Bearer apl_<43 base64url characters>` on the open API (/open/v1).
 * The prefix lets secret scanners recognise a leaked one. CloudFront forwards `authorization` only as part of the
 * cache key (API_CACHE_KEY_HEADERS), which also keeps one token's answers from another's.
 */
export const PROJECT_TOKEN_PREFIX = 'apl_';
export const PROJECT_TOKEN_PATTERN = /^apl_[A-Za-z0-9_-]{43}$/;
export const PROJECT_TOKEN_SCOPES = ['import', 'read', 'run'] as const;
export type ProjectTokenScope = (typeof PROJECT_TOKEN_SCOPES)[number];
export const OPEN_API_BASE = '/open/v1';
/**
 * Third-party sign-in (issue 25): the spec's three provider kinds, a code host (GitHub, and Gitee of the same
 * shape), a microblog (Weibo) and a chat app's website QR login (WeChat). Only configured ones are offered.
 */
export const THIRD_PARTY_PROVIDERS = ['github', 'gitee', 'weibo', 'wechat'] as const;
export type ThirdPartyProvider = (typeof THIRD_PARTY_PROVIDERS)[number];
/** How long a started third-party sign-in (its `state`) and a pending "bind a phone" ticket stay good. */
export const THIRD_PARTY_STATE_TTL_SECONDS = 600;
/** The HttpOnly cookie that ties a started third-party sign-in to the browser that started it. */
export const THIRD_PARTY_STATE_COOKIE = 'apiloom-oauth';

/**
 * Export and import formats and import modes, here rather than beside their schemas so that the dependency-free
 * CLI (cli/) imports the same lists the open API validates with, without zod.
 */
/** Every format an export can be asked for; the worker's writer registry says which it can write today. */
export const EXPORT_FORMATS = [
  'apiloom',
  'openapi-json',
  'openapi-yaml',
  'postman',
  'postman-environment',
  'markdown',
  'html',
  'pdf',
  'docx',
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Every format the importers read (shared/import/<format>); detection picks one when none is named. */
export const IMPORT_FORMATS = [
  'openapi',
  'postman',
  'postman-environment',
  'har',
  'yapi',
  'rap2',
  'showdoc',
  'xiaoyaoji',
  'curl',
  'apiloom',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** What an import does with a document that already exists. */
export const IMPORT_MODES = ['skip', 'merge', 'overwrite'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/**
 * What the site serves for download, built beside the web app (scripts/build-downloads.ts) and deployed with it:
 * the one-file CLI (`curl …/cli/apiloom.mjs` in CI) and the browser plug-in's package.
 */
export const DOWNLOADS = { cli: '/cli/apiloom.mjs', plugin: '/downloads/apiloom-extension.zip' } as const;
