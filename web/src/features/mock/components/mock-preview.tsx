/**
 * The preview: a real request from this page to the mock origin, with the document's method and an editable path,
 * query, headers and body; the answer's status, time, headers and body (pretty JSON) are shown as they came.
 */
import { SendOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Table, Tag, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MockHeader } from '@shared/schemas/mock';
import { LongText } from '../../../components/long-text';
import { previewUrl } from '../lib/mock-url';
import { PREVIEW_TIMEOUT_MS, runPreview, type PreviewResult } from '../lib/preview';
import { HeadersEditor } from './headers-editor';
import '../../../i18n/mock';

export interface PreviewDefaults {
  path: string;
  query: string;
  headers: MockHeader[];
  body: string;
}

const statusColor = (status: number) => (status < 300 ? 'success' : status < 400 ? 'processing' : status < 500 ? 'warning' : 'error');

export function MockPreview(props: {
  mockBase: string;
  projectId: string;
  method: string;
  defaults: PreviewDefaults;
  token: string | null;
  dirty: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [path, setPath] = useState(props.defaults.path);
  const [query, setQuery] = useState(props.defaults.query);
  const [headers, setHeaders] = useState(props.defaults.headers);
  const [body, setBody] = useState(props.defaults.body);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ result: PreviewResult } | { error: string } | null>(null);
  const running = useRef<AbortController | null>(null);
  const carriesBody = !['GET', 'HEAD'].includes(props.method);
  const url = previewUrl(props.mockBase, props.projectId, path, query);

  async function send() {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), PREVIEW_TIMEOUT_MS);
    setBusy(true);
    try {
      const result = await runPreview(
        {
          url,
          method: props.method,
          headers,
          body: carriesBody ? body : '',
          token: props.token,
          language: i18n.language === 'en' ? 'en' : 'zh-CN',
        },
        { signal: controller.signal },
      );
      if (running.current === controller) setOutcome({ result });
    } catch (error) {
      if (running.current !== controller) return;
      const timedOut = controller.signal.aborted;
      setOutcome({
        error: timedOut
          ? t('mock.preview.timeout')
          : t('mock.preview.failed', { message: error instanceof Error ? error.message : String(error) }),
      });
    } finally {
      clearTimeout(timer);
      if (running.current === controller) {
        running.current = null;
        setBusy(false);
      }
    }
  }

  return (
    <section className="mock-preview" aria-labelledby={`${id}-title`}>
      <Typography.Title level={3} id={`${id}-title`}>
        {t('mock.preview.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('mock.preview.hint')}</Typography.Paragraph>
      {props.dirty ? <Alert type="warning" showIcon className="form-alert" title={t('mock.preview.unsaved')} /> : null}
      <Form layout="vertical" component="div">
        <Form.Item label={t('mock.preview.path')} htmlFor={`${id}-path`}>
          <Flex gap={8}>
            <span className={`method-tag method-${props.method}`} title={t('mock.preview.method')}>
              {props.method}
            </span>
            <Input id={`${id}-path`} value={path} onChange={(e) => setPath(e.target.value)} onPressEnter={() => void send()} />
          </Flex>
        </Form.Item>
        <Form.Item label={t('mock.preview.query')} htmlFor={`${id}-query`}>
          <Input
            id={`${id}-query`}
            prefix="?"
            placeholder="page=1&size=10"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onPressEnter={() => void send()}
          />
        </Form.Item>
        <div className="mock-field-label">{t('mock.preview.headers')}</div>
        <HeadersEditor
          title={t('mock.preview.headers')}
          headers={headers}
          onChange={setHeaders}
          texts={{ none: t('mock.preview.noHeaders'), add: t('mock.preview.addHeader') }}
        />
        {carriesBody ? (
          <Form.Item label={t('mock.preview.body')} htmlFor={`${id}-body`} className="mock-preview-body">
            <Input.TextArea
              id={`${id}-body`}
              className="code-input"
              autoSize={{ minRows: 3, maxRows: 12 }}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          </Form.Item>
        ) : null}
        <Flex gap={12} align="center" wrap className="mock-preview-send">
          <Button type="primary" icon={<SendOutlined aria-hidden />} loading={busy} onClick={() => void send()}>
            {t('mock.preview.send')}
          </Button>
          <Typography.Text type="secondary" className="mock-url-text">
            {props.method} {url}
          </Typography.Text>
        </Flex>
      </Form>
      {outcome ? (
        <section className="mock-preview-result" aria-label={t('mock.preview.result')} aria-live="polite">
          {'error' in outcome ? (
            <Alert type="error" showIcon title={outcome.error} />
          ) : (
            <>
              <Flex gap={16} align="center" wrap>
                <span>
                  {t('mock.preview.status')}{' '}
                  <Tag color={statusColor(outcome.result.status)} className="mock-status">
                    {outcome.result.status}
                  </Tag>
                </span>
                <span>
                  {t('mock.preview.time')} <strong>{t('mock.preview.ms', { ms: outcome.result.ms })}</strong>
                </span>
              </Flex>
              <Typography.Title level={4}>{t('mock.preview.respHeaders')}</Typography.Title>
              <Table
                size="small"
                pagination={false}
                rowKey={([name]) => name}
                dataSource={outcome.result.headers}
                components={{ table: (p: object) => <table {...p} aria-label={t('mock.preview.respHeaders')} /> }}
                columns={[
                  {
                    key: 'name',
                    title: t('mock.header.name'),
                    width: '36%',
                    render: (_: unknown, [name]: [string, string]) => <code>{name}</code>,
                  },
                  {
                    key: 'value',
                    title: t('mock.header.value'),
                    render: (_: unknown, [, value]: [string, string]) => <span className="mock-header-value">{value}</span>,
                  },
                ]}
              />
              <Typography.Title level={4}>{t('mock.preview.respBody')}</Typography.Title>
              <LongText
                className="code mock-preview-body-out"
                label={t('mock.preview.respBody')}
                text={outcome.result.body || t('mock.preview.empty')}
                language={outcome.result.json ? 'json' : 'text'}
              />
            </>
          )}
        </section>
      ) : null}
    </section>
  );
}
