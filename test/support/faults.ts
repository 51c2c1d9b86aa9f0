/**
 * Faults on demand, for the paths a real service will not fail on cue. A harness wraps one of our real SDK
 * clients: every call goes to the real local service (DynamoDB Local, s3rver) unless a rule picks it, and a rule
 * picks calls by count ("every 3rd BatchWrite", "the 2nd TransactWrite", "every CopyObject from the 5th on").
 * Rules act at one of two places:
 * - `onSend`: what our code gets back from `client.send`, i.e. after the SDK's own retries. aws-sdk-client-mock
 *   stubs `send` and passes every call no rule picks to the real client. Use it for what the SDK hands back to us:
 *   a lasting throttle (past the SDK's cap), a transaction cancelled by a conflict, a batch's unprocessed items.
 * - `onWire`: one HTTP attempt, below the SDK's retry (a middleware right after it), so the SDK's configured retry
 *   must absorb the fault. Rules there name the service's operation (`BatchWriteItem`, `CopyObject`).
 * `restore()` puts the client back; use it in a `finally` or `afterEach`.
 */
import { ProvisionedThroughputExceededException, ThrottlingException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { S3ServiceException, type S3Client } from '@aws-sdk/client-s3';
import type { BatchWriteCommandOutput, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';

type Command = { input: object };
type CommandClass = abstract new (...args: never[]) => Command;
type Send = (command: Command) => Promise<unknown>;
/** Which calls of a command a rule picks, by their 1-based count. */
export type Pick = (call: number) => boolean;
/** What a picked call does instead: throw, or answer (passing the call on with `real` if it likes). */
type Fault = (command: Command, real: Send) => Promise<unknown>;

export const every =
  (n: number): Pick =>
  (call) =>
    call % n === 0;
export const nth =
  (k: number): Pick =>
  (call) =>
    call === k;
export const from =
  (k: number): Pick =>
  (call) =>
    call >= k;
export const always: Pick = () => true;

/** Fails with `error` (built fresh each time, as the SDK would). */
export const fail =
  (error: () => Error): Fault =>
  () =>
    Promise.reject(error());

const meta = (httpStatusCode: number) => ({ $metadata: { httpStatusCode } });
export const provisionedThroughputExceeded = () =>
  new ProvisionedThroughputExceededException({ message: 'The level of configured provisioned throughput was exceeded', ...meta(400) });
export const throttling = () => new ThrottlingException({ message: 'Rate of requests exceeds the allowed throughput', ...meta(400) });
/** A transaction DynamoDB cancelled because another one held one of its items: nothing of it was applied. */
export const transactionConflict = (operations: number, conflicting = 0) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled, please refer cancellation reasons for specific reasons',
    CancellationReasons: Array.from({ length: operations }, (_, i) => ({ Code: i === conflicting ? 'TransactionConflict' : 'None' })),
    ...meta(400),
  });
/** S3's "reduce your request rate". */
export const slowDown = () =>
  new S3ServiceException({ name: 'SlowDown', $fault: 'server', message: 'Please reduce your request rate.', ...meta(503) });
export const serviceUnavailable = () =>
  new S3ServiceException({ name: 'ServiceUnavailable', $fault: 'server', message: 'Service is unable to handle request.', ...meta(503) });

/** A batch write that DynamoDB takes only in part: it writes the first `taken` items and hands the rest back. */
export const takesOnly =
  (taken: number): Fault =>
  async (command, real) => {
    const [table, requests] = Object.entries((command.input as { RequestItems: Record<string, unknown[]> }).RequestItems)[0]!;
    const BatchWrite = command.constructor as new (input: object) => Command;
    if (taken > 0) await real(new BatchWrite({ RequestItems: { [table]: requests.slice(0, taken) } }));
    const answer: BatchWriteCommandOutput = {
      UnprocessedItems: requests.length > taken ? { [table]: requests.slice(taken) as never } : {},
      $metadata: {},
    };
    return answer;
  };

