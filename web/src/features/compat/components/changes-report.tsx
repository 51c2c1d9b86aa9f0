/**
 * The compatibility report (issue 35): what changed between two versions of the project and whether it breaks
 * clients. Summary counts, findings grouped by folder and operation (a shared model's under the model, with the
 * operations that use it), a "breaking only" filter, the other changes on request, each finding linking to its
 * document at both versions, and exports as Markdown, HTML and JSON in the reader's language.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Dropdown, Empty, Input, Modal, Select, Space, Switch, Typography } from 'antd';
import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupFindings, operationLabel, reportHtml, reportMarkdown } from '@shared/compat/render';
import type { CompatReport, Finding, OperationRef } from '@shared/compat/types';
import { LIVE } from '@shared/schemas/compat';
import type { ReleaseView } from '@shared/schemas/share';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../paths';
import { showServerError } from '../../../lib/form';
import { useChanges, useCompatPolicy, usePolicyChange } from '../api';
import { SeverityTag, VerdictSummary } from './verdict';
import '../../../i18n/compat';

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

export interface ChangesReportProps {
  projectId: string;
  releases: ReleaseView[];
  from: string | undefined;
  to: string;
  onPick: (from: string | undefined, to: string) => void;
  /** An editor of an active project may accept a finding with a reason (the project's policy). */
  canAccept: boolean;
}

export function ChangesReport({ projectId, releases, from, to, onPick, canAccept }: ChangesReportProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'zh';
  const report = useChanges(projectId, from, to);
  const [breakingOnly, setBreakingOnly] = useState(false);
  const [showChanges, setShowChanges] = useState(false);
  const versions = [{ value: LIVE, label: t('compat.live') }, ...releases.map((r) => ({ value: r.version, label: r.version }))];
  const name = `changes-${from ?? ''}-${to}`;

  return (
    <div className="changes-report">
      <Space wrap className="changes-pick">
        <label>
          {t('compat.from')}{' '}
          <Select
            aria-label={t('compat.from')}
            value={from}
            options={versions}
            onChange={(v: string) => onPick(v, to)}
            style={{ minWidth: 120 }}
          />
        </label>
        <label>
          {t('compat.to')}{' '}
          <Select
            aria-label={t('compat.to')}
            value={to}
            options={versions}
            onChange={(v: string) => onPick(from, v)}
            style={{ minWidth: 120 }}
          />
        </label>
        {report.data ? (
          <Dropdown
            menu={{
              items: [
                {
                  key: 'md',
                  label: 'Markdown',
                  onClick: () => download(`${name}.md`, 'text/markdown', reportMarkdown(report.data, locale, `${from} → ${to}`)),
                },
                {
                  key: 'html',
                  label: 'HTML',
                  onClick: () => download(`${name}.html`, 'text/html', reportHtml(report.data, locale, `${from} → ${to}`)),
                },
                {
                  key: 'json',
                  label: 'JSON',
                  onClick: () => download(`${name}.json`, 'application/json', JSON.stringify(report.data, null, 2)),
                },
              ],
            }}
          >
            <Button icon={<DownloadOutlined aria-hidden />}>{t('compat.exportAs')}</Button>
          </Dropdown>
        ) : null}
      </Space>
      {!releases.length ? (
        <Empty description={t('compat.noReleases')} />
      ) : !from ? (
        <Empty description={t('compat.pick')} />
      ) : (
        <QueryState query={report}>
          {report.data ? (
            <Report
              projectId={projectId}
              report={report.data}
              from={from}
              to={to}
              canAccept={canAccept}
              breakingOnly={breakingOnly}
              showChanges={showChanges}
              // A filter redraws the list: in a transition, which yields to the browser while it renders.
              onBreakingOnly={(on) => startTransition(() => setBreakingOnly(on))}
              onShowChanges={(on) => startTransition(() => setShowChanges(on))}
            />
          ) : null}
        </QueryState>
      )}
    </div>
  );
}

/** Findings drawn per task: a report of hundreds is shown in parts, each part its own short task (no long task). */
const FINDINGS_PER_PART = 25;

/**
 * How many of `total` findings to draw: the first part at once, then one more part per task, in a transition, so the
 * page answers a click between parts. A new list (another filter) starts again from its first part.
 */
function useDrawnInParts(list: unknown, total: number) {
  const [drawn, setDrawn] = useState({ list, count: FINDINGS_PER_PART });
  if (drawn.list !== list) setDrawn({ list, count: FINDINGS_PER_PART });
  const count = drawn.list === list ? drawn.count : FINDINGS_PER_PART;
  useEffect(() => {
    if (count >= total) return;
    const next = setTimeout(() =>
      startTransition(() => setDrawn((d) => (d.list === list ? { list, count: d.count + FINDINGS_PER_PART } : d))),
    );
    return () => clearTimeout(next);
  }, [list, count, total]);
  return count;
}

