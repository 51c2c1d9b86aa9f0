import { describe, expect, it } from 'vitest';
import { PARAM_TYPES, type ParamItem } from '@shared/schemas/document';
import { fieldKind, nameWords, singular } from './field-names';
import { generateFromParams } from './generate';
import { MOCK_CAPS } from './limits';

let nextId = 0;
function param(name: string, type: ParamItem['type'] = 'string', extra: Partial<ParamItem> = {}): ParamItem {
  return { id: String(nextId++), name, type, required: false, value: '', description: '', children: [], ...extra };
}

/** A generous deadline: these tests are about output, and a loaded machine must not turn them into timeouts. */
const unhurried = () => ({ deadline: Date.now() + 30_000 });

function generate(params: ParamItem[], options: Parameters<typeof generateFromParams>[1] = {}) {
  const result = generateFromParams(params, { seed: 7, ...unhurried(), ...options });
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  expect(JSON.parse(result.value.json)).toEqual(result.value.value);
  return result.value.value as Record<string, unknown>;
}

describe('fieldKind', () => {
  it('splits names in any style into words', () => {
    expect(nameWords('createdAt')).toEqual(['created', 'at']);
    expect(nameWords('created_at')).toEqual(['created', 'at']);
    expect(nameWords('HTTPStatusCode')).toEqual(['http', 'status', 'code']);
    expect(singular('categories')).toBe('category');
    expect(singular('addresses')).toBe('address');
    expect(singular('images')).toBe('image');
  });

  it.each([
    ['name', 'fullName'],
    ['userName', 'username'],
    ['nickname', 'nickname'],
    ['fileName', 'fileName'],
    ['productName', 'product'],
    ['projectName', 'title'],
    ['ip', 'ip'],
    ['clientIp', 'ip'],
    ['ip_address', 'ip'],
    ['zip', 'zip'],
    ['vip', 'unknown'],
    ['url', 'url'],
    ['avatarUrl', 'avatar'],
    ['coverImg', 'image'],
    ['date', 'date'],
    ['time', 'time'],
    ['createdAt', 'datetime'],
    ['update_time', 'datetime'],
    ['email', 'email'],
    ['userEmail', 'email'],
    ['mobile', 'phone'],
    ['address', 'address'],
    ['id', 'id'],
    ['userId', 'id'],
    ['uuid', 'uuid'],
    ['title', 'title'],
    ['description', 'sentence'],
    ['content', 'paragraph'],
    ['price', 'price'],
    ['totalCount', 'count'],
    ['pageSize', 'pageSize'],
    ['isActive', 'flag'],
    ['city', 'city'],
    ['whatever', 'unknown'],
  ])('%s is a %s', (name, kind) => {
    expect(fieldKind(name)).toBe(kind);
  });
});

