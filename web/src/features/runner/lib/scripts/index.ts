/**
 * The request scripts' entry for the runner (issue 24): `createScriptRunner()` runs pre-request and post-response
 * scripts in a Web Worker made on the first script (the QuickJS and chai it loads stay out of the page's chunks),
 * with a deadline and a memory cap. The sandbox itself is shared/script-sandbox/sandbox.ts; the watchdog ./worker-runner.ts.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@shared/constants';
import { i18n } from '../../../../i18n';
import { SCRIPT_LIMITS } from '@shared/script-sandbox/limits';
import { createWorkerScriptRunner, type ScriptRunner } from './worker-runner';

export type { ScriptContext, ScriptPhase, ScriptResult, ScriptTest } from '@shared/script-sandbox/types';
export type { ScriptRunner };

const pageLocale = (): Locale => {
  const language = i18n.language;
  return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : DEFAULT_LOCALE;
};

export function createScriptRunner(): ScriptRunner {
  return createWorkerScriptRunner({
    makeWorker: () => new Worker(new URL('./scripts.worker.ts', import.meta.url), { type: 'module', name: 'request-scripts' }),
    locale: pageLocale,
    deadlineMs: SCRIPT_LIMITS.deadlineMs,
  });
}
