/** One document in the workspace: its header (title, who saved it, actions), then its view or its editor. */
import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  HistoryOutlined,
  LinkOutlined,
  MoreOutlined,
  PrinterOutlined,
  ExpandOutlined,
} from '@ant-design/icons';
import { Alert, Button, Dropdown, Flex, Result, Tabs } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ERRORS } from '@shared/errors';
import type { DocumentTreeNode, DocumentViewOf } from '@shared/schemas/document';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LinkButton } from '../../../components/link-button';
import { PageLoading } from '../../../components/page-loading';
import type { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useTitle } from '../../../lib/title';
import { DOCUMENT_TABS, paths, type DocumentTab } from '../../../paths';
import { useDocument } from '../api';
import { useDocumentBinning } from '../lib/bin';
import { headerName } from '../lib/kinds';
import { DocumentBody } from './document-body';
import { DocumentHeading } from './document-heading';
// The editors and the history (with its diff library) load when first used: reading needs neither.
const DocumentEditor = lazy(() => import('./document-editor').then((m) => ({ default: m.DocumentEditor })));
const HistoryDrawer = lazy(() => import('./history-drawer').then((m) => ({ default: m.HistoryDrawer })));

export interface DocumentPanelProps {
  projectId: string;
  projectName: string;
  docId: string;
  /** The release being read, which is read only (the workspace passes `canEdit` false with it). */
  version?: string;
  editing: boolean;
  canEdit: boolean;
  canReadHistory: boolean;
  tree: DocumentTreeNode[];
  /** The document's serial number label (the project's 序号样式), '' or absent when the project numbers nothing. */
  serial?: string;
  /** The Mock tab of an HTTP API document, composed by the page (the mock editor is a feature of its own). */
  mockTab?: (doc: DocumentViewOf<'api'>) => ReactNode;
  /** The Run tab of an HTTP API document (the interface test runner, a feature of its own), composed by the page. */
  runTab?: (doc: DocumentViewOf<'api'>) => ReactNode;
  /** Shown under an HTTP API document's view, composed by the page: the global parameters, which are not the document's. */
  apiExtra?: ReactNode;
  /** The document's comments in its header (watch, count, the drawer), composed by the page (a feature of their own). */
  comments?: ReactNode;
}

