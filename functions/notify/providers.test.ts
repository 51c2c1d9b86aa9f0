/**
 * Signatures as each provider documents them. DingTalk and Feishu publish the algorithm with sample code
 * (Python: `hmac.new(secret, f'{timestamp}\n{secret}', sha256)` then base64 and `quote_plus` for DingTalk;
 * `hmac.new(f'{timestamp}\n{secret}', b'', sha256)` then base64 for Feishu) but no fixed timestamp; the expected
 * values below are what their published Python sample prints for these inputs, run apart from this code.
 */
import { describe, expect, it } from 'vitest';
import { accepted, dingtalkSign, feishuSign, requestFor, webhookSignature } from './providers';

const decode = (body: Uint8Array | undefined) => JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>;
const message = { title: '[Pets] Mei updated', lines: ['Mei updated **List pets**'], link: 'https://apiloom.example/project/p/d' };

describe('signatures', () => {
  it('DingTalk 加签: urlencoded base64 HMAC-SHA256 of timestamp + "\\n" + secret, keyed by the secret', () => {
    expect(dingtalkSign('1700000000000', 'SEC000example')).toBe('xyAXnOeEx8mcnUUlZoyxvRe%2FLa8u0eqZaWsTXunfdkQ%3D');
  });

  it('Feishu: base64 HMAC-SHA256 of the empty string, keyed by timestamp + "\\n" + secret', () => {
    expect(feishuSign('1700000000', 'feishu-example')).toBe('EGuqcEvceI5ejF/ixosjJtmrgfmN3YDVi10b8vgFR+Q=');
  });

  it('the generic webhook: hex HMAC-SHA256 of `${timestamp}.${body}`', () => {
    expect(webhookSignature('1700000000', '{"a":1}', 'whsec')).toBe(
      'sha256=8ad37ba156048ae0e0a5533c75cdf26fee88b07f93cb57ee4c80adb053012032',
    );
  });
});

describe('requests', () => {
  const now = new Date(1_700_000_000_000);

  it('DingTalk: the signature and timestamp in the query, a markdown message', () => {
    const req = requestFor(
      { kind: 'dingtalk', target: 'https://oapi.dingtalk.com/robot/send?access_token=t', secret: 'SEC000example', language: 'en' },
      message,
      { deliveryId: 'd1', now },
    );
    expect(req.url).toBe(
      'https://oapi.dingtalk.com/robot/send?access_token=t&timestamp=1700000000000&sign=xyAXnOeEx8mcnUUlZoyxvRe%2FLa8u0eqZaWsTXunfdkQ%3D',
    );
    expect(decode(req.body)).toMatchObject({ msgtype: 'markdown', markdown: { title: message.title } });
  });

  it('Feishu: the signature in the body, a card', () => {
    const body = decode(
      requestFor({ kind: 'feishu', target: 'https://open.feishu.cn/x', secret: 'feishu-example', language: 'zh' }, message, {
        deliveryId: 'd',
        now,
      }).body,
    );
    expect(body).toMatchObject({ timestamp: '1700000000', sign: 'EGuqcEvceI5ejF/ixosjJtmrgfmN3YDVi10b8vgFR+Q=', msg_type: 'interactive' });
  });

  it('the generic webhook signs the exact body it sends, with the delivery id', () => {
    const req = requestFor({ kind: 'webhook', target: 'https://hooks.example/x', secret: 'whsec', language: 'en' }, message, {
      deliveryId: 'd9',
      now,
    });
    const headers = new Map(req.headers);
    const body = new TextDecoder().decode(req.body);
    expect(headers.get('x-apiloom-signature')).toBe(webhookSignature('1700000000', body, 'whsec'));
    expect(headers.get('x-apiloom-delivery')).toBe('d9');
  });

  it('a robot that answers 200 with an error code did not take the message', () => {
    expect(accepted('dingtalk', 200, '{"errcode":310000,"errmsg":"sign not match"}')).toBe(false);
    expect(accepted('feishu', 200, '{"code":19021,"msg":"sign match fail"}')).toBe(false);
    expect(accepted('wecom', 200, '{"errcode":0,"errmsg":"ok"}')).toBe(true);
    expect(accepted('slack', 500, 'no')).toBe(false);
  });
});
