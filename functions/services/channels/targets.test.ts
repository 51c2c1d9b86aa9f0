import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/app-error';
import { checkTarget } from './targets';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return err instanceof AppError ? err.key : String(err);
  }
  return 'admitted';
};

describe('a channel target', () => {
  const fakes = { admitForTests: new Set(['127.0.0.1']) };

  it('is a public http(s) address, https only in AWS', () => {
    expect(checkTarget('dingtalk', 'https://oapi.dingtalk.com/robot/send?access_token=ab12', {}, { stage: 'aws' })).toBe(
      'https://oapi.dingtalk.com/robot/send?access_token=ab12',
    );
    expect(refusal(() => checkTarget('slack', 'http://hooks.slack.com/services/T/B/x', {}, { stage: 'aws' }))).toBe('proxyAddress');
    expect(refusal(() => checkTarget('slack', 'http://hooks.slack.com/services/T/B/x', {}, { stage: 'local' }))).toBe('admitted');
    for (const bad of ['ftp://example.com/x', 'not a url', 'file:///etc/passwd', 'https://user:pw@example.com/x'])
      expect(
        refusal(() => checkTarget('webhook', bad, {}, { stage: 'local' })),
        bad,
      ).toBe('proxyAddress');
  });

  it('never names a private, loopback, link-local or metadata address, whatever its spelling', () => {
    for (const bad of [
      'http://127.0.0.1:8080/x',
      'http://127.0.0.2/x',
      'http://10.0.0.1/x',
      'http://192.168.1.1/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://0x7f000001/x',
      'http://2130706433/x',
      'http://localhost:3000/x',
      'http://api.localhost/x',
      'http://0.0.0.0/x',
    ])
      expect(
        refusal(() => checkTarget('webhook', bad, {}, { stage: 'local' })),
        bad,
      ).toBe('proxyAddress');
  });

  it('admits the local fakes only through the guard’s test parameter, and only their address', () => {
    expect(refusal(() => checkTarget('dingtalk', 'http://127.0.0.1:4100/dingtalk/robot/send', fakes, { stage: 'local' }))).toBe('admitted');
    expect(refusal(() => checkTarget('dingtalk', 'http://127.0.0.2:4100/dingtalk/robot/send', fakes, { stage: 'local' }))).toBe(
      'proxyAddress',
    );
  });

  it('of an email channel is a short list of addresses', () => {
    expect(checkTarget('email', ' a@example.com,b@example.com ,', {}, { stage: 'aws' })).toBe('a@example.com, b@example.com');
    expect(refusal(() => checkTarget('email', 'a@example.com, not-an-address', {}, { stage: 'aws' }))).toBe('invalidInput');
    expect(refusal(() => checkTarget('email', ' , ', {}, { stage: 'aws' }))).toBe('invalidInput');
  });
});
