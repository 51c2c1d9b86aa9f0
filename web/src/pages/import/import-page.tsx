/**
 * The import page (issue 22): a source (file, pasted text or URL), a target (a project the person can edit, or a
 * new one), the re-import choices, a preview worked out in a Web Worker before anything is sent, then the job with
 * its progress and report. Reached from the console's Import button and from a project's menu and settings.
 */
import { Alert, Button, Card, Flex, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { atLeast } from '@shared/access';
import { LIMITS } from '@shared/constants';
import type { DocumentTreeNode } from '@shared/schemas/document';
import type { ImportJobView } from '@shared/schemas/import';
import { projectCreateBody } from '@shared/schemas/project';
import {
  isRunning,
  refreshAfterImport,
  useImportJob,
  useImportStamps,
  useStartImport,
  UploadFailed,
  type ImportChoices,
} from '../../features/imports/api';
import { ImportChoicesFields } from '../../features/imports/components/choices';
import { JobPanel, UploadProgress } from '../../features/imports/components/job-panel';
import { PreviewPanel } from '../../features/imports/components/preview-panel';
import { useCompatLive } from '../../features/compat/api';
import { ImportVerdict } from '../../features/compat/components/verdict';
import { SourcePicker, type SourceValue } from '../../features/imports/components/source-picker';
import { existingFromTree } from '../../features/imports/lib/preview';
import { usePreview, type PreviewSource } from '../../features/imports/lib/use-preview';
import { useDocumentTree } from '../../features/documents/api';
import { useEditableProjects, useMyTeams, useProjectChange } from '../../features/projects/api';
import { useTeamStanding } from '../../features/teams/api';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useTitle } from '../../lib/title';
import '../../i18n/imports';

const NO_TREE: DocumentTreeNode[] = [];
/** A new project has no APIs yet: everything the file brings is added, nothing breaks. */
const NEW_PROJECT = { documents: [], policy: { severities: {}, accepted: [] } };
/** Pasted text is read a moment after the last key. */
const PASTE_SETTLE_MS = 300;

function usePastedText(text: string, active: boolean) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setSettled(text), PASTE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text, active]);
  return settled;
}

