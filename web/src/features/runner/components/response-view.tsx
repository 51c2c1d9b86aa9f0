/**
 * A response: status, time and size, the transport it came through, then its body (a JSON tree, the raw text, an
 * image's preview), its headers and, for a document, how the body compares with the documented response.
 */
import { Alert, Descriptions, Empty, Flex, List, Segmented, Table, Tabs, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResponse } from '@shared/schemas/document';
import type { RunResponse, RunTransport } from '@shared/schemas/runner';
import { LongText } from '../../../components/long-text';
import { sizeText } from '../../../lib/bytes';
import { base64ToText } from '../lib/base64';
import { statusTag, TAG } from '../../../lib/tag-colors';
import { diffResponse, documentedResponse, jsonTypeOf } from '../lib/response-diff';

const MAX_TREE_NODES = 2_000;
/**
 * The tree's height: past it the tree scrolls and draws only the rows on screen. All 2,000 rows of a large body
 * drawn at once kept the page from answering for seconds (issue 39's render bench).
 */
const TREE_HEIGHT = 480;

/** A JSON value as tree rows, the first MAX_TREE_NODES of them; `cut`: there were more. */
function treeOf(value: unknown): { nodes: TreeDataNode[]; cut: boolean } {
  let count = 0;
  const walk = (key: string, label: string, v: unknown): TreeDataNode => {
    count++;
    const type = jsonTypeOf(v);
    const entries: [string, unknown][] =
      type === 'object' ? Object.entries(v as object) : type === 'array' ? (v as unknown[]).map((item, i) => [String(i), item]) : [];
    const summary = type === 'object' ? `{${entries.length}}` : type === 'array' ? `[${entries.length}]` : JSON.stringify(v);
    const title = (
      <span className="run-json-node">
        {label ? <span className="run-json-key">{label}: </span> : null}
        <span className={`run-json-${type}`}>{summary}</span>
      </span>
    );
    const children = entries.filter(() => count < MAX_TREE_NODES).map(([k, item]) => walk(`${key}/${k}`, k, item));
    return { key, title, children: children.length ? children : undefined, isLeaf: !children.length };
  };
  const root = walk('$', '', value);
  return { nodes: root.children ?? [root], cut: count >= MAX_TREE_NODES };
}

const headerOf = (res: RunResponse, name: string) => res.headers.find((h) => h.name.toLowerCase() === name)?.value ?? '';

