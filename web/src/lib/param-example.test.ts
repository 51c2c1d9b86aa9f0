import { describe, expect, it } from 'vitest';
import type { ParamItem } from '@shared/schemas/document';
import { exampleOf } from './param-example';

const param = (name: string, type: ParamItem['type'], value = '', children: ParamItem[] = []): ParamItem => ({
  id: name,
  name,
  type,
  required: false,
  value,
  description: '',
  children,
});

describe('exampleOf', () => {
  it('keeps a string example a string, even when it reads as a number, a boolean or JSON', () => {
    expect(
      exampleOf([
        param('phone', 'string', '13800000000'),
        param('flag', 'string', 'true'),
        param('json', 'string', '{"a":1}'),
        param('padded', 'string', ' 007 '),
      ]),
    ).toEqual({ phone: '13800000000', flag: 'true', json: '{"a":1}', padded: ' 007 ' });
  });

  it('reads integers and numbers as numbers, and gives 0 for what does not read as one', () => {
    expect(
      exampleOf([
        param('count', 'integer', '42'),
        param('cut', 'int32', '3.7'),
        param('big', 'int64', '"9"'),
        param('price', 'number', '9.5'),
        param('bad', 'number', 'abc'),
      ]),
    ).toEqual({ count: 42, cut: 3, big: 0, price: 9.5, bad: 0 });
  });

  it('reads booleans as booleans', () => {
    expect(exampleOf([param('a', 'boolean', 'true'), param('b', 'boolean', '1'), param('c', 'boolean', 'no')])).toEqual({
      a: true,
      b: true,
      c: false,
    });
  });

  it('reads objects and arrays as JSON of their shape, with typed arrays made of their item type', () => {
    expect(
      exampleOf([
        param('o', 'object', '{"x":1}'),
        param('notObject', 'object', '[1]'),
        param('ids', 'array[string]', '[1, "b", true]'),
        param('nums', 'array[number]', '["2", 3]'),
        param('bools', 'array[boolean]', '[true, "false", 1]'),
        param('rows', 'array[object]', '[{"a":1}, 2]'),
        param('grid', 'array[array]', '[[1], 2]'),
        param('any', 'array', '[1, "a"]'),
        param('broken', 'array', 'not json'),
      ]),
    ).toEqual({
      o: { x: 1 },
      notObject: {},
      ids: ['1', 'b', 'true'],
      nums: [2, 3],
      bools: [true, false, true],
      rows: [{ a: 1 }],
      grid: [[1]],
      any: [1, 'a'],
      broken: [],
    });
  });

  it('keeps a file example as its text, and gives every type a placeholder of that type when no example is written', () => {
    expect(
      exampleOf([
        param('f', 'file', '123'),
        param('s', 'string'),
        param('i', 'integer'),
        param('b', 'boolean'),
        param('o', 'object', '', [param('inner', 'string', '5')]),
        param('list', 'array[object]', '', [param('n', 'number', '5')]),
      ]),
    ).toEqual({ f: '123', s: 'string', i: 0, b: false, o: { inner: '5' }, list: [{ n: 5 }] });
  });
});

describe('exampleOf with models that refer to themselves and each other (issue 39)', () => {
  const ref = (name: string, model: string, many = false): ParamItem => ({ ...param(name, many ? 'array[object]' : 'object'), ref: model });
  it('ends a model met again on its own path: an empty list or object', () => {
    const models = new Map([['tree', { schema: [param('id', 'integer'), ref('children', 'tree', true), ref('parent', 'tree')] }]]);
    expect(exampleOf([ref('root', 'tree')], models)).toEqual({ root: { id: 0, children: [], parent: {} } });
  });

  it('keeps a web of models that refer to each other small', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    const models = new Map(names.map((n) => [n, { schema: [param('id', 'integer'), ...names.map((m) => ref(`to_${m}`, m, true))] }]));
    expect(JSON.stringify(exampleOf([ref('root', 'a')], models)).length).toBeLessThan(100_000);
  });
});
