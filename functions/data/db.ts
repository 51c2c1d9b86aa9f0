/**
 * The data layer: a thin, typed skin over the DocumentClient that every repository uses. It owns the rules that
 * must hold everywhere: conditional writes with a `rev` for optimistic concurrency, reading every page of a query,
 * batch writes that retry unprocessed items with backoff, and transactions whose cancellations become a
 * `ConditionFailed` naming the operation that failed.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type * as z from 'zod';
import { env } from '../env';
import { dynamo } from './dynamo-client';
import type { Key } from './keys';
import type { IndexName } from './table';

export type Item = Record<string, unknown>;

/**
 * Reads a stored item as a domain record: the entity's schema drops the key attributes and checks the shape, so
 * a record that does not match its entity fails loudly where it is read, not somewhere downstream.
 */
export const asRecord = <S extends z.ZodType>(schema: S, item: Item | undefined): z.output<S> | undefined =>
  item === undefined ? undefined : schema.parse(item);
export const asRecords = <S extends z.ZodType>(schema: S, items: Item[]): z.output<S>[] => items.map((i) => schema.parse(i));

/** A write's condition did not hold: the item exists, is missing, or has another revision. */
export class ConditionFailed extends Error {
  constructor(
    readonly current?: Item,
    /** For transactions: the index of the operation whose condition failed. */
    readonly index?: number,
  ) {
    super('condition failed');
    this.name = 'ConditionFailed';
  }
}

const table = () => env().TABLE_NAME;
const nowEpoch = () => Math.floor(Date.now() / 1000);

/** TTL deletion lags by up to days (and DynamoDB Local never runs it): an expired item is treated as absent. */
const isLive = (item: Item | undefined, at = nowEpoch()): boolean => !!item && (typeof item.expiresAt !== 'number' || item.expiresAt > at);

const isConditionalFailure = (err: unknown): err is { name: string; Item?: Record<string, never> } =>
  typeof err === 'object' && err !== null && (err as { name?: string }).name === 'ConditionalCheckFailedException';

/** The DocumentClient does not unmarshall the item a failed condition returns; we do, once, here. */
const failedCondition = (err: { Item?: Record<string, never> }) =>
  new ConditionFailed(err.Item ? (unmarshall(err.Item) as Item) : undefined);

export async function getItem<T extends Item = Item>(key: Key, opts: { consistent?: boolean } = {}) {
  const out = await dynamo().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: opts.consistent }));
  const item = out.Item as T | undefined;
  return isLive(item) ? item : undefined;
}

type WriteCondition =
  | { ifNotExists: true }
  | { ifRev: number }
  | { ifExists: true }
  | { expression: string; names?: Record<string, string>; values?: Record<string, unknown> }
  | undefined;

interface ConditionParts {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

function conditionParts(cond: WriteCondition): ConditionParts {
  if (!cond) return {};
  if ('ifNotExists' in cond) return { ConditionExpression: 'attribute_not_exists(pk)' };
  if ('ifExists' in cond) return { ConditionExpression: 'attribute_exists(pk)' };
  if ('ifRev' in cond) {
    return {
      ConditionExpression: '#rev = :expectedRev',
      ExpressionAttributeNames: { '#rev': 'rev' },
      ExpressionAttributeValues: { ':expectedRev': cond.ifRev },
    };
  }
  return {
    ConditionExpression: cond.expression,
    ...(cond.names ? { ExpressionAttributeNames: cond.names } : {}),
    ...(cond.values ? { ExpressionAttributeValues: cond.values } : {}),
  };
}

export async function putItem(item: Item & Key, cond?: WriteCondition): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({ TableName: table(), Item: item, ...conditionParts(cond), ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
    );
  } catch (err) {
    if (isConditionalFailure(err)) throw failedCondition(err);
    throw err;
  }
}

export interface UpdateSpec {
  set?: Item;
  add?: Record<string, number>;
  /** Attributes to remove; a path (`['groupRoles', id]`) removes one entry of a map. */
  remove?: (string | readonly string[])[];
  /** Bump `rev` by one; with `ifRev` in the condition this is the optimistic-concurrency write. */
  bumpRev?: boolean;
}

interface BuiltUpdate {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
  ConditionExpression?: string;
}

