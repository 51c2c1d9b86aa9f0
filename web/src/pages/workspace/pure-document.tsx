/** A document without any chrome: `pure` for embedding (the content alone), `puredoc` for printing (with its title and meta). */
import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { useDocument } from '../../features/documents/api';
import { DocumentBody } from '../../features/documents/components/document-body';
import { displayName, savedBy } from '../../features/documents/lib/kinds';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/form';
import { useTitle } from '../../lib/title';
import { VERSION_PARAM } from '../../paths';

export function PureDocument({ docId, printable }: { docId: string; printable: boolean }) {
  const { t } = useTranslation();
  // Opened from a release being read, it shows that release (`?version=`).
  const [search] = useSearchParams();
  const doc = useDocument(docId, { version: search.get(VERSION_PARAM) || undefined });
  const name = doc.data ? displayName(doc.data.name, t) : '';
  useTitle(name);
  if (doc.isPending) return <PageLoading />;
  if (doc.error) return <Alert type="error" showIcon title={errorMessage(doc.error)} />;
  return (
    <main className={printable ? 'pure puredoc' : 'pure'} aria-label={name}>
      {printable ? (
        <header className="puredoc-header">
          <Typography.Title level={1}>{name}</Typography.Title>
          <p className="muted">
            {t('docs.lastSaved', {
              name: savedBy(doc.data.updatedByName, doc.data.note, t),
              date: formatDate(doc.data.updatedAt),
              rev: doc.data.rev,
            })}
          </p>
          <Button className="no-print" icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
            {t('workspace.print')}
          </Button>
        </header>
      ) : (
        <Typography.Title level={1} className="pure-title">
          {name}
        </Typography.Title>
      )}
      <DocumentBody doc={doc.data} readAs={{ version: search.get('version') || undefined }} />
    </main>
  );
}
