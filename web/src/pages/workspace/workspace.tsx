/**
 * The project workspace (spec section 2's project view and editor): a header (workspace-header), the document tree
 * on the left and a panel on the right: the open document, its editor, a page given as children (a history entry,
 * share management) or the project's overview. `/project/{id}/edit` and `/doc/{id}/edit` open it in edit mode.
 * What it reads and what the reader may do come from `useWorkspace`, once.
 */
import { LockOutlined, TagsOutlined } from '@ant-design/icons';
import { Alert, Layout, Result, Segmented } from 'antd';
import { lazy, Suspense, useCallback, useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { PageLoading } from '../../components/page-loading';
import { SideOrDrawer } from '../../components/side-or-drawer';
import { DocumentTree } from '../../features/documents/components/document-tree';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/form';
import { useNarrow } from '../../lib/narrow';
import { Title } from '../../lib/title';
import { paths } from '../../paths';
import { ProjectOverview } from './project-overview';
import { useWorkspace, type WorkspaceState } from './use-workspace';
import { WorkspaceHeader } from './workspace-header';

// The open document (its views use tables and tabs) loads apart from the shell and the tree, which show first.
const DocumentPanel = lazy(() => import('../../features/documents/components/document-panel').then((m) => ({ default: m.DocumentPanel })));
// The mock editor (with CodeMirror, loaded by it on first use) loads when an HTTP API's Mock tab first opens.
const MockPanel = lazy(() => import('../../features/mock/components/mock-panel').then((m) => ({ default: m.MockPanel })));
const NewDocumentDialog = lazy(() =>
  import('../../features/documents/components/new-document-dialog').then((m) => ({ default: m.NewDocumentDialog })),
);
const DocumentBinDrawer = lazy(() =>
  import('../../features/documents/components/document-bin-drawer').then((m) => ({ default: m.DocumentBinDrawer })),
);
// The global parameters under an HTTP API load after the first paint.
const GlobalParamsView = lazy(() =>
  import('../../features/environments/components/global-params-view').then((m) => ({ default: m.GlobalParamsView })),
);
// The interface test runner loads when an HTTP API's Run tab first opens.
const RunTab = lazy(() => import('./run-tab').then((m) => ({ default: m.RunTab })));
// Comments load beside the document, after it: reading needs neither their drawer nor their editor.
const DocumentComments = lazy(() => import('./document-comments').then((m) => ({ default: m.DocumentComments })));
const CommentRows = lazy(() => import('./document-comments').then((m) => ({ default: m.CommentRows })));
const ReleasesDrawer = lazy(() => import('../../features/shares/components/releases-drawer').then((m) => ({ default: m.ReleasesDrawer })));

interface WorkspaceProps {
  projectId: string;
  docId?: string;
  editing: boolean;
  /** Replaces the document panel (the history entry page, share management); the workspace is then live. */
  children?: ReactNode;
  /** Replaces the document tree on the left (the project's scenarios). */
  side?: ReactNode;
}

type Overlay = 'new' | 'releases' | 'bin' | null;

export function Workspace(props: WorkspaceProps) {
  const { t } = useTranslation();
  const ws = useWorkspace({ projectId: props.projectId, docId: props.docId, editing: props.editing, live: !!props.children });
  // The tree first: on a project of thousands of documents it is what the reader waits for. The header's controls
  // and the overview render in a deferred pass right after it (a frame later), not ahead of it.
  const complete = useDeferredValue(true, false);
  const [overlay, setOverlay] = useState<Overlay>(null);
  // On a phone the tree is a drawer: the document gets the whole width, and choosing one closes the drawer.
  const narrow = useNarrow();
  const [treeOpen, setTreeOpen] = useState(false);
  const { openDocument } = ws;
  const openFromDrawer = useCallback(
    (id: string) => {
      setTreeOpen(false);
      openDocument(id);
    },
    [openDocument],
  );

  const header = (
    <WorkspaceHeader
      ws={ws}
      pageInPanel={!!props.children}
      narrow={narrow}
      complete={complete}
      actions={{
        onNewDocument: () => setOverlay('new'),
        onReleases: () => setOverlay('releases'),
        onBin: () => setOverlay('bin'),
        onTree: () => setTreeOpen(true),
      }}
    />
  );

  if (ws.project.error) {
    return (
      <Layout className="workspace">
        {header}
        <Refused ws={ws} />
      </Layout>
    );
  }
  return (
    <Layout className="workspace">
      {header}
      <Layout hasSider>
        <SideOrDrawer narrow={narrow} open={treeOpen} title={t('docs.tree')} onClose={() => setTreeOpen(false)}>
          {ws.version ? null : <SideSwitch projectId={ws.projectId} current={props.side ? 'scenarios' : 'documents'} />}
          {props.side ??
            (ws.tree.data ? (
              <DocumentTree
                projectId={ws.projectId}
                nodes={ws.nodes}
                selectedId={ws.docId}
                canEdit={ws.can.edit}
                onOpen={narrow ? openFromDrawer : openDocument}
                linkOf={ws.linkOf}
                searchContents={!ws.version}
                serials={ws.serials}
              />
            ) : (
              <PageLoading />
            ))}
        </SideOrDrawer>
        <Layout.Content className="workspace-main">
          <main>
            {ws.version ? <ReleaseBanner ws={ws} /> : null}
            {props.children ?? (complete ? <Panel ws={ws} onNewDocument={() => setOverlay('new')} /> : <PageLoading />)}
          </main>
        </Layout.Content>
      </Layout>
      <Overlays ws={ws} overlay={overlay} onClose={() => setOverlay(null)} />
    </Layout>
  );
}

/** What the left side shows: the document tree, or the project's test scenarios (issue 36). */
function SideSwitch({ projectId, current }: { projectId: string; current: 'documents' | 'scenarios' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Segmented
      className="workspace-side-switch"
      block
      aria-label={t('workspace.sides.label')}
      value={current}
      options={[
        { value: 'documents', label: t('workspace.sides.documents') },
        { value: 'scenarios', label: t('workspace.sides.scenarios') },
      ]}
      onChange={(next) => void navigate(next === 'scenarios' ? paths.scenarios.href(projectId) : paths.project.href(projectId))}
    />
  );
}

/** The right side: the open document with its tabs, or the project's overview. */
function Panel({ ws, onNewDocument }: { ws: WorkspaceState; onNewDocument: () => void }) {
  const project = ws.project.data;
  if (!project) return <PageLoading />;
  if (!ws.docId) return <ProjectOverview ws={ws} project={project} onNewDocument={onNewDocument} />;
  const docId = ws.docId;
  // Comments are on the live documents only: a release is read as it was published.
  const live = !ws.version;
  const panel = (
    <DocumentPanel
      key={ws.docId}
      projectId={ws.projectId}
      projectName={project.name}
      docId={ws.docId}
      version={ws.version}
      editing={ws.editing}
      canEdit={ws.can.edit}
      canReadHistory={ws.can.history}
      tree={ws.nodes}
      serial={ws.serials.get(ws.docId)}
      apiExtra={
        ws.version ? undefined : (
          <Suspense fallback={null}>
            <GlobalParamsView projectId={ws.projectId} />
          </Suspense>
        )
      }
      runTab={(doc) => (
        <Suspense fallback={<PageLoading />}>
          <RunTab projectId={ws.projectId} doc={doc} canEdit={ws.can.edit} />
        </Suspense>
      )}
      mockTab={(doc) => (
        <Suspense fallback={<PageLoading />}>
          <MockPanel projectId={ws.projectId} docId={doc.id} api={doc.content} canEdit={ws.can.edit} projectMock={project.mock} />
        </Suspense>
      )}
      comments={
        live ? (
          <Suspense fallback={null}>
            <DocumentComments ws={ws} documentId={docId} />
          </Suspense>
        ) : undefined
      }
    />
  );
  return <Suspense fallback={<PageLoading />}>{live ? <CommentRows documentId={docId}>{panel}</CommentRows> : panel}</Suspense>;
}

/** Reading a release: which one, who published it and when, and the way back to the live project. */
function ReleaseBanner({ ws }: { ws: WorkspaceState }) {
  const { t } = useTranslation();
  return (
    <Alert
      className="release-banner"
      type="info"
      showIcon
      icon={<TagsOutlined aria-hidden />}
      title={t('releases.reading', { version: ws.version })}
      description={
        ws.release
          ? t('releases.readingText', { name: ws.release.createdByName, date: formatDate(ws.release.createdAt) })
          : t('releases.readOnly')
      }
      action={
        <LinkButton size="small" to={ws.docId ? paths.document.href(ws.projectId, ws.docId) : paths.project.href(ws.projectId)}>
          {t('releases.backToLive')}
        </LinkButton>
      }
    />
  );
}

/** The project could not be read: sign in, or why not (and the way back to the live project from a release). */
function Refused({ ws }: { ws: WorkspaceState }) {
  const { t } = useTranslation();
  const error = ws.project.error!;
  const from = location.pathname + location.search;
  return (
    <main className="workspace-message">
      <Title parts={[t('workspace.title')]} />
      <Result
        icon={<LockOutlined aria-hidden />}
        title={error.code === 41000 ? t('projectView.signIn') : errorMessage(error)}
        extra={
          ws.version ? (
            <LinkButton to={paths.project.href(ws.projectId)}>{t('releases.backToLive')}</LinkButton>
          ) : (
            <LinkButton to={paths.login.href({ from })}>{t('home.login')}</LinkButton>
          )
        }
      />
    </main>
  );
}

/** The drawers and the dialog the header opens. */
function Overlays({ ws, overlay, onClose }: { ws: WorkspaceState; overlay: Overlay; onClose: () => void }) {
  if (overlay === 'releases') {
    return (
      <Suspense fallback={null}>
        <ReleasesDrawer
          projectId={ws.projectId}
          releases={ws.releases}
          role={ws.project.data?.role}
          canPublish={ws.can.publish}
          current={ws.version}
          onView={(next) => {
            onClose();
            ws.readVersion(next);
          }}
          onClose={onClose}
        />
      </Suspense>
    );
  }
  if (overlay === 'bin' && ws.can.edit) {
    return (
      <Suspense fallback={null}>
        <DocumentBinDrawer projectId={ws.projectId} onClose={onClose} />
      </Suspense>
    );
  }
  if (overlay === 'new' && ws.tree.data) {
    return (
      <Suspense fallback={null}>
        <NewDocumentDialog projectId={ws.projectId} tree={ws.nodes} onClose={onClose} />
      </Suspense>
    );
  }
  return null;
}
