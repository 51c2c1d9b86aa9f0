import { describe, expect, it } from 'vitest';
import { hashPassword, passwordCost, verifyPassword } from './passwords';

describe('password hashing', () => {
  it("costs OWASP's N=2^17, r=8, p=1 wherever the app runs, and 2^12 only under vitest", () => {
    expect(passwordCost({})).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(passwordCost({ VITEST: 'true' })).toEqual({ N: 2 ** 12, r: 8, p: 1 });
  });

  it('stores the cost with the hash and verifies by it', async () => {
    const stored = await hashPassword('Secret123');
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 12), '8', '1']);
    expect(await verifyPassword('Secret123', stored)).toBe(true);
    expect(await verifyPassword('Secret124', stored)).toBe(false);
    // The cost is read from the hash, not from this process: the same salt and key under another N no longer match.
    expect(await verifyPassword('Secret123', stored.replace(`$${2 ** 12}$`, `$${2 ** 13}$`))).toBe(false);
  });
});
