/**
 * The rendered HTTP API: method and path, status, tags, description, servers and security, request tabs, and a tab
 * per response status with its body, headers and examples (saved ones, else one made from the parameters).
 */
import { Badge, Descriptions, Tabs, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResponse, ContentOf, Example } from '@shared/schemas/document';
import { LongText } from '../../../components/long-text';
import { exampleOf } from '../../../lib/param-example';
import { prettyJson } from '../../../lib/pretty-json';
import { useModels, type ReadAs } from '../api';
import { firstRequestSection, type RequestSection } from '../lib/kept-tab';
import type { ModelsById } from '../lib/param-rows';
import { MarkdownView } from './markdown-view';
import { ParamView } from './param-view';

/** The request tab of each section: the view opens on the section the editor opens on (firstRequestSection). */
const VIEW_TABS: Record<RequestSection, string> = { reqQuery: 'params', reqPath: 'path', reqBody: 'body', reqHeaders: 'headers' };

const STATUS_COLOR = { developing: 'processing', completed: 'success', deprecated: 'default', failed: 'error' } as const;

const count = (label: string, n: number) => (
  <span>
    {label} {n ? <Badge count={n} size="small" color="#5b5bd6" /> : null}
  </span>
);

function Examples({ label, examples, generated }: { label: string; examples: Example[]; generated?: string }) {
  // Saved examples as written (indented as they are shown); a generated one is indented already.
  const shown = examples.length
    ? examples.map((e) => ({ name: e.name, text: e.value, pretty: true }))
    : generated
      ? [{ name: '', text: generated, pretty: false }]
      : [];
  if (!shown.length) return null;
  return (
    <section aria-label={label} className="example">
      {shown.map((e, i) => (
        <div key={i}>
          <Typography.Title level={4}>
            {label}
            {e.name ? ` · ${e.name}` : ''} <Typography.Text copyable={{ text: () => (e.pretty ? prettyJson(e.text) : e.text) }} />
          </Typography.Title>
          <LongText
            className="code"
            text={e.text}
            pretty={e.pretty}
            label={e.name ? `${label} · ${e.name}` : label}
            region={false}
            language="json"
          />
        </div>
      ))}
    </section>
  );
}

function ResponseView({ r, models }: { r: ApiResponse; models: ModelsById }) {
  const { t } = useTranslation();
  const generated = useMemo(() => (r.body.length ? JSON.stringify(exampleOf(r.body, models), null, 2) : undefined), [r.body, models]);
  return (
    <>
      {r.description ? <MarkdownView source={r.description} /> : null}
      <Tabs
        items={[
          {
            key: 'body',
            label: count(t('docs.api.respBody'), r.body.length),
            children: (
              <>
                <ParamView
                  title={`${t('docs.api.respBody')} · ${r.format}`}
                  items={r.body}
                  models={models}
                  place={{ section: 'respBody', status: r.status }}
                />
                <Examples label={t('docs.api.example')} examples={r.examples} generated={generated} />
              </>
            ),
          },
          {
            key: 'headers',
            label: count(t('docs.api.respHeaders'), r.headers.length),
            children: (
              <ParamView
                title={t('docs.api.respHeaders')}
                items={r.headers}
                models={models}
                place={{ section: 'respHeaders', status: r.status }}
              />
            ),
          },
        ]}
      />
    </>
  );
}

export function ApiView({ c, readAs }: { c: ContentOf<'api'>; readAs?: ReadAs }) {
  const { t } = useTranslation();
  const models = useModels([c.reqBody, c.reqQuery, c.reqPath, c.reqHeaders, ...c.responses.flatMap((r) => [r.body, r.headers])], readAs);
  const security = c.security?.map((alternative) =>
    Object.entries(alternative)
      .map(([name, scopes]) => (scopes.length ? `${name} (${scopes.join(', ')})` : name))
      .join(' + '),
  );
  return (
    <div className="api-view">
      <div className="api-line">
        <span className={`method-tag method-${c.method} method-large`}>{c.method}</span>
        <Typography.Text code copyable className="api-path">
          {c.path}
        </Typography.Text>
        <Badge status={STATUS_COLOR[c.status]} text={t(`docs.status.${c.status}`)} />
        {!c.valid ? <Tag color="red">{t('docs.api.invalid')}</Tag> : null}
        {c.tags.map((tag) => (
          <Tag key={tag}>{tag}</Tag>
        ))}
      </div>
      <MarkdownView source={c.description} />
      {c.servers.length || security || c.operationId ? (
        <Descriptions size="small" column={1} className="api-facts">
          {c.operationId ? <Descriptions.Item label={t('docs.api.operationId')}>{c.operationId}</Descriptions.Item> : null}
          {c.servers.length ? (
            <Descriptions.Item label={t('docs.api.servers')}>
              {c.servers.map((s) => (
                <div key={s.url}>
                  <code>{s.url}</code> {s.description}
                </div>
              ))}
            </Descriptions.Item>
          ) : null}
          {security ? (
            <Descriptions.Item label={t('docs.api.security')}>
              {security.length ? security.map((s) => <Tag key={s}>{s}</Tag>) : t('docs.api.noSecurity')}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : null}
      <Typography.Title level={3}>{t('docs.api.request')}</Typography.Title>
      <Tabs
        items={[
          {
            key: 'params',
            label: count(t('docs.api.reqQuery'), c.reqQuery.length),
            children: <ParamView title={t('docs.api.reqQuery')} items={c.reqQuery} models={models} place={{ section: 'reqQuery' }} />,
          },
          {
            key: 'path',
            label: count(t('docs.api.reqPath'), c.reqPath.length),
            children: <ParamView title={t('docs.api.reqPath')} items={c.reqPath} models={models} place={{ section: 'reqPath' }} />,
          },
          {
            key: 'body',
            label: count(t('docs.api.reqBody'), c.reqBody.length),
            children: (
              <>
                <ParamView
                  title={`${t('docs.api.reqBody')} · ${c.requestType}`}
                  items={c.reqBody}
                  models={models}
                  place={{ section: 'reqBody' }}
                />
                <Examples label={t('docs.api.reqExample')} examples={c.reqExamples} />
              </>
            ),
          },
          {
            key: 'headers',
            label: count(t('docs.api.reqHeaders'), c.reqHeaders.length),
            children: <ParamView title={t('docs.api.reqHeaders')} items={c.reqHeaders} models={models} place={{ section: 'reqHeaders' }} />,
          },
        ]}
        defaultActiveKey={VIEW_TABS[firstRequestSection(c)]}
      />
      <Typography.Title level={3}>{t('docs.api.response')}</Typography.Title>
      {c.responses.length ? (
        <Tabs
          className="response-tabs"
          aria-label={t('docs.api.statuses')}
          items={c.responses.map((r) => ({
            key: r.status,
            label: <span className={`response-status response-${r.status[0]}`}>{r.status}</span>,
            children: <ResponseView r={r} models={models} />,
          }))}
        />
      ) : (
        <p className="muted">{t('docs.api.noResponses')}</p>
      )}
    </div>
  );
}
