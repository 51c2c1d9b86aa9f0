/**
 * The table writes a block of a test makes, by sort key: a fault harness (faults.ts) whose rules fail nothing and
 * note the sort key of every item a Put, Update, Delete, BatchWrite or TransactWrite touches. For tests that an
 * operation writes nothing (an unchanged re-import, a dry run). `restore()` the harness when the block is over.
 */
import { BatchWriteCommand, DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/data/dynamo-client';
import { always, injectFaults, type Faults } from './faults';

/** Every command that writes to the table. */
export const WRITE_COMMANDS = [PutCommand, UpdateCommand, DeleteCommand, BatchWriteCommand, TransactWriteCommand];

/** The sort keys a table write names (a put, update, delete, batch or transaction). */
export function sksOf(input: Record<string, unknown>): string[] {
  type Req = { PutRequest?: { Item: { sk: string } }; DeleteRequest?: { Key: { sk: string } } };
  if (input.RequestItems)
    return Object.values(input.RequestItems as Record<string, Req[]>)
      .flat()
      .map((r) => r.PutRequest?.Item.sk ?? r.DeleteRequest?.Key.sk ?? '');
  if (input.TransactItems)
    return (input.TransactItems as Record<string, { Item?: { sk: string }; Key?: { sk: string } }>[]).map((t) => {
      const op = Object.values(t)[0]!;
      return op.Item?.sk ?? op.Key?.sk ?? '';
    });
  return [((input.Item ?? input.Key) as { sk?: string } | undefined)?.sk ?? ''];
}

/** Records from now on; a sort key starting with one of `leaveOut` (the operation's own bookkeeping) is not noted. */
export function recordTableWrites(leaveOut: string[] = []): { writes: string[]; harness: Faults } {
  const writes: string[] = [];
  const harness = injectFaults(dynamo());
  const note = async (command: { input: object }, real: (c: { input: object }) => Promise<unknown>) => {
    for (const sk of sksOf(command.input as Record<string, unknown>)) {
      if (sk && !leaveOut.some((own) => sk.startsWith(own))) writes.push(sk);
    }
    return real(command);
  };
  for (const c of WRITE_COMMANDS) harness.onSend(c, always, note);
  return { writes, harness };
}