describe('generateFromParams', () => {
  it('gives string fields a realistic value chosen by their name (spec section 5)', () => {
    const out = generate(
      ['name', 'ip', 'url', 'date', 'time', 'email', 'createdAt', 'avatar', 'mobile', 'id', 'title', 'description', 'price'].map((n) =>
        param(n),
      ),
    );
    expect(out.name).toMatch(/^[\u4e00-\u9fff]{2,4}$/);
    expect(out.ip).toMatch(/^(\d{1,3}\.){3}\d{1,3}$/);
    expect(out.url).toMatch(/^https?:\/\//);
    expect(out.date).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(out.time).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(out.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/i);
    expect(out.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(out.avatar).toMatch(/^https:\/\//);
    expect(out.mobile).toMatch(/\d{7,}/);
    expect(out.id).toMatch(/^[1-9]\d{7}$/);
    expect(out.title).toMatch(/[\u4e00-\u9fff]/);
    expect(out.description).toMatch(/。$/);
    expect(out.price).toMatch(/^\d+\.\d\d$/);
  });

  it('speaks English when asked', () => {
    const out = generate([param('name'), param('title')], { locale: 'en' });
    expect(out.name).toMatch(/^[A-Za-z.' -]+$/);
    expect(out.title).toMatch(/^[A-Z][a-z]+( [a-z]+)+$/);
  });

  it('gives numbers sensible ranges: ids positive, counts and pages like counts and pages', () => {
    const out = generate([
      param('id', 'integer'),
      param('userId', 'int64'),
      param('age', 'int32'),
      param('page', 'integer'),
      param('pageSize', 'integer'),
      param('price', 'number'),
      param('ratio', 'number'),
      param('createdAt', 'int64'),
      param('createdAt32', 'int32'),
      param('code', 'integer'),
    ]);
    expect(out.id).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger(out.userId) && (out.userId as number) >= 1).toBe(true);
    expect(out.age).toBeGreaterThanOrEqual(18);
    expect(out.age).toBeLessThanOrEqual(65);
    expect(out.page).toBeGreaterThanOrEqual(1);
    expect([10, 20, 50]).toContain(out.pageSize);
    expect(out.price).toBeGreaterThan(0);
    expect(out.ratio).toBeGreaterThanOrEqual(0);
    expect(out.ratio).toBeLessThanOrEqual(1);
    expect(out.createdAt).toBeGreaterThan(1_600_000_000_000);
    expect(out.createdAt32).toBeLessThan(2 ** 31);
    expect(out.code).toBe(0);
  });

  it('produces a value of the right shape for every parameter type', () => {
    const child = [param('id', 'integer'), param('name')];
    const out = generate([
      param('s'),
      param('i', 'integer'),
      param('i32', 'int32'),
      param('i64', 'int64'),
      param('n', 'number'),
      param('b', 'boolean'),
      param('o', 'object', { children: child }),
      param('a', 'array', { children: child }),
      param('ao', 'array[object]', { children: child }),
      param('tags', 'array[string]'),
      param('scores', 'array[number]'),
      param('flags', 'array[boolean]'),
      param('matrix', 'array[array]'),
      param('f', 'file'),
      param('anything', 'any'),
    ]);
    expect(PARAM_TYPES).toHaveLength(15);
    expect(typeof out.anything).toBe('string');
    expect(typeof out.s).toBe('string');
    for (const key of ['i', 'i32', 'i64']) expect(Number.isInteger(out[key])).toBe(true);
    expect(typeof out.n).toBe('number');
    expect(typeof out.b).toBe('boolean');
    expect(out.o).toEqual({ id: expect.any(Number) as unknown, name: expect.any(String) as unknown });
    for (const key of ['a', 'ao']) {
      const items = out[key] as unknown[];
      expect(items.length).toBeGreaterThanOrEqual(1);
      expect(items.length).toBeLessThanOrEqual(3);
      for (const item of items) expect(Object.keys(item as object)).toEqual(['id', 'name']);
    }
    expect((out.tags as unknown[]).every((t) => typeof t === 'string')).toBe(true);
    expect((out.scores as unknown[]).every((t) => typeof t === 'number')).toBe(true);
    expect((out.flags as unknown[]).every((t) => typeof t === 'boolean')).toBe(true);
    expect((out.matrix as unknown[]).every((row) => Array.isArray(row) && row.length >= 1)).toBe(true);
    expect(out.f).toMatch(/\.\w+$/);
  });

  it('uses examples: JSON for objects and arrays, coerced numbers and booleans', () => {
    const out = generate([
      param('s', 'string', { value: 'fixed' }),
      param('i', 'integer', { value: '42' }),
      param('n', 'number', { value: '3.5' }),
      param('b', 'boolean', { value: 'true' }),
      param('o', 'object', { value: '{"a":1}' }),
      param('a', 'array[string]', { value: '["x","y"]' }),
    ]);
    expect(out).toEqual({ s: 'fixed', i: 42, n: 3.5, b: true, o: { a: 1 }, a: ['x', 'y'] });
  });

  it('keeps a string example that reads as a number a string, and makes a typed array of its item type', () => {
    const out = generate([
      param('phone', 'string', { value: '13800000000' }),
      param('ids', 'array[string]', { value: '[1, 2]' }),
      param('prices', 'array[number]', { value: '["1.5", 2]' }),
      param('flags', 'array[boolean]', { value: '["true", 0]' }),
    ]);
    expect(out).toEqual({ phone: '13800000000', ids: ['1', '2'], prices: [1.5, 2], flags: [true, false] });
  });

  it('falls back to an empty object or array for invalid JSON, and to 0 or false (spec section 5)', () => {
    const out = generate([
      param('o', 'object', { value: '{oops' }),
      param('a', 'array', { value: 'not json' }),
      param('wrongKind', 'object', { value: '[1]' }),
      param('i', 'int64', { value: 'twelve' }),
      param('n', 'number', { value: 'NaN' }),
      param('b', 'boolean', { value: 'yes please' }),
    ]);
    expect(out).toEqual({ o: {}, a: [], wrongKind: {}, i: 0, n: 0, b: false });
  });

  it('is deterministic for a seed and varies without one', () => {
    const params = [
      param('name'),
      param('email'),
      param('items', 'array[object]', { children: [param('id', 'integer'), param('createdAt')] }),
    ];
    expect(generate(params, { seed: 1 })).toEqual(generate(params, { seed: 1 }));
    expect(generate(params, { seed: 1 })).not.toEqual(generate(params, { seed: 2 }));
    const unseeded = new Set(Array.from({ length: 5 }, () => JSON.stringify(generateFromParams(params))));
    expect(unseeded.size).toBeGreaterThan(1);
  });

  it('treats an untyped parameter (older or imported documents) as a string chosen by its name', () => {
    const untyped = (name: string, value = '') => ({ ...param(name), type: '' as ParamItem['type'], value });
    const out = generate([untyped('email'), untyped('note', 'as written')]);
    expect(out.email).toMatch(/@/);
    expect(out.note).toBe('as written');
  });

  it('skips nameless and __proto__ parameters', () => {
    const out = generate([param(''), param('__proto__', 'object', { children: [param('polluted')] }), param('ok')]);
    expect(Object.keys(out)).toEqual(['ok']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('stops a tree that multiplies out, and cuts nesting at the depth cap', () => {
    let nested: ParamItem = param('leaf', 'array[array]');
    for (let i = 0; i < 20; i++) nested = param(`level${i}`, 'array[array]', { children: [nested] });
    const result = generateFromParams([nested], { seed: 3, ...unhurried() });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('output_too_large');

    let deep: ParamItem = param('bottom');
    for (let i = 0; i < MOCK_CAPS.depth + 10; i++) deep = param(`o${i}`, 'object', { children: [deep] });
    let depth = 0;
    for (let node: unknown = generate([deep]); node && typeof node === 'object' && Object.keys(node).length > 0; depth++) {
      node = Object.values(node)[0];
    }
    expect(depth).toBeLessThanOrEqual(MOCK_CAPS.depth + 1);
  });
});

describe('models, compositions and schema settings', () => {
  const pet = [param('id', 'integer'), param('name'), param('owner', 'object', { ref: 'Person' })];
  const person = [param('nickname'), param('pets', 'array[object]', { ref: 'Pet' })];
  const models = (ref: string) => ({ Pet: pet, Person: person })[ref];

  it('expands model references, arrays of models and a root row, and ends a cycle at the depth cap', () => {
    const out = generate([param('', 'array[object]', { ref: 'Pet' })], { models }) as unknown as Record<string, unknown>[];
    expect(Array.isArray(out)).toBe(true);
    expect(Object.keys(out[0]!)).toEqual(['id', 'name', 'owner']);
    expect(Object.keys(out[0]!.owner as object)).toEqual(['nickname', 'pets']);
    expect(JSON.stringify(out).length).toBeLessThan(2_000_000);
  });

  it('answers an unknown model as an empty object rather than failing', () => {
    expect(generate([param('x', 'object', { ref: 'Nowhere' })], { models }).x).toEqual({});
  });

  it('merges allOf branches and takes the first branch of oneOf', () => {
    const out = generate(
      [
        param('both', 'object', {
          combine: 'allOf',
          children: [param('', 'object', { ref: 'Pet' }), param('', 'object', { children: [param('extra')] })],
        }),
        param('either', 'any', { combine: 'oneOf', children: [param('', 'integer'), param('', 'string')] }),
      ],
      { models },
    );
    expect(Object.keys(out.both as object)).toEqual(['id', 'name', 'owner', 'extra']);
    expect(Number.isInteger(out.either)).toBe(true);
  });

  it('answers with an enum member or the schema default when there is no example', () => {
    const out = generate([param('kind', 'string', { enum: ['cat', 'dog'] }), param('size', 'integer', { default: '3' })]);
    expect(['cat', 'dog']).toContain(out.kind);
    expect(out.size).toBe(3);
  });
});
