import { describe, expect, it } from 'vitest';
import type { ParamItem } from '@shared/schemas/document';
import { stalePathParams, syncPathParams } from './path-params';

const param = (name: string, description = ''): ParamItem => ({
  id: `id-${name}`,
  name,
  type: 'string',
  required: true,
  value: '',
  description,
  children: [],
});
const names = (items: ParamItem[]) => items.map((p) => p.name);

/** Types `path` one character at a time, as a person does, from an empty field. */
function typeOut(path: string, start: ParamItem[] = []) {
  let params = start;
  for (let i = 1; i <= path.length; i++) params = syncPathParams(path.slice(0, i - 1), path.slice(0, i), params);
  return params;
}

describe('syncPathParams', () => {
  it('adds {x} and :x parameters as the path is typed, required strings, once each', () => {
    const params = typeOut('/pay/{merchantId}/orders/:orderId');
    expect(names(params)).toEqual(['merchantId', 'orderId']);
    expect(params.every((p) => p.type === 'string' && p.required)).toBe(true);
  });

  it('reads the path of a whole URL, a {{baseUrl}} prefix and a query string', () => {
    expect(names(syncPathParams('', 'https://api.example.com/v1/{id}?q={notAParam}', []))).toEqual(['id']);
    expect(names(syncPathParams('', '{{baseUrl}}/users/:userId', []))).toEqual(['userId']);
  });

  it('keeps a parameter and its description when its segment is renamed', () => {
    const before = [param('id', '订单号')];
    const after = syncPathParams('/orders/{id}', '/orders/{orderId}', before);
    expect(after).toEqual([{ ...before[0], name: 'orderId' }]);
  });

  it('keeps the parameters the path no longer has, and leaves ones already there as they are', () => {
    const before = [param('merchantId', 'the shop'), param('extra', 'written by hand')];
    const after = syncPathParams('/pay/{merchantId}/orders', '/pay/orders', before);
    expect(after).toBe(before);
    expect(syncPathParams('/a', '/a/{merchantId}', before)).toBe(before);
  });
});

describe('stalePathParams', () => {
  it('names the parameters the path does not have, ignoring unnamed rows', () => {
    const params = [param('merchantId'), param('gone'), param('')];
    expect(names(stalePathParams('/pay/{merchantId}/orders', params))).toEqual(['gone']);
    expect(stalePathParams('/pay/:merchantId', params.slice(0, 1))).toEqual([]);
  });
});
