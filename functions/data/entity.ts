/**
 * Entities, after electrodb's model: each domain module declares once how a record of its kind is stored (its
 * schema, the key built from the fields that name it, and the index entries composed from its fields, by the
 * functions of keys.ts, the one place key strings are built). Items are then made only here:
 * - `item(record)` carries every index entry the record is on, and none it is not on (a sparse index);
 * - an update that changes a field an index is composed from rewrites that index's attributes from the new
 *   values, or removes them when the record leaves the index, so no update can leave a stale index entry behind.
 */
import type * as z from 'zod';
import type { Guard, OnFailure, StrictGuard, TransactOp, UpdateSpec, WriteGuard } from './db';
import { asRecord, asRecords, putItem, updateItem, type Item } from './db';
import type { Condition } from './conditions';
import { ENTITY, type EntityName, type Key } from './keys';
import { TABLE, type IndexName } from './table';

/** An index entry as keys.ts builds it: `{ gsi1pk, gsi1sk }`. */
type IndexEntry = Record<string, string>;

interface Composition<R> {
  from: readonly Extract<keyof R, string>[];
  entry: (fields: Partial<R>) => IndexEntry | undefined;
}

/** Declares an index entry: the fields it is composed of, and the entry (undefined: not on the index). */
type Compose<R> = <F extends Extract<keyof R, string>>(
  from: readonly F[],
  entry: (fields: Pick<R, F>) => IndexEntry | undefined,
) => Composition<R>;

type Field<R> = Extract<keyof R, string>;

/** An update of a record's fields, typed by the record. */
export interface EntityUpdate<R> {
  set?: Partial<R> & Item;
  add?: Partial<Record<Field<R>, number>>;
  /** Fields to remove; a path (`['groupRoles', id]`) removes one entry of a map. */
  remove?: (Field<R> | readonly [Field<R>, ...string[]])[];
  bumpRev?: boolean;
}

const indexAttributes = (name: IndexName) => {
  const index = TABLE.indexes.find((i) => i.name === name)!;
  return [index.partitionKey, index.sortKey];
};

export function defineEntity<S extends z.ZodType<Item>, I extends object>(def: {
  name: EntityName;
  schema: S;
  /** The item's key, from the fields that name it (a record has them all). */
  key: (ids: I) => Key;
  indexes?: (compose: Compose<z.output<S>>) => Partial<Record<IndexName, Composition<z.output<S>>>>;
}) {
  type R = z.output<S>;
  const compose: Compose<R> = (from, entry) => ({ from, entry: entry as Composition<R>['entry'] });
  const indexes = Object.entries(def.indexes?.(compose) ?? {}) as [IndexName, Composition<R>][];

  /** The index attributes an update of `changed` fields must write (from `values`) or remove. */
  function indexChanges(values: Partial<R>, changed: ReadonlySet<string>) {
    const set: Item = {};
    const remove: string[] = [];
    for (const [name, composition] of indexes) {
      if (!composition.from.some((field) => changed.has(field))) continue;
      const missing = composition.from.filter((field) => !(field in values));
      if (missing.length) throw new Error(`${def.name}: an update of ${[...changed].join(', ')} needs ${missing.join(', ')} for ${name}`);
      const entry = composition.entry(values);
      if (entry) Object.assign(set, entry);
      else remove.push(...indexAttributes(name));
    }
    return { set, remove };
  }

  /** The update as the data layer takes it, with the index attributes it changes. */
  function updateSpec(ids: I, update: EntityUpdate<R>): UpdateSpec {
    const removed = (update.remove ?? []).filter((path): path is Field<R> => typeof path === 'string');
    const changed = new Set([...Object.keys(update.set ?? {}), ...Object.keys(update.add ?? {}), ...removed]);
    const values = { ...ids, ...Object.fromEntries(removed.map((field) => [field, undefined])), ...update.set } as Partial<R>;
    const index = indexChanges(values, changed);
    return {
      set: { ...update.set, ...index.set },
      add: update.add as Record<string, number> | undefined,
      remove: [...(update.remove ?? []), ...index.remove],
      bumpRev: update.bumpRev,
    };
  }

  /**
   * Updates the item named by `ids` (the index entries composed of changed fields are rewritten with it) and
   * answers the record as it now stands; undefined when the guard's failure skipped the write.
   */
  async function update(ids: I, changes: EntityUpdate<R>, guard?: StrictGuard): Promise<R>;
  async function update(ids: I, changes: EntityUpdate<R>, guard: Guard): Promise<R | undefined>;
  async function update(ids: I, changes: EntityUpdate<R>, guard?: WriteGuard): Promise<R | undefined> {
    const updated = await updateItem(def.key(ids), updateSpec(ids, changes), guard as Guard);
    return updated === undefined ? undefined : def.schema.parse(updated);
  }

  const entity = {
    name: def.name,
    schema: def.schema,
    key: def.key,
    parse: (item: Item | undefined): R | undefined => asRecord(def.schema, item),
    parseAll: (items: Item[]): R[] => asRecords(def.schema, items),

    /** The stored item: entity tag, record, the index entries it is on, and its key (last: a record never moves it). */
    item(record: R): R & Item & Key {
      const entries: Item = {};
      for (const [, composition] of indexes) Object.assign(entries, composition.entry(record));
      return { ...ENTITY[def.name], ...record, ...entries, ...def.key(record as unknown as I) };
    },

    put: (record: R, guard?: WriteGuard) => putItem(entity.item(record), guard),
    putOp: (record: R, when?: Condition, failure?: OnFailure): TransactOp => ({ put: entity.item(record), when, failure }),
    update,
    updateOp: (ids: I, changes: EntityUpdate<R>, when?: Condition, failure?: OnFailure): TransactOp => ({
      update: def.key(ids),
      spec: updateSpec(ids, changes),
      when,
      failure,
    }),
  };
  return entity;
}
