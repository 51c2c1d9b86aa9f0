/**
 * Failed sign-ins are counted per account and per client address in fixed windows. Past the limit, sign-in is
 * refused before the password is checked, which also keeps an attacker from using our scrypt cost against us.
 */
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_SECONDS,
} from '../../../shared/constants';
import { ConditionFailed, deleteItem, getItem, updateItem } from '../../data/db';
import { ENTITY, keys } from '../../data/keys';
import { AppError } from '../../runtime/app-error';

type Scope = 'ACCOUNT' | 'ADDRESS';
const LIMIT: Record<Scope, number> = { ACCOUNT: LOGIN_MAX_FAILURES_PER_ACCOUNT, ADDRESS: LOGIN_MAX_FAILURES_PER_ADDRESS };

interface Counter {
  failures: number;
  expiresAt: number;
}

export async function assertNotThrottled(subjects: [Scope, string][], nowMs = Date.now()) {
  const now = Math.floor(nowMs / 1000);
  const counters = await Promise.all(subjects.map(([scope, id]) => getItem<Counter & Record<string, unknown>>(keys.loginThrottle(scope, id))));
  counters.forEach((counter, i) => {
    const scope = subjects[i]![0];
    if (counter && counter.failures >= LIMIT[scope]) {
      throw new AppError('tooManyRequests', { seconds: Math.max(1, counter.expiresAt - now) });
    }
  });
}

export async function recordFailure(subjects: [Scope, string][], nowMs = Date.now()) {
  const now = Math.floor(nowMs / 1000);
  await Promise.all(
    subjects.map(async ([scope, id]) => {
      const key = keys.loginThrottle(scope, id);
      try {
        // A new window when none is open…
        await updateItem(
          key,
          { set: { ...ENTITY.loginThrottle, failures: 1, expiresAt: now + LOGIN_WINDOW_SECONDS } },
          { expression: 'attribute_not_exists(pk) OR expiresAt <= :now', values: { ':now': now } },
        );
      } catch (err) {
        if (!(err instanceof ConditionFailed)) throw err;
        // …otherwise one more failure in the open one.
        await updateItem(key, { add: { failures: 1 } });
      }
    }),
  );
}

export async function clearFailures(scope: Scope, id: string) {
  await deleteItem(keys.loginThrottle(scope, id));
}
