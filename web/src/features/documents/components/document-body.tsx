/** The read view of every document kind, chosen by `doc.type`: each branch knows the shape of its content. */
import { ExportOutlined, FolderOpenOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { embedSandbox, isOwnOrigin } from '@shared/embed';
import type { TypedContent } from '@shared/schemas/document';
import { ownOrigins } from '../../../config';
import { paths } from '../../../paths';
import { sanitizeHtml } from '../lib/safe-html';
import { MarkdownView } from './markdown-view';
import type { ReadAs } from '../api';
import { ApiView } from './api-view';
import { ModelView } from './model-view';

/** `id`: the document's own, when it is the live one (a model's view marks rows that refer to it as cycles). */
type Viewable = { id?: string; name: string; projectId: string } & TypedContent;

/**
 * `linkOf`: where a soft link leads, or null when the reader may not follow it (a share link's reader, to a
 * document outside the share); by default the target in the workspace. `readAs`: how the data models a document
 * refers to are read (live by default).
 */
export function DocumentBody({ doc, linkOf, readAs }: { doc: Viewable; linkOf?: (docId: string) => string | null; readAs?: ReadAs }) {
  const { t } = useTranslation();
  switch (doc.type) {
    case 'api':
      return <ApiView c={doc.content} readAs={readAs} />;
    case 'model':
      return <ModelView id={doc.id} c={doc.content} readAs={readAs} />;
    case 'doc':
      return <MarkdownView source={doc.content.markdown} />;
    case 'richtext':
      return <div className="markdown user-content ql-snow-view" dangerouslySetInnerHTML={{ __html: sanitizeHtml(doc.content.html) }} />;
    case 'embed':
      return (
        <iframe
          className="embed"
          title={doc.name}
          src={/^https?:\/\//i.test(doc.content.url) ? doc.content.url : 'about:blank'}
          width={String(doc.content.width)}
          height={String(doc.content.height)}
          // A frame of our own origin (saved before such URLs were refused) never gets scripts and its origin both.
          sandbox={embedSandbox(isOwnOrigin(doc.content.url, ownOrigins()))}
          referrerPolicy="no-referrer"
        />
      );
    case 'errorcode':
      return (
        <Table
          size="small"
          bordered
          pagination={false}
          components={{ table: (props: object) => <table {...props} aria-label={t('docs.kinds.errorcode')} /> }}
          dataSource={doc.content.rows.map((row, key) => ({ ...row, key }))}
          columns={[
            { key: 'code', title: t('docs.errorcode.code'), dataIndex: 'code', width: 160, render: (code: string) => <code>{code}</code> },
            { key: 'message', title: t('docs.errorcode.message'), dataIndex: 'message' },
            { key: 'description', title: t('docs.param.description'), dataIndex: 'description' },
          ]}
        />
      );
    case 'link':
      return (
        <p className="link-view">
          <ExportOutlined aria-hidden /> <Link to={paths.externalLink.href(doc.content.url)}>{doc.content.url}</Link>
        </p>
      );
    case 'softlink': {
      const target = linkOf ? linkOf(doc.content.targetId) : paths.document.href(doc.projectId, doc.content.targetId);
      return (
        <p className="link-view">
          <NodeIndexOutlined aria-hidden />{' '}
          {target ? <Link to={target}>{t('docs.followLink')}</Link> : <span className="muted">{t('docs.linkOutside')}</span>}
        </p>
      );
    }
    case 'folder':
      return <Empty image={<FolderOpenOutlined className="empty-icon" aria-hidden />} description={t('docs.folderText')} />;
  }
}
