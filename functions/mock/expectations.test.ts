import { describe, expect, it } from 'vitest';
import type { MockCondition, MockExpectation } from '@shared/schemas/mock';
import { RE2JS } from 're2js';
import { isLinearRegex } from '@shared/schemas/mock';
import { bodyField, findExpectation, toRe2Syntax, type ExpectationRequest } from './expectations';

const request: ExpectationRequest = {
  query: { q: 'hello world', page: '3', tag: ['red', 'blue'], empty: '' },
  params: { id: '42' },
  headers: { 'X-Client': 'ios', 'Content-Type': 'application/json' },
  body: {
    user: { id: 7, name: 'Ann', vip: true, tags: ['a', 'b'], score: '88.5' },
    items: [{ id: 'first' }, { id: 'second' }],
    nothing: null,
  },
};

let nextId = 0;
function expectation(conditions: Partial<MockCondition>[], over: Partial<MockExpectation> = {}): MockExpectation {
  return {
    id: `e${nextId++}`,
    name: '',
    enabled: true,
    conditions: conditions.map((c) => ({ source: 'query', name: 'q', op: 'eq', value: '', ...c })),
    status: 200,
    headers: [],
    bodyType: 'static',
    body: '{}',
    delay: 0,
    ...over,
  };
}

/** Whether a single condition holds against the request above. */
const holds = (condition: Partial<MockCondition>) => findExpectation([expectation([condition])], request) !== undefined;

describe('bodyField', () => {
  it('follows dotted paths with numeric array indexes, through own properties only', () => {
    expect(bodyField(request.body, 'user.name')).toBe('Ann');
    expect(bodyField(request.body, 'items.1.id')).toBe('second');
    expect(bodyField(request.body, 'items.x')).toBeUndefined();
    expect(bodyField(request.body, 'user.missing.deeper')).toBeUndefined();
    expect(bodyField(request.body, 'user.constructor')).toBeUndefined();
    expect(bodyField(request.body, '__proto__')).toBeUndefined();
    expect(bodyField('not json', 'a')).toBeUndefined();
  });
});

