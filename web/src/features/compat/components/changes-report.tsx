/**
 * The compatibility report (issue 35): what changed between two versions of the project and whether it breaks
 * clients. Summary counts, findings grouped by folder and operation (a shared model's under the model, with the
 * operations that use it), a "breaking only" filter, the other changes on request, each finding linking to its
 * document at both versions, and exports as Markdown, HTML and JSON in the reader's language.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Dropdown, Empty, Input, Modal, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
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
              onBreakingOnly={setBreakingOnly}
              onShowChanges={setShowChanges}
            />
          ) : null}
        </QueryState>
      )}
    </div>
  );
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
  const { report } = props;
  if (report.identical) return <Alert type="success" showIcon message={t('compat.identical')} />;
  const shown = [
    ...report.findings.filter((f) => !props.breakingOnly || (f.severity === 'error' && !f.accepted)),
    ...(props.showChanges && !props.breakingOnly ? report.changes : []),
  ];
  return (
    <>
      <section className="changes-summary" aria-label={t('compat.title')}>
        <VerdictSummary verdict={report} />
        <Space wrap className="changes-filters">
          <label>
            <Switch size="small" checked={props.breakingOnly} onChange={props.onBreakingOnly} /> {t('compat.breakingOnly')}
          </label>
          <Checkbox checked={props.showChanges} disabled={props.breakingOnly} onChange={(e) => props.onShowChanges(e.target.checked)}>
            {t('compat.showChanges', { count: report.changes.length })}
          </Checkbox>
        </Space>
      </section>
      {!report.findings.length ? <Alert type="success" showIcon message={t('compat.none')} /> : null}
      {groupFindings(shown).map(({ folder, groups }) => (
        <section key={folder} className="changes-folder">
          <Typography.Title level={2}>{folder || t('compat.noFolder')}</Typography.Title>
          {groups.map((group) => (
            <FindingGroup key={group.title} {...props} title={group.title} findings={group.findings} />
          ))}
        </section>
      ))}
    </>
  );
}

function FindingGroup(props: { projectId: string; from: string; to: string; canAccept: boolean; title: string; findings: Finding[] }) {
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
            {props.canAccept && f.severity && !f.accepted ? <AcceptFinding projectId={props.projectId} finding={f} /> : null}
          </li>
        ))}
      </ul>
    </article>
  );
}

/** Accepting one finding with a reason: it stays in the report, marked, and fails nothing any more. */
function AcceptFinding({ projectId, finding }: { projectId: string; finding: Finding }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const policy = useCompatPolicy(projectId, open);
  const accept = usePolicyChange('compat.accept');
  async function submit() {
    if (!policy.data) return;
    try {
      await accept.mutateAsync({ body: { projectId, rev: policy.data.rev, key: finding.key, reason } });
      setOpen(false);
    } catch (err) {
      showServerError(null, err);
    }
  }
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('compat.accept')}
      </Button>
      <Modal
        open={open}
        title={t('compat.acceptTitle')}
        okText={t('compat.accept')}
        okButtonProps={{ disabled: !reason.trim() || !policy.data, loading: accept.isPending }}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          <code>{finding.id}</code> {finding.field}
        </Typography.Paragraph>
        <Typography.Paragraph className="muted">{t('compat.acceptText')}</Typography.Paragraph>
        <Input.TextArea aria-label={t('compat.reason')} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </>
  );
}
