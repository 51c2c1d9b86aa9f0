/**
 * Forms validate with the same zod schemas the API uses, and show what the server refused where it belongs:
 * a 45002 answer's per-field messages under their fields, anything else at a named field or as a toast.
 */
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type * as z from 'zod';
import { i18n } from '../i18n';
import { isApiError } from './api';
import { notify } from './notify';

/** An antd rule from a zod schema; issue messages are message keys (`v.password`), translated here. */
export const zodRule = (schema: z.ZodType): Rule => ({
  validator: async (_rule, value: unknown) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new Error(i18n.t(parsed.error.issues[0]?.message ?? 'v.required'));
  },
});

/** The "confirm password" rule: the same text as the form's `field`, or "the passwords do not match". */
export const sameAs =
  (field: string): Rule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value !== getFieldValue(field)) throw new Error(i18n.t('v.passwordMismatch'));
    },
  });

/** The message a failure shows: the server's (already localised), or "system busy". */
export const errorMessage = (error: unknown) => (isApiError(error) && error.message) || i18n.t('api.busy');

/**
 * Shows a refused request on the form: per-field messages at their fields (server field names may be dotted,
 * `content.url`, and map to form paths), `atField` puts any other failure under one field; otherwise a toast.
 */
/** The per-field messages of an invalid-input refusal (45002), when it carries any. */
export const serverFieldErrors = (error: unknown): Record<string, string> | undefined => {
  const fields = isApiError(error) && error.code === 45002 ? (error.data as { fields?: Record<string, string> } | null)?.fields : undefined;
  return fields && Object.keys(fields).length ? fields : undefined;
};

export function showServerError(
  form: FormInstance | null,
  error: unknown,
  opts: { atField?: string | string[]; fieldMap?: Record<string, string | string[]> } = {},
) {
  const fields = serverFieldErrors(error);
  if (form && fields) {
    const known = new Set(Object.keys(form.getFieldsValue(true) as object));
    const entries = Object.entries(fields).map(([name, message]) => {
      const path = opts.fieldMap?.[name] ?? (name.includes('.') ? name.split('.') : name);
      return { name: path, errors: [message] };
    });
    const shown = entries.filter((e) => known.has(Array.isArray(e.name) ? e.name[0]! : e.name));
    if (shown.length) form.setFields(shown);
    if (shown.length === entries.length) return;
    notify.error(
      entries
        .filter((e) => !shown.includes(e))
        .map((e) => e.errors[0])
        .join('; '),
    );
    return;
  }
  if (form && opts.atField) {
    form.setFields([{ name: opts.atField, errors: [errorMessage(error)] }]);
    return;
  }
  notify.error(errorMessage(error));
}
