import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors';
import { messages, pickLocale, translate } from './messages';

describe('messages', () => {
  it('picks zh by default and en when the browser prefers it', () => {
    expect(pickLocale(undefined)).toBe('zh');
    expect(pickLocale('fr-FR,fr;q=0.9')).toBe('zh');
    expect(pickLocale('en-GB,en;q=0.9,zh;q=0.8')).toBe('en');
    expect(pickLocale('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
  });

  it('fills parameters and leaves unknown keys as they are', () => {
    expect(translate('en', 'error.tooManyRequests', { seconds: 42 })).toBe('Too many attempts, try again in 42 seconds');
    expect(translate('zh', 'v.documentTitle')).toBe('文档标题格式错误，长度 1-30');
    expect(translate('en', 'Expected string, received number')).toBe('Expected string, received number');
  });

  it('has a text in both languages for every catalogued error', () => {
    for (const key of Object.keys(ERRORS)) {
      expect(messages.zh.error[key as keyof typeof ERRORS], key).toBeTruthy();
      expect(messages.en.error[key as keyof typeof ERRORS], key).toBeTruthy();
    }
  });

  it('gives each catalogued error a code of its own, except keys that deliberately answer as one', () => {
    // A client tells errors apart by code; these share one because the caller must not tell them apart (an
    // existing account is "a conflict") or because they are one error seen from two places.
    const shared = [
      ['notFound', 'routeNotFound'],
      ['accountExists', 'alreadyOwner', 'conflict', 'versionExists'],
      ['tooManyGuesses', 'tooManyRequests'],
      ['invalidInput', 'malformedBody'],
    ];
    const byCode = new Map<number, string[]>();
    for (const [key, { code }] of Object.entries(ERRORS)) byCode.set(code, [...(byCode.get(code) ?? []), key]);
    const sharing = [...byCode.values()].filter((keys) => keys.length > 1).map((keys) => keys.sort());
    expect(sharing.sort()).toEqual(shared.sort());
  });
});
