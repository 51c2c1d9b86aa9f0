/**
 * Conditions on an item's attributes, built from typed functions instead of expression strings: each renders
 * itself with placeholders it asks for, so no caller ever writes `#name` or `:value`, and two conditions combined
 * can never clash on a placeholder. Write a condition with the functions below (`and(eq('state', 'active'),
 * eq('rev', 3))`); an entity module can take a view typed by its record (`conditionsOn<ProjectRecord>()`), so
 * a misspelt field or a value of the wrong type is a compile error.
 */
import { TABLE } from './table';

/** The names and values an expression refers to, each given a placeholder once. */
export class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private readonly byName = new Map<string, string>();

  /** A placeholder for an attribute, or a path of them (`['groupRoles', id]` is one entry of a map). */
  name(path: string | readonly string[]): string {
    return (typeof path === 'string' ? [path] : path)
      .map((part) => {
        let placeholder = this.byName.get(part);
        if (!placeholder) {
          placeholder = `#n${this.byName.size}`;
          this.byName.set(part, placeholder);
          this.names[placeholder] = part;
        }
        return placeholder;
      })
      .join('.');
  }

  value(value: unknown): string {
    const placeholder = `:v${Object.keys(this.values).length}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** The placeholder maps as the SDK takes them (absent when empty: DynamoDB refuses empty maps). */
  attributes() {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/** A condition a write is made under. Render it only through `Placeholders` (see `render`). */
export interface Condition {
  readonly render: (placeholders: Placeholders) => string;
}

const condition = (render: Condition['render']): Condition => ({ render });

const compare =
  (operator: string) =>
  (field: string, value: unknown): Condition =>
    condition((p) => `${p.name(field)} ${operator} ${p.value(value)}`);

/** DynamoDB's attribute type codes, for `attributeType`. */
export type AttributeTypeCode = 'S' | 'SS' | 'N' | 'NS' | 'B' | 'BS' | 'BOOL' | 'NULL' | 'L' | 'M';

const builders = {
  eq: compare('='),
  ne: compare('<>'),
  lt: compare('<'),
  le: compare('<='),
  gt: compare('>'),
  ge: compare('>='),
  isIn: (field: string, values: readonly unknown[]): Condition =>
    condition((p) => `${p.name(field)} IN (${values.map((v) => p.value(v)).join(', ')})`),
  /** The item exists (the default field, the partition key, is on every item), or has `field`. */
  exists: (field: string = TABLE.partitionKey): Condition => condition((p) => `attribute_exists(${p.name(field)})`),
  notExists: (field: string = TABLE.partitionKey): Condition => condition((p) => `attribute_not_exists(${p.name(field)})`),
  attributeType: (field: string, type: AttributeTypeCode): Condition =>
    condition((p) => `attribute_type(${p.name(field)}, ${p.value(type)})`),
};

export const { eq, ne, lt, le, gt, ge, isIn, exists, notExists, attributeType } = builders;

export const and = (...conditions: Condition[]): Condition => condition((p) => conditions.map((c) => `(${c.render(p)})`).join(' AND '));
export const or = (...conditions: Condition[]): Condition => condition((p) => conditions.map((c) => `(${c.render(p)})`).join(' OR '));

/** The item's TTL has passed: TTL deletion lags by days, so an expired item may still be there to overwrite. */
export const expired = (nowEpochSeconds: number): Condition => le(TABLE.ttlAttribute, nowEpochSeconds);

type Field<R> = Extract<keyof R, string>;

/** The builders typed by a record: fields are the record's, values of the field's type. */
export interface TypedConditions<R> {
  eq<F extends Field<R>>(field: F, value: R[F]): Condition;
  ne<F extends Field<R>>(field: F, value: R[F]): Condition;
  lt<F extends Field<R>>(field: F, value: NonNullable<R[F]>): Condition;
  le<F extends Field<R>>(field: F, value: NonNullable<R[F]>): Condition;
  gt<F extends Field<R>>(field: F, value: NonNullable<R[F]>): Condition;
  ge<F extends Field<R>>(field: F, value: NonNullable<R[F]>): Condition;
  isIn<F extends Field<R>>(field: F, values: readonly R[F][]): Condition;
  exists(field?: Field<R>): Condition;
  notExists(field?: Field<R>): Condition;
  attributeType(field: Field<R>, type: AttributeTypeCode): Condition;
}

export const conditionsOn = <R>(): TypedConditions<R> => builders as TypedConditions<R>;
