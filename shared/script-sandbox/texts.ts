/** The sandbox's own warnings and errors in the run's language (./texts.zh.ts, ./texts.en.ts), `{{name}}` filled in. */
import type { Locale } from '@shared/constants';
import { scriptsEn } from './texts.en';
import { scriptsZh } from './texts.zh';

export type ScriptTextKey = keyof typeof scriptsZh;

const TEXTS: Record<Locale, Record<ScriptTextKey, string>> = { zh: scriptsZh, en: scriptsEn };

export const scriptText = (locale: Locale, key: ScriptTextKey, values: Record<string, string | number> = {}) =>
  TEXTS[locale][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
