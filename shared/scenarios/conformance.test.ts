import { describe, expect, it } from 'vitest';
import { paramRow } from '../schemas/param-row';
import type { ParamItem } from '../schemas/params';
import { checkConformance } from './conformance';
import { apiOf } from './test-kit';

const models: Record<string, ParamItem[]> = {
  Pet: [paramRow('name', 'string', { required: true }), paramRow('age', 'integer')],
};
const api = apiOf({
  responses: [
    {
      status: '200',
      body: [
        paramRow('code', 'integer', { required: true }),
        paramRow('data', 'object', {
          required: true,
          children: [
            paramRow('id', 'integer', { required: true }),
            paramRow('email', 'string', { required: true }),
            paramRow('nick', 'string', { nullable: true }),
            paramRow('tags', 'array[string]'),
            paramRow('items', 'array[object]', { children: [paramRow('sku', 'string', { required: true })] }),
            paramRow('pets', 'array[object]', { ref: 'Pet' }),
            paramRow('either', 'any', { combine: 'oneOf', children: [paramRow('', 'string'), paramRow('', 'integer')] }),
          ],
        }),
      ],
    },
    { status: '4XX', body: [paramRow('message', 'string', { required: true })] },
  ],
});
const check = (status: number, body: unknown, forbidExtra = false) =>
  checkConformance(api, status, body, { models: (ref) => models[ref], forbidExtra });

const good = {
  code: 0,
  data: { id: 1, email: 'a@b.c', nick: null, tags: ['x'], items: [{ sku: 's' }], pets: [{ name: 'rex' }], either: 3 },
};

describe('checkConformance', () => {
  it('passes an answer that matches its documented response', () => {
    expect(check(200, good)).toEqual([]);
  });

  it('names the path of a missing required field', () => {
    const { email: _, ...data } = good.data;
    expect(check(200, { ...good, data })).toEqual([{ path: '$.data.email', problem: 'missing' }]);
  });

  it('names the path and both types of a wrong type, inside arrays and models too', () => {
    const body = { ...good, data: { ...good.data, id: '1', tags: ['x', 2], items: [{ sku: 5 }], pets: [{ name: 'rex' }, { age: 2 }] } };
    expect(check(200, body)).toEqual([
      { path: '$.data.id', problem: 'type', expected: 'integer', actual: 'string' },
      { path: '$.data.tags[1]', problem: 'type', expected: 'string', actual: 'integer' },
      { path: '$.data.items[0].sku', problem: 'type', expected: 'string', actual: 'integer' },
      { path: '$.data.pets[1].name', problem: 'missing' },
    ]);
  });

  it('reports extra fields only where the step forbids them', () => {
    const body = { ...good, data: { ...good.data, secret: 'x' }, debug: true };
    expect(check(200, body)).toEqual([]);
    expect(check(200, body, true)).toEqual([
      { path: '$.data.secret', problem: 'extra' },
      { path: '$.debug', problem: 'extra' },
    ]);
  });

  it('a oneOf matching no branch, a null where none is allowed', () => {
    expect(check(200, { ...good, data: { ...good.data, either: true } })).toEqual([
      { path: '$.data.either', problem: 'noBranch', expected: 'oneOf' },
    ]);
    expect(check(200, { ...good, data: null })).toEqual([{ path: '$.data', problem: 'type', expected: 'object', actual: 'null' }]);
  });

  it('reads a status by its range, and an undocumented status is an issue', () => {
    expect(check(404, { message: 'no' })).toEqual([]);
    expect(check(404, {})).toEqual([{ path: '$.message', problem: 'missing' }]);
    expect(check(500, {})).toEqual([{ path: '$', problem: 'status', actual: '500' }]);
  });
});