function Report(props: {
  projectId: string;
  report: CompatReport;
  from: string;
  to: string;
  canAccept: boolean;
  breakingOnly: boolean;
  showChanges: boolean;
  onBreakingOnly: (on: boolean) => void;
  onShowChanges: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const { report, breakingOnly, showChanges } = props;
  // One accept dialog for the whole report, for the finding chosen (not one per finding).
  const [accepting, setAccepting] = useState<Finding | null>(null);
  const folders = useMemo(
    () =>
      groupFindings([
        ...report.findings.filter((f) => !breakingOnly || (f.severity === 'error' && !f.accepted)),
        ...(showChanges && !breakingOnly ? report.changes : []),
      ]),
    [report, breakingOnly, showChanges],
  );
  const total = folders.reduce((n, { groups }) => n + groups.reduce((m, g) => m + g.findings.length, 0), 0);
  const drawn = useDrawnInParts(folders, total);
  if (report.identical) return <Alert type="success" showIcon message={t('compat.identical')} />;
  // Whole groups, in order, until the part's findings are drawn.
  let left = drawn;
  const parts = [];
  for (const { folder, groups } of folders) {
    if (left <= 0) break;
    const shown = [];
    for (const group of groups) {
      if (left <= 0) break;
      shown.push(group);
      left -= group.findings.length;
    }
    parts.push({ folder, groups: shown });
  }
  return (
    <>
      <section className="changes-summary" aria-label={t('compat.title')}>
        <VerdictSummary verdict={report} />
        <Space wrap className="changes-filters">
          <label>
            <Switch size="small" checked={breakingOnly} onChange={props.onBreakingOnly} /> {t('compat.breakingOnly')}
          </label>
          <Checkbox checked={showChanges} disabled={breakingOnly} onChange={(e) => props.onShowChanges(e.target.checked)}>
            {t('compat.showChanges', { count: report.changes.length })}
          </Checkbox>
        </Space>
      </section>
      {!report.findings.length ? <Alert type="success" showIcon message={t('compat.none')} /> : null}
      {parts.map(({ folder, groups }) => (
        <section key={folder} className="changes-folder">
          <Typography.Title level={2}>{folder || t('compat.noFolder')}</Typography.Title>
          {groups.map((group) => (
            <FindingGroup
              key={group.title}
              projectId={props.projectId}
              from={props.from}
              to={props.to}
              onAccept={props.canAccept ? setAccepting : undefined}
              title={group.title}
              findings={group.findings}
            />
          ))}
        </section>
      ))}
      {accepting ? (
        <AcceptFinding key={accepting.key} projectId={props.projectId} finding={accepting} onClose={() => setAccepting(null)} />
      ) : null}
    </>
  );
}

const FindingGroup = memo(function FindingGroup(props: {
  projectId: string;
  from: string;
  to: string;
  /** Opens the report's accept dialog for a finding; none for who may not accept. */
  onAccept: ((finding: Finding) => void) | undefined;
  title: string;
  findings: Finding[];
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'zh';
  const first = props.findings[0]!;
  const version = (v: string) => (v === LIVE ? undefined : v);
  const docLink = (op: OperationRef | undefined, side: 'before' | 'after') => {
    const at = op?.[side];
    if (!at) return null;
    const v = side === 'before' ? props.from : props.to;
    return (
      <Link to={paths.document.href(props.projectId, at.docId, undefined, { version: version(v) })} aria-label={t(`compat.${side}`)}>
        {v === LIVE ? t('compat.live') : v}
      </Link>
    );
  };
  return (
    <article className="changes-group" aria-label={props.title}>
      <Typography.Title level={3}>
        {first.model
          ? t('compat.model', { name: first.model.name })
          : `${operationLabel(first.operation)} · ${first.operation?.name ?? ''}`}
      </Typography.Title>
      {first.model ? (
        <p className="muted">
          {t('compat.usedBy')}{' '}
          {first.model.operations.map((op) => (
            <span key={op.after?.docId ?? op.before?.docId} className="changes-op">
              <code>{operationLabel(op)}</code> {docLink(op, 'after')}
            </span>
          ))}
        </p>
      ) : (
        <p className="muted">
          <Space split="→">
            {docLink(first.operation, 'before')}
            {docLink(first.operation, 'after')}
          </Space>
        </p>
      )}
      <ul className="changes-findings">
        {props.findings.map((f) => (
          <li key={f.key} data-severity={f.severity ?? 'change'}>
            <SeverityTag finding={f} />
            <code>{f.id}</code> <span className="muted">{f.field}</span>
            <div>{f.message[locale]}</div>
            {f.accepted ? (
              <div className="muted">
                {t('compat.reason')}: {f.accepted.reason}
              </div>
            ) : null}
            {props.onAccept && f.severity && !f.accepted ? (
              <Button size="small" onClick={() => props.onAccept!(f)}>
                {t('compat.accept')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </article>
  );
});

/** Accepting one finding with a reason: it stays in the report, marked, and fails nothing any more. */
function AcceptFinding({ projectId, finding, onClose }: { projectId: string; finding: Finding; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const policy = useCompatPolicy(projectId);
  const accept = usePolicyChange('compat.accept');
  async function submit() {
    if (!policy.data) return;
    try {
      await accept.mutateAsync({ body: { projectId, rev: policy.data.rev, key: finding.key, reason } });
      onClose();
    } catch (err) {
      showServerError(null, err);
    }
  }
  return (
    <Modal
      open
      title={t('compat.acceptTitle')}
      okText={t('compat.accept')}
      okButtonProps={{ disabled: !reason.trim() || !policy.data, loading: accept.isPending }}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        <code>{finding.id}</code> {finding.field}
      </Typography.Paragraph>
      <Typography.Paragraph className="muted">{t('compat.acceptText')}</Typography.Paragraph>
      <Input.TextArea aria-label={t('compat.reason')} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
    </Modal>
  );
}
