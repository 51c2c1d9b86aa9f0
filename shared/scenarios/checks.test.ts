import { describe, expect, it } from 'vitest';
import { check, extraction } from '../schemas/scenario';
import { extract, runCheck, StepDefinitionError, type Answer } from './checks';

const body = { code: 0, data: { token: 'abc.def', id: 42, tags: ['a', 'b'], user: { name: '张三' }, none: null } };
const answer: Answer = {
  status: 201,
  headers: [
    { name: 'Content-Type', value: 'application/json; charset=utf-8' },
    { name: 'X-Trace', value: 'tr-77' },
  ],
  text: JSON.stringify(body),
  json: body,
  timeMs: 120,
};
const run = (c: unknown) => runCheck(answer, check.parse(c));
const take = (e: unknown) => extract(answer, extraction.parse(e));

describe('extractions', () => {
  it('take a JSON path, a header (any case), a regex group and the whole body', () => {
    expect(take({ variable: 'token', from: 'jsonPath', expression: '$.data.token' })).toBe('abc.def');
    expect(take({ variable: 'user', from: 'jsonPath', expression: '$.data.user' })).toBe('{"name":"张三"}');
    expect(take({ variable: 'trace', from: 'header', expression: 'x-trace' })).toBe('tr-77');
    expect(take({ variable: 'id', from: 'regex', expression: '"id":(\\d+)' })).toBe('42');
    expect(take({ variable: 'all', from: 'body' })).toBe(answer.text);
    expect(take({ variable: 'nope', from: 'jsonPath', expression: '$.data.nope' })).toBeUndefined();
  });

  it('refuse a broken regular expression as a mistake of the step', () => {
    expect(() => take({ variable: 'x', from: 'regex', expression: '(' })).toThrow(StepDefinitionError);
  });
});

describe('checks', () => {
  it('status and response time', () => {
    expect(run({ kind: 'status', equals: 201 })).toMatchObject({ passed: true });
    expect(run({ kind: 'status', equals: 200 })).toMatchObject({ passed: false, expected: '200', actual: '201' });
    expect(run({ kind: 'time', underMs: 500 }).passed).toBe(true);
    expect(run({ kind: 'time', underMs: 100 })).toMatchObject({ passed: false, actual: '120 ms' });
  });

  it('JSON path equals, notEquals, contains, matches, exists, notExists and type', () => {
    const p = (path: string, op: string, value = '') => run({ kind: 'jsonPath', path, op, value }).passed;
    expect(p('$.data.id', 'equals', '42')).toBe(true);
    expect(p('$.data.token', 'equals', 'abc.def')).toBe(true);
    expect(p('$.data.user', 'equals', '{"name":"张三"}')).toBe(true);
    expect(p('$.data.id', 'equals', '43')).toBe(false);
    expect(p('$.data.id', 'notEquals', '43')).toBe(true);
    expect(p('$.data.tags', 'contains', 'b')).toBe(true);
    expect(p('$.data.tags', 'contains', 'c')).toBe(false);
    expect(p('$.data.token', 'contains', '.de')).toBe(true);
    expect(p('$.data.user', 'contains', 'name')).toBe(true);
    expect(p('$.data.token', 'matches', '^abc\\.')).toBe(true);
    expect(p('$.data.none', 'exists')).toBe(true);
    expect(p('$.data.nope', 'exists')).toBe(false);
    expect(p('$.data.nope', 'notExists')).toBe(true);
    expect(p('$.data.id', 'type', 'integer')).toBe(true);
    expect(p('$.data.id', 'type', 'number')).toBe(true);
    expect(p('$.data.tags', 'type', 'array')).toBe(true);
    expect(p('$.data.none', 'type', 'null')).toBe(true);
    expect(run({ kind: 'jsonPath', path: '$.data.id', op: 'type', value: 'string' })).toMatchObject({ passed: false, actual: 'integer' });
    expect(p('$.data.nope', 'equals', '')).toBe(false);
  });

  it('headers: equals, contains, matches, exists', () => {
    const h = (name: string, op: string, value = '') => run({ kind: 'header', name, op, value }).passed;
    expect(h('content-type', 'contains', 'json')).toBe(true);
    expect(h('X-Trace', 'equals', 'tr-77')).toBe(true);
    expect(h('X-Trace', 'matches', '^tr-\\d+$')).toBe(true);
    expect(h('X-Missing', 'exists')).toBe(false);
    expect(h('X-Trace', 'equals', 'tr-78')).toBe(false);
  });
});
