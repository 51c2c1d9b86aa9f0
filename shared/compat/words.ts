/**
 * The compatibility report's words in zh and en, once (issue 35): the text, Markdown and HTML renderers (the CLI,
 * the MCP tool, the screen's exports) fill them here, and the web app loads the same objects as its `compat`
 * texts, so a heading never reads one way on the screen and another in an export. `{{name}}` placeholders are
 * i18next's, which `fillWords` fills the same way. The findings' own messages live with their checks (checks.ts).
 */
import type { Locale } from '../constants';

const zh = {
  title: '兼容性报告',
  identical: '两个版本完全相同，没有任何变化。',
  none: '没有破坏性变更。',
  operations: '接口',
  added: '新增',
  changed: '变更',
  removed: '删除',
  error: '错误',
  warning: '警告',
  info: '提示',
  severities: { error: '错误', warning: '警告', info: '提示' },
  changes: '其他变化',
  accepted: '已接受',
  bump: '建议版本号升级：{{bump}}',
  bumps: { major: '主版本（major）', minor: '次版本（minor）', patch: '修订号（patch）' },
  model: '数据模型 {{name}}',
  usedBy: '使用它的接口：',
  severity: '级别',
  check: '检查项',
  field: '位置',
  message: '说明',
  reason: '理由',
};

export type ReportWords = typeof zh;

const en: ReportWords = {
  title: 'Compatibility report',
  identical: 'The two versions are identical: nothing changed.',
  none: 'No breaking changes.',
  operations: 'Operations',
  added: 'added',
  changed: 'changed',
  removed: 'removed',
  error: 'errors',
  warning: 'warnings',
  info: 'info',
  severities: { error: 'Error', warning: 'Warning', info: 'Info' },
  changes: 'other changes',
  accepted: 'accepted',
  bump: 'Suggested version bump: {{bump}}',
  bumps: { major: 'major', minor: 'minor', patch: 'patch' },
  model: 'Data model {{name}}',
  usedBy: 'Used by:',
  severity: 'Severity',
  check: 'Check',
  field: 'Where',
  message: 'Message',
  reason: 'Reason',
};

export const REPORT_WORDS: Record<Locale, ReportWords> = { zh, en };

/** A word with its `{{name}}` placeholders filled, as i18next fills them on the screen. */
export const fillWords = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