describe('operators', () => {
  it('eq compares text, numbers by value, and any value of a repeated parameter', () => {
    expect(holds({ source: 'query', name: 'q', op: 'eq', value: 'hello world' })).toBe(true);
    expect(holds({ source: 'query', name: 'q', op: 'eq', value: 'hello' })).toBe(false);
    expect(holds({ source: 'path', name: 'id', op: 'eq', value: '42' })).toBe(true);
    expect(holds({ source: 'body', name: 'user.id', op: 'eq', value: '7' })).toBe(true);
    expect(holds({ source: 'body', name: 'user.id', op: 'eq', value: '7.0' })).toBe(true);
    expect(holds({ source: 'body', name: 'user.vip', op: 'eq', value: 'true' })).toBe(true);
    expect(holds({ source: 'body', name: 'nothing', op: 'eq', value: 'null' })).toBe(true);
    expect(holds({ source: 'query', name: 'tag', op: 'eq', value: 'blue' })).toBe(true);
    expect(holds({ source: 'query', name: 'missing', op: 'eq', value: '' })).toBe(false);
  });

  it('ne holds when no value equals, including when the field is missing', () => {
    expect(holds({ source: 'query', name: 'q', op: 'ne', value: 'bye' })).toBe(true);
    expect(holds({ source: 'query', name: 'q', op: 'ne', value: 'hello world' })).toBe(false);
    expect(holds({ source: 'query', name: 'tag', op: 'ne', value: 'red' })).toBe(false);
    expect(holds({ source: 'body', name: 'user.nope', op: 'ne', value: 'x' })).toBe(true);
  });

  it('contains finds text in strings and items in arrays', () => {
    expect(holds({ source: 'query', name: 'q', op: 'contains', value: 'lo wo' })).toBe(true);
    expect(holds({ source: 'query', name: 'q', op: 'contains', value: 'xyz' })).toBe(false);
    expect(holds({ source: 'body', name: 'user.tags', op: 'contains', value: 'b' })).toBe(true);
    expect(holds({ source: 'body', name: 'user.tags', op: 'contains', value: 'c' })).toBe(false);
    expect(holds({ source: 'body', name: 'user', op: 'contains', value: 'Ann' })).toBe(false);
  });

  it('exists checks presence, not truthiness', () => {
    expect(holds({ source: 'query', name: 'empty', op: 'exists' })).toBe(true);
    expect(holds({ source: 'body', name: 'nothing', op: 'exists' })).toBe(true);
    expect(holds({ source: 'header', name: 'x-client', op: 'exists' })).toBe(true);
    expect(holds({ source: 'header', name: 'x-missing', op: 'exists' })).toBe(false);
    expect(holds({ source: 'path', name: 'other', op: 'exists' })).toBe(false);
  });

  it('gt and lt compare numbers and never match what is not a number', () => {
    expect(holds({ source: 'query', name: 'page', op: 'gt', value: '2' })).toBe(true);
    expect(holds({ source: 'query', name: 'page', op: 'gt', value: '3' })).toBe(false);
    expect(holds({ source: 'query', name: 'page', op: 'lt', value: '10' })).toBe(true);
    expect(holds({ source: 'body', name: 'user.score', op: 'gt', value: '88' })).toBe(true);
    expect(holds({ source: 'query', name: 'q', op: 'gt', value: '0' })).toBe(false);
    expect(holds({ source: 'query', name: 'q', op: 'lt', value: '0' })).toBe(false);
    expect(holds({ source: 'query', name: 'empty', op: 'lt', value: '1' })).toBe(false);
    expect(holds({ source: 'body', name: 'user.vip', op: 'gt', value: '0' })).toBe(false);
    expect(holds({ source: 'query', name: 'page', op: 'gt', value: 'abc' })).toBe(false);
  });

  it('regex matches anywhere in the value with RE2 syntax, and a bad pattern never matches', () => {
    expect(holds({ source: 'query', name: 'q', op: 'regex', value: '^hel+o\\s' })).toBe(true);
    expect(holds({ source: 'query', name: 'q', op: 'regex', value: '(?i)WORLD$' })).toBe(true);
    expect(holds({ source: 'query', name: 'q', op: 'regex', value: '^world' })).toBe(false);
    expect(holds({ source: 'body', name: 'user.id', op: 'regex', value: '^\\d+$' })).toBe(true);
    expect(holds({ source: 'query', name: 'q', op: 'regex', value: '(a)\\1' })).toBe(false);
    expect(holds({ source: 'query', name: 'missing', op: 'regex', value: '.*' })).toBe(false);
  });

  it('runs a pattern that backtracks exponentially elsewhere in linear time', () => {
    const attack: ExpectationRequest = { ...request, query: { q: `${'a'.repeat(50_000)}!` } };
    const started = performance.now();
    expect(findExpectation([expectation([{ source: 'query', name: 'q', op: 'regex', value: '^(a+)+$' }])], attack)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('reads header names in any case', () => {
    expect(holds({ source: 'header', name: 'x-client', op: 'eq', value: 'ios' })).toBe(true);
    expect(holds({ source: 'header', name: 'CONTENT-TYPE', op: 'contains', value: 'json' })).toBe(true);
  });
});

describe('findExpectation', () => {
  it('returns the first enabled expectation whose conditions all hold', () => {
    const mismatch = expectation([{ source: 'query', name: 'q', op: 'eq', value: 'nope' }]);
    const disabled = expectation([{ source: 'path', name: 'id', op: 'eq', value: '42' }], { enabled: false });
    const partly = expectation([
      { source: 'path', name: 'id', op: 'eq', value: '42' },
      { source: 'header', name: 'x-client', op: 'eq', value: 'android' },
    ]);
    const first = expectation([
      { source: 'path', name: 'id', op: 'eq', value: '42' },
      { source: 'header', name: 'x-client', op: 'eq', value: 'ios' },
    ]);
    const second = expectation([{ source: 'path', name: 'id', op: 'exists' }]);
    expect(findExpectation([mismatch, disabled, partly, first, second], request)).toBe(first);
    expect(findExpectation([second, first], request)).toBe(second);
  });

  it('returns undefined when none matches, and lets an enabled expectation without conditions match anything', () => {
    expect(findExpectation([expectation([{ source: 'query', name: 'q', op: 'eq', value: 'nope' }])], request)).toBeUndefined();
    expect(findExpectation([], request)).toBeUndefined();
    const always = expectation([]);
    expect(findExpectation([always], request)).toBe(always);
  });
});

describe('the save-time regex check', () => {
  it('passes only patterns RE2 compiles, and refuses lookaround and backreferences', () => {
    const corpus = [
      '^\\d+$',
      'a|b',
      '[a-z]+',
      '(?<name>x)',
      '\\p{L}+',
      'a{2,3}',
      '.*',
      '^A\\d+$',
      '\\bword\\b',
      '[\\u4e00-\\u9fa5]+',
      '^(foo|bar)-\\w{3}$',
      '\\s*,\\s*',
    ];
    for (const pattern of corpus) {
      expect(isLinearRegex(pattern), pattern).toBe(true);
      expect(() => RE2JS.compile(toRe2Syntax(pattern)), pattern).not.toThrow();
    }
    expect(toRe2Syntax('\\u4e00-\\u{1F600}')).toBe('\\x{4e00}-\\x{1F600}');
    expect(toRe2Syntax('\\\\u0041')).toBe('\\\\u0041');
    expect(
      findExpectation([expectation([{ op: 'regex', value: '^[\\u4e00-\\u9fa5]+$' }], { id: 're' })], { ...request, query: { q: '你好' } })
        ?.id,
    ).toBe('re');
    for (const pattern of ['(', 'a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b', '(a)\\1', '(?<n>a)\\k<n>', '[z-a]'])
      expect(isLinearRegex(pattern), pattern).toBe(false);
  });
});
