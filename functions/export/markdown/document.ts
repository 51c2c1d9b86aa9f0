/**
 * One document's body as markdown (issue 23): what the Markdown export writes in each document's file, the HTML
 * export renders, and a share's markdown answers (issue 26). HTTP APIs and models as tables (nested rows indented
 * by their depth), responses by status with their examples in code blocks; markdown pages as written; rich text
 * kept as its HTML (which markdown admits); error codes as a table; embeds and links as links. The words it adds
 * follow `language`. It imports no zip or parser, so an API bundle may carry it.
 */
import type { Locale } from '../../../shared/constants';
import type { ApiContent, ParamItem, TypedContent } from '../../../shared/schemas/document';

export const WORDS = {
  zh: {
    index: '目录',
    exportedAt: '导出时间',
    request: '请求',
    pathParams: '路径参数',
    query: 'Query 参数',
    headers: '请求头',
    body: '请求体',
    examples: '示例',
    responses: '响应',
    responseHeaders: '响应头',
    name: '名称',
    type: '类型',
    required: '必填',
    example: '示例值',
    description: '说明',
    yes: '是',
    no: '否',
    schema: '字段',
    code: '错误码',
    message: '信息',
    status: '状态',
  },
  en: {
    index: 'Contents',
    exportedAt: 'Exported at',
    request: 'Request',
    pathParams: 'Path parameters',
    query: 'Query parameters',
    headers: 'Headers',
    body: 'Body',
    examples: 'Examples',
    responses: 'Responses',
    responseHeaders: 'Response headers',
    name: 'Name',
    type: 'Type',
    required: 'Required',
    example: 'Example',
    description: 'Description',
    yes: 'yes',
    no: 'no',
    schema: 'Fields',
    code: 'Code',
    message: 'Message',
    status: 'Status',
  },
};
type Words = (typeof WORDS)['zh'];

/** A table cell: pipes escaped, lines joined. */
const cell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
const fence = (text: string, lang = '') => {
  const ticks = '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${ticks}${lang}\n${text}\n${ticks}`;
};

function paramTable(rows: ParamItem[], words: Words, models: Map<string, string>): string {
  if (!rows.length) return '';
  const lines = [
    `| ${words.name} | ${words.type} | ${words.required} | ${words.example} | ${words.description} |`,
    '|---|---|---|---|---|',
  ];
  const walk = (items: ParamItem[], depth: number) => {
    for (const p of items) {
      const model = p.ref !== undefined ? models.get(p.ref) : undefined;
      const type = [p.combine ?? p.type, model ? `→ ${model}` : '', p.nullable ? 'null' : ''].filter(Boolean).join(' ');
      const facts = [
        p.description,
        p.enum ? `enum: ${p.enum.map((v) => JSON.stringify(v)).join(', ')}` : '',
        p.format ? `format: ${p.format}` : '',
        p.default !== undefined ? `default: ${p.default}` : '',
        p.minimum !== undefined ? `min: ${p.minimum}` : '',
        p.maximum !== undefined ? `max: ${p.maximum}` : '',
        p.pattern ? `pattern: ${p.pattern}` : '',
        p.deprecated ? 'deprecated' : '',
      ].filter(Boolean);
      const name = `${'&nbsp;&nbsp;'.repeat(depth)}${depth ? '└ ' : ''}${p.name || '(root)'}`;
      lines.push(`| ${cell(name)} | ${cell(type)} | ${p.required ? words.yes : words.no} | ${cell(p.value)} | ${cell(facts.join('; '))} |`);
      walk(p.children, depth + 1);
    }
  };
  walk(rows, 0);
  return lines.join('\n');
}

function apiMarkdown(c: ApiContent, words: Words, models: Map<string, string>): string[] {
  const section = (title: string, rows: ParamItem[]) => (rows.length ? [`### ${title}`, paramTable(rows, words, models)] : []);
  return [
    fence(`${c.method} ${c.path}`),
    `${words.status}: ${c.status}`,
    c.description,
    `## ${words.request}`,
    ...section(words.pathParams, c.reqPath),
    ...section(words.query, c.reqQuery),
    ...section(words.headers, c.reqHeaders),
    ...section(`${words.body} (${c.requestType})`, c.reqBody),
    ...(c.reqExamples.length
      ? [`### ${words.examples}`, ...c.reqExamples.flatMap((e) => [e.name ? `**${e.name}**` : '', fence(e.value, 'json')])]
      : []),
    `## ${words.responses}`,
    ...c.responses.flatMap((r) => [
      `### ${r.status}${r.description ? ` ${r.description}` : ''}`,
      ...(r.headers.length ? [`#### ${words.responseHeaders}`, paramTable(r.headers, words, models)] : []),
      paramTable(r.body, words, models),
      ...r.examples.flatMap((e) => [e.name ? `**${e.name}**` : '', fence(e.value, r.format === 'json' ? 'json' : '')]),
    ]),
  ];
}

export function bodyOf(typed: TypedContent, words: Words, models: Map<string, string>): string[] {
  switch (typed.type) {
    case 'api':
      return apiMarkdown(typed.content, words, models);
    case 'model':
      return [fence(typed.content.name), typed.content.description, `## ${words.schema}`, paramTable(typed.content.schema, words, models)];
    case 'doc':
      return [typed.content.markdown];
    case 'richtext':
      return [typed.content.html];
    case 'errorcode':
      // One block: the parts are joined by blank lines, which would end the table after its header.
      return [
        [
          `| ${words.code} | ${words.message} | ${words.description} |`,
          '|---|---|---|',
          ...typed.content.rows.map((r) => `| ${cell(r.code)} | ${cell(r.message)} | ${cell(r.description)} |`),
        ].join('\n'),
      ];
    case 'embed':
    case 'link':
      return [`<${typed.content.url}>`];
    default:
      return [];
  }
}

/** One document's body as markdown, the words in `language` (the HTML export renders this). */
export const documentMarkdown = (typed: TypedContent, language: Locale, models: Map<string, string>) =>
  bodyOf(typed, WORDS[language], models)
    .filter((s) => s !== '')
    .join('\n\n');
