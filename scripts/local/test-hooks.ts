/**
 * Test hooks of the local stack, served only when the stack is started with `testHooks` (APILOOM_TEST_HOOKS=true,
 * which the e2e suite's web server sets; never in AWS, never by a plain `npm start`).
 *
 * POST /__dev/account `{ nickname?, password }` makes a person in one step, through the domain layer as the
 * integration fixtures do: the account records registration writes, and a session. A test whose subject is not
 * registration or signing in starts from it instead of three API calls and a scrypt hash per person (128 MiB and
 * about a third of a second of CPU each, more than a second on a busy machine); registration itself stays tested
 * through the form (test/e2e/auth.spec.ts) and the API (test/integration/accounts.test.ts). The password is hashed
 * once per stack and the hash shared, so signing in through the form with it still runs the real check.
 *
 * POST /__dev/failed-sign-ins `{ account, count }` records that many failed sign-ins on an account this hour, as
 * guessers spread over as many addresses would have: a browser test cannot come from a hundred addresses.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { putItem } from '../../functions/data/db';
import { ENTITY, keys } from '../../functions/data/keys';
import { hashPassword } from '../../functions/domain/passwords';
import { createSession } from '../../functions/domain/sessions';
import { createUser } from '../../functions/domain/users';

export type DevRoutes = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
    hash.catch(() => hashes.delete(password));
  }
  return hash;
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const parsed: unknown = text ? JSON.parse(text) : {};
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

export const testHookRoutes: DevRoutes = async (req, res, url) => {
  if (url.pathname === '/__dev/failed-sign-ins' && req.method === 'POST') {
    const body = await readJson(req);
    const account = typeof body.account === 'string' ? body.account : '';
    const count = typeof body.count === 'number' ? body.count : 0;
    await putItem({
      ...keys.throttle('loginAccount', account),
      ...ENTITY.throttle,
      count,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    res.writeHead(204).end();
    return true;
  }
  if (url.pathname !== '/__dev/account') return false;
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'POST' }).end();
    return true;
  }
  const body = await readJson(req);
  const password = typeof body.password === 'string' ? body.password : '';
  const nickname = typeof body.nickname === 'string' && body.nickname ? body.nickname : 'E2E';
  if (password.length < 8) {
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'password: at least 8 characters' }));
    return true;
  }
  const account = `e2e-${randomUUID()}@example.com`;
  const user = await createUser({ account, nickname, passwordHash: await hashOnce(password) });
  const { token } = await createSession(user.id);
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ account, nickname, userId: user.id, token }));
  return true;
};

/** The dev routes in turn: the first that handles a request answers it. */
export const devRoutesOf =
  (...routes: DevRoutes[]): DevRoutes =>
  async (req, res, url) => {
    for (const route of routes) if (await route(req, res, url)) return true;
    return false;
  };
