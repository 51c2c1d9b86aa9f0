/** The rendered HTTP API: method and path, status, description, request and response tabs, and example JSON. */
import { Badge, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContentOf } from '@shared/schemas/document';
import { exampleOf } from '../../../lib/param-example';
import { MarkdownView } from './markdown-view';
import { ParamView } from './param-view';

const STATUS_COLOR = { developing: 'processing', completed: 'success', deprecated: 'default', failed: 'error' } as const;

const count = (label: string, n: number) => (
  <span>
    {label} {n ? <Badge count={n} size="small" color="#5b5bd6" /> : null}
  </span>
);

export function ApiView({ c }: { c: ContentOf<'api'> }) {
  const { t } = useTranslation();
  const example = JSON.stringify(exampleOf(c.respBody), null, 2);
  return (
    <div className="api-view">
      <div className="api-line">
        <span className={`method-tag method-${c.method} method-large`}>{c.method}</span>
        <Typography.Text code copyable className="api-path">
          {c.path}
        </Typography.Text>
        <Badge status={STATUS_COLOR[c.status]} text={t(`docs.status.${c.status}`)} />
        {!c.valid ? <Tag color="red">{t('docs.api.invalid')}</Tag> : null}
      </div>
      <MarkdownView source={c.description} />
      <Typography.Title level={3}>{t('docs.api.request')}</Typography.Title>
      <Tabs
        items={[
          {
            key: 'params',
            label: count(t('docs.api.reqQuery'), c.reqQuery.length),
            children: <ParamView title={t('docs.api.reqQuery')} items={c.reqQuery} />,
          },
          {
            key: 'path',
            label: count(t('docs.api.reqPath'), c.reqPath.length),
            children: <ParamView title={t('docs.api.reqPath')} items={c.reqPath} />,
          },
          {
            key: 'body',
            label: count(t('docs.api.reqBody'), c.reqBody.length),
            children: <ParamView title={`${t('docs.api.reqBody')} · ${c.requestType}`} items={c.reqBody} />,
          },
          {
            key: 'headers',
            label: count(t('docs.api.reqHeaders'), c.reqHeaders.length),
            children: <ParamView title={t('docs.api.reqHeaders')} items={c.reqHeaders} />,
          },
        ]}
        defaultActiveKey={c.reqBody.length ? 'body' : c.reqQuery.length ? 'params' : c.reqPath.length ? 'path' : 'params'}
      />
      <Typography.Title level={3}>{t('docs.api.response')}</Typography.Title>
      <Tabs
        items={[
          {
            key: 'body',
            label: count(t('docs.api.respBody'), c.respBody.length),
            children: (
              <>
                <ParamView title={`${t('docs.api.respBody')} · ${c.respFormat}`} items={c.respBody} />
                {c.respBody.length ? (
                  <section aria-label={t('docs.api.example')} className="example">
                    <Typography.Title level={4}>
                      {t('docs.api.example')} <Typography.Text copyable={{ text: example }} />
                    </Typography.Title>
                    <pre className="code">{example}</pre>
                  </section>
                ) : null}
              </>
            ),
          },
          {
            key: 'headers',
            label: count(t('docs.api.respHeaders'), c.respHeaders.length),
            children: <ParamView title={t('docs.api.respHeaders')} items={c.respHeaders} />,
          },
        ]}
      />
    </div>
  );
}
