/**
 * The HTTP API editor, laid out like the request it describes: method and path, then request tabs, then a tab per
 * response status (added and removed here), each with its description, format, body, headers and examples.
 */
import { DeleteOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Flex, Form, Input, Modal, Select, Space, Switch, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  API_STATUSES,
  HTTP_METHODS,
  REQUEST_TYPES,
  RESPONSE_FORMATS,
  RESPONSE_STATUS_PATTERN,
  newResponse,
  type ApiResponse,
  type ContentOf,
  type Example,
  type ParamItem,
} from '@shared/schemas/document';
import { LongText, SHOWN_CHARS } from '../../../components/long-text';
import { firstRequestSection, useKeptTab, type RequestSection } from '../lib/kept-tab';
import { stalePathParams, syncPathParams } from '../lib/path-params';
import { ParamEditor } from './param-editor';
import type { ModelOption } from './param-settings';

type Api = ContentOf<'api'>;

const COMMON_STATUSES = ['200', '201', '204', '400', '401', '403', '404', '409', '422', '500', 'default'];

const badge = (title: string, n: number) => (
  <span>
    {title} {n ? <Badge count={n} size="small" color="#5b5bd6" /> : null}
  </span>
);

/**
 * An example's text. One that is long when the editor opens shows its start, and the whole in CodeMirror (which
 * lays out only the lines on screen) when asked: five examples of 200 KB in text areas kept the page from answering
 * for 300-900 ms (issue 39).
 */
function ExampleText({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const [long] = useState(value.length > SHOWN_CHARS);
  if (!long)
    return <Input.TextArea aria-label={label} className="code-input" rows={6} value={value} onChange={(ev) => onChange(ev.target.value)} />;
  return <LongText className="code" text={value} label={label} language="json" onChange={onChange} />;
}

function ExamplesEditor({ label, examples, onChange }: { label: string; examples: Example[]; onChange: (next: Example[]) => void }) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<Example>) => onChange(examples.map((e, j) => (j === i ? { ...e, ...patch } : e)));
  return (
    <div className="examples-editor">
      {examples.map((e, i) => (
        <div key={i} className="example-edit">
          <Space.Compact block>
            <Input
              aria-label={`${label} ${i + 1} · ${t('docs.api.exampleName')}`}
              placeholder={t('docs.api.exampleName')}
              value={e.name}
              onChange={(ev) => set(i, { name: ev.target.value })}
            />
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`${t('docs.api.removeExample')} ${i + 1}`}
              onClick={() => onChange(examples.filter((_, j) => j !== i))}
            />
          </Space.Compact>
          <ExampleText label={`${label} ${i + 1}`} value={e.value} onChange={(value) => set(i, { value })} />
        </div>
      ))}
      <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={() => onChange([...examples, { name: '', value: '' }])}>
        {t('docs.api.addExample')} · {label}
      </Button>
    </div>
  );
}

function AddResponse({ taken, onAdd, onClose }: { taken: string[]; onAdd: (status: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState(COMMON_STATUSES.find((s) => !taken.includes(s)) ?? '');
  const error = !RESPONSE_STATUS_PATTERN.test(status)
    ? t('v.responseStatus')
    : taken.includes(status)
      ? t('v.responseStatusTwice')
      : undefined;
  return (
    <Modal
      open
      title={t('docs.api.addResponse')}
      okText={t('common.create')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !!error }}
      onOk={() => (onAdd(status.trim()), onClose())}
      onCancel={onClose}
      destroyOnHidden
      width={400}
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('docs.api.statusCode')} validateStatus={error ? 'error' : undefined} help={error}>
          <Input aria-label={t('docs.api.statusCode')} value={status} onChange={(e) => setStatus(e.target.value.trim())} />
        </Form.Item>
        <Flex gap={4} wrap>
          {COMMON_STATUSES.filter((s) => !taken.includes(s)).map((s) => (
            <Button key={s} size="small" type={s === status ? 'primary' : 'default'} onClick={() => setStatus(s)}>
              {s}
            </Button>
          ))}
        </Flex>
      </Form>
    </Modal>
  );
}

