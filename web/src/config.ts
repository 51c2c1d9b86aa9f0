import { APP_VERSION } from '@shared/constants';
import type { DeploymentConfig } from '@shared/deployment';

/**
 * The web app's configuration (spec section 3): defaults for a same-origin deployment, overridden by the
 * deployment's `window.APILOOM_CONFIG` (served as /config.js locally and by CloudFront).
 */
interface AppConfig extends DeploymentConfig {
  cdnBase: string;
  version: string;
  /** The browser plug-in's extension id (extension/manifest.json's `key` fixes it wherever it is loaded from). */
  pluginId: string;
}

declare global {
  interface Window {
    APILOOM_CONFIG?: Partial<AppConfig>;
  }
}

const defaults: AppConfig = {
  apiBase: '/api',
  environment: 'production',
  cdnBase: '',
  // The mock origin is never the app's own: a deployment names it in /config.js. Without it there is no mock URL
  // to show or call, and the mock editor says so.
  mockBase: '',
  version: APP_VERSION,
  offline: false,
  pluginId: 'papankcihbknnieebhkfglgfinkddfge',
};

export const config: AppConfig = { ...defaults, ...(typeof window === 'undefined' ? {} : window.APILOOM_CONFIG) };

/** Image paths get the CDN base unless they are absolute URLs or inline data. */
export function imageUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('data:')) return path;
  return `${config.cdnBase}${path}`;
}

/** The app's own origins: this page's, the API's and the mock origin's (files are served on the page's origin). */
export function ownOrigins(): string[] {
  if (typeof location === 'undefined') return [];
  const api = new URL(config.apiBase || '/', location.href).origin;
  return [location.origin, api, ...(config.mockBase ? [config.mockBase] : [])];
}
