/**
 * Password hashing with scrypt at OWASP's recommended cost (N=2^17, r=8, p=1; 128 MiB). node:crypto has it
 * built in, so no native addon has to be built for Lambda's arm64. The parameters are stored with each hash,
 * so raising the cost later keeps old hashes verifiable.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * OWASP's cost everywhere the app runs. Under vitest (its runner sets VITEST in every test process; Lambda, `npm start`
 * and the e2e stack never have it) hashes are made at 2^12, 32 times cheaper: the integration suite signs in, registers
 * and checks share passwords hundreds of times, and at full cost each is a third of a CPU second and 128 MiB, which
 * starved its tests past their timeouts beside other work. The same code runs either way, and verifying reads the
 * cost stored with each hash, so a test's assertions hold for both.
 */
export const passwordCost = (env: NodeJS.ProcessEnv = process.env) => ({ N: env.VITEST ? 2 ** 12 : 2 ** 17, r: 8, p: 1 });
const COST = passwordCost();
const KEY_LENGTH = 32;

const scrypt = (password: string, salt: Buffer, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, { ...opts, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const key = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  const want = Buffer.from(expected, 'base64');
  return want.length === key.length && timingSafeEqual(want, key);
}

/** Verifying against this when an account does not exist makes both failures cost the same time. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(randomBytes(12).toString('hex')));
