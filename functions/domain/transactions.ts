/** Prepared writes committed together, where a failed condition means someone else changed the data meanwhile. */
import { ConditionFailed, transact, type TransactOp } from '../data/db';
import { AppError } from '../runtime/app-error';

export async function transactOrConflict(ops: TransactOp[]) {
  try {
    await transact(ops);
  } catch (err) {
    if (err instanceof ConditionFailed) throw new AppError('conflict');
    throw err;
  }
}
