/** The sandbox's own warnings and errors in the run's language (web/src/i18n/scripts.*.ts), `{{name}}` filled in. */
import type { Locale } from '@shared/constants';
import { scriptsEn } from '../../../../i18n/scripts.en';
import { scriptsZh } from '../../../../i18n/scripts.zh';

export type ScriptTextKey = keyof typeof scriptsZh;

const TEXTS: Record<Locale, Record<ScriptTextKey, string>> = { zh: scriptsZh, en: scriptsEn };

export const scriptText = (locale: Locale, key: ScriptTextKey, values: Record<string, string | number> = {}) =>
  TEXTS[locale][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
