/**
 * Input validation with the shared zod schemas, in the caller's language: zod's own texts come from its zh/en
 * locales, ours are message keys (`v.password`) translated here. A failure is one 45002 with a message per field.
 */
import type * as z from 'zod';
import zhLocale from 'zod/v4/locales/zh-CN.js';
import enLocale from 'zod/v4/locales/en.js';
import { translate, type Locale } from '@shared/messages';
import { AppError } from '../core/app-error';

const zodLocales = { zh: zhLocale().localeError, en: enLocale().localeError } as const;

function validationError(locale: Locale, error: z.ZodError, prefix: string[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = [...prefix, ...issue.path.map(String)].join('.') || '_';
    fields[field] ??= translate(locale, issue.message);
  }
  return new AppError('invalidInput', {}, { fields });
}

/** Parses `value` or throws 45002; `prefix` names where a nested value sits (`content.path`). */
export function parseWith<S extends z.ZodType | undefined>(
  schema: S,
  value: unknown,
  locale: Locale,
  prefix: string[] = [],
): S extends z.ZodType ? z.output<S> : undefined {
  if (!schema) return undefined as never;
  const parsed = schema.safeParse(value, { error: zodLocales[locale] });
  if (!parsed.success) throw validationError(locale, parsed.error, prefix);
  return parsed.data as never;
}
