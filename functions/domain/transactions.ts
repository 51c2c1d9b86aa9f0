/** Prepared writes committed together, where a failed condition means someone else changed the data meanwhile. */
import { transact, type TransactOp } from '../data/db';
import { AppError } from '../core/app-error';

export async function transactOrConflict(ops: TransactOp[]) {
  await transact(ops, () => new AppError('conflict'));
}
