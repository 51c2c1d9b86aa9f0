import { describe, expect, it } from 'vitest';
import { JsonPathError, readJsonPath } from './json-path';

const doc = { data: { token: 't1', items: [{ id: 1 }, { id: 2 }], 'odd key': true }, list: [] };

describe('readJsonPath', () => {
  it('reads members, items, quoted names, the last item and wildcards', () => {
    expect(readJsonPath(doc, '$.data.token')).toEqual({ found: true, value: 't1' });
    expect(readJsonPath(doc, 'data.token')).toEqual({ found: true, value: 't1' });
    expect(readJsonPath(doc, '$.data.items[1].id')).toEqual({ found: true, value: 2 });
    expect(readJsonPath(doc, '$.data.items[-1].id')).toEqual({ found: true, value: 2 });
    expect(readJsonPath(doc, "$.data['odd key']")).toEqual({ found: true, value: true });
    expect(readJsonPath(doc, '$.data.items[*].id')).toEqual({ found: true, value: [1, 2] });
    expect(readJsonPath(doc, '$')).toEqual({ found: true, value: doc });
  });

  it('says absent for a missing member, an index past the end, or a member of a scalar', () => {
    expect(readJsonPath(doc, '$.data.nope')).toEqual({ found: false });
    expect(readJsonPath(doc, '$.data.items[5]')).toEqual({ found: false });
    expect(readJsonPath(doc, '$.data.token.length')).toEqual({ found: false });
    expect(readJsonPath(doc, '$.list[0]')).toEqual({ found: false });
    expect(readJsonPath({ a: 1 }, '$.constructor')).toEqual({ found: false });
  });

  it('refuses a path it cannot read', () => {
    expect(() => readJsonPath(doc, '$.data[abc]')).toThrow(JsonPathError);
    expect(() => readJsonPath(doc, '$.data[0')).toThrow(JsonPathError);
  });
});
