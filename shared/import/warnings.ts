/**
 * What an import warns about, in both languages, by warning code (./types.ts). Apart from shared/messages.ts: only
 * the import preview and the import job show them, so no other Lambda carries them.
 */
import type { Locale } from '../messages';
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
  script: 'The {{listen}} script is kept as text in the description; it never runs',
  unsupportedBody: 'Body mode {{mode}} is not supported',
  unreadable: 'Could not read: {{detail}}',
  skippedEntry: 'Skipped: {{detail}}',
  savedSince: 'Someone saved “{{name}}” while the import ran: their save is kept, not updated',
};

export const IMPORT_WARNING_TEXTS: Record<Locale, Record<ImportWarningCode, string>> = { zh, en };

/** A warning as a reader sees it: the message with its placeholders filled. */
export const warningText = (locale: Locale, warning: Pick<ImportWarning, 'code' | 'params'>) =>
  IMPORT_WARNING_TEXTS[locale][warning.code].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(warning.params?.[name] ?? ''));
