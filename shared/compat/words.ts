/**
 * The compatibility report's words in zh and en, once (issue 35): the text, Markdown and HTML renderers (the CLI,
 * the MCP tool, the screen's exports) fill them here, and the web app loads the same objects as its `compat`
 * texts, so a heading never reads one way on the screen and another in an export. `{{name}}` placeholders are
 * i18next's, which `fillWords` fills the same way. The findings' own messages live with their checks (checks.ts).
 */
import type { Locale } from '../constants';

/** A word in both languages. */
type Both = Record<Locale, string>;
interface WordTree {
  [key: string]: Both | WordTree;
}

/** Every word once, its zh and en side by side: a word cannot be added in one language and forgotten in the other. */
const WORDS = {
  title: { zh: '兼容性报告', en: 'Compatibility report' },
  identical: { zh: '两个版本完全相同，没有任何变化。', en: 'The two versions are identical: nothing changed.' },
  none: { zh: '没有破坏性变更。', en: 'No breaking changes.' },
  operations: { zh: '接口', en: 'Operations' },
  added: { zh: '新增', en: 'added' },
  changed: { zh: '变更', en: 'changed' },
  removed: { zh: '删除', en: 'removed' },
  error: { zh: '错误', en: 'errors' },
  warning: { zh: '警告', en: 'warnings' },
  info: { zh: '提示', en: 'info' },
  severities: { error: { zh: '错误', en: 'Error' }, warning: { zh: '警告', en: 'Warning' }, info: { zh: '提示', en: 'Info' } },
  changes: { zh: '其他变化', en: 'other changes' },
  accepted: { zh: '已接受', en: 'accepted' },
  bump: { zh: '建议版本号升级：{{bump}}', en: 'Suggested version bump: {{bump}}' },
  bumps: {
    major: { zh: '主版本（major）', en: 'major' },
    minor: { zh: '次版本（minor）', en: 'minor' },
    patch: { zh: '修订号（patch）', en: 'patch' },
  },
  model: { zh: '数据模型 {{name}}', en: 'Data model {{name}}' },
  usedBy: { zh: '使用它的接口：', en: 'Used by:' },
  severity: { zh: '级别', en: 'Severity' },
  check: { zh: '检查项', en: 'Check' },
  field: { zh: '位置', en: 'Where' },
  message: { zh: '说明', en: 'Message' },
  reason: { zh: '理由', en: 'Reason' },
} satisfies WordTree;

/** The words of one language, in the table's shape: what the renderers and the web app's `compat` texts read. */
type InOneLanguage<T> = { [K in keyof T]: T[K] extends Both ? string : InOneLanguage<T[K]> };
export type ReportWords = InOneLanguage<typeof WORDS>;

const isBoth = (word: Both | WordTree): word is Both => typeof word.zh === 'string';
function inLanguage<T extends WordTree>(tree: T, locale: Locale): InOneLanguage<T> {
  return Object.fromEntries(
    Object.entries(tree).map(([key, word]) => [key, isBoth(word) ? word[locale] : inLanguage(word, locale)]),
  ) as InOneLanguage<T>;
}

export const REPORT_WORDS: Record<Locale, ReportWords> = { zh: inLanguage(WORDS, 'zh'), en: inLanguage(WORDS, 'en') };

/** A word with its `{{name}}` placeholders filled, as i18next fills them on the screen. */
export const fillWords = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