/** Builds an UpdateExpression (and its condition) from plain objects, so callers never write expression strings. */
function buildUpdate(spec: UpdateSpec, cond: WriteCondition): BuiltUpdate {
  const c = conditionParts(cond);
  const names: Record<string, string> = { ...c.ExpressionAttributeNames };
  const values: Record<string, unknown> = { ...c.ExpressionAttributeValues };
  const sets: string[] = [];
  const adds: string[] = [];
  let n = 0;
  const name = (field: string) => {
    names[`#u${n}`] = field;
    return `#u${n++}`;
  };
  for (const [field, value] of Object.entries(spec.set ?? {})) {
    if (value === undefined) continue;
    values[`:u${n}`] = value;
    sets.push(`#u${n} = :u${n}`);
    name(field);
  }
  for (const [field, value] of Object.entries(spec.add ?? {})) {
    values[`:u${n}`] = value;
    adds.push(`#u${n} :u${n}`);
    name(field);
  }
  if (spec.bumpRev) {
    names['#rev'] = 'rev';
    values[':one'] = 1;
    adds.push('#rev :one');
  }
  const removes = (spec.remove ?? []).map((path) => (typeof path === 'string' ? name(path) : path.map(name).join('.')));
  return {
    UpdateExpression: [
      sets.length ? `SET ${sets.join(', ')}` : '',
      adds.length ? `ADD ${adds.join(', ')}` : '',
      removes.length ? `REMOVE ${removes.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' '),
    ExpressionAttributeNames: names,
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
    ...(c.ConditionExpression ? { ConditionExpression: c.ConditionExpression } : {}),
  };
}

export async function updateItem<T extends Item = Item>(key: Key, spec: UpdateSpec, cond?: WriteCondition): Promise<T> {
  try {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        ...buildUpdate(spec, cond),
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return out.Attributes as T;
  } catch (err) {
    if (isConditionalFailure(err)) throw failedCondition(err);
    throw err;
  }
}

export async function deleteItem(key: Key, cond?: WriteCondition): Promise<void> {
  try {
    await dynamo().send(new DeleteCommand({ TableName: table(), Key: key, ...conditionParts(cond) }));
  } catch (err) {
    if (isConditionalFailure(err)) throw failedCondition(err);
    throw err;
  }
}

export interface QuerySpec {
  index?: IndexName;
  /** Partition key attribute and value, e.g. `{ pk: 'USER#1' }` or `{ gsi1pk: '...' }`. */
  partition: Record<string, string>;
  /** Sort key condition on the table's or index's sort key. */
  sortBeginsWith?: string;
  sortBetween?: [string, string];
  sortAtMost?: string;
  sortBelow?: string;
  descending?: boolean;
  limit?: number;
  consistent?: boolean;
}

function queryInput(spec: QuerySpec): QueryCommandInput {
  const [pkName, pkValue] = Object.entries(spec.partition)[0] ?? [];
  if (!pkName || pkValue === undefined) throw new Error('query needs a partition');
  const skName = spec.index ? `${spec.index}sk` : 'sk';
  const names: Record<string, string> = { '#pk': pkName };
  const values: Record<string, unknown> = { ':pk': pkValue };
  let expression = '#pk = :pk';
  if (spec.sortBeginsWith !== undefined) {
    names['#sk'] = skName;
    values[':prefix'] = spec.sortBeginsWith;
    expression += ' AND begins_with(#sk, :prefix)';
  } else if (spec.sortBetween) {
    names['#sk'] = skName;
    values[':from'] = spec.sortBetween[0];
    values[':to'] = spec.sortBetween[1];
    expression += ' AND #sk BETWEEN :from AND :to';
  } else if (spec.sortBelow !== undefined) {
    names['#sk'] = skName;
    values[':to'] = spec.sortBelow;
    expression += ' AND #sk < :to';
  } else if (spec.sortAtMost !== undefined) {
    names['#sk'] = skName;
    values[':to'] = spec.sortAtMost;
    expression += ' AND #sk <= :to';
  }
  return {
    TableName: table(),
    IndexName: spec.index,
    KeyConditionExpression: expression,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: !spec.descending,
    ConsistentRead: spec.index ? undefined : spec.consistent,
  };
}

/** One page, for paginated lists. `cursor` is DynamoDB's LastEvaluatedKey, opaque to callers. */
export async function queryPage<T extends Item = Item>(spec: QuerySpec, cursor?: Record<string, unknown>) {
  const out = await dynamo().send(new QueryCommand({ ...queryInput(spec), Limit: spec.limit, ExclusiveStartKey: cursor }));
  const now = nowEpoch();
  return { items: ((out.Items ?? []) as T[]).filter((i) => isLive(i, now)), cursor: out.LastEvaluatedKey };
}

/** How many items a query matches, without reading them out (expired ones included: use for display only). */
export async function countItems(spec: QuerySpec): Promise<number> {
  let count = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({ ...queryInput(spec), Select: 'COUNT', ExclusiveStartKey: cursor }));
    count += out.Count ?? 0;
    cursor = out.LastEvaluatedKey;
  } while (cursor);
  return count;
}

/** Every page of a query (up to `limit` items when given), with expired items dropped. */
export async function queryAll<T extends Item = Item>(spec: QuerySpec): Promise<T[]> {
  const all: T[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await queryPage<T>({ ...spec, limit: spec.limit ? spec.limit - all.length : undefined }, cursor);
    all.push(...page.items);
    cursor = page.cursor;
  } while (cursor && (!spec.limit || all.length < spec.limit));
  return all;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface BatchOptions {
  maxAttempts?: number;
  baseDelayMs?: number;
  /** Strongly consistent reads (batchGet only). */
  consistent?: boolean;
}

/**
 * Writes any number of puts and deletes in chunks of 25, retrying what DynamoDB leaves unprocessed with
 * exponential backoff and jitter. Not atomic: callers that need all-or-nothing use `transact`, callers that can
 * resume (the purge job) use this.
 */
export async function batchWrite(ops: { puts?: (Item & Key)[]; deletes?: Key[] }, opts: BatchOptions = {}): Promise<void> {
  const { maxAttempts = 8, baseDelayMs = 50 } = opts;
  type Req = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } };
  const requests: Req[] = [
    ...(ops.puts ?? []).map((item) => ({ PutRequest: { Item: item } })),
    ...(ops.deletes ?? []).map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } })),
  ];
  for (let i = 0; i < requests.length; i += 25) {
    let pending: Req[] = requests.slice(i, i + 25);
    for (let attempt = 1; pending.length; attempt++) {
      const out = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
      pending = (out.UnprocessedItems?.[table()] ?? []) as Req[];
      if (!pending.length) break;
      if (attempt >= maxAttempts) throw new Error(`batch write left ${pending.length} unprocessed items`);
      await sleep(Math.random() * baseDelayMs * 2 ** attempt);
    }
  }
}

/** Reads any number of items by key (100 per request), retrying unprocessed keys; expired items are dropped. */
export async function batchGet<T extends Item = Item>(keyList: Key[], opts: BatchOptions = {}): Promise<T[]> {
  const { maxAttempts = 8, baseDelayMs = 50, consistent } = opts;
  const unique = [...new Map(keyList.map((k) => [`${k.pk}\u0000${k.sk}`, { pk: k.pk, sk: k.sk }])).values()];
  const found: T[] = [];
  const chunks: Key[][] = [];
  for (let i = 0; i < unique.length; i += 100) chunks.push(unique.slice(i, i + 100));
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: Key[] = chunk;
      for (let attempt = 1; pending.length; attempt++) {
        const out = await dynamo().send(
          new BatchGetCommand({ RequestItems: { [table()]: { Keys: pending, ConsistentRead: consistent } } }),
        );
        found.push(...((out.Responses?.[table()] ?? []) as T[]));
        pending = (out.UnprocessedKeys?.[table()]?.Keys ?? []) as Key[];
        if (!pending.length) break;
        if (attempt >= maxAttempts) throw new Error(`batch get left ${pending.length} unprocessed keys`);
        await sleep(Math.random() * baseDelayMs * 2 ** attempt);
      }
    }),
  );
  const now = nowEpoch();
  return found.filter((i) => isLive(i, now));
}

export type TransactOp =
  | { put: Item & Key; cond?: WriteCondition }
  | { update: Key; spec: UpdateSpec; cond?: WriteCondition }
  | { delete: Key; cond?: WriteCondition }
  | { check: Key; cond: WriteCondition };

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

function toTransactItem(op: TransactOp): TransactItem {
  const c = conditionParts(op.cond);
  if ('put' in op) return { Put: { TableName: table(), Item: op.put, ...c } };
  if ('delete' in op) return { Delete: { TableName: table(), Key: op.delete, ...c } };
  if ('check' in op) {
    return {
      ConditionCheck: {
        TableName: table(),
        Key: op.check,
        ConditionExpression: c.ConditionExpression ?? 'attribute_exists(pk)',
        ExpressionAttributeNames: c.ExpressionAttributeNames,
        ExpressionAttributeValues: c.ExpressionAttributeValues,
      },
    };
  }
  return { Update: { TableName: table(), Key: op.update, ...buildUpdate(op.spec, op.cond) } };
}

/** All-or-nothing write of up to 100 operations. A failed condition throws `ConditionFailed` with its index. */
export async function transact(ops: TransactOp[]): Promise<void> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: ops.map(toTransactItem) }));
  } catch (err) {
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if ((err as { name?: string }).name === 'TransactionCanceledException' && reasons) {
      const index = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
      if (index >= 0) throw new ConditionFailed(undefined, index);
    }
    throw err;
  }
}
