/**
 * How every importer reads a foreign file's loose JSON: a field is what it claims to be, or an empty one of its
 * kind, so a mapper never trips over a number where a string belongs or an object where a list does.
 */
export type Obj = Record<string, unknown>;

export const isObject = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** A string, or ''. */
export const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A string, or a number as its text (tools that write ids and codes as either), or ''. */
export const textOrNumber = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A list, or []. */
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
