/**
 * The Mock tab of an HTTP API document (spec section 2: mock editor with preview and help): the document's mock
 * URL, its settings (MockSettingsForm), Save, the preview and the help. Everyone who reads the project sees it; only
 * editors change it. The editor's state and Save are the `useMockEditor` hook's.
 */
import { QuestionCircleOutlined, SaveOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentOf } from '@shared/schemas/document';
import type { MockConfigView } from '@shared/schemas/mock';
import type { ProjectView } from '@shared/schemas/project';
import { LinkButton } from '../../../components/link-button';
import { QueryState } from '../../../components/query-state';
import { config } from '../../../config';
import '../../../i18n/mock';
import { formatDate } from '../../../lib/dates';
import { exampleOf } from '../../../lib/param-example';
import { paths } from '../../../paths';
import { useMockConfig } from '../api';
import { useMockEditor, type MockEditorState } from '../hooks/use-mock-editor';
import { concretePath, mockUrlOf } from '../lib/mock-url';
import { MockHelp } from './mock-help';
import { MockPreview, type PreviewDefaults } from './mock-preview';
import { MockSettingsForm } from './mock-settings-form';
import { MockUrlSection } from './mock-url-section';

export interface MockPanelProps {
  projectId: string;
  docId: string;
  api: ContentOf<'api'>;
  canEdit: boolean;
  projectMock: ProjectView['mock'];
}

export function MockPanel(props: MockPanelProps) {
  const query = useMockConfig(props.projectId, props.docId);
  return <QueryState query={query}>{query.data ? <MockEditor key={props.docId} {...props} initial={query.data} /> : null}</QueryState>;
}

function previewDefaults(api: ContentOf<'api'>): PreviewDefaults {
  const withValue = (items: ContentOf<'api'>['reqQuery']) => items.filter((p) => p.name.trim() && p.value.trim());
  const carriesBody = !['GET', 'HEAD'].includes(api.method);
  return {
    path: concretePath(api.path, Object.fromEntries(api.reqPath.map((p) => [p.name, p.value]))),
    query: new URLSearchParams(withValue(api.reqQuery).map((p) => [p.name, p.value])).toString(),
    headers: withValue(api.reqHeaders).map((p) => ({ name: p.name, value: p.value })),
    body: carriesBody && api.reqBody.length ? JSON.stringify(exampleOf(api.reqBody), null, 2) : '',
  };
}

function MockEditor(props: MockPanelProps & { initial: MockConfigView }) {
  const { t } = useTranslation();
  const { api, projectMock } = props;
  const readOnly = !props.canEdit;
  const editor = useMockEditor({ projectId: props.projectId, docId: props.docId, readOnly }, props.initial);
  const [helpOpen, setHelpOpen] = useState(false);
  const defaults = useMemo(() => previewDefaults(api), [api]);
  const url = config.mockBase ? mockUrlOf(config.mockBase, props.projectId, api.path) : '';

  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      void editor.save();
    }
  };

  return (
    // Ctrl+S saves from anywhere in the panel, as in the document editor.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="mock-panel" onKeyDown={onKeyDown}>
      {!projectMock.enabled ? (
        <Alert
          type="warning"
          showIcon
          className="form-alert"
          title={t('mock.projectOff')}
          action={
            <LinkButton size="small" to={paths.projectSettings.href(props.projectId)} icon={<SettingOutlined aria-hidden />}>
              {t('mock.openSettings')}
            </LinkButton>
          }
        />
      ) : null}
      <MockUrlSection url={url} api={api} projectMock={projectMock} />
      <Card className="mock-settings">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={3} className="mock-card-title">
            {t('mock.settings')}
          </Typography.Title>
          <Button icon={<QuestionCircleOutlined aria-hidden />} onClick={() => setHelpOpen(true)}>
            {t('mock.help')}
          </Button>
        </Flex>
        {readOnly ? <Alert type="info" showIcon className="form-alert" title={t('mock.readOnly')} /> : null}
        <UnplacedErrors unplaced={editor.unplaced} />
        <MockSettingsForm editor={editor} api={api} readOnly={readOnly} />
        <SaveBar editor={editor} readOnly={readOnly} />
      </Card>
      {url ? (
        <Card className="mock-preview-card">
          <MockPreview
            mockBase={config.mockBase}
            projectId={props.projectId}
            method={api.method}
            defaults={defaults}
            token={projectMock.token}
            dirty={editor.dirty}
          />
        </Card>
      ) : null}
      <MockHelp open={helpOpen} onClose={() => setHelpOpen(false)} type={editor.draft.type} />
    </div>
  );
}

/** The server's messages about fields the form has no place for. */
function UnplacedErrors({ unplaced }: { unplaced: [string, string][] }) {
  const { t } = useTranslation();
  if (!unplaced.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      className="form-alert"
      title={t('mock.fixErrors')}
      description={
        <ul className="mock-error-list">
          {unplaced.map(([field, message]) => (
            <li key={field}>{message}</li>
          ))}
        </ul>
      }
    />
  );
}

function SaveBar({ editor, readOnly }: { editor: MockEditorState; readOnly: boolean }) {
  const { t } = useTranslation();
  const { saved } = editor;
  return (
    <Flex gap={12} align="center" wrap className="mock-save">
      {readOnly ? null : (
        <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={editor.saving} onClick={() => void editor.save()}>
          {t('mock.save')}
        </Button>
      )}
      {editor.dirty && !readOnly ? <span className="unsaved-mark">{t('mock.unsaved')}</span> : null}
      <span className="muted">
        {saved.updatedAt
          ? t('mock.lastSaved', { name: saved.updatedByName ?? '', date: formatDate(saved.updatedAt) })
          : t('mock.neverSaved')}
      </span>
    </Flex>
  );
}
