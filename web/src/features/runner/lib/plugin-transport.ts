/**
 * Sending through the browser plug-in (extension/, issue 24): the page hands the request to the extension by
 * `chrome.runtime.sendMessage(pluginId, …)`, which Chrome allows only from the origins the extension's manifest
 * names; the extension reaches the target from the browser (the user's machine, their intranet, no CORS), once the
 * user has allowed that target's origin in the window it opens.
 */
import type { RunRequest, RunResponse } from '@shared/schemas/runner';
import { config } from '../../../config';
import { i18n } from '../../../i18n';
import '../../../i18n/plugin';
import { RunError } from './proxy-transport';

interface ChromeRuntime {
  sendMessage(extensionId: string, message: unknown, callback: (reply: unknown) => void): void;
  lastError?: { message?: string };
}

/** Present only when an installed extension names this page's origin in `externally_connectable`. */
const runtime = () => (globalThis as { chrome?: { runtime?: ChromeRuntime } }).chrome?.runtime;

/** One message to the plug-in; undefined when it is not installed (or does not answer within `timeoutMs`). */
function ask(message: unknown, timeoutMs: number): Promise<unknown> {
  const chrome = runtime();
  if (!chrome?.sendMessage) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    try {
      chrome.sendMessage(config.pluginId, message, (reply) => {
        clearTimeout(timer);
        // Reading lastError is what tells Chrome the failure was seen ("Receiving end does not exist").
        resolve(chrome.lastError ? undefined : reply);
      });
    } catch {
      clearTimeout(timer);
      resolve(undefined);
    }
  });
}

export interface PluginStatus {
  installed: boolean;
  version?: string;
  /** Origin patterns the user has allowed (`https://api.example.com/*`). */
  granted: string[];
}

export async function pluginStatus(): Promise<PluginStatus> {
  const reply = (await ask({ type: 'apiloom.ping' }, 2_000)) as { version?: string; granted?: string[] } | undefined;
  if (!reply?.version) return { installed: false, granted: [] };
  return { installed: true, version: reply.version, granted: reply.granted ?? [] };
}

type Failure =
  { error: 'notGranted'; origin: string } | { error: 'timeout' | 'unreachable' | 'invalid' | 'failed' | 'unknown'; detail?: string };

export async function pluginTransport(req: RunRequest, signal?: AbortSignal): Promise<RunResponse> {
  // The plug-in gives up after RUN_TIMEOUT_MS itself; a little more here for the message to come back.
  const sent = ask({ type: 'apiloom.send', request: req }, 35_000);
  const aborted = new Promise<never>((_, reject) => {
    signal?.addEventListener(
      'abort',
      () => reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError')),
      {
        once: true,
      },
    );
  });
  const reply = (await Promise.race([sent, aborted])) as RunResponse | Failure | undefined;
  if (!reply) throw new RunError(i18n.t('plugin.errors.notInstalled'));
  if ('error' in reply) {
    if (reply.error === 'notGranted') throw new RunError(i18n.t('plugin.errors.notGranted', { origin: reply.origin.replace(/\/\*$/, '') }));
    const key = reply.error === 'unknown' ? 'failed' : reply.error;
    throw new RunError(i18n.t(`plugin.errors.${key}`, { detail: reply.detail ?? '' }));
  }
  return reply;
}
