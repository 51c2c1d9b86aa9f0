import { describe, expect, it } from 'vitest';
import { mockToken } from '@shared/schemas/project';
import { randomToken } from './random-token';

describe('randomToken', () => {
  it('makes tokens the project schema takes, different every time', () => {
    const tokens = Array.from({ length: 200 }, () => randomToken());
    for (const token of tokens) expect(mockToken.safeParse(token).success).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(randomToken(12)).toHaveLength(12);
  });

  it('uses the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 100 }, () => randomToken(64)).join(''));
    expect(seen.size).toBe(64);
  });
});
