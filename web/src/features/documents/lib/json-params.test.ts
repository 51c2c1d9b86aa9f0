import { describe, expect, it } from 'vitest';
import { paramsFromJson } from './json-params';

const shape = (items: ReturnType<typeof paramsFromJson>): unknown =>
  items.map((p) => ({ name: p.name, type: p.type, value: p.value, children: shape(p.children) }));

describe('paramsFromJson', () => {
  it('turns an example into a nested parameter tree with types and example values', () => {
    const items = paramsFromJson(
      '{"id": 7, "price": 9.5, "paid": true, "note": null, "tags": ["a"], "user": {"name": "Ada"}, "lines": [{"sku": "x", "qty": 2}], "empty": []}',
    );
    expect(shape(items)).toEqual([
      { name: 'id', type: 'integer', value: '7', children: [] },
      { name: 'price', type: 'number', value: '9.5', children: [] },
      { name: 'paid', type: 'boolean', value: 'true', children: [] },
      { name: 'note', type: 'string', value: '', children: [] },
      { name: 'tags', type: 'array[string]', value: '', children: [] },
      { name: 'user', type: 'object', value: '', children: [{ name: 'name', type: 'string', value: 'Ada', children: [] }] },
      {
        name: 'lines',
        type: 'array[object]',
        value: '',
        children: [
          { name: 'sku', type: 'string', value: 'x', children: [] },
          { name: 'qty', type: 'integer', value: '2', children: [] },
        ],
      },
      { name: 'empty', type: 'array', value: '', children: [] },
    ]);
  });

  it('reads the first item of an array of objects, and refuses anything that is not an object', () => {
    expect(paramsFromJson('[{"a": 1}]').map((p) => p.name)).toEqual(['a']);
    expect(() => paramsFromJson('42')).toThrow();
    expect(() => paramsFromJson('{oops')).toThrow();
  });

  it('stops nesting at the parameter depth limit', () => {
    let deep = '{"leaf": 1}';
    for (let i = 0; i < 40; i++) deep = `{"n${i}": ${deep}}`;
    let depth = 0;
    let level = paramsFromJson(deep);
    while (level[0]?.children.length) {
      level = level[0].children;
      depth++;
    }
    expect(depth).toBeLessThan(32);
  });
});
