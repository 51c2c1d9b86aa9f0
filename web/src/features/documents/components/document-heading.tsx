import { Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentView } from '@shared/schemas/document';
import { formatDate } from '../../../lib/dates';
import { displayComment, KIND_ICON, savedBy } from '../lib/kinds';

/** A document's title, kind and who saved it last: the top of every read of a document. */
export function DocumentHeading({
  doc,
  name,
  serial,
  children,
}: {
  doc: DocumentView;
  name: string;
  serial?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header className="doc-header">
      <div className="doc-heading">
        <Typography.Title level={1} className="doc-title">
          <span className="doc-kind" aria-hidden>
            {KIND_ICON[doc.type]}
          </span>
          {serial ? <span className="doc-serial">{serial}</span> : null}
          {name}
        </Typography.Title>
        <Space size={6} wrap className="doc-meta">
          <Tag>{t(`docs.kinds.${doc.type}`)}</Tag>
          <span className="muted">
            {t('docs.lastSaved', { name: savedBy(doc.updatedByName, doc.note, t), date: formatDate(doc.updatedAt), rev: doc.rev })}
            {/* What a save with no note of its own did (an import, a rename, a restore), as the history says it. */}
            {doc.note ? ` · ${displayComment(doc, t)}` : null}
          </span>
        </Space>
      </div>
      {children}
    </header>
  );
}
