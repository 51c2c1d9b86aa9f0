/**
 * The data layer: a thin, typed skin over the DocumentClient that every repository uses. It owns the rules that
 * must hold everywhere: writes under conditions built from typed functions (conditions.ts), each saying once what
 * its failed condition means (`failure`), `rev` for optimistic concurrency, reading every page of a query, and
 * retries (retries.ts) of what throttling leaves undone: unprocessed batch items, cancelled transactions.
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
  type BatchGetCommandOutput,
  type BatchWriteCommandOutput,
  type GetCommandOutput,
  type QueryCommandInput,
  type QueryCommandOutput,
  type TransactWriteCommandInput,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type * as z from 'zod';
import { env } from '../env';
import { exists, Placeholders, type Condition } from './conditions';
import { dynamo } from './dynamo-client';
import type { Key } from './keys';
import { busyWhenOverloaded, retryUntilDone, type Backoff } from './retries';
import type { IndexName } from './table';

export * from './conditions';

export type Item = Record<string, unknown>;

/**
 * Reads a stored item as a domain record: the entity's schema drops the key attributes and checks the shape, so
 * a record that does not match its entity fails loudly where it is read, not somewhere downstream.
 */
export const asRecord = <S extends z.ZodType>(schema: S, item: Item | undefined): z.output<S> | undefined =>
  item === undefined ? undefined : schema.parse(item);
export const asRecords = <S extends z.ZodType>(schema: S, items: Item[]): z.output<S>[] => items.map((i) => schema.parse(i));

/** A write's condition did not hold, and the write declared no `failure` for it: a bug, not a user's mistake. */
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
export const isLive = (item: Item | undefined, at = nowEpoch()): boolean =>
  !!item && (typeof item.expiresAt !== 'number' || item.expiresAt > at);

/**
 * Every call to DynamoDB goes through here: a write refused because a transaction holds its item is tried again
 * (the SDK leaves that to us), and what is still throttled after the SDK's retries becomes `serviceBusy`.
 */
async function send<T>(command: object): Promise<T> {
  let output: T | undefined;
  await retryUntilDone(command, async () => {
    try {
      output = (await busyWhenOverloaded(() => dynamo().send(command as never))) as T;
      return { done: true };
    } catch (err) {
      if ((err as { name?: string }).name === 'TransactionConflictException') return { retry: command, because: 'transaction conflicts' };
      throw err;
    }
  });
  return output as T;
}

/**
 * What a failed condition means, declared with the write: the error to throw (`() => new AppError('notFound')`),
 * or `undefined` when the write is simply not needed (`skip`), in which case the write answers undefined (or
 * false). `current` is the item as it stood, when there was one.
 */
export type OnFailure = (current: Item | undefined) => Error | undefined;
/** A failure that is always an error: the write then never answers undefined. */
export type FailsWith = (current: Item | undefined) => Error;

/** A failed condition that is no error: the write is not made, and the caller is told so by its answer. */
export const skip: OnFailure = () => undefined;

/** A condition with what its failure means. A condition whose failure nobody declared throws `ConditionFailed`. */
export interface Guard<F extends OnFailure = OnFailure> {
  when: Condition;
  failure?: F;
}
/** A guard whose failure, if any, throws: the write either happens or throws. */
export type StrictGuard = Condition | Guard<FailsWith>;
export type WriteGuard = Condition | Guard;

const guardOf = (guard: WriteGuard | undefined): Guard | undefined => (guard && 'when' in guard ? guard : guard && { when: guard });

function conditionParts(guard: Guard | undefined, placeholders: Placeholders) {
  return guard ? { ConditionExpression: guard.when.render(placeholders) } : {};
}

/** Applies a write's declared failure: throws its error, or answers undefined when it skips. */
function failed(guard: Guard | undefined, current: Item | undefined, index?: number): undefined {
  if (!guard?.failure) throw new ConditionFailed(current, index);
  const error = guard.failure(current);
  if (error) throw error;
  return undefined;
}

const isConditionalFailure = (err: unknown): err is { name: string; Item?: Record<string, never> } =>
  typeof err === 'object' && err !== null && (err as { name?: string }).name === 'ConditionalCheckFailedException';

/** Runs a write; a failed condition goes to the guard (the DocumentClient leaves the item it returns marshalled). */
async function guarded<T>(guard: Guard | undefined, write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (err) {
    if (!isConditionalFailure(err)) throw err;
    return failed(guard, err.Item ? (unmarshall(err.Item) as Item) : undefined);
  }
}

export async function getItem<T extends Item = Item>(key: Key, opts: { consistent?: boolean } = {}) {
  const out = await send<GetCommandOutput>(new GetCommand({ TableName: table(), Key: key, ConsistentRead: opts.consistent }));
  const item = out.Item as T | undefined;
  return isLive(item) ? item : undefined;
}

