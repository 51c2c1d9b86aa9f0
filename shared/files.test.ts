import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition, servedType, sniffFileType } from './files';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('sniffFileType', () => {
  it.each([
    ['image/png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0)],
    ['image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0)],
    ['image/gif', text('GIF89a....')],
    ['image/webp', text('RIFF\u0001\u0002\u0003\u0004WEBPVP8 ')],
    ['application/pdf', text('%PDF-1.7')],
    ['application/zip', bytes(0x50, 0x4b, 0x03, 0x04, 0x14)],
  ])('recognises %s by its first bytes', (type, head) => expect(sniffFileType(head)).toBe(type));

  it('recognises nothing in markup, script or a short file, whatever its name says', () => {
    for (const head of [
      text('<svg xmlns="http://www.w3.org/2000/svg">'),
      text('<html><script>'),
      text('RIFF1234WAVE'),
      bytes(0x89, 0x50),
      bytes(),
    ]) {
      expect(sniffFileType(head)).toBeUndefined();
    }
  });
});

describe('servedType', () => {
  it('takes raster images only as images, and serves unknown attachments as plain bytes', () => {
    expect(servedType('image', 'image/webp')).toBe('image/webp');
    expect(servedType('image', 'application/pdf')).toBeUndefined();
    expect(servedType('image', undefined)).toBeUndefined();
    expect(servedType('attachment', undefined)).toBe('application/octet-stream');
    expect(servedType('attachment', 'application/pdf')).toBe('application/pdf');
  });
});

describe('file names', () => {
  it('drops paths and control characters and keeps a name', () => {
    expect(cleanFileName('C:\\Users\\me\\接口说明.pdf')).toBe('接口说明.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a"b\u0000\n.txt')).toBe('ab.txt');
    expect(cleanFileName('///')).toBe('file');
    expect(cleanFileName('x'.repeat(300))).toHaveLength(120);
  });

  it('downloads attachments and shows images inline, under an encoded UTF-8 name', () => {
    expect(contentDisposition('attachment', '接口 v2.pdf')).toBe(
      `attachment; filename="__ v2.pdf"; filename*=UTF-8''${encodeURIComponent('接口 v2.pdf')}`,
    );
    expect(contentDisposition('image', 'a.png')).toMatch(/^inline; filename="a.png"/);
  });
});
