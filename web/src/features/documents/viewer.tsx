/** The read view of every document kind. */
import { str } from './str';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentView, ParamItem } from '../../../../shared/schemas/document';
import { exampleOf } from './example';
import { markdownToSafeHtml, sanitizeHtml } from './safe-html';

type Content = Record<string, unknown>;

function ParamRows({ items, depth }: { items: ParamItem[]; depth: number }) {
  return items.map((p) => (
    <ParamRow key={p.id} item={p} depth={depth} />
  ));
}
function ParamRow({ item, depth }: { item: ParamItem; depth: number }) {
  const { t } = useTranslation();
  return (
    <>
      <tr>
        <td style={{ paddingLeft: 8 + depth * 18 }}>{item.name}</td>
        <td>
          <code>{item.type}</code>
        </td>
        <td>{item.required ? t('docs.yes') : t('docs.no')}</td>
        <td>{item.value}</td>
        <td>{item.description}</td>
      </tr>
      <ParamRows items={item.children} depth={depth + 1} />
    </>
  );
}

/** The column heads of a parameter table; the editor adds a column for its row actions. */
export function ParamHeader({ actions }: { actions?: boolean }) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th>{t('docs.param.name')}</th>
        <th>{t('docs.param.type')}</th>
        <th>{t('docs.param.required')}</th>
        <th>{t('docs.param.value')}</th>
        <th>{t('docs.param.description')}</th>
        {actions ? <th /> : null}
      </tr>
    </thead>
  );
}

export function ParamTable({ title, items }: { title: string; items: ParamItem[] }) {
  if (!items.length) return null;
  return (
    <section className="doc-section">
      <h3>{title}</h3>
      <table className="table" aria-label={title}>
        <ParamHeader />
        <tbody>
          <ParamRows items={items} depth={0} />
        </tbody>
      </table>
    </section>
  );
}

function ApiView({ c }: { c: Content }) {
  const { t } = useTranslation();
  const list = (key: string) => (c[key] as ParamItem[] | undefined) ?? [];
  return (
    <>
      <p className="api-line">
        <span className={`method method-${str(c.method)}`}>{str(c.method)}</span> <code>{str(c.path)}</code>{' '}
        <span className="badge">{t(`docs.status.${str(c.status)}`)}</span>
        {c.valid === false ? <span className="badge badge-muted">{t('docs.api.invalid')}</span> : null}
      </p>
      <div className="markdown user-content" dangerouslySetInnerHTML={{ __html: markdownToSafeHtml(str(c.description, '')) }} />
      <ParamTable title={t('docs.api.reqHeaders')} items={list('reqHeaders')} />
      <ParamTable title={t('docs.api.reqPath')} items={list('reqPath')} />
      <ParamTable title={t('docs.api.reqQuery')} items={list('reqQuery')} />
      <ParamTable title={`${t('docs.api.reqBody')} · ${str(c.requestType, 'json')}`} items={list('reqBody')} />
      <ParamTable title={t('docs.api.respHeaders')} items={list('respHeaders')} />
      <ParamTable title={`${t('docs.api.respBody')} · ${str(c.respFormat, 'json')}`} items={list('respBody')} />
      {list('respBody').length ? (
        <section className="doc-section">
          <h3>{t('docs.api.example')}</h3>
          <pre className="code">{JSON.stringify(exampleOf(list('respBody')), null, 2)}</pre>
        </section>
      ) : null}
    </>
  );
}

export function DocumentBody({ doc }: { doc: DocumentView }) {
  const { t } = useTranslation();
  const c = (doc.content ?? {}) as Content;
  switch (doc.type) {
    case 'api':
      return <ApiView c={c} />;
    case 'doc':
      return <div className="markdown user-content" dangerouslySetInnerHTML={{ __html: markdownToSafeHtml(str(c.markdown, '')) }} />;
    case 'richtext':
      return <div className="markdown user-content" dangerouslySetInnerHTML={{ __html: sanitizeHtml(str(c.html, '')) }} />;
    case 'embed':
      return (
        <iframe
          className="embed"
          title={doc.name}
          src={/^https?:\/\//i.test(str(c.url)) ? str(c.url) : 'about:blank'}
          width={str(c.width)}
          height={str(c.height)}
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="no-referrer"
        />
      );
    case 'errorcode': {
      const rows = (c.rows as { code: string; message: string; description: string }[] | undefined) ?? [];
      return (
        <table className="table" aria-label={t('docs.kinds.errorcode')}>
          <thead>
            <tr>
              <th>{t('docs.errorcode.code')}</th>
              <th>{t('docs.errorcode.message')}</th>
              <th>{t('docs.param.description')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td>
                  <code>{r.code}</code>
                </td>
                <td>{r.message}</td>
                <td>{r.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    case 'link':
      return (
        <p>
          <Link to={`/open_external_link?url=${encodeURIComponent(str(c.url))}`}>{str(c.url)}</Link>
        </p>
      );
    case 'softlink':
      return (
        <p>
          <Link to={`/project/${doc.projectId}/${str(c.targetId)}`}>{t('docs.followLink')}</Link>
        </p>
      );
    case 'folder':
      return <p className="muted">{t('docs.folderText')}</p>;
  }
}
