import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { apiloomFile, APILOOM_FILE_KIND } from '../../../shared/import/apiloom';
import { OWN_GIF, OWN_IMAGE, OWN_WEBP, printFixture, printOptions, quillFixture } from '../print/fixture';
import { definition, pdfWriter as streamedPdfWriter, printer, SHORT_TABLE_ROWS, TABLE_TAIL_ROWS } from '.';
import { outline } from '../print/outline';
import { renderSectioned as streamSectioned } from './sections';
import { wholeBody } from '../types';

/** The writer's output with its file whole (it comes in pieces, one per layout run). */
const pdfWriter = async (...args: Parameters<typeof streamedPdfWriter>) => {
  const out = await streamedPdfWriter(...args);
  return { ...out, body: await wholeBody(out) };
};
/** A sectioned document's PDF, whole. */
const renderSectioned = (...args: Parameters<typeof streamSectioned>) =>
  wholeBody({ body: streamSectioned(...args), contentType: 'application/pdf', extension: 'pdf' });

async function pages(body: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(body.slice());
  return (await extractText(pdf, { mergePages: false })).text;
}
const count = (body: Uint8Array, needle: string) => Buffer.from(body).toString('latin1').split(needle).length - 1;

/** A local server that records every request it gets. */
async function recordingServer() {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('PDF export', () => {
  it('lays out every kind in Chinese with a cover, a numbered table of contents with page numbers and zh footers', async () => {
    const { options, requested } = printOptions('zh');
    const out = await pdfWriter(printFixture(), options);
    expect(out).toMatchObject({ contentType: 'application/pdf', extension: 'pdf' });
    const text = await pages(out.body);
    const n = text.length;
    expect(n).toBeGreaterThan(3);
    text.forEach((page, i) => expect(page).toContain(`第 ${i + 1} 页，共 ${n} 页`));
    // Cover
    expect(text[0]).toContain('宠物商店 Pet Store');
    expect(text[0]).toContain('维护人：王堃、李喆');
    expect(text[0]).toContain('2026-11-25');
    // Table of contents: every heading with its serial label and the page it is on.
    expect(text[1]).toContain('目录');
    const headings = [
      '1 用户接口',
      '1.1 创建用户',
      '2 主人模型',
      '3 Markdown 指南',
      '4 富文本说明',
      '5 错误码表',
      '6 External link',
      '7 嵌入页',
    ];
    for (const h of headings) {
      const entry = new RegExp(`${h.replace(/[.]/g, '\\.')} (\\d+)`).exec(text[1]!);
      expect(entry, h).not.toBeNull();
      const page = Number(entry![1]);
      expect(text[page - 1], `${h} on page ${page}`).toContain(h);
    }
    const all = text.join('\n');
    // API: method and path, parameter tables with nested rows, a model reference, responses per status, examples.
    for (const s of [
      'POST /users/{id}',
      '请求头',
      '路径参数',
      'Query 参数',
      '请求体 · json',
      '参数名',
      'nickname',
      'city',
      'Owner',
      '响应 200',
      '响应 404',
      '"nickname": "小堃"',
      '负责人：张堃（喆）',
    ])
      expect(all).toContain(s);
    // Markdown and rich text, error codes, links.
    for (const s of [
      '概述',
      '单元格',
      '{"名字": "喆", "id": 1}',
      '富文本标题',
      '粗体字',
      '要点甲',
      'const 堃 = 1;',
      '40001',
      '令牌无效',
      'https://example.com/docs',
    ])
      expect(all).toContain(s);
    expect(all).not.toContain('alert(1)');
    // The project's image came through readImage (once) and is embedded; the outside one is not.
    expect(requested.filter((s) => s === OWN_IMAGE)).toHaveLength(1);
    expect(count(out.body, '/Subtype /Image')).toBe(1);
    expect(all).toContain('[outside]');
  });

  it('writes its own words, footers included, in English', async () => {
    const text = await pages((await pdfWriter(printFixture(), printOptions('en').options)).body);
    text.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${text.length}`));
    const all = text.join('\n');
    for (const s of [
      'Contents',
      'Request headers',
      'Request body · json',
      'Response 200',
      'Name Type Required Example Description',
      'Code Message Description',
    ])
      expect(all).toContain(s);
    expect(all).toContain('维护人：王堃、李喆');
  });

  it('numbers headings in the chosen style and not at all for none', async () => {
    const chinese = (await pages((await pdfWriter(printFixture(), printOptions('zh', 'chinese').options)).body)).join('\n');
    expect(chinese).toContain('一、 用户接口');
    expect(chinese).toContain('（一） 创建用户');
    const none = await pages((await pdfWriter(printFixture(), printOptions('zh', 'none').options)).body);
    expect(none[1]).toMatch(/\n用户接口 3/);
    expect(none.join('\n')).not.toContain('1.1 创建用户');
  });

  it('exports a project with no documents: the cover and an empty contents page, footers in zh and en', async () => {
    const file = apiloomFile.read({ kind: APILOOM_FILE_KIND, project: { name: '空项目 Empty' }, nodes: [] });
    for (const [language, contents, footer] of [
      ['zh', '目录', (n: number) => `第 ${n} 页，共 2 页`],
      ['en', 'Contents', (n: number) => `Page ${n} of 2`],
    ] as const) {
      const text = await pages((await pdfWriter(file, printOptions(language, 'decimal', file).options)).body);
      expect(text, language).toHaveLength(2);
      expect(text[0]).toContain('空项目 Empty');
      expect(text[1]).toContain(contents);
      text.forEach((page, i) => expect(page).toContain(footer(i + 1)));
    }
  });

  it('fetches no URL and reads no local file a document names: images only come through readImage', async () => {
    const server = await recordingServer();
    try {
      const file = apiloomFile.read({
        kind: APILOOM_FILE_KIND,
        project: { name: 'P', description: `![a](${server.url}/cover.png)` },
        nodes: [
          {
            id: 'd',
            type: 'doc',
            name: 'D',
            content: { v: 1, markdown: `![b](${server.url}/b.png)\n\n![c](/etc/passwd)\n\n![d](file:///etc/passwd)` },
          },
          { id: 'r', type: 'richtext', name: 'R', content: { v: 1, html: `<img src="${server.url}/r.png"><img src="/etc/passwd">` } },
        ],
      });
      const { options, requested } = printOptions('zh', 'none', file);
      const out = await pdfWriter(file, options);
      expect(count(out.body, '%PDF')).toBe(1);
      expect(requested.sort()).toEqual(
        [`${server.url}/b.png`, `${server.url}/cover.png`, `${server.url}/r.png`, '/etc/passwd', 'file:///etc/passwd'].sort(),
      );
      expect(count(out.body, '/Subtype /Image')).toBe(0);
      expect(Buffer.from(out.body).toString('latin1')).not.toContain('root:x:0');

      // pdfmake itself, handed a URL or a path directly, refuses both before touching them.
      const pdf = printer();
      await expect(pdf.createPdf({ content: [{ image: `${server.url}/direct.png` }] }).getBuffer()).rejects.toThrow(/denied/);
      await expect(pdf.createPdf({ content: [{ image: '/etc/passwd' }] }).getBuffer()).rejects.toThrow(/denied/);
      await expect(
        pdf.createPdf({ content: [{ image: 'x' }], images: { x: { url: `${server.url}/dict.png`, headers: {} } } }).getBuffer(),
      ).rejects.toThrow(/denied/);
      expect(server.seen).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('repeats the header row of a long parameter table on every page and never splits a row', async () => {
    const long = (i: number) => `开始${i} ${'说明文字 description text '.repeat(6)}结束${i}`;
    const rows = Array.from({ length: 120 }, (_, i) => ({
      id: `p${i}`,
      name: `field${i}`,
      type: 'string',
      required: false,
      value: '',
      description: long(i),
      children: [],
    }));
    const nodes = Array.from({ length: 200 }, (_, i) => ({
      id: `a${i}`,
      type: 'api',
      name: `接口 ${i}`,
      content: { v: 2, method: 'GET', path: `/items/${i}`, description: `第 ${i} 个接口`, reqQuery: i === 0 ? rows : rows.slice(0, 3) },
    }));
    const file = apiloomFile.read({ kind: APILOOM_FILE_KIND, project: { name: 'Big' }, nodes });
    const started = Date.now();
    const text = await pages((await pdfWriter(file, printOptions('zh', 'decimal', file).options)).body);
    const took = Date.now() - started;
    // The first API's table runs over several pages (as the table of contents says): each opens with the header row.
    const toc = text.slice(1, 12).join('\n');
    const pageOf = (heading: string) => Number(new RegExp(`\\n${heading} (\\d+)`).exec(toc)![1]);
    const [from, to] = [pageOf('1 接口 0'), pageOf('2 接口 1')];
    expect(to - from).toBeGreaterThan(2);
    for (let p = from; p < to; p++) expect(text[p - 1], `page ${p}`).toContain('参数名 类型 必填 示例 说明');
    // A row's first and last words are always on the same page.
    for (let i = 0; i < 120; i++) {
      const at = text.findIndex((p) => p.includes(`开始${i} `));
      expect(text[at], `row ${i}`).toContain(`结束${i}`);
    }
    expect(toc).toMatch(/\n200 接口 199 \d+/);
    expect(took).toBeLessThan(60_000);
  }, 120_000);
});

