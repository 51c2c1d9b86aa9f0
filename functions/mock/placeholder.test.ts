import { describe, expect, it } from 'vitest';
import { parsePlaceholderParams, scanPlaceholders } from './placeholder';

describe('scanPlaceholders', () => {
  it('finds names and parameters as Mock.js reads them', () => {
    const tokens = scanPlaceholders('Hi @cname, born @date("yyyy-MM-dd") at @/user/city');
    expect(tokens.map((t) => [t.key, t.params])).toEqual([
      ['cname,', undefined],
      ['date', '"yyyy-MM-dd"'],
      ['/user/city', undefined],
    ]);
  });

  it('keeps escaped placeholders as text and stops parameters at the end of the line', () => {
    expect(scanPlaceholders('\\@cname').map((t) => [t.escaped, t.start])).toEqual([[true, 0]]);
    expect(scanPlaceholders('@integer(1,\n2)').map((t) => [t.key, t.params])).toEqual([['integer', undefined]]);
    expect(scanPlaceholders('@@x').map((t) => t.key)).toEqual(['x']);
  });

  it('does not count a backslash that belongs to the previous name as an escape', () => {
    expect(scanPlaceholders('@a\\@b').map((t) => [t.key, t.escaped])).toEqual([
      ['a\\', false],
      ['b', false],
    ]);
  });

  it("scans hostile strings in linear time (Mock.js's own pattern takes seconds on these)", () => {
    const started = performance.now();
    expect(scanPlaceholders('\\'.repeat(200_000) + '@x')).toHaveLength(1);
    expect(scanPlaceholders('@a('.repeat(100_000))).toHaveLength(100_000);
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});

describe('parsePlaceholderParams', () => {
  it('reads numbers, quoted strings, booleans, null and arrays', () => {
    expect(parsePlaceholderParams("1, -2.5, 'a\\'b', \"c\", true, null, [1, ['x']], undefined")).toEqual([
      1,
      -2.5,
      "a'b",
      'c',
      true,
      null,
      [1, ['x']],
      undefined,
    ]);
    expect(parsePlaceholderParams(undefined)).toEqual([]);
    expect(parsePlaceholderParams('  ')).toEqual([]);
  });

  it('reads anything else as strings split at commas, never as code', () => {
    expect(parsePlaceholderParams('yyyy-MM-dd')).toEqual(['yyyy-MM-dd']);
    expect(parsePlaceholderParams('@first, @last')).toEqual(['@first', '@last']);
    expect(parsePlaceholderParams('process.env.SECRET')).toEqual(['process.env.SECRET']);
    expect(parsePlaceholderParams("globalThis.x = 1, require('fs')")).toEqual(['globalThis.x = 1', "require('fs')"]);
  });
});
