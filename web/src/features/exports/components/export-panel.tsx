/**
 * The export screen (issue 23): a format, what to export (the whole project, chosen documents or a release), the
 * language of the words PDF and Word add, then the job's real progress and the download. The settings tab and the
 * workspace pages show this same panel.
 */
import { Alert, Button, Flex, Form, List, Progress, Radio, Select, Typography } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@shared/constants';
import { EXPORT_FORMATS, type ExportFormat, type ExportJobView } from '@shared/schemas/export';
import type { ReleaseView } from '@shared/schemas/share';
import { errorMessage } from '../../../lib/form';
import { sizeText } from '../../../lib/bytes';
import { useExportJob, useStartExport } from '../api';
import '../../../i18n/exports';

export const EXPORT_SCOPES = ['whole', 'chosen', 'release'] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];

/** The formats that cannot hold everything a project has, with a text saying what they leave out. */
const LEAVES_OUT: Partial<Record<ExportFormat, true>> = { postman: true };

/** The formats whose writer adds words of its own (headings, table headers, footers) in the chosen language. */
const WORDED: readonly ExportFormat[] = ['pdf', 'docx'];

interface Values {
  format: ExportFormat;
  scope: ExportScope;
  docIds?: string[];
  version?: string;
  language: Locale;
}

interface ExportPanelProps {
  projectId: string;
  initialScope?: ExportScope;
  /** The document chooser (a form control: the form hands it `value` and `onChange`). */
  picker: ReactElement;
  /** The project's releases, to export one of them; absent where there is no choice of release (a share). */
  releases?: { data?: readonly Pick<ReleaseView, 'version' | 'desc'>[]; isPending: boolean };
  /** Exports as the reader of this share link: "whole" then means all the share holds. */
  shareToken?: string;
}

