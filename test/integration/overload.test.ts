/**
 * Overload and refusals before any handler (issue 37): a request still running when its function's time is nearly
 * up answers the catalogued time-out (HTTP 503, Retry-After, in the caller's language), never a bare 500 or 50000;
 * a burst of requests answers each in the envelope; a body past the gateway's limit is refused with 413 in the
 * envelope too.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { dynamo } from '../../functions/data/dynamo-client';
import { always, injectFaults, type Faults } from '../support/faults';
import { useLocalApi } from '../support/local-api';

// A short function time-out, so a request held past it is seen in seconds. Nothing here hashes a password.
const api = useLocalApi({ lambdaTimeoutMs: 5_000 });
const harnesses: Faults[] = [];
afterEach(() => {
  while (harnesses.length) harnesses.pop()!.restore();
});

const reset = (account: string, lang = 'zh') =>
  api.call('user.resetPassword', { body: { account, code: '123456', password: 'NewSecret9' }, headers: { 'accept-language': lang } });

describe('overload', () => {
  it('answers a request past its time with 503, Retry-After and the catalogued time-out, in zh and en', async () => {
    // The code check's write waits until the answer is in: the handler cannot finish in time.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    harnesses.push(
      injectFaults(dynamo()).onSend(UpdateCommand, always, async (command, real) => {
        await held;
        return real(command);
      }),
    );
    try {
      const [zh, en] = await Promise.all([reset('slow-zh@example.com'), reset('slow-en@example.com', 'en')]);
      for (const res of [zh, en]) {
        expect([res.status, res.code]).toEqual([503, ERRORS.serviceTimeout.code]);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(zh.message).toBe('服务繁忙，处理超时，请稍后重试');
      expect(en.message).toBe('The service is busy and the request timed out; please try again shortly');
    } finally {
      release();
    }
  });

  it('answers every request of a burst in the envelope, never with a system error', async () => {
    const burst = await Promise.all(Array.from({ length: 120 }, (_, i) => reset(`burst${i}@example.com`)));
    for (const res of burst) {
      expect([200, 429, 503]).toContain(res.status);
      expect(res.code).not.toBe(ERRORS.system.code);
      if (res.status !== 200) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});

describe('a body past the limit', () => {
  it('is refused with 413 in the envelope, in the caller’s language', async () => {
    const big = { account: 'a@example.com', code: '123456', password: 'x'.repeat(12 * 1024 * 1024) };
    for (const [lang, message] of [
      ['zh', '请求内容不能超过 10MB'],
      ['en', 'A request’s body is at most 10 MB'],
    ] as const) {
      const res = await api.call('user.resetPassword', { body: big, headers: { 'accept-language': lang } });
      expect(res.status).toBe(413);
      expect({ code: res.code, message: res.message, data: res.data }).toEqual({ code: ERRORS.requestTooLarge.code, message, data: null });
    }
  });
});
