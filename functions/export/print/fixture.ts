/**
 * A project for the print writers' tests: every kind of document, nested parameters, Chinese (with 堃 and 喆,
 * which a GB2312 subset lacks) and English, Markdown and rich text with images, and a model the API refers to.
 */
import { apiloomFile, APILOOM_FILE_KIND, type ApiloomFile } from '../../../shared/import/apiloom';
import { nestNodes, serialLabels, type SerialStyle } from '../../../shared/serial-numbers';
import type { ExportImage, ExportOptions } from '../types';

/** A 2 x 2 red PNG. */
export const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64'),
);
export const OWN_IMAGE = '/files/projects/p1/files/logo.png';

const row = (name: string, type: string, description = '', children: unknown[] = [], extra: Record<string, unknown> = {}) => ({
  id: name,
  name,
  type,
  required: true,
  value: '',
  description,
  children,
  ...extra,
});

export function printFixture(): ApiloomFile {
  return apiloomFile.read({
    kind: APILOOM_FILE_KIND,
    project: { name: '宠物商店 Pet Store', description: '面向**开发者**的接口文档，维护人：王堃、李喆。' },
    nodes: [
      { id: 'f1', type: 'folder', name: '用户接口', content: { v: 1 } },
      {
        id: 'a1',
        parentId: 'f1',
        type: 'api',
        name: '创建用户',
        content: {
          v: 2,
          method: 'POST',
          path: '/users/{id}',
          description: '创建一个用户。负责人：张堃（喆）。\n\n- 第一项\n- Second item',
          reqHeaders: [row('X-Token', 'string', '访问令牌')],
          reqPath: [row('id', 'integer', '用户编号')],
          reqQuery: [row('verbose', 'boolean', 'Verbose output')],
          reqBody: [
            row('profile', 'object', '资料', [
              row('nickname', 'string', '昵称'),
              row('address', 'object', '地址', [row('city', 'string', '城市 city')]),
            ]),
            row('owner', 'object', '主人', [], { ref: 'm1' }),
          ],
          reqExamples: [{ name: 'basic', value: '{"profile":{"nickname":"小堃"}}' }],
          responses: [
            { status: '200', description: '成功', body: [row('code', 'integer', '业务码')], examples: [{ name: '', value: '{"code":0}' }] },
            { status: '404', description: 'Not found', body: [row('message', 'string', 'What went wrong')] },
          ],
        },
      },
      {
        id: 'm1',
        type: 'model',
        name: '主人模型',
        content: { v: 1, name: 'Owner', description: 'The owner', schema: [row('ownerName', 'string', '姓名')] },
      },
      {
        id: 'd1',
        type: 'doc',
        name: 'Markdown 指南',
        content: {
          v: 1,
          markdown: `# 概述\n\n这是 **Markdown** 文档，含链接 [Apiloom](https://example.com)。\n\n![logo](${OWN_IMAGE})\n\n![outside](http://127.0.0.1:9/x.png)\n\n1. 一\n2. two\n\n| 列一 | Column 2 |\n|---|---|\n| 单元格 | cell |\n\n\`\`\`json\n{"名字": "喆", "id": 1}\n\`\`\`\n\n\`\`\`\nif (a != b) return a -> b; // 注释 ==> ok\n\`\`\`\n`,
        },
      },
      {
        id: 'r1',
        type: 'richtext',
        name: '富文本说明',
        content: {
          v: 1,
          html: `<h2>富文本标题</h2><p>加粗<strong>粗体字</strong>与<em>Italic words</em>，<a href="https://example.com/a">链接文字</a>。</p><ol><li data-list="bullet">要点甲</li><li data-list="bullet">Point B</li></ol><pre class="ql-syntax">const 堃 = 1;</pre><p><img src="${OWN_IMAGE}"><img src="/etc/passwd"></p><script>alert(1)</script>`,
        },
      },
      {
        id: 'e1',
        type: 'errorcode',
        name: '错误码表',
        content: { v: 1, rows: [{ code: '40001', message: '令牌无效', description: 'Token expired' }] },
      },
      { id: 'l1', type: 'link', name: 'External link', content: { v: 1, url: 'https://example.com/docs' } },
      { id: 'x1', type: 'embed', name: '嵌入页', content: { v: 1, url: 'https://example.com/embed' } },
    ],
  });
}

export function printOptions(language: ExportOptions['language'], style: SerialStyle = 'decimal', file = printFixture()) {
  const requested: string[] = [];
  const options: ExportOptions = {
    language,
    serials: serialLabels(nestNodes(file.nodes), style),
    exportedAt: '2026-11-25T08:00:00.000Z',
    readImage: async (src: string): Promise<ExportImage | undefined> => {
      requested.push(src);
      return src === OWN_IMAGE ? { bytes: PNG, contentType: 'image/png' } : undefined;
    },
  };
  return { options, requested };
}

/** A 1 x 1 GIF and a 1 x 1 lossless WebP: images the print writers cannot embed as they are. */
export const GIF = Uint8Array.from(Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'));
export const WEBP = Uint8Array.from(Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'));
export const OWN_GIF = '/files/projects/p1/files/anim.gif';
export const OWN_WEBP = 'https://apiloom.example.com/files/projects/p1/files/photo.webp';

/**
 * Rich text as Quill 2 writes an indented list (one flat list, depth in `ql-indent-N`) and a GIF and a WebP of
 * the project's own, with the options that answer both images.
 */
export function quillFixture(language: ExportOptions['language']) {
  const file = apiloomFile.read({
    kind: APILOOM_FILE_KIND,
    project: { name: 'Quill' },
    nodes: [
      {
        id: 'r',
        type: 'richtext',
        name: '缩进列表',
        content: {
          v: 1,
          html:
            '<ol><li data-list="bullet">甲级 top</li><li data-list="bullet" class="ql-indent-1">乙级 nested</li>' +
            '<li data-list="bullet" class="ql-indent-2">丙级 deeper</li><li data-list="bullet">丁级 back</li></ol>' +
            '<ol><li data-list="ordered">戊级 one</li><li data-list="ordered" class="ql-indent-1">己级 one.a</li></ol>' +
            `<p><img src="${OWN_GIF}"><img src="${OWN_WEBP}" alt="动图"></p>`,
        },
      },
    ],
  });
  const { options, requested } = printOptions(language, 'none', file);
  const images: Record<string, ExportImage> = {
    [OWN_GIF]: { bytes: GIF, contentType: 'image/gif' },
    [OWN_WEBP]: { bytes: WEBP, contentType: 'image/webp' },
  };
  options.readImage = async (src) => {
    requested.push(src);
    return images[src];
  };
  return { file, options, requested };
}
