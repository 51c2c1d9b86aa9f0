import { useState } from 'react';
import type * as z from 'zod';
import { isApiError } from './api/client';

export type FieldErrors = Record<string, string>;

/**
 * Client-side validation with the same zod schemas the API uses. Issue messages are message keys (`v.password`),
 * translated by the caller; a 45002 answer's per-field messages (already localised) land in the same place.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});

  function validate<S extends z.ZodType>(schema: S, values: unknown, t: (key: string) => string): z.output<S> | undefined {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const next: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.') || '_';
      next[field] ??= t(issue.message);
    }
    setErrors(next);
    return undefined;
  }

  /** Shows a server validation failure under its fields; returns false for any other error. */
  function fromServer(error: unknown): boolean {
    if (isApiError(error) && error.code === 45002) {
      const fields = (error.data as { fields?: FieldErrors } | null)?.fields;
      if (fields) {
        setErrors(fields);
        return true;
      }
    }
    return false;
  }

  return { errors, setErrors, validate, fromServer };
}
