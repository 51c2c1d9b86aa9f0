import { describe, expect, it } from 'vitest';
import { jsonHead } from './json-head';

describe('jsonHead', () => {
  const value = {
    total: 2,
    items: [
      { id: 1, name: 'a "quoted" {name}, with: commas', tags: [], meta: {} },
      { id: 2, nested: { deep: [true, null, -1.5e3] } },
    ],
  };
  it('indents JSON as JSON.stringify(…, null, 2) does, whatever its spacing', () => {
    const pretty = JSON.stringify(value, null, 2);
    expect(jsonHead(JSON.stringify(value), Infinity)).toBe(pretty);
    expect(jsonHead(pretty, Infinity)).toBe(pretty);
  });

  it('stops soon after the limit, with the start as it would be printed', () => {
    const big = JSON.stringify({ items: Array.from({ length: 10_000 }, (_, i) => ({ id: i })) });
    const head = jsonHead(big, 1_000);
    expect(head.length).toBeLessThan(1_100);
    expect(JSON.stringify(JSON.parse(big), null, 2).startsWith(head)).toBe(true);
  });
});