export function ExportPanel({ projectId, initialScope = 'whole', picker, releases, shareToken }: ExportPanelProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const format = Form.useWatch('format', form);
  const scope = Form.useWatch('scope', form);
  const start = useStartExport(shareToken);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useExportJob(jobId, shareToken);
  const scopes = EXPORT_SCOPES.filter((s) => s !== 'release' || releases);

  async function submit(values: Values) {
    setJobId(null);
    const started = await start.mutateAsync({
      body: {
        projectId,
        format: values.format,
        ...(values.scope === 'chosen' ? { docIds: values.docIds } : {}),
        ...(values.scope === 'release' ? { version: values.version } : {}),
        ...(WORDED.includes(values.format) ? { language: values.language } : {}),
      },
    });
    setJobId(started.id);
  }

  return (
    <Flex vertical gap={16} className="export-panel">
      <Typography.Paragraph type="secondary">{t('exports.lead')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ format: 'apiloom', scope: initialScope, language: i18n.language === 'en' ? 'en' : 'zh' }}
        onFinish={(v) => void submit(v).catch(() => undefined)}
      >
        <Form.Item name="format" label={t('exports.format')}>
          <Radio.Group aria-label={t('exports.format')}>
            <Flex vertical gap={8}>
              {EXPORT_FORMATS.map((f) => (
                <Radio key={f} value={f}>
                  <Flex vertical>
                    <strong>{t(`exports.formats.${f}.name`)}</strong>
                    <Typography.Text type="secondary">{t(`exports.formats.${f}.holds`, { variable: '{{name}}' })}</Typography.Text>
                    {f in LEAVES_OUT ? (
                      <Typography.Text type="secondary" className="export-leaves-out">
                        {t(`exports.leavesOut.${f}`)}
                      </Typography.Text>
                    ) : null}
                  </Flex>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="scope" label={t('exports.scope')}>
          <Radio.Group
            aria-label={t('exports.scope')}
            options={scopes.map((s) => ({
              value: s,
              label: t(shareToken && s === 'whole' ? 'exports.scopes.share' : `exports.scopes.${s}`),
            }))}
          />
        </Form.Item>
        {scope === 'chosen' ? (
          <Form.Item
            name="docIds"
            label={t('exports.chooseDocuments')}
            rules={[{ required: true, type: 'array', min: 1, message: t('exports.needDocuments') }]}
          >
            {picker}
          </Form.Item>
        ) : null}
        {scope === 'release' && releases ? (
          <Form.Item name="version" label={t('exports.chooseRelease')} rules={[{ required: true, message: t('exports.needRelease') }]}>
            <Select
              loading={releases.isPending}
              notFoundContent={t('exports.noReleases')}
              options={(releases.data ?? []).map((r) => ({ value: r.version, label: r.desc ? `${r.version} · ${r.desc}` : r.version }))}
            />
          </Form.Item>
        ) : null}
        {format && WORDED.includes(format) ? (
          <Form.Item name="language" label={t('exports.language')} extra={t('exports.languageHint')}>
            <Radio.Group
              aria-label={t('exports.language')}
              options={LOCALES.map((l) => ({ value: l, label: t(`exports.languages.${l}`) }))}
            />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" loading={start.isPending || (!!jobId && isBusy(job.data))}>
          {t('exports.start')}
        </Button>
      </Form>
      {start.error ? (
        <Alert type="error" showIcon role="alert" title={t('exports.failed', { message: errorMessage(start.error) })} />
      ) : null}
      {jobId ? <JobState job={job.data} /> : null}
    </Flex>
  );
}

/** What this export's format could not hold: counted by kind, then the first entries document by document. */
function LeftOut({ omissions }: { omissions: NonNullable<ExportJobView['omissions']> }) {
  const { t } = useTranslation();
  const total = Object.values(omissions.counts).reduce((n, c) => n + c, 0);
  return (
    <section className="export-left-out" aria-label={t('exports.leftOut', { count: total })}>
      <Typography.Text strong>{t('exports.leftOut', { count: total })}</Typography.Text>
      <Typography.Paragraph type="secondary">
        {Object.entries(omissions.counts)
          .map(([kind, n]) => `${t(`exports.leftOutKinds.${kind}`)} ${n}`)
          .join(' · ')}
      </Typography.Paragraph>
      <List
        size="small"
        dataSource={omissions.first}
        renderItem={(o) => (
          <List.Item>
            <span>
              <strong>{o.document}</strong>: {o.message}
            </span>
          </List.Item>
        )}
      />
    </section>
  );
}

const isBusy = (job: ExportJobView | undefined) => !job || job.state === 'queued' || job.state === 'running';

function JobState({ job }: { job: ExportJobView | undefined }) {
  const { t } = useTranslation();
  if (job?.state === 'failed')
    return <Alert type="error" showIcon role="alert" title={t('exports.failed', { message: job.error?.message ?? '' })} />;
  if (job?.state === 'done' && job.url)
    return (
      <Flex vertical gap={8} className="export-done" role="status">
        <Typography.Text strong>{t('exports.states.done')}</Typography.Text>
        <div>
          <Button type="primary" href={job.url} download={job.fileName ?? undefined}>
            {t('exports.download', { name: job.fileName ?? '' })}
          </Button>
        </div>
        {job.size !== null ? <Typography.Text type="secondary">{t('exports.size', { size: sizeText(job.size) })}</Typography.Text> : null}
        <Typography.Text type="secondary">{t('exports.expires')}</Typography.Text>
        {job.omissions ? <LeftOut omissions={job.omissions} /> : null}
      </Flex>
    );
  const done = job?.progress.done ?? 0;
  const total = job?.progress.total ?? 0;
  return (
    <div className="export-progress" role="status">
      <Typography.Text>
        {t(`exports.states.${job?.state ?? 'queued'}`)}
        {total ? t('exports.progressOf', { done, total }) : ''}
      </Typography.Text>
      <Progress percent={total ? Math.floor((done / total) * 100) : 0} status="active" aria-label={t('exports.progress')} />
    </div>
  );
}
