import { describe, expect, it } from 'vitest';
import { embedSandbox, isOwnOrigin } from './embed';

describe('embeds of our own origins', () => {
  const own = ['https://apiloom.example', 'https://mock.apiloom.example', 'localhost:3000', undefined];
  it.each([
    ['https://apiloom.example/__dev/outbox', true],
    ['http://APILOOM.example/api/user/detail', true],
    ['https://mock.apiloom.example/p1/orders', true],
    ['http://localhost:3000/files/p/f', true],
    ['https://apiloom.example.evil.test/', false],
    ['http://localhost:3001/', false],
    ['https://example.com/board', false],
    ['not a url', false],
  ])('%s is ours: %s', (url, expected) => expect(isOwnOrigin(url, own)).toBe(expected));

  it('never gives a same-origin frame both allow-scripts and allow-same-origin', () => {
    expect(embedSandbox(true)).not.toContain('allow-same-origin');
    expect(embedSandbox(false)).toContain('allow-same-origin');
  });
});
