/** Content fields are untyped JSON; show strings and numbers, nothing else. */
export const str = (value: unknown, fallback: string | number = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : String(fallback);
