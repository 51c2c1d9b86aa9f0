import { describe, expect, it } from 'vitest';
import { dataSetFromFile, inspectDataSet } from './data-set';

// "用户,密码\n张三,1\n" as Excel on Chinese Windows saves it: GBK.
const GBK_CSV = new Uint8Array([0xd3, 0xc3, 0xbb, 0xa7, 0x2c, 0xc3, 0xdc, 0xc2, 0xeb, 0x0a, 0xd5, 0xc5, 0xc8, 0xfd, 0x2c, 0x31, 0x0a]);

describe('a data set in the editor', () => {
  it('reads a GBK CSV and a UTF-8 one with a BOM, and tells JSON by its name', () => {
    const gbk = dataSetFromFile('rows.csv', GBK_CSV);
    expect(gbk.encoding).toBe('gbk');
    const read = inspectDataSet(gbk.set);
    expect(read).toEqual({ ok: true, columns: ['用户', '密码'], rows: [{ name: '#1', values: { 用户: '张三', 密码: '1' } }] });
    const bom = dataSetFromFile('rows.csv', new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('a,b\n1,2\n')]));
    expect(bom.encoding).toBe('utf-8-bom');
    expect(inspectDataSet(bom.set)).toMatchObject({ ok: true, columns: ['a', 'b'] });
    const json = dataSetFromFile('rows.json', new TextEncoder().encode('[{"user":"a","n":1}]'));
    expect(json.set.format).toBe('json');
    expect(inspectDataSet(json.set)).toMatchObject({ ok: true, rows: [{ values: { user: 'a', n: '1' } }] });
  });

  it('names a required column the file lacks, and each row by the name column', () => {
    const { set } = dataSetFromFile('rows.csv', new TextEncoder().encode('user,password\nann,1\nbob,2\n'));
    expect(inspectDataSet({ ...set, requiredColumns: ['user', 'token'] })).toEqual({
      ok: false,
      problem: { reason: 'missingColumn', column: 'token', row: 1 },
    });
    const named = inspectDataSet({ ...set, nameColumn: 'user' });
    expect(named.ok && named.rows.map((r) => r.name)).toEqual(['ann', 'bob']);
  });

  it('says what is wrong with a file that is not rows', () => {
    const { set } = dataSetFromFile('rows.json', new TextEncoder().encode('{"not":"rows"}'));
    expect(inspectDataSet(set)).toMatchObject({ ok: false, problem: { reason: 'notRows' } });
  });
});
