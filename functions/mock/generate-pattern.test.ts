/**
 * The `auto` mock answers a row with a `pattern` (JSON Schema / OpenAPI) with a value that matches it, for every
 * seed: a frontend validating `^1[3-9]\d{9}$` accepts what the mock answers. Patterns that cannot be honoured
 * answer what the row would without one, never an error.
 */
import { describe, expect, it } from 'vitest';
import type { ParamItem } from '@shared/schemas/document';
import { generateFromParams } from './generate';

let nextId = 0;
function row(name: string, type: ParamItem['type'], extra: Partial<ParamItem> = {}): ParamItem {
  return { id: String(nextId++), name, type, required: false, value: '', description: '', children: [], ...extra };
}

const SEEDS = Array.from({ length: 60 }, (_, i) => i + 1);

/** The body generated for a seed (in Chinese for odd seeds, English for even ones). */
function bodyFor(params: ParamItem[], seed: number): Record<string, unknown> {
  const result = generateFromParams(params, { seed, locale: seed % 2 ? 'zh' : 'en', deadline: Date.now() + 30_000 });
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value.value as Record<string, unknown>;
}

/** A row's value under every seed. */
const valuesOf = (param: ParamItem) => SEEDS.map((seed) => bodyFor([param], seed)[param.name]);

/** What JSON Schema's `pattern` asks, both ways a client may compile it (a frontend's RegExp, Ajv's `u` flag). */
function expectAllMatch(values: unknown[], pattern: string) {
  for (const flags of ['', 'u']) {
    const regex = new RegExp(pattern, flags);
    for (const value of values)
      expect(typeof value === 'string' && regex.test(value), `${JSON.stringify(value)} ~ /${pattern}/${flags}`).toBe(true);
  }
}

