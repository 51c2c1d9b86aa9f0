/**
 * `/project/{projectId}/share/{shareId}`: what a share link opens, for anyone who has it. It asks for the password
 * when there is one, then shows the share's tree and its documents read only, and nothing else of the project:
 * no editing, history, search over the project, settings, or links to documents outside the share. The share
 * token lives in this tab (sessionStorage) and goes with every read (`share-token`). A small link in the header
 * opens the share's `llms.txt` for AI assistants (issue 26).
 */
import { ClockCircleOutlined, DisconnectOutlined, ExportOutlined, TagOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Layout, Result, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ERRORS } from '@shared/errors';
import { projectIdOfShare, shareIdSchema, type ShareContent } from '@shared/schemas/share';
import { LanguageSwitch } from '../../components/language-switch';
import { Logo } from '../../components/logo';
import { PageLoading } from '../../components/page-loading';
import { useDocument } from '../../features/documents/api';
import { DocumentBody } from '../../features/documents/components/document-body';
import { DocumentHeading } from '../../features/documents/components/document-heading';
import { SideOrDrawer, TreeButton } from '../../components/side-or-drawer';
import { useNarrow } from '../../lib/narrow';
import { DocumentTree } from '../../features/documents/components/document-tree';
import { TreePicker } from '../../features/documents/components/document-picker';
import { headerName } from '../../features/documents/lib/kinds';
import { firstDocument, nodesById } from '../../features/documents/lib/tree-ids';
import { forgetShareContent, useShareContent } from '../../features/shares/api';
import { SharePasswordForm } from '../../features/shares/components/share-password-form';
import { forgetShareToken, storedShareToken, storeShareToken } from '../../features/shares/lib/share-token';
import { llmsLink } from '../../features/shares/lib/shares';
import llmsRoute from 'virtual:apiloom-route-table/share.llms';
import { config } from '../../config';
import type { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/form';
import { Title, useTitle } from '../../lib/title';
import { paths } from '../../paths';

// The project's global parameters, under an HTTP API of a live share (a release froze its documents, not them).
const GlobalParamsView = lazy(() =>
  import('../../features/environments/components/global-params-view').then((m) => ({ default: m.GlobalParamsView })),
);
// What a share whose owner allows it lets its reader export: loaded when the reader asks for it.
const ExportPanel = lazy(() => import('../../features/exports/components/export-panel').then((m) => ({ default: m.ExportPanel })));
import { NotFound } from '../error-page';

/** The export panel as a share's reader sees it: the share's own tree to choose from, and no releases. */
function ShareExport({ content, open, onClose }: { content: ShareContent; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} title={t('sharePage.exportTitle')} size="large" destroyOnHidden>
      <Suspense fallback={<PageLoading />}>
        <ExportPanel projectId={content.projectId} shareToken={content.shareToken} picker={<TreePicker nodes={content.tree} />} />
      </Suspense>
    </Drawer>
  );
}

/** Why a share cannot be read, said in the reader's words (the API's own message for anything unexpected). */
function Unreadable({ error }: { error: ApiError | 'expired' }) {
  const { t } = useTranslation();
  const expired = error === 'expired' || error.code === ERRORS.shareExpired.code;
  const gone = error !== 'expired' && (error.code === ERRORS.notFound.code || error.code === ERRORS.releaseNotFound.code);
  const title = expired ? t('sharePage.expired') : gone ? t('sharePage.gone') : errorMessage(error);
  return (
    <>
      <Title parts={[title]} />
      <Result
        status={expired ? 'warning' : gone ? '404' : 'error'}
        icon={expired ? <ClockCircleOutlined aria-hidden /> : gone ? <DisconnectOutlined aria-hidden /> : undefined}
        title={<h1 className="share-result-title">{title}</h1>}
        subTitle={expired ? t('sharePage.expiredText') : gone ? t('sharePage.goneText') : t('sharePage.failedText')}
      />
    </>
  );
}

function Overview({ content, count }: { content: ShareContent; count: number }) {
  const { t } = useTranslation();
  useTitle(content.name, content.projectName);
  return (
    <section className="overview" aria-labelledby="share-title">
      <Typography.Title level={1} id="share-title">
        {content.name}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('sharePage.from', { name: content.projectName })}</Typography.Paragraph>
      {count ? <Typography.Paragraph>{t('sharePage.pick', { count })}</Typography.Paragraph> : <Empty description={t('sharePage.empty')} />}
    </section>
  );
}

function SharedDocument(props: {
  content: ShareContent;
  docId: string;
  inScope: boolean;
  linkOf: (id: string) => string | null;
  onLocked: () => void;
}) {
  const { t } = useTranslation();
  // A document outside the share is never asked for: the reader's token would be refused anyway.
  const doc = useDocument(props.docId, { shareToken: props.content.shareToken, enabled: props.inScope });
  const name = doc.data ? headerName(doc.data, t) : '';
  useTitle(name || undefined, props.content.name);
  const { onLocked } = props;
  const locked = doc.error?.code === ERRORS.sharePassword.code;
  useEffect(() => {
    // A new password (or a shorter expiry) revoked this tab's token: ask again.
    if (locked) onLocked();
  }, [locked, onLocked]);

  if (!props.inScope) {
    return (
      <>
        <Title parts={[t('sharePage.outside'), props.content.name]} />
        <Result
          status="404"
          title={<h1 className="share-result-title">{t('sharePage.outside')}</h1>}
          subTitle={t('sharePage.outsideText')}
        />
      </>
    );
  }
  if (doc.error)
    return doc.error.code === ERRORS.shareExpired.code ? (
      <Unreadable error="expired" />
    ) : (
      <Alert type="error" showIcon title={errorMessage(doc.error)} />
    );
  if (!doc.data) return <PageLoading />;
  return (
    <article className="doc" aria-label={name}>
      <DocumentHeading doc={doc.data} name={name} />
      <div className="doc-body">
        <DocumentBody doc={doc.data} linkOf={props.linkOf} readAs={{ shareToken: props.content.shareToken }} />
        {doc.data.type === 'api' && !props.content.version ? (
          <Suspense fallback={null}>
            <GlobalParamsView projectId={props.content.projectId} shareToken={props.content.shareToken} />
          </Suspense>
        ) : null}
      </div>
    </article>
  );
}