describe('PDF export of tables at a page break', () => {
  const param = (name: string) => ({
    id: name,
    name,
    type: 'string',
    required: false,
    value: '',
    description: `${name} 的说明`,
    children: [],
  });
  /** Documents whose tables start a little lower on the page each time: some of them meet a page break. */
  const file = (rows: number, prefix: string) =>
    apiloomFile.read({
      kind: APILOOM_FILE_KIND,
      project: { name: 'Breaks' },
      nodes: Array.from({ length: 30 }, (_, i) => ({
        id: `${prefix}${i}`,
        type: 'api',
        name: `接口 ${i}`,
        content: {
          v: 2,
          method: 'GET',
          path: `/items/${i}`,
          description: Array.from({ length: 1 + (i % 15) }, (_, k) => `第 ${k} 段说明文字，用来把表格往下推。`).join('\n\n'),
          reqQuery: Array.from({ length: rows }, (_, r) => param(`${prefix}${i}x${r}`)),
        },
      })),
    });
  const pageOf = (text: string[], needle: string) => {
    const at = text.findIndex((p) => new RegExp(`${needle}(?!\\d)`).test(p));
    expect(at, needle).toBeGreaterThanOrEqual(0);
    return at;
  };

  it(`moves a short table whole, with its heading, rather than leave its last rows alone on the next page`, async () => {
    const rows = SHORT_TABLE_ROWS;
    const text = await pages((await pdfWriter(file(rows, 's'), printOptions('zh', 'decimal', file(rows, 's')).options)).body);
    let breaks = 0;
    for (let i = 0; i < 30; i++) {
      const first = pageOf(text, `s${i}x0`);
      expect(pageOf(text, `s${i}x${rows - 1}`), `table ${i}`).toBe(first);
      // The heading above it is on that page too: it comes right before the header row.
      expect(text[first]).toMatch(new RegExp(`Query 参数\\s+参数名 类型 必填 示例 说明\\s+s${i}x0`));
      if (pageOf(text, `接口 ${i}`) !== first) breaks++;
    }
    // The layout did meet page breaks: some tables moved off the page their document starts on.
    expect(breaks).toBeGreaterThan(0);
  }, 120_000);

  it(`carries a long table's last ${TABLE_TAIL_ROWS} rows over a page break together`, async () => {
    const rows = 24;
    const text = await pages((await pdfWriter(file(rows, 'l'), printOptions('zh', 'decimal', file(rows, 'l')).options)).body);
    let split = 0;
    for (let i = 0; i < 30; i++) {
      const last = pageOf(text, `l${i}x${rows - 1}`);
      expect(pageOf(text, `l${i}x${rows - TABLE_TAIL_ROWS}`), `table ${i}`).toBe(last);
      if (pageOf(text, `l${i}x0`) !== last) split++;
    }
    expect(split).toBeGreaterThan(0);
  }, 120_000);
});

