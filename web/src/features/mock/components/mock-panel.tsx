/**
 * The Mock tab of an HTTP API document (spec section 2: mock editor with preview and help): the document's mock
 * URL, its type, status, delay, headers and body, the expectations, Save, the preview and the help. Everyone who
 * reads the project sees it; only editors change it.
 */
import { CopyOutlined, QuestionCircleOutlined, SaveOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, InputNumber, Radio, Tooltip, Typography } from 'antd';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentOf } from '@shared/schemas/document';
import { successResponse } from '@shared/schemas/document-kinds';
import { MOCK_LIMITS, MOCK_TYPES, type MockConfigView } from '@shared/schemas/mock';
import type { ProjectView } from '@shared/schemas/project';
import { LinkButton } from '../../../components/link-button';
import { QueryState } from '../../../components/query-state';
import { config } from '../../../config';
import '../../../i18n/mock';
import { isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { exampleOf } from '../../../lib/param-example';
import { paths } from '../../../paths';
import { useMockConfig, useSaveMockConfig } from '../api';
import { bodyOf, draftOf, errorsUnder, hasBody, sameSettings, settingsOf, withBody, withType, type MockDraft } from '../lib/draft';
import { concretePath, mockUrlOf, withMockToken } from '../lib/mock-url';
import { BodyField } from './body-field';
import { ExpectationsEditor } from './expectations-editor';
import { HeadersEditor } from './headers-editor';
import { MockHelp } from './mock-help';
import { MockPreview, type PreviewDefaults } from './mock-preview';

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

/** Fields the panel shows a server message at; any other goes to the list above the form. */
const PLACED = /^(body|status|delay)$|^headers\.\d+\.(name|value)$|^expectations\.\d+\./;

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
  const id = useId();
  const { api, projectMock } = props;
  const [saved, setSaved] = useState(props.initial);
  const [draft, setDraft] = useState<MockDraft>(() => draftOf(props.initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const saveConfig = useSaveMockConfig();
  const [helpOpen, setHelpOpen] = useState(false);
  const readOnly = !props.canEdit;
  const dirty = useMemo(() => !sameSettings(draft, draftOf(saved)), [draft, saved]);
  const defaults = useMemo(() => previewDefaults(api), [api]);
  const mockedBody = successResponse(api)?.body ?? [];

  const url = config.mockBase ? mockUrlOf(config.mockBase, props.projectId, api.path) : '';
  const shownUrl = withMockToken(url, projectMock.tokenRequired ? projectMock.token : null);
  const unplaced = Object.entries(errors).filter(([field]) => !PLACED.test(field));

  /** The server's messages about a field no longer apply once it is edited. */
  const clearErrors = (fields: string[]) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => !fields.some((c) => f === c || f.startsWith(`${c}.`)))));
  const change = (next: MockDraft, clear: string[] = []) => {
    setDraft(next);
    if (clear.length) clearErrors(clear);
  };

  async function save() {
    if (readOnly || saving) return;
    setSaving(true);
    try {
      const result = await saveConfig.mutateAsync({ body: { projectId: props.projectId, docId: props.docId, ...settingsOf(draft) } });
      const next = draftOf(result);
      setSaved(result);
      // What was typed for the other types stays for this session.
      setDraft((current) => ({ ...next, bodies: { ...current.bodies, ...next.bodies } }));
      setErrors({});
      notify.success(t('mock.saved'));
    } catch (error) {
      const fields =
        isApiError(error) && error.code === 45002 ? (error.data as { fields?: Record<string, string> } | null)?.fields : undefined;
      if (fields && Object.keys(fields).length) {
        setErrors(fields);
        notify.error(t('mock.fixErrors'));
      } else {
        notify.error(errorMessage(error));
      }
    } finally {
      setSaving(false);
    }
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      void save();
    }
  };

  // Without a secure context there is no clipboard at all: that failure is reported the same way.
  const copyUrl = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(shownUrl))
      .then(
        () => notify.success(t('mock.urlCopied')),
        () => notify.error(t('mock.notCopied')),
      );

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

      <section className="mock-url" aria-labelledby={`${id}-url`}>
        <Typography.Title level={3} id={`${id}-url`}>
          {t('mock.url')}
        </Typography.Title>
        {url ? (
          <>
            <Flex gap={8} align="center" wrap>
              <span className={`method-tag method-${api.method}`}>{api.method}</span>
              <code className="mock-url-text" data-testid="mock-url">
                {shownUrl}
              </code>
              <Tooltip title={t('mock.copyUrl')}>
                <Button size="small" icon={<CopyOutlined aria-hidden />} aria-label={t('mock.copyUrl')} onClick={() => void copyUrl()} />
              </Tooltip>
            </Flex>
            <Typography.Paragraph type="secondary" className="mock-url-hints">
              {/[{:]/.test(api.path) ? <>{t('mock.pathParams')} </> : null}
              {projectMock.tokenRequired ? (projectMock.token ? t('mock.tokenIncluded') : t('mock.tokenUnknown')) : null}
            </Typography.Paragraph>
          </>
        ) : (
          <Alert type="info" showIcon title={t('mock.noBase')} />
        )}
      </section>

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
        {unplaced.length ? (
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
        ) : null}
        <Form layout="vertical" requiredMark={false} disabled={readOnly} component="div">
          <Form.Item label={t('mock.type')} className="mock-type">
            <Radio.Group
              aria-label={t('mock.type')}
              optionType="button"
              buttonStyle="solid"
              value={draft.type}
              onChange={(e) => change(withType(draft, e.target.value as MockDraft['type']), ['body', 'type'])}
              options={MOCK_TYPES.map((type) => ({ value: type, label: t(`mock.types.${type}`) }))}
            />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t(`mock.typeHints.${draft.type}`)}</Typography.Paragraph>

          {draft.type === 'off' ? null : (
            <>
              <Flex gap={16} wrap>
                <Form.Item
                  label={t('mock.status')}
                  htmlFor={`${id}-status`}
                  validateStatus={errors.status ? 'error' : undefined}
                  help={errors.status}
                >
                  <InputNumber
                    id={`${id}-status`}
                    min={100}
                    max={599}
                    precision={0}
                    placeholder="200"
                    value={draft.status}
                    onChange={(status) => change({ ...draft, status }, ['status'])}
                  />
                </Form.Item>
                <Form.Item
                  label={t('mock.delay')}
                  htmlFor={`${id}-delay`}
                  validateStatus={errors.delay ? 'error' : undefined}
                  help={errors.delay ?? t('mock.delayHint')}
                >
                  <InputNumber
                    id={`${id}-delay`}
                    min={0}
                    max={MOCK_LIMITS.delayMs}
                    precision={0}
                    step={100}
                    placeholder="0"
                    value={draft.delay}
                    onChange={(delay) => change({ ...draft, delay }, ['delay'])}
                  />
                </Form.Item>
              </Flex>

              {hasBody(draft.type) ? (
                <BodyField
                  key={draft.type}
                  kind={draft.type}
                  label={t(`mock.body.${draft.type}`)}
                  value={bodyOf(draft)}
                  readOnly={readOnly}
                  serverError={errors.body}
                  onChange={(text) => change(withBody(draft, text), ['body'])}
                />
              ) : (
                <Alert
                  type="info"
                  className="form-alert"
                  title={
                    mockedBody.length
                      ? t('mock.autoParams', { count: mockedBody.length, status: successResponse(api)?.status })
                      : t('mock.autoEmpty')
                  }
                />
              )}

              <Typography.Title level={4} className="mock-subtitle">
                {t('mock.headers')}
              </Typography.Title>
              <HeadersEditor
                title={t('mock.headers')}
                headers={draft.headers}
                readOnly={readOnly}
                errors={errorsUnder(errors, 'headers')}
                onChange={(headers) => change({ ...draft, headers }, ['headers'])}
              />

              <Typography.Title level={4} className="mock-subtitle">
                {t('mock.expectations.title')}
              </Typography.Title>
              <Typography.Paragraph type="secondary">{t('mock.expectations.hint')}</Typography.Paragraph>
              <ExpectationsEditor
                expectations={draft.expectations}
                readOnly={readOnly}
                errors={errorsUnder(errors, 'expectations')}
                onChange={(expectations) => change({ ...draft, expectations }, ['expectations'])}
                onEdited={(index) => clearErrors([`expectations.${index}`])}
              />
            </>
          )}
        </Form>
        <Flex gap={12} align="center" wrap className="mock-save">
          {readOnly ? null : (
            <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={saving} onClick={() => void save()}>
              {t('mock.save')}
            </Button>
          )}
          {dirty && !readOnly ? <span className="unsaved-mark">{t('mock.unsaved')}</span> : null}
          <span className="muted">
            {saved.updatedAt
              ? t('mock.lastSaved', { name: saved.updatedByName ?? '', date: formatDate(saved.updatedAt) })
              : t('mock.neverSaved')}
          </span>
        </Flex>
      </Card>

      {url ? (
        <Card className="mock-preview-card">
          <MockPreview
            mockBase={config.mockBase}
            projectId={props.projectId}
            method={api.method}
            defaults={defaults}
            token={projectMock.token}
            dirty={dirty}
          />
        </Card>
      ) : null}

      <MockHelp open={helpOpen} onClose={() => setHelpOpen(false)} type={draft.type} />
    </div>
  );
}
