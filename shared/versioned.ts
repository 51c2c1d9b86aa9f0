/**
 * Stored shapes that outlive the code that wrote them (document content, export files) carry a version number
 * `v`, and reading migrates older versions forward one step at a time: each version has its schema and an `up`
 * from the version before (the hoppscotch-data pattern). Data written before versioning existed has no `v` and
 * reads as version 1.
 */
import type * as z from 'zod';

interface VersionDef<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** Turns data of the previous version (already parsed by that version's schema) into this version's input. */
  up?: (previous: unknown) => z.input<S>;
}

interface Versioned<S extends z.ZodType> {
  /** The newest version number. */
  latest: number;
  /** The newest shape. */
  schema: S;
  /** Stored data of any known version, migrated to the newest shape (defaults applied). */
  read(stored: unknown): z.output<S>;
  /** The stored form of newest-shape data: the data with its version marker. */
  write(data: z.output<S>): z.output<S> & { v: number };
}

export class UnknownVersionError extends Error {
  constructor(readonly version: unknown) {
    super(`unknown stored version ${String(version)}`);
    this.name = 'UnknownVersionError';
  }
}

/** `versions[0]` is version 1; the last entry is the newest. */
export function versioned<const V extends readonly [VersionDef, ...VersionDef[]]>(
  versions: V,
): Versioned<V extends readonly [...unknown[], VersionDef<infer L>] ? L : never> {
  const latest = versions.length;
  const schema = versions[latest - 1]!.schema;
  return {
    latest,
    schema: schema as never,
    read(stored) {
      const { v = 1, ...fields } = (stored && typeof stored === 'object' ? stored : {}) as { v?: unknown };
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > latest) throw new UnknownVersionError(v);
      let data: unknown = versions[v - 1]!.schema.parse(fields);
      for (let next = v + 1; next <= latest; next++) {
        const def = versions[next - 1]!;
        data = def.schema.parse(def.up ? def.up(data) : data);
      }
      return data as never;
    },
    write: (data) => ({ ...(data as object), v: latest }) as never,
  };
}
