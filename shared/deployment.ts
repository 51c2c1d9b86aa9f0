/**
 * Facts about how the app is served that the CDK stack and the local gateway must agree on: the security
 * headers of every page, and the window-level config script (`/config.js`) the web app reads at start.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data: blob: https: http:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  'frame-src https: http:',
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
} as const;

export const HSTS_MAX_AGE_SECONDS = 63_072_000; // two years

/** Settings a deployment gives the web app through `window.APILOOM_CONFIG`. */
export interface DeploymentConfig {
  environment: string;
  apiBase: string;
  offline: boolean;
  mockBase: string;
  cdnBase?: string;
}

export const configScript = (config: DeploymentConfig) => `window.APILOOM_CONFIG = ${JSON.stringify(config)};\n`;
