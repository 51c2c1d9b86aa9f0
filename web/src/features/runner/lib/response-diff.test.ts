import { describe, expect, it } from 'vitest';
import { paramRow } from '@shared/schemas/param-row';
import { diffResponse, documentedResponse } from './response-diff';

const p = paramRow;

const documented = [
  p('code', 'integer', { required: true }),
  p('message', 'string'),
  p('data', 'object', {
    children: [
      p('token', 'string', { required: true }),
      p('expires', 'number'),
      p('tags', 'array[string]'),
      p('items', 'array[object]', { children: [p('id', 'int64'), p('name', 'string', { nullable: true })] }),
    ],
  }),
];

describe('diffResponse', () => {
  it('a body as documented has no problems (an integer is a number, a nullable field may be null)', () => {
    const body = { code: 0, message: 'ok', data: { token: 't', expires: 3, tags: ['a'], items: [{ id: 1, name: null }] } };
    expect(diffResponse(documented, body)).toEqual([]);
  });

  it('names missing, extra and wrongly typed fields by their path, nested and in array items, once each', () => {
    const body = {
      code: '0',
      data: { expires: 1.5, tags: ['a', 2], items: [{ id: 1.5, extra: true }, { id: 2.5, extra: false }, 'x'] },
      debug: {},
    };
    expect(diffResponse(documented, body)).toEqual([
      { path: 'code', kind: 'type', expected: 'integer', actual: 'string' },
      { path: 'message', kind: 'missing', required: false },
      { path: 'data.token', kind: 'missing', required: true },
      { path: 'data.tags[]', kind: 'type', expected: 'array[string]', actual: 'integer' },
      { path: 'data.items[].id', kind: 'type', expected: 'int64', actual: 'number' },
      { path: 'data.items[].name', kind: 'missing', required: false },
      { path: 'data.items[].extra', kind: 'extra', actual: 'boolean' },
      { path: 'data.items[]', kind: 'type', expected: 'object', actual: 'string' },
      { path: 'debug', kind: 'extra', actual: 'object' },
    ]);
  });

  it('a root that is not an object is compared as the root row; no documented parameters, nothing to compare', () => {
    const root = [p('', 'array[object]', { children: [p('id', 'integer', { required: true })] })];
    expect(diffResponse(root, [{ id: 1 }, {}])).toEqual([{ path: '[].id', kind: 'missing', required: true }]);
    expect(diffResponse(root, { id: 1 })).toEqual([{ path: '', kind: 'type', expected: 'array[object]', actual: 'object' }]);
    expect(diffResponse(documented, [])).toEqual([{ path: '', kind: 'type', expected: 'object', actual: 'array' }]);
    expect(diffResponse([], { anything: 1 })).toEqual([]);
  });

  it('finds the documented response by exact status, then its range, then default', () => {
    const responses = [{ status: '200' }, { status: '4XX' }, { status: 'default' }];
    expect(documentedResponse(responses, 200)?.status).toBe('200');
    expect(documentedResponse(responses, 404)?.status).toBe('4XX');
    expect(documentedResponse(responses, 500)?.status).toBe('default');
    expect(documentedResponse([{ status: '200' }], 201)).toBeUndefined();
  });
});