function ResponseEditor({
  response,
  models,
  onChange,
  onRemove,
}: {
  response: ApiResponse;
  models: ModelOption[];
  onChange: (next: ApiResponse) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof ApiResponse>(key: K, v: ApiResponse[K]) => onChange({ ...response, [key]: v });
  return (
    <div className="response-editor">
      <Flex gap={12} wrap align="center" className="api-meta">
        <label className="inline-field">
          <span>{t('docs.api.respFormat')}</span>
          <Select
            aria-label={t('docs.api.respFormat')}
            value={response.format}
            onChange={(v) => set('format', v)}
            options={RESPONSE_FORMATS.map((v) => ({ value: v, label: v }))}
            className="format-select"
          />
        </label>
        <Button danger size="small" icon={<DeleteOutlined aria-hidden />} onClick={onRemove}>
          {t('docs.api.removeResponse', { status: response.status })}
        </Button>
      </Flex>
      <Input.TextArea
        aria-label={t('docs.api.responseDescription', { status: response.status })}
        rows={2}
        placeholder={t('docs.api.responseDescriptionHint')}
        value={response.description}
        onChange={(e) => set('description', e.target.value)}
      />
      <Tabs
        items={[
          {
            key: 'body',
            label: badge(t('docs.api.respBody'), response.body.length),
            children: (
              <ParamEditor title={t('docs.api.respBody')} items={response.body} models={models} onChange={(items) => set('body', items)} />
            ),
          },
          {
            key: 'headers',
            label: badge(t('docs.api.respHeaders'), response.headers.length),
            children: (
              <ParamEditor
                title={t('docs.api.respHeaders')}
                items={response.headers}
                models={models}
                onChange={(items) => set('headers', items)}
              />
            ),
          },
          {
            key: 'examples',
            label: badge(t('docs.api.examples'), response.examples.length),
            children: (
              <ExamplesEditor
                label={t('docs.api.example')}
                examples={response.examples}
                onChange={(examples) => set('examples', examples)}
              />
            ),
          },
        ]}
      />
    </div>
  );
}

export function ApiEditor({
  docId,
  value,
  onChange,
  errors,
  models = [],
}: {
  /** The document edited: its chosen tabs are kept under its id (see kept-tab.ts). */
  docId: string;
  value: Api;
  onChange: (next: Api) => void;
  errors: Record<string, string>;
  models?: ModelOption[];
}) {
  const { t } = useTranslation();
  const [requestTab, setRequestTab] = useKeptTab<RequestSection>(`${docId}:request`, () => firstRequestSection(value));
  const [activeStatus, setActiveStatus] = useKeptTab<string>(`${docId}:response`, () => value.responses[0]?.status);
  const [adding, setAdding] = useState(false);
  const set = <K extends keyof Api>(key: K, v: Api[K]) => onChange({ ...value, [key]: v });
  const list = (key: RequestSection, title: string) => ({
    key,
    label: badge(title, value[key].length),
    children: <ParamEditor title={title} items={value[key]} models={models} onChange={(items: ParamItem[]) => set(key, items)} />,
  });
  const setResponse = (status: string, next: ApiResponse) =>
    set(
      'responses',
      value.responses.map((r) => (r.status === status ? next : r)),
    );
  const removeResponse = (status: string) => {
    const rest = value.responses.filter((r) => r.status !== status);
    set('responses', rest);
    setActiveStatus(rest[0]?.status);
  };
  const shownStatus = value.responses.some((r) => r.status === activeStatus) ? activeStatus : value.responses[0]?.status;
  const stale = stalePathParams(value.path, value.reqPath);
  const pathTab = list('reqPath', t('docs.api.reqPath'));
  return (
    <div className="api-editor">
      <Form.Item
        label={t('docs.api.path')}
        validateStatus={errors['content.path'] ? 'error' : undefined}
        help={errors['content.path']}
        required
      >
        <Space.Compact block className="api-bar">
          <Select
            aria-label={t('docs.api.method')}
            className={`method-select method-${value.method}`}
            value={value.method}
            onChange={(m) => set('method', m)}
            options={HTTP_METHODS.map((m) => ({ value: m, label: <span className={`method-text method-${m}`}>{m}</span> }))}
          />
          <Input
            aria-label={t('docs.api.path')}
            placeholder="/orders/{id}"
            value={value.path}
            onChange={(e) =>
              onChange({ ...value, path: e.target.value, reqPath: syncPathParams(value.path, e.target.value, value.reqPath) })
            }
          />
        </Space.Compact>
      </Form.Item>
      <Flex gap={16} wrap align="center" className="api-meta">
        <label className="inline-field">
          <span>{t('docs.api.status')}</span>
          <Select
            aria-label={t('docs.api.status')}
            value={value.status}
            onChange={(s) => set('status', s)}
            options={API_STATUSES.map((s) => ({ value: s, label: t(`docs.status.${s}`) }))}
            className="status-select"
          />
        </label>
        <label className="inline-field">
          <Switch aria-label={t('docs.api.valid')} checked={value.valid} onChange={(v) => set('valid', v)} size="small" />
          <span>{t('docs.api.valid')}</span>
        </label>
        <label className="inline-field tags-field">
          <span>{t('docs.api.tags')}</span>
          <Select
            aria-label={t('docs.api.tags')}
            mode="tags"
            open={false}
            value={value.tags}
            onChange={(tags: string[]) => set('tags', tags)}
            className="tags-select"
          />
        </label>
      </Flex>
      <Form.Item
        label={t('docs.api.description')}
        validateStatus={errors['content.description'] ? 'error' : undefined}
        help={errors['content.description']}
        required
      >
        <Input.TextArea
          aria-label={t('docs.api.description')}
          rows={3}
          value={value.description}
          placeholder={t('docs.api.descriptionHint')}
          onChange={(e) => set('description', e.target.value)}
        />
      </Form.Item>
      <Typography.Title level={3}>{t('docs.api.request')}</Typography.Title>
      <Tabs
        activeKey={requestTab}
        onChange={(key) => setRequestTab(key as RequestSection)}
        items={[
          list('reqQuery', t('docs.api.reqQuery')),
          {
            ...pathTab,
            label: (
              <span>
                {pathTab.label}
                {stale.length ? <WarningOutlined className="stale-mark" aria-label={t('docs.api.staleMark')} /> : null}
              </span>
            ),
            children: (
              <>
                {stale.length ? (
                  <Alert
                    className="stale-params"
                    type="warning"
                    showIcon
                    title={t('docs.api.staleParams', { names: stale.map((p) => p.name).join(', ') })}
                    action={
                      <Button
                        size="small"
                        onClick={() =>
                          set(
                            'reqPath',
                            value.reqPath.filter((p) => !stale.includes(p)),
                          )
                        }
                      >
                        {t('docs.api.removeStale')}
                      </Button>
                    }
                  />
                ) : null}
                {pathTab.children}
              </>
            ),
          },
          {
            ...list('reqBody', t('docs.api.reqBody')),
            children: (
              <>
                <label className="inline-field tab-option">
                  <span>{t('docs.api.requestType')}</span>
                  <Select
                    aria-label={t('docs.api.requestType')}
                    value={value.requestType}
                    onChange={(v) => set('requestType', v)}
                    options={REQUEST_TYPES.map((v) => ({ value: v, label: v }))}
                    className="format-select"
                  />
                </label>
                <ParamEditor
                  title={t('docs.api.reqBody')}
                  items={value.reqBody}
                  models={models}
                  onChange={(items) => set('reqBody', items)}
                />
                <ExamplesEditor
                  label={t('docs.api.reqExample')}
                  examples={value.reqExamples}
                  onChange={(examples) => set('reqExamples', examples)}
                />
              </>
            ),
          },
          list('reqHeaders', t('docs.api.reqHeaders')),
        ]}
      />
      {/* The add button beside the title, not in the tab bar: a tablist may hold only tabs (axe). */}
      <Flex align="center" justify="space-between" gap={8}>
        <Typography.Title level={3}>{t('docs.api.response')}</Typography.Title>
        <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
          {t('docs.api.addResponse')}
        </Button>
      </Flex>
      {errors['content.responses'] ? <Typography.Text type="danger">{errors['content.responses']}</Typography.Text> : null}
      <Tabs
        className="response-tabs"
        activeKey={shownStatus}
        onChange={setActiveStatus}
        items={value.responses.map((r) => ({
          key: r.status,
          label: <span className={`response-status response-${r.status[0]}`}>{r.status}</span>,
          children: (
            <ResponseEditor
              response={r}
              models={models}
              onChange={(next) => setResponse(r.status, next)}
              onRemove={() => removeResponse(r.status)}
            />
          ),
        }))}
      />
      {!value.responses.length ? <p className="muted">{t('docs.api.noResponses')}</p> : null}
      {adding ? (
        <AddResponse
          taken={value.responses.map((r) => r.status)}
          onAdd={(status) => {
            set('responses', [...value.responses, newResponse(status)]);
            setActiveStatus(status);
          }}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </div>
  );
}