/** Writes an item; answers false when its guard failed and skipped the write. */
export async function putItem(item: Item & Key, guard?: WriteGuard): Promise<boolean> {
  const g = guardOf(guard);
  const placeholders = new Placeholders();
  const written = await guarded(g, async () => {
    await send(
      new PutCommand({
        TableName: table(),
        Item: item,
        ...conditionParts(g, placeholders),
        ...placeholders.attributes(),
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return true;
  });
  return written ?? false;
}

export interface UpdateSpec {
  set?: Item;
  /** Set only where the item has no value yet (`if_not_exists`): a field the first write of a new item fixes. */
  setIfMissing?: Item;
  add?: Record<string, number>;
  /** Attributes to remove; a path (`['groupRoles', id]`) removes one entry of a map. */
  remove?: (string | readonly string[])[];
  /** Bump `rev` by one; with `eq('rev', n)` in the condition this is the optimistic-concurrency write. */
  bumpRev?: boolean;
}

/** Builds an UpdateExpression (and its condition) from plain objects, so callers never write expression strings. */
function buildUpdate(spec: UpdateSpec, guard: Guard | undefined) {
  const p = new Placeholders();
  const condition = conditionParts(guard, p);
  const sets: string[] = [];
  const adds: string[] = [];
  for (const [field, value] of Object.entries(spec.set ?? {})) {
    if (value !== undefined) sets.push(`${p.name(field)} = ${p.value(value)}`);
  }
  for (const [field, value] of Object.entries(spec.setIfMissing ?? {})) {
    if (value !== undefined) sets.push(`${p.name(field)} = if_not_exists(${p.name(field)}, ${p.value(value)})`);
  }
  for (const [field, value] of Object.entries(spec.add ?? {})) adds.push(`${p.name(field)} ${p.value(value)}`);
  if (spec.bumpRev) adds.push(`${p.name('rev')} ${p.value(1)}`);
  const removes = (spec.remove ?? []).map((path) => p.name(path));
  return {
    UpdateExpression: [
      sets.length ? `SET ${sets.join(', ')}` : '',
      adds.length ? `ADD ${adds.join(', ')}` : '',
      removes.length ? `REMOVE ${removes.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' '),
    ...condition,
    ...p.attributes(),
  };
}

/** Updates an item and answers it as it now stands; undefined when its guard's failure skipped the write. */
export async function updateItem<T extends Item = Item>(key: Key, spec: UpdateSpec, guard?: StrictGuard): Promise<T>;
export async function updateItem<T extends Item = Item>(key: Key, spec: UpdateSpec, guard: Guard): Promise<T | undefined>;
export async function updateItem<T extends Item = Item>(key: Key, spec: UpdateSpec, guard?: WriteGuard): Promise<T | undefined> {
  const g = guardOf(guard);
  return guarded(g, async () => {
    const out = await send<UpdateCommandOutput>(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        ...buildUpdate(spec, g),
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return out.Attributes as T;
  });
}

/** Deletes an item; answers false when its guard failed and skipped the delete. */
export async function deleteItem(key: Key, guard?: WriteGuard): Promise<boolean> {
  const g = guardOf(guard);
  const placeholders = new Placeholders();
  const deleted = await guarded(g, async () => {
    await send(
      new DeleteCommand({
        TableName: table(),
        Key: key,
        ...conditionParts(g, placeholders),
        ...placeholders.attributes(),
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return true;
  });
  return deleted ?? false;
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
  /** Only these attributes (a projection): a read that skips large ones. */
  project?: string[];
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
  if (spec.project) for (const [i, name] of spec.project.entries()) names[`#p${i}`] = name;
  return {
    TableName: table(),
    ...(spec.project ? { ProjectionExpression: spec.project.map((_, i) => `#p${i}`).join(', ') } : {}),
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
  const out = await send<QueryCommandOutput>(new QueryCommand({ ...queryInput(spec), Limit: spec.limit, ExclusiveStartKey: cursor }));
  const now = nowEpoch();
  return { items: ((out.Items ?? []) as T[]).filter((i) => isLive(i, now)), cursor: out.LastEvaluatedKey };
}

/** How many items a query matches, without reading them out (expired ones included: use for display only). */
export async function countItems(spec: QuerySpec): Promise<number> {
  let count = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const out = await send<QueryCommandOutput>(new QueryCommand({ ...queryInput(spec), Select: 'COUNT', ExclusiveStartKey: cursor }));
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

export interface BatchOptions {
  /** Our retries of unprocessed items (tests make them quick). */
  backoff?: Backoff;
  /** Strongly consistent reads (batchGet only). */
  consistent?: boolean;
}

/**
 * Writes any number of puts and deletes in chunks of 25, retrying what DynamoDB leaves unprocessed (it does so
 * when throttled) with full-jitter backoff, up to a cap, then `serviceBusy`. Not atomic: callers that need
 * all-or-nothing use `transact`, callers that can resume (the purge job) or stay invisible until done (a clone)
 * use this.
 */
export async function batchWrite(ops: { puts?: (Item & Key)[]; deletes?: Key[] }, opts: BatchOptions = {}): Promise<void> {
  type Req = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } };
  const requests: Req[] = [
    ...(ops.puts ?? []).map((item) => ({ PutRequest: { Item: item } })),
    ...(ops.deletes ?? []).map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } })),
  ];
  for (let i = 0; i < requests.length; i += 25) {
    await retryUntilDone(
      requests.slice(i, i + 25),
      async (pending) => {
        const out = await send<BatchWriteCommandOutput>(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
        const unprocessed = (out.UnprocessedItems?.[table()] ?? []) as Req[];
        return unprocessed.length ? { retry: unprocessed, because: `${unprocessed.length} items left unprocessed` } : { done: true };
      },
      opts.backoff,
    );
  }
}

/** Reads any number of items by key (100 per request), retrying unprocessed keys; expired items are dropped. */
export async function batchGet<T extends Item = Item>(keyList: Key[], opts: BatchOptions = {}): Promise<T[]> {
  const unique = [...new Map(keyList.map((k) => [`${k.pk}\u0000${k.sk}`, { pk: k.pk, sk: k.sk }])).values()];
  const found: T[] = [];
  const chunks: Key[][] = [];
  for (let i = 0; i < unique.length; i += 100) chunks.push(unique.slice(i, i + 100));
  await Promise.all(
    chunks.map((chunk) =>
      retryUntilDone(
        chunk,
        async (pending) => {
          const out = await send<BatchGetCommandOutput>(
            new BatchGetCommand({ RequestItems: { [table()]: { Keys: pending, ConsistentRead: opts.consistent } } }),
          );
          found.push(...((out.Responses?.[table()] ?? []) as T[]));
          const unprocessed = (out.UnprocessedKeys?.[table()]?.Keys ?? []) as Key[];
          return unprocessed.length ? { retry: unprocessed, because: `${unprocessed.length} keys left unprocessed` } : { done: true };
        },
        opts.backoff,
      ),
    ),
  );
  const now = nowEpoch();
  return found.filter((i) => isLive(i, now));
}

/** One write of a transaction, with its guard: `failure` says what it means when this write's condition fails. */
export type TransactOp = (
  | { put: Item & Key }
  | { update: Key; spec: UpdateSpec }
  | { delete: Key }
  | { check: Key } // a condition on an item the transaction does not write
) & { when?: Condition; failure?: OnFailure };

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

function toTransactItem(op: TransactOp): TransactItem {
  const onFailure = { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const };
  if ('update' in op) return { Update: { TableName: table(), Key: op.update, ...buildUpdate(op.spec, guardOf(op.when)), ...onFailure } };
  const placeholders = new Placeholders();
  if ('check' in op) {
    const { ConditionExpression } = conditionParts({ when: op.when ?? exists() }, placeholders);
    return {
      ConditionCheck: {
        TableName: table(),
        Key: op.check,
        ConditionExpression: ConditionExpression!,
        ...placeholders.attributes(),
        ...onFailure,
      },
    };
  }
  const condition = { ...conditionParts(guardOf(op.when), placeholders), ...placeholders.attributes(), ...onFailure };
  if ('put' in op) return { Put: { TableName: table(), Item: op.put, ...condition } };
  return { Delete: { TableName: table(), Key: op.delete, ...condition } };
}

/** Why DynamoDB cancelled a transaction: one reason per operation (`None` for those that were fine). */
type CancellationReason = { Code?: string; Item?: Record<string, never> };
const RETRIED_CANCELLATIONS = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/**
 * All-or-nothing write of up to 100 operations. When an operation's condition fails, its own `failure` (else
 * `otherwise`) says what that means; with neither, `ConditionFailed` with its index. A transaction cancelled by a
 * conflict with another transaction or by throttling was not applied at all: it is tried again, up to a cap.
 * Answers false when a failure skipped it.
 */
export async function transact(ops: TransactOp[], otherwise?: OnFailure, opts: { backoff?: Backoff } = {}): Promise<boolean> {
  let applied = true;
  await retryUntilDone(
    ops,
    async () => {
      try {
        await send(new TransactWriteCommand({ TransactItems: ops.map(toTransactItem) }));
        return { done: true };
      } catch (err) {
        const reasons = (err as { CancellationReasons?: CancellationReason[] }).CancellationReasons;
        if ((err as { name?: string }).name !== 'TransactionCanceledException' || !reasons) throw err;
        const index = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
        if (index >= 0) {
          const op = ops[index]!;
          const current = reasons[index]!.Item ? (unmarshall(reasons[index]!.Item) as Item) : undefined;
          applied = failed({ when: op.when ?? exists(), failure: op.failure ?? otherwise }, current, index) ?? false;
          return { done: true };
        }
        if (reasons.some((r) => RETRIED_CANCELLATIONS.has(r.Code ?? ''))) return { retry: ops, because: 'transaction cancelled' };
        throw err;
      }
    },
    opts.backoff,
  );
  return applied;
}
