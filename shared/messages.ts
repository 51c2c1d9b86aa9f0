/**
 * Messages that both the API and the web app show: error texts and validation texts. i18next syntax
 * (`{{name}}`), so the web merges these into its resources and the functions interpolate them the same way.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from './constants';
import { messages, type ValidationKey } from './message-tables';

export { DEFAULT_LOCALE, LOCALES, messages, type Locale };

/** `v.password` style keys, used as zod issue messages and resolved per request or per UI language. */
export const vKey = (key: ValidationKey) => `v.${key}` as const;

export function pickLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  for (const part of acceptLanguage.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const base = tag.split('-')[0];
    if (base === 'zh' || base === 'en') return base;
  }
  return DEFAULT_LOCALE;
}

/** Looks up `error.x` or `v.x` and fills `{{params}}`; unknown keys come back unchanged (plain zod texts). */
export function translate(locale: Locale, key: string, params: Record<string, string | number | undefined> = {}): string {
  const [group, name] = key.split('.', 2) as [string, string | undefined];
  const table = (messages[locale] as Record<string, Record<string, string>>)[group];
  const template = name !== undefined ? table?.[name] : undefined;
  if (template === undefined) return key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, p: string) => String(params[p] ?? ''));
}
