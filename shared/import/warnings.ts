/**
 * What an import warns about, in both languages, by warning code (./types.ts). Apart from shared/messages.ts: only
 * the import preview and the import job show them, so no other Lambda carries them.
 */
import { translate, type Locale } from '../messages';
import type { ImportWarning, ImportWarningCode } from './types';

const zh = {
  externalRef: '引用了外部文件或网址 {{ref}}，出于安全考虑不会读取',
  unresolvedRef: '引用 {{ref}} 找不到或形成循环，已忽略',
  invalidSpec: '不符合规范：{{detail}}',
  specRequired: '缺少必填字段 {{field}}',
  specRequiredOne: '需要 {{fields}} 中的一个',
  specNotAllowed: '此处不允许字段 {{field}}',
  specExpected: '取值不符合规范，应为 {{expected}}',
  specNoMatch: '不符合规范允许的任何一种写法',
  skippedMethod: '不支持的请求方法 {{method}}，已跳过',
  duplicateOperation: '{{key}} 出现了多次，保留最后一个',
  shortenedTitle: '名称过长，目录中显示为「{{title}}」（完整名称：{{name}}）',
  tooDeep: '嵌套过深，已截断',
  truncated: '内容过长，已截断',
  cutText: '{{field}} 长 {{length}} 个字符，超过上限 {{max}}，已截断（末尾以“…”标明），文档保留',
  cutList: '{{field}} 有 {{length}} 项，超过上限 {{max}}，只保留前 {{max}} 项',
  script: '脚本（{{listen}}）已作为文本保留在描述中，不会执行',
  unsupportedBody: '不支持的请求体类型 {{mode}}',
  unreadable: '无法读取：{{detail}}',
  skippedEntry: '已跳过：{{detail}}',
  savedSince: '导入期间有人保存了「{{name}}」，保留其保存，未更新',
};
const en: typeof zh = {
  externalRef: 'Refers to an outside file or address {{ref}}, which is never read, for safety',
  unresolvedRef: 'The reference {{ref}} leads nowhere or in a circle: ignored',
  invalidSpec: 'Not valid: {{detail}}',
  specRequired: 'The required field {{field}} is missing',
  specRequiredOne: 'One of {{fields}} is required',
  specNotAllowed: 'The field {{field}} is not allowed here',
  specExpected: 'Not a valid value: expected {{expected}}',
  specNoMatch: 'Matches none of the forms the specification allows',
  skippedMethod: 'Method {{method}} is not supported: skipped',
  duplicateOperation: '{{key}} appears more than once: the last one is kept',
  shortenedTitle: 'Name too long for the tree: shown as “{{title}}” (full name: {{name}})',
  tooDeep: 'Nested too deep: cut',
  truncated: 'Too long: cut',
  cutText: '{{field}} is {{length}} characters long, over the limit of {{max}}: cut (an ellipsis marks the cut), the document kept',
  cutList: '{{field}} has {{length}} entries, over the limit of {{max}}: the first {{max}} kept',
  script: 'The {{listen}} script is kept as text in the description; it never runs',
  unsupportedBody: 'Body mode {{mode}} is not supported',
  unreadable: 'Could not read: {{detail}}',
  skippedEntry: 'Skipped: {{detail}}',
  savedSince: 'Someone saved “{{name}}” while the import ran: their save is kept, not updated',
};

export const IMPORT_WARNING_TEXTS: Record<Locale, Record<ImportWarningCode, string>> = { zh, en };

/**
 * A warning as a reader sees it: the message with its placeholders filled. A value that is a message key (a
 * validation's `v.apiPath`) is said in the reader's language, never as the key.
 */
export const warningText = (locale: Locale, warning: Pick<ImportWarning, 'code' | 'params'>) =>
  IMPORT_WARNING_TEXTS[locale][warning.code].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = warning.params?.[name];
    return typeof value === 'string' ? value.replace(/\bv\.[A-Za-z]\w*/g, (key) => translate(locale, key)) : String(value ?? '');
  });

/** What a kind of warning is called where a report counts them. */
const zhKinds: Record<ImportWarningCode, string> = {
  externalRef: '外部引用',
  unresolvedRef: '无效引用',
  invalidSpec: '不符合规范',
  specRequired: '缺少字段',
  specRequiredOne: '缺少字段',
  specNotAllowed: '多余字段',
  specExpected: '取值不符',
  specNoMatch: '写法不符',
  skippedMethod: '跳过的方法',
  duplicateOperation: '重复的接口',
  shortenedTitle: '缩短的标题',
  tooDeep: '嵌套过深',
  truncated: '截断',
  cutText: '截断的文本',
  cutList: '截断的列表',
  script: '脚本',
  unsupportedBody: '不支持的请求体',
  unreadable: '无法读取',
  skippedEntry: '跳过的条目',
  savedSince: '导入期间被保存',
};
const enKinds: typeof zhKinds = {
  externalRef: 'outside references',
  unresolvedRef: 'broken references',
  invalidSpec: 'not valid',
  specRequired: 'missing fields',
  specRequiredOne: 'missing fields',
  specNotAllowed: 'fields not allowed',
  specExpected: 'wrong values',
  specNoMatch: 'wrong forms',
  skippedMethod: 'skipped methods',
  duplicateOperation: 'duplicate operations',
  shortenedTitle: 'shortened titles',
  tooDeep: 'nested too deep',
  truncated: 'cut',
  cutText: 'cut text',
  cutList: 'cut lists',
  script: 'scripts',
  unsupportedBody: 'unsupported bodies',
  unreadable: 'unreadable',
  skippedEntry: 'skipped entries',
  savedSince: 'saved meanwhile',
};
export const IMPORT_WARNING_KINDS: Record<Locale, Record<ImportWarningCode, string>> = { zh: zhKinds, en: enKinds };

/** How many warnings of each kind: a report keeps only its first warnings, but counts every one. */
export function warningCounts(warnings: readonly Pick<ImportWarning, 'code'>[]): Partial<Record<ImportWarningCode, number>> {
  const counts: Partial<Record<ImportWarningCode, number>> = {};
  for (const w of warnings) counts[w.code] = (counts[w.code] ?? 0) + 1;
  return counts;
}

/** `重复的接口 1186，…` / `duplicate operations 1186, …`: a report's counts by kind, most first. */
export const warningCountsText = (locale: Locale, counts: Partial<Record<ImportWarningCode, number>>) =>
  (Object.entries(counts) as [ImportWarningCode, number][])
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${IMPORT_WARNING_KINDS[locale][code]} ${n}`)
    .join(locale === 'zh' ? '，' : ', ');
