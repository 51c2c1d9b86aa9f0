/** The saved mock settings (shared/schemas/mock.ts): what a save refuses, with which message. */
import { describe, expect, it } from 'vitest';
import { translate } from '@shared/messages';
import { mockConfigBody, type MockConfigInput } from '@shared/schemas/mock';

const base: MockConfigInput = {
  projectId: '3f2b6c1e-1111-4a4a-9c9c-0123456789ab',
  docId: '3f2b6c1e-1111-4a4a-9c9c-0123456789ab_abc123',
  type: 'static',
  body: '{"ok":true}',
};

function issues(input: Record<string, unknown>) {
  const result = mockConfigBody.safeParse({ ...base, ...input });
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

const expectation = (over: Record<string, unknown> = {}) => ({ id: 'e1', conditions: [], bodyType: 'static', body: '{}', ...over });

describe('mockConfigBody', () => {
  it('fills the defaults: status 200, no headers, no delay, no expectations', () => {
    expect(mockConfigBody.parse(base)).toEqual({ ...base, status: 200, headers: [], delay: 0, expectations: [] });
  });

  it("refuses a static body that is not JSON with the spec's message, in both languages", () => {
    expect(issues({ body: '{ok: true}' })).toEqual([{ path: 'body', message: 'v.mockJson' }]);
    expect(translate('zh', 'v.mockJson')).toBe('JSON数据格式错误');
    expect(translate('en', 'v.mockJson')).toBe('JSON data format is wrong');
  });

  it('refuses a template that is not a JSON object or array, too deep, or with a __proto__ field', () => {
    expect(issues({ type: 'template', body: '{"list|1-10": [{"name": "@cname"}]}' })).toEqual([]);
    expect(issues({ type: 'template', body: '[{"id|+1": 1}]' })).toEqual([]);
    for (const body of [
      '"@cname"',
      '12',
      'null',
      '{"a":',
      '{"__proto__|1": {}}',
      '{"__pro|to__": {}}',
      `${'['.repeat(33)}${']'.repeat(33)}`,
    ]) {
      expect(issues({ type: 'template', body }), body).toEqual([{ path: 'body', message: 'v.mockTemplate' }]);
    }
    expect(issues({ type: 'template', body: `${'['.repeat(32)}${']'.repeat(32)}` })).toEqual([]);
    expect(translate('zh', 'v.mockTemplate')).toBe('mock格式错误');
    expect(translate('en', 'v.mockTemplate')).toBe('mock format error');
  });

  it('walks a hostile nesting no deeper than the limit', () => {
    const hostile = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(issues({ type: 'template', body: hostile })).toEqual([{ path: 'body', message: 'v.mockTemplate' }]);
  });

  it('does not check the body of types that do not serve it as JSON', () => {
    expect(issues({ type: 'script', body: 'return {status: 204}' })).toEqual([]);
    expect(issues({ type: 'auto', body: '' })).toEqual([]);
    expect(issues({ type: 'off', body: 'anything' })).toEqual([]);
  });

  it('limits the body to 256 KB of UTF-8', () => {
    expect(issues({ body: JSON.stringify('x'.repeat(256 * 1024 - 2)) })).toEqual([]);
    expect(issues({ body: JSON.stringify('x'.repeat(256 * 1024)) })).toEqual([{ path: 'body', message: 'v.mockBodySize' }]);
    // 90,000 Chinese characters are 270,000 bytes in UTF-8.
    expect(issues({ body: JSON.stringify('中'.repeat(90_000)) })).toEqual([{ path: 'body', message: 'v.mockBodySize' }]);
  });

  it('checks status, delay and headers', () => {
    expect(issues({ status: 99 })).toEqual([{ path: 'status', message: 'v.mockStatus' }]);
    expect(issues({ status: 101 })).toEqual([{ path: 'status', message: 'v.mockStatus' }]);
    expect(issues({ status: 600 })).toEqual([{ path: 'status', message: 'v.mockStatus' }]);
    expect(issues({ status: 201.5 })).toEqual([{ path: 'status', message: 'v.mockStatus' }]);
    expect(issues({ delay: 10_001 })).toEqual([{ path: 'delay', message: 'v.mockDelay' }]);
    expect(issues({ delay: -1 })).toEqual([{ path: 'delay', message: 'v.mockDelay' }]);
    expect(issues({ headers: [{ name: 'X-Trace-Id', value: 'abc' }] })).toEqual([]);
    expect(issues({ headers: [{ name: 'Bad Name', value: 'x' }] })).toEqual([{ path: 'headers.0.name', message: 'v.mockHeaderName' }]);
    expect(issues({ headers: [{ name: 'X-A', value: 'a\r\nSet-Cookie: x=1' }] })).toEqual([
      { path: 'headers.0.value', message: 'v.mockHeaderValue' },
    ]);
    expect(issues({ headers: Array.from({ length: 51 }, (_, i) => ({ name: `x-${i}`, value: '' })) })).toEqual([
      { path: 'headers', message: 'v.mockHeaders' },
    ]);
  });

  it('checks each expectation body by its own type', () => {
    expect(issues({ expectations: [expectation({ bodyType: 'static', body: 'not json' })] })).toEqual([
      { path: 'expectations.0.body', message: 'v.mockJson' },
    ]);
    expect(issues({ expectations: [expectation({ bodyType: 'template', body: '"x"' })] })).toEqual([
      { path: 'expectations.0.body', message: 'v.mockTemplate' },
    ]);
    expect(issues({ expectations: [expectation({ bodyType: 'template', body: '{"n|1-3": 1}' })] })).toEqual([]);
  });

  it('refuses a regex condition that does not compile in RE2, with its own message', () => {
    const condition = (value: string) => ({ source: 'query', name: 'q', op: 'regex', value });
    expect(issues({ expectations: [expectation({ conditions: [condition('^\\d+$')] })] })).toEqual([]);
    for (const pattern of ['(', '(a)\\1', 'a(?=b)']) {
      expect(issues({ expectations: [expectation({ conditions: [condition(pattern)] })] }), pattern).toEqual([
        { path: 'expectations.0.conditions.0.value', message: 'v.mockRegex' },
      ]);
    }
    expect(translate('en', 'v.mockRegex')).toMatch(/regular expression/);
  });

  it('limits expectations to 50 and conditions to 20', () => {
    expect(issues({ expectations: Array.from({ length: 51 }, (_, i) => expectation({ id: `e${i}` })) })).toEqual([
      { path: 'expectations', message: 'v.mockExpectations' },
    ]);
    const conditions = Array.from({ length: 21 }, () => ({ source: 'header', name: 'x', op: 'exists' }));
    expect(issues({ expectations: [expectation({ conditions })] })).toEqual([
      { path: 'expectations.0.conditions', message: 'v.mockConditions' },
    ]);
  });

  it('refuses unknown types, sources and operators', () => {
    expect(issues({ type: 'random' })[0]?.path).toBe('type');
    const bad = { source: 'cookie', name: 'x', op: 'eq', value: '' };
    expect(issues({ expectations: [expectation({ conditions: [bad] })] })[0]?.path).toBe('expectations.0.conditions.0.source');
  });
});
