import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOWNLOADS } from '@shared/constants';
import type { RunResponse } from '@shared/schemas/runner';
import { DocPage } from '../components/doc-page';
import { pluginStatus, pluginTransport, type PluginStatus } from '../features/runner/lib/plugin-transport';
import { useTitle } from '../lib/title';
import '../i18n/plugin';

const STEPS = ['download', 'open', 'load', 'reload'] as const;

/** The body as text for a look: the first few KB, decoded as UTF-8. */
const preview = (base64: string) => new TextDecoder().decode(Uint8Array.from(atob(base64.slice(0, 5_468)), (c) => c.charCodeAt(0)));

/** Spec route /testplugin: whether the browser plug-in is installed and allowed, how to install it, and a try. */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('plugin.title'));
  const [status, setStatus] = useState<PluginStatus | undefined>();
  useEffect(() => {
    let live = true;
    void pluginStatus().then((found) => live && setStatus(found));
    return () => {
      live = false;
    };
  }, []);
  const check = () => {
    setStatus(undefined);
    void pluginStatus().then(setStatus);
  };
  const [url, setUrl] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<RunResponse | undefined>();
  const [failure, setFailure] = useState('');
  const send = async () => {
    setSending(true);
    setFailure('');
    setResult(undefined);
    try {
      setResult(await pluginTransport({ method: 'GET', url: url.trim(), headers: [], body: { kind: 'none' } }));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
      // A first send may have asked for a new origin.
      void pluginStatus().then(setStatus);
    }
  };
  return (
    <DocPage>
      <Typography.Title>{t('plugin.title')}</Typography.Title>
      <Typography.Paragraph>{t('plugin.intro')}</Typography.Paragraph>
      <Card>
        {!status ? (
          <Space>
            <Spin size="small" />
            {t('plugin.checking')}
          </Space>
        ) : status.installed ? (
          <Space direction="vertical">
            <Alert type="success" showIcon message={t('plugin.installed', { version: status.version })} />
            <Typography.Text strong>{t('plugin.granted')}</Typography.Text>
            {status.granted.length ? (
              <ul aria-label={t('plugin.granted')}>
                {status.granted.map((origin) => (
                  <li key={origin}>
                    <Typography.Text code>{origin}</Typography.Text>
                  </li>
                ))}
              </ul>
            ) : (
              <Typography.Text type="secondary">{t('plugin.noneGranted')}</Typography.Text>
            )}
          </Space>
        ) : (
          <Space direction="vertical">
            <Alert type="warning" showIcon message={t('plugin.notInstalled')} />
            <Button onClick={check}>{t('plugin.recheck')}</Button>
          </Space>
        )}
      </Card>
      <Typography.Title level={2}>{t('plugin.install')}</Typography.Title>
      {/* The package this site serves (scripts/build-downloads.ts): made for this site, nothing to build. */}
      <Button type="primary" icon={<DownloadOutlined aria-hidden />} href={DOWNLOADS.plugin} download>
        {t('plugin.download')}
      </Button>
      <ol>
        {STEPS.map((step) => (
          <li key={step}>{t(`plugin.steps.${step}`)}</li>
        ))}
      </ol>
      {status?.installed && (
        <section>
          <Typography.Title level={2}>{t('plugin.tryTitle')}</Typography.Title>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              aria-label={t('plugin.url')}
              placeholder="http://localhost:8080/health"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
            <Button type="primary" loading={sending} disabled={!url.trim()} onClick={() => void send()}>
              {t('plugin.send')}
            </Button>
          </Space.Compact>
          {failure && <Alert style={{ marginTop: 12 }} type="error" showIcon message={failure} />}
          {result && (
            <div role="status" style={{ marginTop: 12 }}>
              <Typography.Text strong>
                {t('plugin.result', {
                  status: result.status,
                  statusText: result.statusText,
                  size: result.size,
                  ms: Math.round(result.timeMs),
                })}
              </Typography.Text>
              {result.truncated && <Alert type="info" message={t('plugin.truncated')} />}
              <pre className="plugin-preview">{preview(result.bodyBase64)}</pre>
            </div>
          )}
        </section>
      )}
    </DocPage>
  );
}
