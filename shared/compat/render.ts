/**
 * A compatibility report as text: markdown (a pull request comment, an assistant's answer, the screen's export),
 * plain text (the CLI) and a standalone HTML page (the screen's export). Pure, like the engine.
 */
import type { Locale } from '../constants';
import type { CompatReport, Finding, OperationRef } from './types';
import { fillWords, REPORT_WORDS } from './words';

const WORDS = REPORT_WORDS;

/** `GET /pets` at its newer version (the older when it was removed). */
export const operationLabel = (op: OperationRef | undefined) => {
  const at = op?.after ?? op?.before;
  return at ? `${at.method} ${at.path}` : '';
};

/** Findings grouped by folder, then operation (a model's findings under the model), in first-seen order. */
export function groupFindings(findings: Finding[]): { folder: string; groups: { title: string; findings: Finding[] }[] }[] {
  const folders = new Map<string, Map<string, Finding[]>>();
  for (const f of findings) {
    const folder = f.model ? '' : (f.operation?.folder.join(' / ') ?? '');
    const title = f.model ? `model:${f.model.name}` : `${operationLabel(f.operation)} ${f.operation?.name ?? ''}`.trim();
    let groups = folders.get(folder);
    if (!groups) folders.set(folder, (groups = new Map<string, Finding[]>()));
    let list = groups.get(title);
    if (!list) groups.set(title, (list = []));
    list.push(f);
  }
  return [...folders].map(([folder, groups]) => ({ folder, groups: [...groups].map(([title, list]) => ({ title, findings: list })) }));
}

/** The summary line: operations added, changed, removed; errors, warnings, info. */
export function summaryLine(report: Pick<CompatReport, 'summary'>, locale: Locale): string {
  const w = WORDS[locale];
  const { operations: o, ...s } = report.summary;
  return (
    `${w.operations}: ${o.added} ${w.added}, ${o.changed} ${w.changed}, ${o.removed} ${w.removed}; ` +
    `${s.error} ${w.error}, ${s.warning} ${w.warning}, ${s.info} ${w.info}` +
    (s.accepted ? `, ${s.accepted} ${w.accepted}` : '')
  );
}

const escapeCell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const groupTitle = (title: string, locale: Locale) =>
  title.startsWith('model:') ? fillWords(WORDS[locale].model, { name: title.slice(6) }) : title;
const bumpLine = (report: Pick<CompatReport, 'bump'>, locale: Locale, mark: (s: string) => string) =>
  fillWords(WORDS[locale].bump, { bump: mark(WORDS[locale].bumps[report.bump]) });

export function reportMarkdown(report: CompatReport, locale: Locale, heading: string = WORDS[locale].title): string {
  const w = WORDS[locale];
  const out = [`## ${heading}`, ''];
  if (report.identical) return [...out, w.identical, ''].join('\n');
  out.push(
    summaryLine(report, locale),
    '',
    bumpLine(report, locale, (b) => `**${b}**`),
    '',
  );
  if (!report.findings.length) out.push(w.none, '');
  for (const { folder, groups } of groupFindings(report.findings)) {
    if (folder) out.push(`### ${folder}`, '');
    for (const group of groups) {
      out.push(`#### ${groupTitle(group.title, locale)}`, '');
      const model = group.findings[0]?.model;
      if (model) out.push(`${w.usedBy} ${model.operations.map((o) => `\`${operationLabel(o)}\``).join(', ')}`, '');
      out.push(`| ${w.severity} | ${w.check} | ${w.field} | ${w.message} |`, '|---|---|---|---|');
      for (const f of group.findings)
        out.push(
          `| ${f.accepted ? `~~${f.severity}~~ (${w.accepted})` : f.severity} | \`${f.id}\` | ${escapeCell(f.field)} | ${escapeCell(f.message[locale])}${f.accepted ? ` (${w.reason}: ${escapeCell(f.accepted.reason)})` : ''} |`,
        );
      out.push('');
    }
  }
  return out.join('\n');
}

/** Plain text for a terminal: one finding a line. */
export function reportText(report: CompatReport, locale: Locale): string {
  const w = WORDS[locale];
  if (report.identical) return w.identical;
  const lines = [summaryLine(report, locale), bumpLine(report, locale, (b) => b)];
  for (const f of report.findings) {
    const where = f.model
      ? `${fillWords(w.model, { name: f.model.name })} (${f.model.operations.map(operationLabel).join(', ')})`
      : operationLabel(f.operation);
    lines.push(
      `${(f.accepted ? `${f.severity} (${w.accepted})` : f.severity!).padEnd(8)} ${f.id}  ${where}`,
      `         ${f.message[locale]}`,
    );
  }
  if (!report.findings.length) lines.push(w.none);
  return lines.join('\n');
}

const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A page of its own: everything escaped, no script, readable on a phone. */
export function reportHtml(report: CompatReport, locale: Locale, heading: string = WORDS[locale].title): string {
  const w = WORDS[locale];
  const body: string[] = [`<h1>${html(heading)}</h1>`];
  if (report.identical) body.push(`<p>${html(w.identical)}</p>`);
  else {
    body.push(`<p>${html(summaryLine(report, locale))}</p>`, `<p>${bumpLine(report, locale, (b) => `<b>${html(b)}</b>`)}</p>`);
    if (!report.findings.length) body.push(`<p>${html(w.none)}</p>`);
    for (const { folder, groups } of groupFindings(report.findings)) {
      if (folder) body.push(`<h2>${html(folder)}</h2>`);
      for (const group of groups) {
        body.push(`<h3>${html(groupTitle(group.title, locale))}</h3><ul>`);
        for (const f of group.findings)
          body.push(
            `<li class="${f.severity}"><b>${f.severity}${f.accepted ? ` (${html(w.accepted)})` : ''}</b> <code>${html(f.id)}</code> ` +
              `<span>${html(f.field)}</span><br>${html(f.message[locale])}${f.accepted ? `<br>${html(w.reason)}: ${html(f.accepted.reason)}` : ''}</li>`,
          );
        body.push('</ul>');
      }
    }
  }
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${html(heading)}</title><style>body{font:14px/1.5 system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;overflow-wrap:anywhere}` +
    `li{margin:.5rem 0}.error b{color:#c00}.warning b{color:#b60}.info b{color:#06c}</style></head><body>${body.join('')}</body></html>`
  );
}

/**
 * An import's verdict under its counts (`apiloom push`, `--dry-run` too): the summary, the suggested bump, and the
 * findings that break or may break clients, one a line (an accepted one marked).
 */
export function verdictLines(verdict: Pick<CompatReport, 'summary' | 'bump' | 'findings'>, locale: Locale): string[] {
  const w = WORDS[locale];
  const lines = [summaryLine(verdict, locale), bumpLine(verdict, locale, (b) => b)];
  for (const f of verdict.findings)
    if (f.severity !== 'info')
      lines.push(
        `  ${f.accepted ? `${f.severity} (${w.accepted})` : f.severity} ${f.id}  ${operationLabel(f.operation)}: ${f.message[locale]}`,
      );
  return lines;
}