describe('PDF export of Quill lists and images pdfkit cannot embed', () => {
  /** Each text run of each page with where it starts (x from the left edge). */
  async function runs(body: Uint8Array) {
    const pdf = await getDocumentProxy(body.slice());
    const out: { page: number; x: number; text: string }[] = [];
    for (let p = 1; p <= pdf.numPages; p++)
      for (const item of (await (await pdf.getPage(p)).getTextContent()).items)
        if ('str' in item && item.str.trim()) out.push({ page: p, x: item.transform[4] as number, text: item.str });
    return out;
  }

  it('nests ql-indent-N items under the item before them', async () => {
    const { file, options } = quillFixture('zh');
    const found = await runs((await pdfWriter(file, options)).body);
    const x = (start: string) => {
      const run = found.find((r) => r.text.startsWith(start));
      expect(run, start).toBeDefined();
      return run!.x;
    };
    expect(x('乙级')).toBeGreaterThan(x('甲级') + 5);
    expect(x('丙级')).toBeGreaterThan(x('乙级') + 5);
    expect(x('丁级')).toBeCloseTo(x('甲级'), 1);
    expect(x('己级')).toBeGreaterThan(x('戊级') + 5);
  });

  it('prints a named placeholder line for a GIF and a WebP, linked when its source is a web address, in both languages', async () => {
    const zh = quillFixture('zh');
    const out = await pdfWriter(zh.file, zh.options);
    expect(zh.requested.sort()).toEqual([OWN_GIF, OWN_WEBP].sort());
    const all = (await pages(out.body)).join('\n');
    expect(all).toContain('[图片：anim.gif（GIF）]');
    expect(all).toContain('[图片：动图（WEBP）]');
    expect(count(out.body, '/Subtype /Image')).toBe(0);
    expect(Buffer.from(out.body).toString('latin1')).toContain(`/URI (${OWN_WEBP})`);
    const en = quillFixture('en');
    const english = (await pages((await pdfWriter(en.file, en.options)).body)).join('\n');
    expect(english).toContain('[Image: anim.gif (GIF)]');
    expect(english).toContain('[Image: 动图 (WEBP)]');
  });
});

