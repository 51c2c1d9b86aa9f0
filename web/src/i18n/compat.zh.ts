import { REPORT_WORDS } from '@shared/compat/words';

/**
 * The compatibility report page and the policy settings (issue 35). The report's own words (headings, counts,
 * severities, the suggested bump) are the renderers' (shared/compat/words.ts), so the screen and its exports agree.
 */
export const compatZh = {
  ...REPORT_WORDS.zh,
  from: '旧版本',
  to: '新版本',
  live: '实时版本',
  breakingOnly: '只看破坏性变更',
  showChanges: '显示其他变化（{{count}}）',
  exportAs: '导出',
  before: '旧版本中的文档',
  after: '新版本中的文档',
  noFolder: '根目录',
  noReleases: '还没有发布过版本：发布一个版本后，才能比较它与实时版本。',
  pick: '请选择要比较的两个版本。',
  accept: '接受',
  acceptTitle: '接受这个发现',
  acceptText: '接受后，它仍显示在报告中，但不再计入结论，也不会让 apiloom push --fail-on 失败。',
  acceptedBy: '{{name}} 已接受：{{reason}}',
  unaccept: '撤销接受',
  policy: {
    text: '项目可以调整某个检查项的级别或关闭它，也可以带理由接受单个发现。兼容性报告、发布时建议的版本号和 apiloom push --fail-on 都按此执行。',
    readOnly: '只有可编辑成员可以修改兼容性策略。',
    search: '搜索检查项',
    default: '默认（{{severity}}）',
    noSeverity: '不计级别',
    off: '关闭',
    changed: '已调整',
    save: '保存级别',
    acceptedTitle: '已接受的发现',
    noAccepted: '还没有接受任何发现。在兼容性报告中可以接受单个发现。',
    historyTitle: '策略变更记录',
    noHistory: '还没有变更。',
    entry: {
      severity: '{{name}} 将 {{check}} 的级别改为 {{severity}}',
      accept: '{{name}} 接受了 {{check}}（{{field}}）：{{reason}}',
      unaccept: '{{name}} 撤销了对 {{check}}（{{field}}）的接受',
    },
  },
};