/** A source's text in at most `max` characters. */
const clip = (text: string | undefined, max: number) => [...(text ?? '').trim()].slice(0, max).join('');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('imports.title'));
  const [params] = useSearchParams();
  const teamId = params.get('teamId');
  const consoleFolder = params.get('folder');

  const [source, setSource] = useState<SourceValue>({ kind: 'file', file: null, text: '', url: '' });
  const [target, setTarget] = useState<'existing' | 'new'>(params.get('projectId') ? 'existing' : 'new');
  const [projectId, setProjectId] = useState<string | undefined>(params.get('projectId') ?? undefined);
  // A new project's name and description: the source's (OpenAPI's info, a Postman collection's) unless edited.
  const [edits, setEdits] = useState<{ name?: string; description?: string }>({});
  const [choices, setChoices] = useState<ImportChoices>({ mode: 'merge', deleteMissing: false });
  const [upload, setUpload] = useState<number | null>(null);
  const [started, setStarted] = useState<ImportJobView | null>(null);
  const [busy, setBusy] = useState(false);

  const editable = useEditableProjects();
  const projects = useMemo(() => (editable.data ?? []).filter((p) => p.state === 'active' && atLeast(p.role, 'edit')), [editable.data]);
  const teams = useMyTeams(!!teamId);
  const standing = useTeamStanding(teamId ?? '', { enabled: !!teamId });
  const teamName = teams.data?.find((team) => team.id === teamId)?.name;
  const mayCreate = !teamId || !!standing.data?.can.createProjects;

  const treeQuery = useDocumentTree(projectId ?? '', undefined, target === 'existing' && !!projectId);
  const tree = target === 'existing' && projectId ? (treeQuery.data ?? NO_TREE) : NO_TREE;
  const preview = usePreview();
  const pasted = usePastedText(source.text, source.kind === 'paste');
  const previewSource: PreviewSource | null =
    source.kind === 'file' && source.file
      ? { file: source.file, name: source.file.name }
      : source.kind === 'paste' && pasted.trim()
        ? { text: pasted, name: 'pasted.txt' }
        : null;
  // Once the source reads as a format: the import stamps of the source the job will record (a pasted text is sent
  // as `pasted-<format>.txt`), so the preview skips and deletes as the job does. Nothing is asked for a refused file.
  const jobSource =
    preview.state.status !== 'ready'
      ? null
      : source.kind === 'file' && source.file
        ? source.file.name
        : source.kind === 'paste'
          ? `pasted-${preview.state.format}.txt`
          : null;
  const stampsQuery = useImportStamps(projectId ?? '', jobSource ?? '', target === 'existing' && !!projectId && !!jobSource);
  const stamps = target === 'existing' && projectId && jobSource ? stampsQuery.data?.stamps : undefined;
  const existing = useMemo(() => existingFromTree(tree, stamps, previewSource?.name), [tree, stamps, previewSource?.name]);
  const sourceKey = source.kind === 'file' ? source.file : source.kind === 'paste' ? pasted : null;
  const planChoices = { mode: choices.mode, deleteMissing: choices.deleteMissing };
  // A new source is read (and planned); other choices or another target's tree are planned again without a read.
  useEffect(() => {
    preview.read(previewSource, existing, planChoices);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sourceKey, source.kind]);
  useEffect(() => {
    preview.plan(existing, planChoices);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [existing, choices.mode, choices.deleteMissing]);
  // The target's APIs and models, for the verdict of applying the file (the same the job's report gives): sent to
  // the worker once they arrive or the target changes, then planned again with them.
  const liveQuery = useCompatLive(projectId ?? '', target === 'existing' && !!projectId);
  const live = target === 'new' ? NEW_PROJECT : projectId ? (liveQuery.data ?? null) : null;
  useEffect(() => {
    preview.project(live);
    preview.plan(existing, planChoices);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live]);

  const fromSource = preview.state.status === 'ready' ? preview.state.project : {};
  const newName = edits.name ?? clip(fromSource.name, LIMITS.projectName);
  const newDescription = edits.description ?? clip(fromSource.description, LIMITS.projectDescription);

  const job = useImportJob(started?.id ?? null, started ?? undefined);
  const jobView = job.data ?? started;
  useEffect(() => {
    if (jobView?.state === 'done' && !jobView.options.dryRun) void refreshAfterImport();
  }, [jobView?.state, jobView?.options.dryRun]);

  const create = useProjectChange('project.create');
  const startImport = useStartImport();
  const readyToSend =
    source.kind === 'url' ? /^https?:\/\/\S+$/i.test(source.url.trim()) : preview.state.status === 'ready' && previewSource !== null;
  const targetReady = target === 'existing' ? !!projectId : mayCreate && newName.trim().length > 0;

  const run = async (dryRun: boolean) => {
    setBusy(true);
    try {
      let into = projectId;
      if (target === 'new') {
        const made = await create.mutateAsync({
          body: projectCreateBody.parse({
            name: newName,
            description: newDescription,
            folderId: consoleFolder,
            teamId,
          }),
        });
        into = made.id;
        setTarget('existing');
        setProjectId(made.id);
      }
      if (!into) return;
      const options = { ...choices, dryRun };
      let view: ImportJobView;
      if (source.kind === 'url')
        view = await startImport.mutateAsync({ projectId: into, source: { url: source.url.trim() }, choices: options });
      else {
        const file =
          source.kind === 'file' && source.file
            ? source.file
            : new File([pasted], `pasted-${preview.state.status === 'ready' ? preview.state.format : 'text'}.txt`, { type: 'text/plain' });
        setUpload(0);
        view = await startImport.mutateAsync({ projectId: into, source: { file, onProgress: setUpload }, choices: options });
      }
      setStarted(view);
    } catch (error) {
      // API refusals are shown by the client; an upload that S3 refused or that broke off is shown here.
      if (error instanceof UploadFailed || !isApiError(error)) notify.error(t('imports.uploadFailed'));
    } finally {
      setUpload(null);
      setBusy(false);
    }
  };

  // The same page with the same source and choices: only the job is forgotten.
  const again = () => setStarted(null);

  const running = busy || isRunning(jobView ?? undefined);
  const projectOptions = projects.map((p) => ({ value: p.id, label: p.name }));

  return (
    <section className="import-page">
      <Flex className="page-header" justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={1}>{t('imports.title')}</Typography.Title>
      </Flex>
      <Typography.Paragraph type="secondary">{t('imports.lead')}</Typography.Paragraph>
      {jobView && !(busy && upload !== null) ? (
        <Card>
          <JobPanel
            job={jobView}
            onAgain={again}
            verdict={jobView.report?.compat ? <ImportVerdict verdict={jobView.report.compat} /> : null}
          />
        </Card>
      ) : (
        <Flex vertical gap={16}>
          <Card title={t('imports.source')}>
            <SourcePicker value={source} onChange={setSource} />
            <PreviewPanel
              state={source.kind === 'url' ? { status: 'idle' } : preview.state}
              verdict={
                source.kind !== 'url' && preview.state.status === 'ready' && preview.state.plan.verdict ? (
                  <ImportVerdict verdict={preview.state.plan.verdict} />
                ) : null
              }
            />
          </Card>
          <Card title={t('imports.target')}>
            <Form layout="vertical" component="div">
              <Form.Item>
                <Radio.Group
                  aria-label={t('imports.target')}
                  value={target}
                  onChange={(e) => setTarget(e.target.value as 'existing' | 'new')}
                  options={[
                    { value: 'existing', label: t('imports.targets.existing') },
                    { value: 'new', label: t('imports.targets.new'), disabled: !mayCreate },
                  ]}
                />
              </Form.Item>
              {target === 'existing' ? (
                <Form.Item label={t('imports.project')} htmlFor="import-project">
                  <Select
                    id="import-project"
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={editable.isPending}
                    placeholder={t('imports.projectPlaceholder')}
                    value={projectId}
                    onChange={(id: string) => {
                      setProjectId(id);
                      setChoices((c) => ({ ...c, folderId: undefined }));
                    }}
                    options={projectOptions}
                  />
                </Form.Item>
              ) : (
                <>
                  <Form.Item
                    label={t('imports.newName')}
                    htmlFor="import-new-name"
                    extra={t('imports.newIn', { place: teamId ? (teamName ?? '') : t('imports.personal') })}
                  >
                    <Input
                      id="import-new-name"
                      maxLength={LIMITS.projectName}
                      value={newName}
                      onChange={(e) => setEdits((p) => ({ ...p, name: e.target.value }))}
                    />
                  </Form.Item>
                  <Form.Item label={t('imports.newDescription')} htmlFor="import-new-description">
                    <Input.TextArea
                      id="import-new-description"
                      autoSize={{ minRows: 2, maxRows: 6 }}
                      maxLength={LIMITS.projectDescription}
                      value={newDescription}
                      onChange={(e) => setEdits((p) => ({ ...p, description: e.target.value }))}
                    />
                  </Form.Item>
                </>
              )}
              <ImportChoicesFields value={choices} onChange={setChoices} tree={target === 'existing' && projectId ? tree : undefined} />
            </Form>
          </Card>
          {upload !== null ? <UploadProgress fraction={upload} /> : null}
          {!readyToSend && preview.state.status !== 'refused' && preview.state.status !== 'reading' ? (
            <Alert type="info" showIcon title={t('imports.chooseSource')} />
          ) : null}
          <Space wrap>
            <Button type="primary" disabled={!readyToSend || !targetReady || running} loading={busy} onClick={() => void run(false)}>
              {t('imports.start')}
            </Button>
            <Button
              disabled={!readyToSend || target !== 'existing' || !projectId || running}
              title={t('imports.dryRunHint')}
              onClick={() => void run(true)}
            >
              {t('imports.dryRun')}
            </Button>
          </Space>
        </Flex>
      )}
    </section>
  );
}
