import { describe, expect, it } from 'vitest';
import { chineseNumeral, nestNodes, serialLabel, serialLabels } from './serial-numbers';

describe('serial numbers', () => {
  it('writes Chinese numerals as people write them', () => {
    expect([1, 9, 10, 11, 19, 20, 21, 99, 100, 105, 110, 1_000, 1_001, 2_030].map(chineseNumeral)).toEqual([
      '一',
      '九',
      '十',
      '十一',
      '十九',
      '二十',
      '二十一',
      '九十九',
      '一百',
      '一百零五',
      '一百一十',
      '一千',
      '一千零一',
      '二千零三十',
    ]);
  });

  it('labels each level in the chosen style', () => {
    expect(serialLabel('none', [1, 2])).toBe('');
    expect(serialLabel('decimal', [1, 2, 3])).toBe('1.2.3');
    expect([[3], [3, 2], [3, 2, 4], [3, 2, 4, 5]].map((p) => serialLabel('chinese', p))).toEqual(['三、', '（二）', '4.', '(5)']);
  });

  it('numbers a tree in display order, siblings counted per parent', () => {
    const tree = nestNodes([
      { id: 'a', parentId: '' },
      { id: 'a1', parentId: 'a' },
      { id: 'a2', parentId: 'a' },
      { id: 'a2x', parentId: 'a2' },
      { id: 'b', parentId: '' },
    ]);
    expect(Object.fromEntries(serialLabels(tree, 'decimal'))).toEqual({ a: '1', a1: '1.1', a2: '1.2', a2x: '1.2.1', b: '2' });
    expect(serialLabels(tree, 'chinese').get('a2')).toBe('（二）');
    expect([...serialLabels(tree, 'none').values()].every((l) => l === '')).toBe(true);
  });
});