describe('PDF export laid out in sections', () => {
  it(
    'puts every line where one layout run would, a page two runs share included, with one footer a page',
    { timeout: 120_000 },
    async () => {
      // One folder of documents with no page breaks between them: runs of 40 rows end and start mid-page.
      const row = (i: number) => ({
        id: `q${i}`,
        name: `field${i}`,
        type: 'string',
        required: false,
        value: '',
        description: `说明 ${i}`,
        children: [],
      });
      const nodes = [
        { id: 'f', type: 'folder', name: '目录夹', content: { v: 1 } },
        ...Array.from({ length: 30 }, (_, i) => ({
          id: `a${i}`,
          parentId: 'f',
          type: 'api',
          name: `接口 ${i}`,
          content: {
            v: 2,
            method: 'GET',
            path: `/items/${i}`,
            description: `第 ${i} 个`,
            reqQuery: Array.from({ length: 3 + (i % 7) }, (_, j) => row(j)),
          },
        })),
      ];
      const file = apiloomFile.read({ kind: APILOOM_FILE_KIND, project: { name: 'Runs' }, nodes });
      const { options } = printOptions('zh', 'decimal', file);
      const o = outline(file, options);
      const pdf = printer() as unknown as { fonts: Record<string, unknown>; virtualfs: unknown };
      const sectioned = definition(o, new Map(), options.exportedAt, 40);
      expect(sectioned.runs.length).toBeGreaterThan(4);
      expect(sectioned.runs.slice(1).every((r) => !r.fresh)).toBe(true);
      const oneRun = definition(o, new Map(), options.exportedAt, Infinity);
      expect(oneRun.runs).toHaveLength(1);

      const placed = async (body: Uint8Array) => {
        const doc = await getDocumentProxy(body.slice());
        const out: string[][] = [];
        for (let p = 1; p <= doc.numPages; p++)
          out.push(
            (await (await doc.getPage(p)).getTextContent()).items.flatMap((item) =>
              'str' in item && item.str.trim()
                ? [`${item.str}@${(item.transform[4] as number).toFixed(1)},${(item.transform[5] as number).toFixed(1)}`]
                : [],
            ),
          );
        return out;
      };
      const [split, whole] = await Promise.all([
        renderSectioned(sectioned, pdf.fonts, pdf.virtualfs).then(placed),
        renderSectioned(oneRun, pdf.fonts, pdf.virtualfs).then(placed),
      ]);
      expect(split.length).toBeGreaterThan(3);
      // The file comes out in pieces as its runs are rendered (the job stores each and lets it go), not whole at the end.
      let pieces = 0;
      for await (const piece of streamSectioned(sectioned, pdf.fonts, pdf.virtualfs)) if (piece.length) pieces++;
      expect(pieces).toBeGreaterThan(3);
      expect(split.map((page) => [...page].sort())).toEqual(whole.map((page) => [...page].sort()));
      // Each page has its one footer, numbered in order; the contents point at the page each heading is on.
      split.forEach((page, i) =>
        expect(
          page.filter((t) => t.startsWith(`第 ${i + 1} 页，共 ${split.length} 页`)),
          `page ${i + 1}`,
        ).toHaveLength(1),
      );
      const text = await pages(await renderSectioned(sectioned, pdf.fonts, pdf.virtualfs));
      const contents = text.slice(1, 3).join('\n');
      for (const n of [0, 7, 15, 29]) {
        const entry = new RegExp(`1\\.${n + 1} 接口 ${n} (\\d+)`).exec(contents);
        expect(entry, `接口 ${n}`).not.toBeNull();
        expect(text[Number(entry![1]) - 1]).toContain(`1.${n + 1} 接口 ${n}`);
      }
    },
  );

  it(
    'lays the body out once, numbers every page "n of m" through the form footers in both languages and points the contents at the heading pages',
    { timeout: 120_000 },
    async () => {
      // Enough documents for dozens of pages, with runs of 30 rows and footers written 7 at a time, so both cut
      // the document many times over.
      const nodes = [
        { id: 'f', type: 'folder', name: '目录夹', content: { v: 1 } },
        ...Array.from({ length: 45 }, (_, i) => ({
          id: `a${i}`,
          parentId: i % 4 ? 'f' : '',
          type: 'api',
          name: `接口 ${i}`,
          content: {
            v: 2,
            method: 'GET',
            path: `/items/${i}`,
            description: `第 ${i} 个接口，说明文字较长 ${'wrap 换行 '.repeat(i % 9)}`,
            reqQuery: Array.from({ length: 4 + ((i * 7) % 23) }, (_, j) => ({
              id: `q${j}`,
              name: `field${j}`,
              type: 'string',
              required: j % 2 === 0,
              value: '',
              description: `说明 ${j} ${'text '.repeat(j % 11)}`,
              children: [],
            })),
          },
        })),
      ];
      const file = apiloomFile.read({ kind: APILOOM_FILE_KIND, project: { name: 'Footers' }, nodes });
      const pdf = printer() as unknown as { fonts: Record<string, unknown>; virtualfs: unknown };
      for (const [language, footer] of [
        ['zh', (n: number, m: number) => `第 ${n} 页，共 ${m} 页`],
        ['en', (n: number, m: number) => `Page ${n} of ${m}`],
      ] as const) {
        const { options } = printOptions(language, 'decimal', file);
        const sectioned = definition(outline(file, options), new Map(), options.exportedAt, 30);
        expect(sectioned.runs.length).toBeGreaterThan(6);
        // Each run's nodes are made (and so laid out) once: no pass that only counts pages.
        const made = sectioned.runs.map(() => 0);
        const counted = {
          ...sectioned,
          runs: sectioned.runs.map((run, i) => ({
            ...run,
            nodes: () => {
              made[i]!++;
              return run.nodes();
            },
          })),
        };
        const body = await renderSectioned(counted, pdf.fonts, pdf.virtualfs, { footersAtOnce: 7 });
        expect(made, language).toEqual(sectioned.runs.map(() => 1));

        const doc = await getDocumentProxy(body.slice());
        const m = doc.numPages;
        expect(m).toBeGreaterThan(20);
        const footerAt = new Set<string>();
        for (let n = 1; n <= m; n++) {
          const items = (await (await doc.getPage(n)).getTextContent()).items.flatMap((item) => ('str' in item ? [item] : []));
          // Exactly one footer a page, with its own number and the total, at the same place on every page.
          const footers = items.filter((item) => /^(第 \d+ 页，共 \d+ 页|Page \d+ of \d+)/.test(item.str));
          expect(
            footers.map((item) => item.str.trim()),
            `${language} page ${n}`,
          ).toEqual([footer(n, m)]);
          footerAt.add((footers[0]!.transform as number[]).map((v, i) => (i === 4 ? 0 : v).toFixed(1)).join(','));
        }
        expect([...footerAt], `${language}: one footer line height and size on every page`).toHaveLength(1);
        // The cover first, then the contents: every entry's number is the page its heading is on.
        const text = await pages(body);
        expect(text[0]).toContain('Footers');
        expect(text[1]).toContain(language === 'zh' ? '目录' : 'Contents');
        const contents = text.slice(1, 4).join('\n');
        for (let i = 0; i < 45; i++) {
          const entry = new RegExp(`(?:^|\\n)(\\d+(?:\\.\\d+)?) 接口 ${i} (\\d+)`).exec(contents);
          expect(entry, `${language} 接口 ${i}`).not.toBeNull();
          const page = Number(entry![2]);
          expect(page).toBeGreaterThan(2);
          expect(text[page - 1], `${language} 接口 ${i} on page ${page}`).toContain(`${entry![1]} 接口 ${i}\n`);
        }
      }
    },
  );
});
