import { describe, expect, it } from 'vitest';
import { insertBlock } from './insert-block';

describe('insertBlock', () => {
  it('puts the block on its own line wherever the cursor is', () => {
    expect(insertBlock('# Title', 7, '![a](/f)').text).toBe('# Title\n![a](/f)');
    expect(insertBlock('# Title\ntext', 2, '![a](/f)').text).toBe('# \n![a](/f)\nTitle\ntext');
    expect(insertBlock('', 0, 'x').text).toBe('x');
    expect(insertBlock('a\n', 2, 'x').text).toBe('a\nx');
    expect(insertBlock('a\nb', 2, 'x')).toEqual({ text: 'a\nx\nb', caret: 3 });
  });
});