export function ResponseView(props: {
  response: RunResponse;
  transport: RunTransport;
  /** The document's responses, for the comparison; absent on the blank test page. */
  documented?: ApiResponse[];
  /** Script results, shown as a tab of their own. */
  results?: ReactNode;
}) {
  const { t } = useTranslation();
  const { response } = props;
  const contentType = headerOf(response, 'content-type').toLowerCase();
  const text = useMemo(() => base64ToText(response.bodyBase64), [response.bodyBase64]);
  const json = useMemo((): { ok: boolean; value?: unknown } => {
    try {
      return { ok: true, value: JSON.parse(text) as unknown };
    } catch {
      return { ok: false };
    }
  }, [text]);
  const image = contentType.startsWith('image/') && !contentType.includes('svg');
  const [view, setView] = useState<'pretty' | 'raw' | 'preview'>(image ? 'preview' : 'pretty');
  const statusColor = statusTag(response.status);
  const documented = props.documented ? documentedResponse(props.documented, response.status) : undefined;
  const tree = useMemo(() => (json.ok ? treeOf(json.value) : undefined), [json]);

  const body =
    response.size === 0 ? (
      <Empty description={t('runner.emptyBody')} />
    ) : (
      <>
        <Segmented<'pretty' | 'raw' | 'preview'>
          aria-label={t('runner.responseBody')}
          value={view}
          onChange={(v) => setView(v)}
          options={[
            { value: 'pretty', label: t('runner.bodyViews.pretty') },
            { value: 'raw', label: t('runner.bodyViews.raw') },
            ...(image ? [{ value: 'preview' as const, label: t('runner.bodyViews.preview') }] : []),
          ]}
        />
        {view === 'preview' && image ? (
          <img
            className="run-image"
            alt={t('runner.bodyViews.preview')}
            src={`data:${contentType.split(';')[0]};base64,${response.bodyBase64}`}
          />
        ) : view === 'pretty' && tree ? (
          <div className="run-json" aria-label={t('runner.jsonTree')} role="region">
            {tree.cut ? <Typography.Text type="secondary">{t('runner.treeCut', { count: MAX_TREE_NODES })}</Typography.Text> : null}
            <Tree treeData={tree.nodes} defaultExpandAll selectable={false} showLine height={TREE_HEIGHT} />
          </div>
        ) : (
          <>
            {view === 'pretty' && !image ? <Typography.Text type="secondary">{t('runner.notJson')}</Typography.Text> : null}
            <LongText
              className="run-raw"
              label={t('runner.responseBody')}
              text={image ? `(${contentType})` : text}
              language={json.ok ? 'json' : 'text'}
            />
          </>
        )}
      </>
    );

  return (
    <section className="run-response" aria-label={t('runner.response')}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 4 }}
        items={[
          {
            key: 'status',
            label: t('runner.status'),
            children: (
              <Tag color={statusColor} data-testid="run-status">
                {response.status} {response.statusText}
              </Tag>
            ),
          },
          { key: 'time', label: t('runner.time'), children: `${response.timeMs} ms` },
          { key: 'size', label: t('runner.size'), children: sizeText(response.size) },
          {
            key: 'transport',
            label: t('runner.transport'),
            children: t('runner.sentWith', { transport: t(`runner.transports.${props.transport}`) }),
          },
        ]}
      />
      {response.truncated ? <Alert type="warning" showIcon title={t('runner.truncated')} /> : null}
      <Tabs
        items={[
          { key: 'body', label: t('runner.responseBody'), children: body },
          {
            key: 'headers',
            label: `${t('runner.responseHeaders')} (${response.headers.length})`,
            children: (
              <Table
                size="small"
                pagination={false}
                rowKey={(_, i) => String(i)}
                aria-label={t('runner.responseHeaders')}
                dataSource={response.headers}
                columns={[
                  { key: 'name', title: t('runner.name'), dataIndex: 'name' },
                  { key: 'value', title: t('runner.value'), dataIndex: 'value' },
                ]}
              />
            ),
          },
          ...(props.results ? [{ key: 'results', label: t('runner.results'), children: props.results }] : []),
          // Compared when the tab opens: a large body's comparison is work the reader may never ask for.
          ...(props.documented
            ? [
                {
                  key: 'diff',
                  label: t('runner.diff'),
                  children: <ResponseDiff status={response.status} documented={documented} json={json} />,
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}

/** How the body compares with the documented response of its status. */
function ResponseDiff({
  status,
  documented,
  json,
}: {
  status: number;
  documented: ApiResponse | undefined;
  json: { ok: boolean; value?: unknown };
}) {
  const { t } = useTranslation();
  const problems = useMemo(() => (documented && json.ok ? diffResponse(documented.body, json.value) : []), [documented, json]);
  return !documented?.body.length ? (
    <Alert type="info" showIcon title={t('runner.diffNoDoc', { status })} />
  ) : !json.ok ? (
    <Alert type="info" showIcon title={t('runner.diffNotJson')} />
  ) : problems.length === 0 ? (
    <Alert type="success" showIcon title={t('runner.diffNone')} />
  ) : (
    <List
      size="small"
      aria-label={t('runner.diff')}
      dataSource={problems}
      renderItem={(p) => (
        <List.Item>
          <Flex gap={8} wrap>
            <Tag color={p.kind === 'extra' ? TAG.warn : TAG.bad}>{t(`runner.diffKinds.${p.kind}`)}</Tag>
            <Typography.Text code>{p.path || '$'}</Typography.Text>
            <span>
              {p.kind === 'missing'
                ? p.required
                  ? t('runner.diffRequired')
                  : ''
                : p.kind === 'extra'
                  ? t('runner.diffExtra', { actual: p.actual })
                  : t('runner.diffType', { expected: p.expected, actual: p.actual })}
            </span>
          </Flex>
        </List.Item>
      )}
    />
  );
}
