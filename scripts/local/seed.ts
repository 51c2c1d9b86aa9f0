/** First start seeds a demo account, so the home page's online demo signs straight in. */
import { findUserIdByAccount, createUser } from '../../functions/domain/users';
import { hashPassword } from '../../functions/domain/passwords';
import { ConditionFailed } from '../../functions/data/db';

export const DEMO_ACCOUNT = { username: 'demo@apiloom.local', password: 'Demo12345', nickname: 'Demo' } as const;

/** Returns true when the account was created now. */
export async function seedDemoAccount(): Promise<boolean> {
  if (await findUserIdByAccount(DEMO_ACCOUNT.username)) return false;
  try {
    await createUser({
      account: DEMO_ACCOUNT.username,
      nickname: DEMO_ACCOUNT.nickname,
      passwordHash: await hashPassword(DEMO_ACCOUNT.password),
    });
    return true;
  } catch (err) {
    if (err instanceof ConditionFailed) return false;
    throw err;
  }
}