export function DocumentPanel(props: DocumentPanelProps) {
  const { t } = useTranslation();
  const { deleteToBin } = useDocumentBinning();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const tab: DocumentTab = DOCUMENT_TABS.find((key) => key === search.get('tab')) ?? 'doc';
  const doc = useDocument(props.docId, { version: props.version });
  const [panel, setPanel] = useState<'history' | 'delete' | null>(null);
  const name = doc.data ? headerName(doc.data, t) : '';
  useTitle(name, props.version, props.projectName);
  if (doc.isPending) return <PageLoading />;
  if (doc.error) return <DocumentMissing projectId={props.projectId} error={doc.error} version={props.version} />;
  const data = doc.data;
  const editing = props.editing && props.canEdit;
  const { version } = props;
  const view = paths.document.href(props.projectId, data.id, undefined, { version });
  const copyLink = () =>
    navigator.clipboard.writeText(new URL(view, location.origin).href).then(
      () => notify.success(t('docs.linkCopied')),
      () => notify.error(t('docs.linkNotCopied')),
    );
  return (
    <article className="doc" aria-label={name}>
      <DocumentHeading doc={data} name={name} serial={props.serial}>
        <Flex gap={8} wrap className="doc-actions">
          {props.comments}
          {props.canReadHistory ? (
            <Button icon={<HistoryOutlined aria-hidden />} onClick={() => setPanel('history')}>
              {t('docs.history')}
            </Button>
          ) : null}
          {props.canEdit && !editing ? (
            <Button
              type="primary"
              icon={<EditOutlined aria-hidden />}
              onClick={() => void navigate(paths.document.href(props.projectId, data.id, 'edit'))}
            >
              {t('docs.edit')}
            </Button>
          ) : null}
          {editing ? (
            <Button icon={<EyeOutlined aria-hidden />} onClick={() => void navigate(view)}>
              {t('workspace.preview')}
            </Button>
          ) : null}
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'link', icon: <LinkOutlined aria-hidden />, label: t('docs.copyLink') },
                { key: 'pure', icon: <ExpandOutlined aria-hidden />, label: t('workspace.pureView') },
                { key: 'puredoc', icon: <PrinterOutlined aria-hidden />, label: t('workspace.printView') },
                ...(props.canEdit
                  ? [
                      { type: 'divider' as const },
                      { key: 'delete', icon: <DeleteOutlined aria-hidden />, danger: true, label: t('projects.delete') },
                    ]
                  : []),
              ],
              onClick: ({ key }) => {
                if (key === 'link') void copyLink();
                else if (key === 'delete') setPanel('delete');
                else
                  window.open(paths.document.href(props.projectId, data.id, key as 'pure' | 'puredoc', { version }), '_blank', 'noopener');
              },
            }}
          >
            <Button icon={<MoreOutlined aria-hidden />} aria-label={t('workspace.moreActions')} />
          </Dropdown>
        </Flex>
      </DocumentHeading>
      {editing ? (
        <Suspense fallback={<PageLoading />}>
          <DocumentEditor key={data.id} doc={data} tree={props.tree} onDone={() => void navigate(view)} />
        </Suspense>
      ) : data.type === 'api' && props.mockTab && !props.version ? (
        <Tabs
          className="doc-tabs"
          activeKey={tab}
          onChange={(key) =>
            setSearch(
              (current) => {
                const next = new URLSearchParams(current);
                if (key === 'doc') next.delete('tab');
                else next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
          items={[
            {
              key: 'doc',
              label: t('docs.apiTabs.doc'),
              children: (
                <div className="doc-body">
                  <DocumentBody doc={data} linkOf={(id) => paths.document.href(props.projectId, id)} />
                  {props.apiExtra}
                </div>
              ),
            },
            { key: 'mock', label: t('docs.apiTabs.mock'), children: props.mockTab(data) },
            ...(props.runTab ? [{ key: 'run', label: t('docs.apiTabs.run'), children: props.runTab(data) }] : []),
          ]}
        />
      ) : (
        <div className="doc-body">
          <DocumentBody doc={data} readAs={{ version }} linkOf={(id) => paths.document.href(props.projectId, id, undefined, { version })} />
          {data.type === 'api' ? props.apiExtra : null}
        </div>
      )}
      {panel === 'history' && (
        <Suspense fallback={null}>
          <HistoryDrawer doc={data} canEdit={props.canEdit} onClose={() => setPanel(null)} />
        </Suspense>
      )}
      {panel === 'delete' && (
        <ConfirmModal
          title={t('projects.delete')}
          message={data.type === 'folder' ? t('docs.deleteFolderConfirm', { name }) : t('docs.deleteConfirm', { name })}
          okText={t('projects.delete')}
          danger
          onConfirm={async () => {
            await deleteToBin(data.id, name);
            void navigate(paths.project.href(props.projectId));
          }}
          onClose={() => setPanel(null)}
        />
      )}
    </article>
  );
}

/**
 * A document the link names but nobody can read: one that does not exist (43001) or is in the project's bin
 * (43014) says so, with the way back to the project; any other failure shows the server's message.
 */
function DocumentMissing({ projectId, error, version }: { projectId: string; error: ApiError; version?: string }) {
  const { t } = useTranslation();
  const binned = error.code === ERRORS.documentBinned.code;
  if (!binned && error.code !== ERRORS.notFound.code) return <Alert type="error" showIcon title={errorMessage(error)} />;
  return (
    <Result
      status="404"
      title={t(binned ? 'docs.binnedTitle' : 'docs.notFoundTitle')}
      subTitle={t(binned ? 'docs.binnedText' : 'docs.notFoundText')}
      extra={
        <LinkButton type="primary" to={paths.project.href(projectId, { version })}>
          {t('docs.backToProject')}
        </LinkButton>
      }
    />
  );
}
