/**
 * Facts about how the app is served that the CDK stack and the local gateway must agree on: the security
 * headers of every page, and the window-level config script (`/config.js`) the web app reads at start.
 */
/**
 * The page's CSP. `uploadOrigin` is the files bucket's own origin: browsers PUT uploads straight to it with a
 * presigned URL (s3rver's address locally); `mockOrigin` is the mock server's, which the mock editor's preview
 * calls. Those are the only places besides our own origin the page may connect to. Scripts are our own, and may
 * compile WebAssembly (`wasm-unsafe-eval`, which allows nothing else: no JavaScript eval): the import preview's
 * worker reads a pasted cURL command with curlconverter's bash parser, tree-sitter in WebAssembly.
 * The interface test runner's direct mode (issue 24) sends from the page to whatever address its user types, so
 * `connect-src` also admits any http(s) address; the page never sends its cookies there (`credentials: 'omit'`).
 */
export const contentSecurityPolicy = (uploadOrigin: string, mockOrigin: string) =>
  [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "img-src 'self' data: blob: https: http:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    'frame-src https: http:',
    `connect-src 'self' ${uploadOrigin} ${mockOrigin} https: http:`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');

export const securityHeaders = (uploadOrigin: string, mockOrigin: string) =>
  ({
    'content-security-policy': contentSecurityPolicy(uploadOrigin, mockOrigin),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
  }) as const;

export const HSTS_MAX_AGE_SECONDS = 63_072_000; // two years

/** Settings a deployment gives the web app through `window.APILOOM_CONFIG`. */
export interface DeploymentConfig {
  environment: string;
  apiBase: string;
  offline: boolean;
  /** The mock origin, a full URL: a project's mocks answer at `{mockBase}/{projectId}/{path}`. */
  mockBase: string;
  cdnBase?: string;
}

export const configScript = (config: DeploymentConfig) => `window.APILOOM_CONFIG = ${JSON.stringify(config)};\n`;
