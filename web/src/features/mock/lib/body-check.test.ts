import { describe, expect, it } from 'vitest';
import { bodyProblems, lineColumn } from './body-check';

describe('bodyProblems', () => {
  it('takes valid JSON for a static mock and points at the first error of invalid JSON', () => {
    expect(bodyProblems('static', '{"a": [1, 2]}')).toEqual([]);
    expect(bodyProblems('static', '"text"')).toEqual([]);
    expect(bodyProblems('static', '{"a": }')).toEqual([{ from: 6, to: 7, message: 'v.mockJson' }]);
    expect(bodyProblems('static', '{"a": 1,}')[0]).toMatchObject({ from: 8, message: 'v.mockJson' });
    expect(bodyProblems('static', '')).toEqual([{ from: 0, to: 0, message: 'v.mockJson' }]);
    expect(bodyProblems('static', "{'a': 1}")[0]?.from).toBe(1);
  });

  it('takes an object or array as a template, refuses other JSON as a whole and __proto__ fields', () => {
    expect(bodyProblems('template', '{"list|1-10": [{"id|+1": 1, "name": "@cname"}]}')).toEqual([]);
    expect(bodyProblems('template', '[{"a": "@email"}]')).toEqual([]);
    expect(bodyProblems('template', '42')).toEqual([{ from: 0, to: 2, message: 'v.mockTemplate' }]);
    expect(bodyProblems('template', '{"__proto__|1": {}}')[0]).toMatchObject({ from: 0, message: 'v.mockTemplate' });
    expect(bodyProblems('template', '{"a|1-2": [1,]}')[0]).toMatchObject({ from: 13, message: 'v.mockTemplate' });
  });

  it('parses a script as the body of an async function: return and await at the top are fine', () => {
    expect(bodyProblems('script', 'return { status: 200, body: await Promise.resolve(request.query) };')).toEqual([]);
    expect(bodyProblems('script', "const list = Mock.mock({ 'list|2': [{ name: '@cname' }] }).list;\nreturn { body: list };")).toEqual([]);
  });

  it('points at syntax errors of a script, inside the text even when the error is at its end', () => {
    expect(bodyProblems('script', 'const x = ;')).toEqual([{ from: 10, to: 11, message: 'mock.problems.script' }]);
    const open = bodyProblems('script', 'return {');
    expect(open).toHaveLength(1);
    expect(open[0]!.from).toBeLessThanOrEqual(8);
    expect(bodyProblems('script', 'return 1 }')[0]).toMatchObject({ from: 9, message: 'mock.problems.script' });
    expect(bodyProblems('script', "import fs from 'fs';\nreturn {};")[0]).toMatchObject({
      from: 0,
      to: 20,
      message: 'mock.problems.script',
    });
  });

  it('finds invalid regular expression literals, which parse as one token', () => {
    const [problem] = bodyProblems('script', 'const r = /a(b/;\nreturn { body: r.test("a") };');
    expect(problem).toMatchObject({ from: 10, to: 15, message: 'mock.problems.regex' });
    expect(problem!.detail).toMatch(/Invalid regular expression/);
    expect(bodyProblems('script', 'return { body: /a(b)/gi.test("AB") };')).toEqual([]);
  });

  it('never runs the script it checks', () => {
    const marker = globalThis as { __mockCheckRan?: boolean };
    expect(bodyProblems('script', 'globalThis.__mockCheckRan = true; return {};')).toEqual([]);
    expect(marker.__mockCheckRan).toBeUndefined();
  });
});

describe('lineColumn', () => {
  it('counts lines and columns from 1', () => {
    expect(lineColumn('{\n  "a": }', 9)).toEqual({ line: 2, column: 8 });
    expect(lineColumn('abc', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('abc', 99)).toEqual({ line: 1, column: 4 });
  });
});
