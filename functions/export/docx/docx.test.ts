import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { OWN_IMAGE, printFixture, printOptions, quillFixture } from '../print/fixture';
import { docxWriter, EAST_ASIAN_FONT } from '.';
import { wholeBody } from '../types';

async function open(language: 'zh' | 'en', style: 'decimal' | 'none' = 'decimal') {
  const { options, requested } = printOptions(language, style);
  const out = await docxWriter(printFixture(), options);
  const files = unzipSync(await wholeBody(out));
  const read = (name: string) => strFromU8(files[name]!);
  return { out, files, document: read('word/document.xml'), read, requested };
}

/** The paragraphs of document.xml as (style, text) pairs. */
const paragraphs = (xml: string) =>
  [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>/g)].map((m) => ({
    style: /<w:pStyle w:val="([^"]+)"\/>/.exec(m[1]!)?.[1] ?? '',
    text: [...m[1]!.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
      .map((t) => t[1]!)
      .join('')
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  }));
const CJK = /[\u4e00-\u9fff]/;

describe('Word export', () => {
  it('writes real headings with serial labels, a table of contents field, tables, lists, code and the image', async () => {
    const { out, files, document, requested } = await open('zh');
    expect(out).toMatchObject({
      extension: 'docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const body = document.slice(document.indexOf('</w:sdt>'));
    const ps = paragraphs(body);
    const heading = (text: string) => ps.find((p) => p.text === text)?.style;
    expect(heading('1 用户接口')).toBe('Heading1');
    expect(heading('1.1 创建用户')).toBe('Heading2');
    expect(heading('3 Markdown 指南')).toBe('Heading1');
    expect(heading('7 嵌入页')).toBe('Heading1');
    // A table of contents field over the heading styles, filled in by Word when the file opens.
    expect(document).toContain('TOC \\h \\o &quot;1-6&quot;');
    expect(strFromU8(files['word/settings.xml']!)).toContain('<w:updateFields/>');
    // Parameter tables: header rows repeat, rows never split, nested rows indented.
    expect(body.match(/<w:tbl>/g)!.length).toBeGreaterThanOrEqual(8);
    expect(body).toContain('<w:tblHeader/>');
    expect(body).toContain('<w:cantSplit/>');
    const texts = ps.map((p) => p.text);
    for (const s of ['参数名', 'nickname', 'city', '→ Owner', '响应 200', '响应 404', '40001', '令牌无效', '单元格', '要点甲', 'Point B'])
      expect(
        texts.some((t) => t.includes(s)),
        s,
      ).toBe(true);
    expect(body).toMatch(/<w:ind w:left="480"\/>[\s\S]*?city/);
    // Lists are numbered paragraphs; code is Consolas.
    expect(body).toContain('<w:numPr>');
    expect(body).toMatch(/w:ascii="Consolas"[^>]*\/>(<[^>]+>)*<w:t xml:space="preserve">const 堃 = 1;<\/w:t>/);
    // The project's image, through readImage once; the outside ones and /etc/passwd are not embedded.
    expect(requested.filter((s) => s === OWN_IMAGE)).toHaveLength(1);
    expect(Object.keys(files).filter((f) => f.startsWith('word/media/'))).toHaveLength(1);
    expect(body).toContain('<w:drawing>');
    expect(document).not.toContain('alert(1)');
  });

  it('comes in pieces, and every link, image, list and contents entry the body names is in the package', async () => {
    // A project large enough that its body is deflated in several pieces, each handed over before the next is made.
    const many = printFixture();
    const first = many.nodes.find((n) => n.type === 'api')!;
    for (let i = 0; i < 200; i++) many.nodes.push({ ...first, id: `copy-${i}`, name: `副本 ${i}` });
    const { options } = printOptions('zh', 'decimal', many);
    let pieces = 0;
    const bytes: Uint8Array[] = [];
    for await (const piece of (await docxWriter(many, options)).body) {
      pieces++;
      bytes.push(piece);
    }
    expect(pieces).toBeGreaterThan(1);
    const files = unzipSync(Buffer.concat(bytes));
    const read = (name: string) => strFromU8(files[name]!);
    const document = read('word/document.xml');
    const relationships = new Map(
      [...read('word/_rels/document.xml.rels').matchAll(/<Relationship Id="([^"]+)" Type="[^"]+\/(\w+)" Target="([^"]+)"/g)].map((m) => [
        m[1]!,
        { type: m[2]!, target: m[3]! },
      ]),
    );
    const named = [...document.matchAll(/r:(?:embed|id)="([^"]+)"/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    for (const id of new Set(named)) expect(relationships.has(id), id).toBe(true);
    for (const { type, target } of relationships.values()) if (type === 'image') expect(files[`word/${target}`], target).toBeDefined();
    // No placeholder of docx's left unfilled; every list's number is defined in numbering.xml.
    expect(document).not.toMatch(/rId\{|w:val="\{/);
    const numbers = new Set([...read('word/numbering.xml').matchAll(/<w:num w:numId="(\d+)"/g)].map((m) => m[1]!));
    for (const [, id] of document.matchAll(/<w:numId w:val="([^"]+)"\/>/g)) expect(numbers.has(id!), id).toBe(true);
    // Each heading's entry in the contents links to the bookmark on that heading.
    const anchors = [...document.matchAll(/w:anchor="(_Toc\d+)"/g)].map((m) => m[1]!);
    const bookmarks = new Set([...document.matchAll(/<w:bookmarkStart w:name="(_Toc\d+)"/g)].map((m) => m[1]!));
    expect(anchors.length).toBeGreaterThan(200);
    for (const anchor of anchors) expect(bookmarks.has(anchor), anchor).toBe(true);
  });

  it('sets the East Asian font on every run with Chinese in it and keeps the Chinese text intact', async () => {
    const { document, read } = await open('zh');
    const body = document.slice(document.indexOf('</w:sdt>'));
    const runs = [...body.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)]
      .map((m) => m[1]!)
      .filter((r) => CJK.test(r.replace(/<w:rPr>[\s\S]*?<\/w:rPr>/, '')));
    expect(runs.length).toBeGreaterThan(30);
    for (const r of runs) expect(r).toContain(`w:eastAsia="${EAST_ASIAN_FONT}"`);
    expect(read('word/styles.xml')).toContain(`w:eastAsia="${EAST_ASIAN_FONT}"`);
    const all = paragraphs(document)
      .map((p) => p.text)
      .join('\n');
    for (const s of ['宠物商店 Pet Store', '维护人：王堃、李喆。', '负责人：张堃（喆）。', '"nickname": "小堃"', '{"名字": "喆", "id": 1}'])
      expect(all).toContain(s);
    expect(read('word/footer1.xml')).toMatch(/第 [\s\S]*PAGE[\s\S]* 页，共 [\s\S]*NUMPAGES[\s\S]* 页/);
  });

  it('writes its own words in English, and no labels when the project numbers nothing', async () => {
    const { document, read } = await open('en', 'none');
    const texts = paragraphs(document).map((p) => p.text);
    for (const s of ['Contents', 'Request headers', 'Response 200', 'Name', 'Required']) expect(texts, s).toContain(s);
    const body = document.slice(document.indexOf('</w:sdt>'));
    expect(paragraphs(body).find((p) => p.text === '创建用户')?.style).toBe('Heading2');
    expect(read('word/footer1.xml')).toMatch(/Page [\s\S]*PAGE[\s\S]* of [\s\S]*NUMPAGES/);
  });

  it('nests Quill ql-indent-N list items as list levels, embeds a GIF and prints a placeholder for a WebP', async () => {
    for (const language of ['zh', 'en'] as const) {
      const { file, options } = quillFixture(language);
      const files = unzipSync(await wholeBody(await docxWriter(file, options)));
      const document = strFromU8(files['word/document.xml']!);
      const levelOf = (start: string) => {
        const p = [...document.matchAll(/<w:p>([\s\S]*?)<\/w:p>/g)].map((m) => m[1]!).find((x) => x.includes(`>${start}`));
        expect(p, start).toBeDefined();
        return Number(/<w:ilvl w:val="(\d+)"\/>/.exec(p!)?.[1]);
      };
      expect([levelOf('甲级'), levelOf('乙级'), levelOf('丙级'), levelOf('丁级'), levelOf('戊级'), levelOf('己级')]).toEqual([
        0, 1, 2, 0, 0, 1,
      ]);
      // Word shows GIF: embedded as it is; WebP it does not: the named placeholder line.
      expect(Object.keys(files).filter((f) => f.startsWith('word/media/'))).toEqual([expect.stringMatching(/\.gif$/)]);
      expect(document).toContain(language === 'zh' ? '[图片：动图（WEBP）]' : '[Image: 动图 (WEBP)]');
    }
  });
});
