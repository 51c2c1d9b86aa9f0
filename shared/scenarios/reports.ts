/**
 * A scenario run's reports (issue 36): JUnit XML as Jenkins and GitLab read it (`testsuites/testsuite/testcase`,
 * one test case per step and iteration with the iteration's name in it, `failure` with a message, time in seconds),
 * JSON, and a self-contained HTML page (no script, a strict CSP, failing steps first). Pure string building, in the
 * reader's language (zh or en) for the words a check's outcome is told in.
 */
import type { Locale } from '../constants';
import type { CheckResult } from './checks';
import type { RunSummary, StepResult } from './engine';

export interface RunReport {
  scenarioName: string;
  environmentName?: string;
  summary: RunSummary;
  results: StepResult[];
}

const WORDS = {
  zh: {
    status: '状态码应为 {{expected}}，实际为 {{actual}}',
    time: '响应时间应小于 {{expected}}，实际为 {{actual}}',
    header: '响应头 {{target}} {{op}} {{expected}}，实际为「{{actual}}」',
    jsonPath: '{{target}} {{op}} {{expected}}，实际为「{{actual}}」',
    missing: '缺少必填字段 {{target}}',
    extra: '文档未定义的字段 {{target}}',
    type: '{{target}} 的类型应为 {{expected}}，实际为 {{actual}}',
    noBranch: '{{target}} 不符合 {{expected}} 中的任何一种',
    undocumented: '文档中没有状态码 {{actual}} 的响应',
    script: '脚本断言「{{target}}」失败：{{actual}}',
    stepError: '步骤出错（{{code}}）：{{detail}}',
    passed: '通过',
    failed: '失败',
    iteration: '迭代',
    requests: '请求数',
    duration: '耗时',
    environment: '环境',
    stopped: '运行提前结束：{{reason}}',
  },
  en: {
    status: 'status should be {{expected}}, was {{actual}}',
    time: 'response time should be under {{expected}}, was {{actual}}',
    header: 'header {{target}} {{op}} {{expected}}, was "{{actual}}"',
    jsonPath: '{{target}} {{op}} {{expected}}, was "{{actual}}"',
    missing: 'required field {{target}} is missing',
    extra: 'field {{target}} is not in the document',
    type: '{{target}} should be of type {{expected}}, was {{actual}}',
    noBranch: '{{target}} matches none of its {{expected}} branches',
    undocumented: 'the document has no response for status {{actual}}',
    script: 'script test "{{target}}" failed: {{actual}}',
    stepError: 'step error ({{code}}): {{detail}}',
    passed: 'passed',
    failed: 'failed',
    iteration: 'iteration',
    requests: 'requests',
    duration: 'duration',
    environment: 'environment',
    stopped: 'the run stopped early: {{reason}}',
  },
} as const;

type Word = keyof (typeof WORDS)['en'];
const say = (locale: Locale, word: Word, values: Record<string, string | number> = {}) =>
  WORDS[locale][word].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** What a failed check says, in the reader's language; a conformance issue names its field's path. */
export function describeCheck(check: CheckResult, locale: Locale): string {
  const values = { target: check.target, op: check.op, expected: check.expected, actual: check.actual };
  switch (check.kind) {
    case 'conformance':
      if (check.op === 'missing' || check.op === 'extra' || check.op === 'type' || check.op === 'noBranch')
        return say(locale, check.op, values);
      return say(locale, 'undocumented', values);
    case 'script':
      return say(locale, 'script', values);
    default:
      return say(locale, check.kind, values);
  }
}

/** Every reason a step failed, one line each. */
export function failuresOf(result: StepResult, locale: Locale): string[] {
  const lines = result.checks.filter((c) => !c.passed).map((c) => describeCheck(c, locale));
  if (result.error) lines.unshift(say(locale, 'stepError', { code: result.error.code, detail: result.error.detail }));
  return lines;
}

/** The step as a report names it: where it sits, its name, and the iteration it ran in. */
export const caseName = (r: StepResult) => `${[...r.trail, r.name || r.stepId].join(' › ')} [${r.iterationName}]`;

const xml = (text: string) =>
  // Characters XML 1.0 cannot hold at all are dropped; the rest escaped.
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const seconds = (ms: number) => (ms / 1000).toFixed(3);

