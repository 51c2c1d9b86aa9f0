/**
 * A scenario step's pre-request and post-response scripts run in the interface runner's sandbox (the `pm` subset in
 * QuickJS: ./sandbox.ts), one sandbox for the whole run: chai loads once, each script gets a fresh `pm`.
 */
import type { Locale } from '@shared/constants';
import type { ScenarioScripts } from '@shared/scenarios/engine';
import type { ScriptSandbox } from './sandbox';

export const scenarioScripts =
  (sandbox: ScriptSandbox, locale: Locale): ScenarioScripts =>
  (phase, code, run) =>
    sandbox.run(phase, code, run, { locale });