/** A multi-object delete that S3 does only in part: it deletes the first `deleted` keys and reports the rest as errors. */
export const deletesOnly =
  (deleted: number): Fault =>
  async (command, real) => {
    const input = command.input as { Delete: { Objects: { Key?: string }[] } };
    const DeleteObjects = command.constructor as new (input: object) => Command;
    const [done, left] = [input.Delete.Objects.slice(0, deleted), input.Delete.Objects.slice(deleted)];
    if (done.length) await real(new DeleteObjects({ ...input, Delete: { ...input.Delete, Objects: done } }));
    return { Errors: left.map((o) => ({ Key: o.Key, Code: 'SlowDown', Message: 'Please reduce your request rate.' })), $metadata: {} };
  };

/** A write that lands, but whose answer is lost: the SDK sends it again, and our code gets the second answer. */
export const answerLost: Fault = async (command, real) => {
  await real(command);
  return real(command);
};

interface Rule {
  matches: (name: string, command?: Command) => boolean;
  pick: Pick;
  fault: Fault;
  calls: number;
}

const nameOf = (command: CommandClass | string) => (typeof command === 'string' ? command : command.name);

export interface Faults {
  /** Calls of `command` as our code sends them (after the SDK's retries). */
  onSend(command: CommandClass, pick: Pick, fault: Fault): Faults;
  /** HTTP attempts of `operation` (below the SDK's retry, which must absorb them). */
  onWire(operation: string, pick: Pick, fault: Fault): Faults;
  /** How many calls of a command (or attempts of an operation) a rule of this harness saw; how many it faulted. */
  seen(command: CommandClass | string): { calls: number; faulted: number };
  restore(): void;
}

/** Wraps a real client of ours (`dynamo()`, `await s3()`) with rules that fail some of its calls. */
type Middleware = (
  next: (args: { input: object }) => Promise<unknown>,
  context: { commandName?: string },
) => (args: { input: object }) => Promise<unknown>;

/** What the harness uses of a client: its `send`, and its middleware stack for the wire rules. */
interface ClientParts {
  send: Send;
  middlewareStack: {
    addRelativeTo(middleware: Middleware, options: { name: string; relation: 'after'; toMiddleware: string }): void;
    remove(name: string): boolean;
  };
}

export function injectFaults(sdkClient: DynamoDBDocumentClient | S3Client): Faults {
  const client = sdkClient as unknown as ClientParts;
  const real: Send = client.send.bind(client);
  const sendRules: Rule[] = [];
  const wireRules: Rule[] = [];
  const counts = new Map<string, { calls: number; faulted: number }>();
  const count = (name: string) => counts.get(name) ?? counts.set(name, { calls: 0, faulted: 0 }).get(name)!;

  async function apply(rules: Rule[], name: string, command: Command, pass: () => Promise<unknown>) {
    const tally = count(name);
    tally.calls++;
    for (const rule of rules) {
      if (!rule.matches(name, command)) continue;
      rule.calls++;
      if (rule.pick(rule.calls)) {
        tally.faulted++;
        return rule.fault(command, real);
      }
    }
    return pass();
  }

  const stub = mockClient(sdkClient as never);
  stub.send.callsFake(((command: Command) => apply(sendRules, command.constructor.name, command, () => real(command))) as never);

  const WIRE_MIDDLEWARE = 'faultInjection';
  client.middlewareStack.addRelativeTo(
    (next, context) => async (args) => {
      const operation = (context.commandName ?? '').replace(/Command$/, '');
      return apply(wireRules, operation, args, () => next(args));
    },
    { name: WIRE_MIDDLEWARE, relation: 'after', toMiddleware: 'retryMiddleware' },
  );

  const faults: Faults = {
    onSend(command, pick, fault) {
      sendRules.push({ matches: (name) => name === command.name, pick, fault, calls: 0 });
      return faults;
    },
    onWire(operation, pick, fault) {
      wireRules.push({ matches: (name) => name === operation, pick, fault, calls: 0 });
      return faults;
    },
    seen: (command) => ({ ...count(nameOf(command)) }),
    restore() {
      stub.restore();
      client.middlewareStack.remove(WIRE_MIDDLEWARE);
    },
  };
  return faults;
}