describe('a string row with a pattern', () => {
  it.each([
    ['digits with counts', 'mobile', '^1[3-9]\\d{9}$'],
    ['classes and ranges', 'sku', '^[A-Z]{2}[a-f0-9]{6}_[^\\s]{3}$'],
    ['alternation groups', 'status', '^(foo|bar)-(alpha|beta|rc)\\d?$'],
    ['escaped dots and unbounded repeats', 'release', '^v\\d+\\.\\d+\\.\\d+(-[a-z]+)*$'],
    ['a Chinese range', 'whatever', '^[\\u4e00-\\u9fa5]{2,4}$'],
    ['upper-case and \\x escapes', 'key', '^\\u0041\\x2d[\\x30-\\x39]{3}$'],
    ['a pattern matched anywhere (no anchors)', 'note', '[A-Z]{3}\\d'],
    ['word classes, optional parts and a named group', 'userName', '^(?<head>[a-z]\\w{2,7})(_\\d+)?$'],
  ])('%s: every value matches, and the values vary', (_shape, name, pattern) => {
    const values = valuesOf(row(name, 'string', { pattern }));
    expectAllMatch(values, pattern);
    expect(new Set(values).size).toBeGreaterThan(SEEDS.length / 4);
  });

  it('never lets an anchor or an escape into the value', () => {
    const values = valuesOf(row('id', 'string', { pattern: '^ID\\.\\d{4}$' })) as string[];
    expectAllMatch(values, '^ID\\.\\d{4}$');
    for (const value of values) expect(value).toMatch(/^ID\.\d{4}$/);
    for (const value of values) expect(value).not.toMatch(/[\\^$]/);
  });

  it('caps unbounded repeats', () => {
    const values = valuesOf(row('digits', 'string', { pattern: '^\\d+$' })) as string[];
    expectAllMatch(values, '^\\d+$');
    expect(Math.max(...values.map((v) => v.length))).toBeLessThanOrEqual(9);
  });

  it('honours a pattern written as a length rule', () => {
    const values = valuesOf(row('bio', 'string', { pattern: '^[\\s\\S]{10,3000}$' })) as string[];
    expectAllMatch(values, '^[\\s\\S]{10,3000}$');
  });

  it('answers the same value for a seed, and another for another seed', () => {
    const params = [row('mobile', 'string', { pattern: '^1[3-9]\\d{9}$' }), row('code', 'string', { pattern: '^[A-Z]{4}$' })];
    expect(bodyFor(params, 5)).toEqual(bodyFor(params, 5));
    expect(bodyFor(params, 5)).not.toEqual(bodyFor(params, 6));
  });

  it('keeps the example and the enum ahead of the pattern', () => {
    const pattern = '^\\d{3}$';
    expect(valuesOf(row('code', 'string', { pattern, value: 'as written' }))).toEqual(SEEDS.map(() => 'as written'));
    const picked = valuesOf(row('code', 'string', { pattern, enum: ['a', 'b'] }));
    for (const value of picked) expect(['a', 'b']).toContain(value);
  });

  it("keeps the format's value when it matches the pattern, else answers what the pattern allows", () => {
    const datePattern = '^\\d{4}-\\d{2}-\\d{2}$';
    const dates = valuesOf(row('day', 'string', { format: 'date', pattern: datePattern })) as string[];
    expectAllMatch(dates, datePattern);
    // Real dates, not `7310-94-58`: the format's value matched, so it was kept.
    for (const date of dates) expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
    const mailPattern = '^[a-z]{3,8}@corp\\.cn$';
    expectAllMatch(valuesOf(row('contact', 'string', { format: 'email', pattern: mailPattern })), mailPattern);
  });

  it('fits the lengths when a value that still matches can, else keeps to the pattern', () => {
    const pattern = '^[a-z]+$';
    const fitted = valuesOf(row('slug', 'string', { pattern, minLength: 12, maxLength: 14 })) as string[];
    expectAllMatch(fitted, pattern);
    for (const value of fitted) expect(value.length).toBeGreaterThanOrEqual(12);
    for (const value of fitted) expect(value.length).toBeLessThanOrEqual(14);
    const cut = valuesOf(row('slug', 'string', { pattern: '^[a-z]{5,20}', maxLength: 6 })) as string[];
    expectAllMatch(cut, '^[a-z]{5,20}');
    for (const value of cut) expect(value.length).toBeLessThanOrEqual(6);
    // Eleven digits cannot be five characters: the pattern wins over the lengths.
    expectAllMatch(valuesOf(row('mobile', 'string', { pattern: '^1\\d{10}$', minLength: 2, maxLength: 5 })), '^1\\d{10}$');
  });

  it.each([
    ['an invalid pattern', '(unclosed'],
    ['an inverted range', '[z-a]'],
    ['a lookahead', '^(?=.*\\d)[a-z\\d]{8}$'],
    ['a lookbehind', '(?<=x)y'],
    ['a backreference', '^(a|b)\\1$'],
    ['a class randexp does not know', '^\\p{Lu}+$'],
    // Exponential for a backtracking engine on a value that fails the lookahead: refused before any value is tested.
    ['a lookahead that backtracks exponentially', '^(?=(a|a)*c)a{40}$'],
    // Each repeat within RE2's 1,000, together 11,000 characters a value.
    ['a value longer than any answer needs', `^${'[a-z]{1000}'.repeat(11)}$`],
  ])('%s answers what the row would without it, never an error', (_shape, pattern) => {
    const without = row('nickname', 'string');
    const withPattern = { ...without, pattern };
    expect(valuesOf(withPattern)).toEqual(valuesOf(without));
  });
});

describe('array items with a pattern', () => {
  it('makes each string item match its pattern', () => {
    const pattern = '^#[a-z]{3,6}$';
    const arrays = valuesOf(row('tags', 'array[string]', { pattern, minItems: 2, maxItems: 4 })) as string[][];
    for (const items of arrays) expect(items.length).toBeGreaterThanOrEqual(2);
    expectAllMatch(arrays.flat(), pattern);
    const untyped = valuesOf(row('codes', 'array', { pattern: '^[A-Z]{2}\\d{2}$' })) as string[][];
    expectAllMatch(untyped.flat(), '^[A-Z]{2}\\d{2}$');
  });

  it('keeps an enum of items ahead of their pattern', () => {
    const arrays = valuesOf(row('tags', 'array[string]', { pattern: '^\\d$', enum: ['x', 'y'] })) as string[][];
    for (const item of arrays.flat()) expect(['x', 'y']).toContain(item);
  });
});
