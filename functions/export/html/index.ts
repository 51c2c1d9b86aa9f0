/**
 * HTML (issue 23): one self-contained file that opens offline, from disk, with nothing fetched.
 *
 * - The documents travel as data: each one's body rendered to HTML here (the Markdown export's text through
 *   marked; rich text is already HTML), in a `<script type="application/json">` with every `<` written `\u003c`, so
 *   no name or body can close the element and start markup of its own.
 * - A small viewer shows the tree (with the project's serial labels), a search over names and text, and a
 *   document at a time. It puts a body on the page only through DOMPurify, inlined beside it: the data is
 *   sanitised when it is viewed, whatever wrote it.
 * - A strict CSP: nothing may load (`default-src 'none'`), and only the two inline scripts and the one style
 *   element run, each named by its SHA-256. Images of the project's own files are inlined as `data:` URLs; any
 *   other image stays blank.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { marked } from 'marked';
import { modelNames, readNodes } from '../common';
import { documentMarkdown } from '../markdown';
import type { ExportOptions, ExportWriter } from '../types';
import { VIEWER_CSS, VIEWER_SCRIPT } from './viewer';

const PURIFY = 'purify.min.js';

/**
 * DOMPurify's browser build: beside the export worker's bundle (the build copies it there), else from the package.
 * Its source holds `<!--` inside template literals, which an HTML parser would read inside a script element:
 * written as `\x3C!--`, the same string to JavaScript.
 */
let purify: string | undefined;
const purifySource = () =>
  (purify ??= readFileSync(
    [new URL(`./viewer/${PURIFY}`, import.meta.url).pathname].find((path) => existsSync(path)) ??
      createRequire(import.meta.url).resolve(`dompurify/${PURIFY}`),
    'utf8',
  ).replace(/<(!--|\/script)/gi, '\\x3C$1'));

const WORDS = {
  zh: { search: '搜索文档', tree: '文档目录', exportedAt: '导出时间', empty: '在左侧选择一个文档' },
  en: { search: 'Search documents', tree: 'Documents', exportedAt: 'Exported', empty: 'Choose a document on the left' },
} as const;

export interface HtmlNode {
  id: string;
  parentId: string;
  type: string;
  name: string;
  /** The serial label ('' when the project numbers nothing). */
  label: string;
  /** The body as HTML, sanitised by the viewer before it is shown. */
  html: string;
  /** The body's words without markup, for the search. */
  text: string;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** JSON that can sit inside a script element: no `<` at all, so never `</script` nor `<!--`. */
export const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Each `<img src="…">` of the project's own files as a data: URL; other images lose their address. */
async function inlineImages(html: string, readImage: ExportOptions['readImage']): Promise<string> {
  const sources = [...new Set([...html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/gi)].map((m) => m[1]!))];
  const inlined = new Map<string, string>();
  for (const src of sources) {
    const image = await readImage(src.replace(/&amp;/g, '&'));
    inlined.set(src, image ? `data:${image.contentType};base64,${Buffer.from(image.bytes).toString('base64')}` : '');
  }
  return html.replace(
    /(<img\b[^>]*?\ssrc=")([^"]*)(")/gi,
    (_, before: string, src: string, after: string) => before + (inlined.get(src) ?? '') + after,
  );
}

export async function htmlNodes(file: Parameters<ExportWriter>[0], options: ExportOptions): Promise<HtmlNode[]> {
  const nodes = readNodes(file);
  const models = modelNames(nodes);
  const out: HtmlNode[] = [];
  for (const { node, typed } of nodes) {
    const markdown = typed && node.type !== 'folder' ? documentMarkdown(typed, options.language, models) : '';
    const html = markdown ? await inlineImages(await marked.parse(markdown, { async: true }), (src) => options.readImage(src)) : '';
    out.push({
      id: node.id,
      parentId: node.parentId,
      type: node.type,
      name: node.name,
      label: options.serials.get(node.id) ?? '',
      html,
      text: html
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 20_000),
    });
  }
  return out;
}

export const writeHtml: ExportWriter = async (file, options) => {
  const words = WORDS[options.language];
  const title = file.project.name ?? '';
  const data = scriptSafeJson({ title, nodes: await htmlNodes(file, options), words });
  const scripts = [purifySource(), VIEWER_SCRIPT];
  const csp = [
    "default-src 'none'",
    `script-src ${scripts.map(sha256).join(' ')}`,
    `style-src ${sha256(VIEWER_CSS)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const page = `<!doctype html>
<html lang="${options.language === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${VIEWER_CSS}</style>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1><p>${escapeHtml(words.exportedAt)}: ${escapeHtml(options.exportedAt)}</p></header>
<div class="layout">
<nav aria-label="${escapeHtml(words.tree)}"><input id="search" type="search" placeholder="${escapeHtml(words.search)}" aria-label="${escapeHtml(words.search)}"><div id="tree"></div></nav>
<main id="doc"><p class="empty">${escapeHtml(words.empty)}</p></main>
</div>
<script type="application/json" id="apiloom-data">${data}</script>
${scripts.map((s) => `<script>${s}</script>`).join('\n')}
</body>
</html>
`;
  return { body: new TextEncoder().encode(page), contentType: 'text/html; charset=utf-8', extension: 'html' };
};
