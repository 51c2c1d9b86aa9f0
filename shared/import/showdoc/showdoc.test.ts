import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importInput, ImportRefusal } from '../index';

describe('ShowDoc importer', () => {
  it('keeps the pages in their folder tree, the top folder as the project', async () => {
    const zip = zipSync({
      '接口文档/说明.md': strToU8('# 说明\n\n欢迎'),
      '接口文档/用户/登录.md': strToU8('**POST** /login'),
      '接口文档/用户/资料/头像.md': strToU8('上传头像'),
      '接口文档/logo.png': new Uint8Array([1, 2, 3]),
    });
    const r = await importInput({ bytes: zip, name: 'showdoc.zip' });
    expect(r.format).toBe('showdoc');
    expect(r.project.name).toBe('接口文档');
    expect(r.documents.map((d) => [d.type, d.name, d.folder])).toEqual([
      ['doc', '说明', []],
      ['doc', '登录', ['用户']],
      ['doc', '头像', ['用户', '资料']],
    ]);
    expect(r.documents[0]!.content).toEqual({ markdown: '# 说明\n\n欢迎' });
  });

  it('refuses an archive that would inflate past the import size before inflating it', async () => {
    // 60 MB of zeros compresses to a few tens of kilobytes.
    const bomb = zipSync({ 'a.md': new Uint8Array(60 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(importInput({ bytes: bomb })).rejects.toMatchObject({ reason: 'importTooLarge' });
    await expect(importInput({ bytes: zipSync({ 'a.txt': strToU8('x') }) })).rejects.toBeInstanceOf(ImportRefusal);
  });
});