function SharedView({ projectId, shareId }: { projectId: string; shareId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const docId = search.get('doc') || undefined;
  // The token this tab holds for the share (from an earlier visit or the password), sent with the first read.
  const [token, setToken] = useState(() => storedShareToken(shareId));
  const [expired, setExpired] = useState(false);
  const content = useShareContent(shareId, token);
  const data = content.data;
  const scope = useMemo(() => nodesById(data?.tree ?? []), [data]);

  useEffect(() => {
    if (data) storeShareToken(shareId, data.shareToken);
  }, [data, shareId]);
  // A share link opens on its first document, as a reader expects; the overview stays for a share without one.
  const first = data ? firstDocument(data.tree)?.id : undefined;
  useEffect(() => {
    if (!docId && first) void navigate(paths.sharedView.href(projectId, shareId, first), { replace: true });
  }, [docId, first, navigate, projectId, shareId]);

  const locked = useCallback(() => {
    forgetShareToken(shareId);
    forgetShareContent();
    setToken(undefined);
  }, [shareId]);
  const unlocked = (next: string) => {
    storeShareToken(shareId, next);
    setToken(next);
  };
  const linkOf = (id: string) => (scope.has(id) ? paths.sharedView.href(projectId, shareId, id) : null);
  // Stable, so the (memoised) tree does not render again as the document beside it loads.
  const treeLinkOf = useCallback((id: string) => paths.sharedView.href(projectId, shareId, id), [projectId, shareId]);
  // On a phone the tree is a drawer, closed again once a document is chosen.
  const narrow = useNarrow();
  const [treeOpen, setTreeOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const openInTree = useCallback(
    (id: string) => {
      setTreeOpen(false);
      void navigate(treeLinkOf(id));
    },
    [navigate, treeLinkOf],
  );

  let main;
  if (expired) main = <Unreadable error="expired" />;
  else if (content.error?.code === ERRORS.sharePassword.code) {
    main = (
      <>
        <Title parts={[t('sharePage.passwordTitle')]} />
        <SharePasswordForm shareId={shareId} onUnlocked={unlocked} onExpired={() => setExpired(true)} />
      </>
    );
  } else if (content.error) main = <Unreadable error={content.error} />;
  else if (!data) main = <PageLoading />;

  const header = (
    <Layout.Header className="app-header share-header">
      <span className="app-logo">
        <Logo small />
      </span>
      <div className="app-header-middle">
        {narrow && data && !main ? <TreeButton label={t('docs.tree')} onClick={() => setTreeOpen(true)} /> : null}
        {data ? (
          <Space size={8} className="share-heading">
            <Typography.Text strong className="project-name">
              {data.name}
            </Typography.Text>
            {data.version ? <Tag icon={<TagOutlined aria-hidden />}>{t('releases.versionLabel', { version: data.version })}</Tag> : null}
            <span className="muted small">{t('sharePage.until', { date: formatDate(data.expireAt) })}</span>
          </Space>
        ) : null}
      </div>
      <div className="app-header-right">
        {data?.allowExport && !main ? (
          <Button icon={<ExportOutlined aria-hidden />} onClick={() => setExportOpen(true)}>
            {t('sharePage.export')}
          </Button>
        ) : null}
        {data ? (
          <Typography.Link
            className="small"
            href={llmsLink(config.apiBase, location.origin, llmsRoute, shareId, data.shareToken)}
            target="_blank"
            rel="noopener noreferrer"
            title={t('sharePage.forAssistantsHint')}
          >
            {t('sharePage.forAssistants')}
          </Typography.Link>
        ) : null}
        <LanguageSwitch />
      </div>
    </Layout.Header>
  );

  if (main || !data) {
    return (
      <Layout className="share-page">
        {header}
        <main className="share-message">{main}</main>
      </Layout>
    );
  }
  return (
    <Layout className="workspace share-page">
      {header}
      <Layout hasSider>
        <SideOrDrawer narrow={narrow} open={treeOpen} title={t('docs.tree')} onClose={() => setTreeOpen(false)}>
          <DocumentTree
            projectId={projectId}
            nodes={data.tree}
            selectedId={docId}
            canEdit={false}
            onOpen={openInTree}
            linkOf={treeLinkOf}
          />
        </SideOrDrawer>
        <Layout.Content className="workspace-main">
          <main>
            {docId ? (
              <SharedDocument key={docId} content={data} docId={docId} inScope={scope.has(docId)} linkOf={linkOf} onLocked={locked} />
            ) : (
              <Overview content={data} count={[...scope.values()].filter((n) => n.type !== 'folder').length} />
            )}
          </main>
        </Layout.Content>
      </Layout>
      {data.allowExport ? <ShareExport content={data} open={exportOpen} onClose={() => setExportOpen(false)} /> : null}
    </Layout>
  );
}

export function Component() {
  const { projectId = '', shareId = '' } = useParams();
  if (!shareIdSchema.safeParse(shareId).success || projectIdOfShare(shareId) !== projectId) return <NotFound />;
  return <SharedView key={shareId} projectId={projectId} shareId={shareId} />;
}
