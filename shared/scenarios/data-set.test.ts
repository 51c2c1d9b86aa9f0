import { describe, expect, it } from 'vitest';
import { DataSetError, decodeDataFile, readDataSet } from './data-set';

// 姓名,城市 / 张三,北京 / 李四,上海 as Excel on Chinese Windows writes it (GBK).
const GBK_CSV = Uint8Array.from([
  0xd0, 0xd5, 0xc3, 0xfb, 0x2c, 0xb3, 0xc7, 0xca, 0xd0, 0x0d, 0x0a, 0xd5, 0xc5, 0xc8, 0xfd, 0x2c, 0xb1, 0xb1, 0xbe, 0xa9, 0x0d, 0x0a, 0xc0,
  0xee, 0xcb, 0xc4, 0x2c, 0xc9, 0xcf, 0xba, 0xa3, 0x0d, 0x0a,
]);

const set = (text: string, extra: Partial<Parameters<typeof readDataSet>[0]> = {}) =>
  readDataSet({ format: 'csv', text, nameColumn: '', requiredColumns: [], ...extra });

describe('decodeDataFile', () => {
  it('decodes GBK from Excel', () => {
    expect(decodeDataFile(GBK_CSV)).toEqual({ text: '姓名,城市\r\n张三,北京\r\n李四,上海\r\n', encoding: 'gbk' });
  });

  it('reads UTF-8 with and without a BOM, and UTF-16 by its BOM', () => {
    const utf8 = new TextEncoder().encode('姓名\n张三\n');
    expect(decodeDataFile(utf8)).toEqual({ text: '姓名\n张三\n', encoding: 'utf-8' });
    expect(decodeDataFile(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]))).toEqual({ text: '姓名\n张三\n', encoding: 'utf-8-bom' });
    expect(decodeDataFile(Uint8Array.from([0xff, 0xfe, 0x61, 0x00, 0x2c, 0x00, 0x62, 0x00]))).toEqual({
      text: 'a,b',
      encoding: 'utf-16le',
    });
  });

  it('reads a GBK file as rows with Chinese columns and names', () => {
    const rows = readDataSet({ format: 'csv', text: decodeDataFile(GBK_CSV).text, nameColumn: '姓名', requiredColumns: ['城市'] });
    expect(rows).toEqual([
      { name: '张三', values: { 姓名: '张三', 城市: '北京' } },
      { name: '李四', values: { 姓名: '李四', 城市: '上海' } },
    ]);
  });
});

describe('readDataSet', () => {
  it('parses quotes, embedded commas and line breaks, and names rows by number without a name column', () => {
    expect(set('user,note\nann,"a, ""quoted""\nnote"\n\nbob,plain\n')).toEqual([
      { name: '#1', values: { user: 'ann', note: 'a, "quoted"\nnote' } },
      { name: '#2', values: { user: 'bob', note: 'plain' } },
    ]);
  });

  it('names a missing column clearly', () => {
    expect(() => set('user,pass\nann,1\n', { requiredColumns: ['password'] })).toThrow('the data set has no column "password" (row 1)');
    expect(() => set('user\nann\n', { nameColumn: 'case' })).toThrow(DataSetError);
  });

  it('reads JSON rows, their non-string values as JSON text', () => {
    const rows = readDataSet({ format: 'json', text: '[{"case":"one","n":1,"tags":["a"]}]', nameColumn: 'case', requiredColumns: [] });
    expect(rows).toEqual([{ name: 'one', values: { case: 'one', n: '1', tags: '["a"]' } }]);
    expect(() => readDataSet({ format: 'json', text: '{"a":1}', nameColumn: '', requiredColumns: [] })).toThrow('array of objects');
    expect(() => readDataSet({ format: 'json', text: '[1]', nameColumn: '', requiredColumns: [] })).toThrow('item 1');
  });
});