export function junitReport(report: RunReport, locale: Locale = 'en'): string {
  const byIteration = new Map<number, StepResult[]>();
  for (const r of report.results) byIteration.set(r.iteration, [...(byIteration.get(r.iteration) ?? []), r]);
  const count = (list: StepResult[], status: StepResult['status']) => list.filter((r) => r.status === status).length;
  const suites = report.summary.iterations.map((it) => {
    const list = byIteration.get(it.index) ?? [];
    const cases = list.map((r) => {
      const open = `    <testcase name="${xml(caseName(r))}" classname="${xml(report.scenarioName)}" time="${seconds(r.durationMs)}"`;
      if (r.status === 'skipped') return `${open}>\n      <skipped/>\n    </testcase>`;
      if (r.status === 'passed') return `${open}/>`;
      const lines = failuresOf(r, locale);
      const tag = r.status === 'error' ? 'error' : 'failure';
      return `${open}>\n      <${tag} message="${xml(lines[0] ?? '')}" type="${r.error?.code ?? 'check'}">${xml(lines.join('\n'))}</${tag}>\n    </testcase>`;
    });
    const time = list.reduce((sum, r) => sum + r.durationMs, 0);
    return (
      `  <testsuite name="${xml(`${report.scenarioName} [${it.name}]`)}" tests="${list.length}" failures="${count(list, 'failed')}" ` +
      `errors="${count(list, 'error')}" skipped="${count(list, 'skipped')}" time="${seconds(time)}">\n${cases.join('\n')}\n  </testsuite>`
    );
  });
  const all = report.results;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${xml(report.scenarioName)}" tests="${all.length}" ` +
    `failures="${count(all, 'failed')}" errors="${count(all, 'error')}" time="${seconds(report.summary.durationMs)}">\n${suites.join('\n')}\n</testsuites>\n`
  );
}

export const jsonReport = (report: RunReport): string => JSON.stringify({ format: 'apiloom-scenario-run', v: 1, ...report }, null, 2);

const html = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page that shows the run with no script at all: the failing steps first, then every step in order. */
export function htmlReport(report: RunReport, locale: Locale = 'en'): string {
  const { summary } = report;
  const failing = report.results.filter((r) => r.status === 'failed' || r.status === 'error');
  const row = (r: StepResult) => {
    const reasons = failuresOf(r, locale)
      .map((line) => `<li>${html(line)}</li>`)
      .join('');
    const response = r.response ? `${r.response.status} · ${Math.round(r.response.timeMs)} ms · ${r.response.size} B` : '';
    return (
      `<tr class="${r.status}"><td>${html(caseName(r))}</td><td>${html(r.request ? `${r.request.method} ${r.request.url}` : '')}</td>` +
      `<td>${html(response)}</td><td>${html(say(locale, r.status === 'passed' || r.status === 'skipped' ? 'passed' : 'failed'))}` +
      `${reasons ? `<ul>${reasons}</ul>` : ''}</td></tr>`
    );
  };
  const table = (rows: StepResult[]) => `<table><tbody>${rows.map(row).join('')}</tbody></table>`;
  const stopped = summary.stoppedBy
    ? `<p class="failed">${html(say(locale, 'stopped', { reason: summary.stopDetail ?? summary.stoppedBy }))}</p>`
    : '';
  return `<!doctype html>
<html lang="${locale === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${html(report.scenarioName)}</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:24px;color:#1f1f1f}table{border-collapse:collapse;width:100%;margin:12px 0}
td{border-bottom:1px solid #eee;padding:6px 8px;vertical-align:top;word-break:break-all}tr.failed td:first-child,tr.error td:first-child{border-left:3px solid #cf1322}
tr.passed td:first-child{border-left:3px solid #389e0d}.failed{color:#cf1322}.passed{color:#389e0d}ul{margin:4px 0;padding-left:18px}
</style>
</head>
<body>
<h1>${html(report.scenarioName)}</h1>
<p class="${summary.status}">${html(say(locale, summary.status))} · ${html(say(locale, 'requests'))} ${summary.requests} · ${html(say(locale, 'duration'))} ${summary.durationMs} ms${
    report.environmentName ? ` · ${html(say(locale, 'environment'))} ${html(report.environmentName)}` : ''
  }</p>
${stopped}
${failing.length ? `<h2 class="failed">${html(say(locale, 'failed'))} (${failing.length})</h2>${table(failing)}` : ''}
<h2>${html(say(locale, 'iteration'))}: ${summary.iterations.length}</h2>
${table(report.results)}
</body>
</html>
`;
}
