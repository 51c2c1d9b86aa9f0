/**
 * The project workspace (spec section 2's project view and editor): a top bar with the project and its switcher,
 * breadcrumbs, language and the user menu; the document tree on the left; the open document, its editor or a
 * history entry on the right. `/project/{id}/edit` and `/doc/{id}/edit` open it in edit mode.
 */
import {
  CloudServerOutlined,
  DeleteOutlined,
  GlobalOutlined,
  LockOutlined,
  PlusOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ExportOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Empty, Layout, Result, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { atLeast } from '@shared/access';
import type { ProjectView } from '@shared/schemas/project';
import { serialLabels } from '@shared/serial-numbers';
import { AppHeader } from '../../components/app-header';
import { SideOrDrawer, TreeButton } from '../../components/side-or-drawer';
import { useNarrow } from '../../lib/narrow';
import { LanguageSwitch } from '../../components/language-switch';
import { LinkButton } from '../../components/link-button';
import { PageLoading } from '../../components/page-loading';
import { hasSession } from '../../features/auth/api/session';
import { UserMenu } from '../../features/auth/components/user-menu';
import { useDocumentTree } from '../../features/documents/api';
import { ancestorsOf, DocumentTree, findNode } from '../../features/documents/components/document-tree';

import { displayName } from '../../features/documents/lib/kinds';
import { useProject } from '../../features/projects/api';
import { ProjectSwitcher } from '../../features/projects/components/project-switcher';
import { useReleases } from '../../features/shares/api';
import { errorMessage } from '../../lib/form';
import { formatDate } from '../../lib/dates';
import { Title, useTitle } from '../../lib/title';
import { paths, VERSION_PARAM } from '../../paths';

// The open document (its views use tables and tabs) loads apart from the shell and the tree, which show first.
const DocumentPanel = lazy(() => import('../../features/documents/components/document-panel').then((m) => ({ default: m.DocumentPanel })));
// The mock editor (with CodeMirror, loaded by it on first use) loads when an HTTP API's Mock tab first opens.
const MockPanel = lazy(() => import('../../features/mock/components/mock-panel').then((m) => ({ default: m.MockPanel })));
const NewDocumentDialog = lazy(() =>
  import('../../features/documents/components/new-document-dialog').then((m) => ({ default: m.NewDocumentDialog })),
);
// Shown only once the project has releases, after the first paint: its select stays out of the first load.
const VersionSwitcher = lazy(() =>
  import('../../features/shares/components/version-switcher').then((m) => ({ default: m.VersionSwitcher })),
);
const DocumentBinDrawer = lazy(() =>
  import('../../features/documents/components/document-bin-drawer').then((m) => ({ default: m.DocumentBinDrawer })),
);
// The environment picker and the global parameters under an HTTP API load after the first paint.
const EnvironmentPicker = lazy(() =>
  import('../../features/environments/components/environment-picker').then((m) => ({ default: m.EnvironmentPicker })),
);
const GlobalParamsView = lazy(() =>
  import('../../features/environments/components/global-params-view').then((m) => ({ default: m.GlobalParamsView })),
);
// The interface test runner loads when an HTTP API's Run tab first opens.
const RunTab = lazy(() => import('./run-tab').then((m) => ({ default: m.RunTab })));
const ReleasesDrawer = lazy(() => import('../../features/shares/components/releases-drawer').then((m) => ({ default: m.ReleasesDrawer })));

interface WorkspaceProps {
  projectId: string;
  docId?: string;
  editing: boolean;
  /** Replaces the document panel (the history entry page, share management); the workspace is then live. */
  children?: ReactNode;
}

/** The released version the address asks to read (`?version=`), if any: read only, as the release froze it. */
function useReadVersion(live: boolean) {
  const [search] = useSearchParams();
  return live ? undefined : search.get(VERSION_PARAM) || undefined;
}

function Overview({ project, empty, canEdit, onNew }: { project: ProjectView; empty: boolean; canEdit: boolean; onNew: () => void }) {
  const { t } = useTranslation();
  useTitle(project.name);
  return (
    <section className="overview" aria-label={project.name}>
      <Typography.Title level={1}>{project.name}</Typography.Title>
      <Typography.Paragraph type="secondary">{project.description || t('projects.noDescription')}</Typography.Paragraph>
      {empty ? (
        <Empty
          description={
            <>
              <strong>{t('projectView.noDocuments')}</strong>
              <br />
              {canEdit ? t('docs.startHint') : t('projectView.noDocumentsText')}
            </>
          }
        >
          {canEdit ? (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onNew}>
              {t('docs.new')}
            </Button>
          ) : null}
        </Empty>
      ) : (
        <Typography.Paragraph>{t('docs.pick')}</Typography.Paragraph>
      )}
    </section>
  );
}

export function Workspace(props: WorkspaceProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = hasSession();
  const version = useReadVersion(!!props.children);
  const project = useProject(props.projectId, { ignoreMessage: true, ignoreRedirect: !signedIn, version });
  // Asked for at once, not after the project: the route has usually started both requests already.
  const tree = useDocumentTree(props.projectId, version);
  const releases = useReleases(props.projectId, !!project.data);
  // The tree first: on a project of thousands of documents it is what the reader waits for. The top bar's controls
  // and the overview render in a deferred pass right after it (a frame later), not ahead of it.
  const restShown = useDeferredValue(true, false);
  const [creating, setCreating] = useState(false);
  const [showReleases, setShowReleases] = useState(false);
  const [showBin, setShowBin] = useState(false);
  const role = project.data?.role;
  const mayEdit = atLeast(role, 'edit') && project.data?.state === 'active';
  // A release is a tag: nothing in it is edited, whatever the reader may do on the live project.
  const canEdit = mayEdit && !version;
  const editing = props.editing && canEdit;
  const nodes = tree.data ?? [];
  // The project's 序号样式: one label per node, the same in the tree and the open document's heading.
  const serialStyle = project.data?.serialStyle ?? 'none';
  const serials = useMemo(() => serialLabels(tree.data ?? [], serialStyle), [tree.data, serialStyle]);
  // Stable, so the (memoised) tree does not render again when the workspace does: the deferred pass, the releases
  // and the reader arriving each render the workspace once more.
  const openDocument = useCallback(
    (id: string) => void navigate(paths.document.href(props.projectId, id, editing ? 'edit' : undefined, { version })),
    [navigate, props.projectId, editing, version],
  );
  const linkOf = useCallback((id: string) => paths.document.href(props.projectId, id, undefined, { version }), [props.projectId, version]);
  // On a phone the tree is a drawer: the document gets the whole width, and choosing one closes the drawer.
  const narrow = useNarrow();
  const [treeOpen, setTreeOpen] = useState(false);
  const openFromDrawer = useCallback(
    (id: string) => {
      setTreeOpen(false);
      openDocument(id);
    },
    [openDocument],
  );
  const open = findNode(nodes, props.docId ?? '');
  const crumbs = ancestorsOf(nodes, props.docId);
  const releaseList = releases.data ?? [];
  const release = version ? releaseList.find((r) => r.version === version) : undefined;
  /** The same place (document or project) in another version; none: live. */
  const readVersion = (next: string | undefined) =>
    void navigate(
      props.docId && !props.children
        ? paths.document.href(props.projectId, props.docId, undefined, { version: next })
        : paths.project.href(props.projectId, { version: next }),
    );

  // The top bar's controls: rendered in the pass after the tree's (`restShown`).
  const actions = (
    <>
      {/* Preview and edit switch in the document's own header (document-panel), the one place for it. */}
      {project.data && releaseList.length > 0 && !props.children ? (
        <Suspense fallback={null}>
          <VersionSwitcher releases={releaseList} value={version} onChange={readVersion} />
        </Suspense>
      ) : null}
      {project.data && (releaseList.length > 0 || mayEdit) ? (
        <Tooltip title={t('releases.title')}>
          <Button icon={<TagsOutlined aria-hidden />} aria-label={t('releases.title')} onClick={() => setShowReleases(true)} />
        </Tooltip>
      ) : null}
      {canEdit ? (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
          {t('docs.new')}
        </Button>
      ) : null}
      {canEdit ? (
        <Tooltip title={t('documentBin.title')}>
          <Button icon={<DeleteOutlined aria-hidden />} aria-label={t('documentBin.title')} onClick={() => setShowBin(true)} />
        </Tooltip>
      ) : null}
      {project.data && atLeast(role, 'view') && !version ? (
        <>
          <Suspense fallback={null}>
            <EnvironmentPicker projectId={props.projectId} />
          </Suspense>
          <Tooltip title={t('env.title')}>
            <LinkButton
              to={paths.environments.href(props.projectId)}
              icon={<CloudServerOutlined aria-hidden />}
              aria-label={t('env.title')}
            />
          </Tooltip>
          <Tooltip title={t('env.globals')}>
            <LinkButton to={paths.globalParams.href(props.projectId)} icon={<GlobalOutlined aria-hidden />} aria-label={t('env.globals')} />
          </Tooltip>
        </>
      ) : null}
      {signedIn && project.data && atLeast(role, 'view') ? (
        <Tooltip title={t('projectSettings.export')}>
          <LinkButton
            to={paths.exportPage.href(props.projectId)}
            icon={<ExportOutlined aria-hidden />}
            aria-label={t('projectSettings.export')}
          />
        </Tooltip>
      ) : null}
      {mayEdit ? (
        <Tooltip title={t('shares.title')}>
          <LinkButton to={paths.shares.href(props.projectId)} icon={<ShareAltOutlined aria-hidden />} aria-label={t('shares.title')} />
        </Tooltip>
      ) : null}
      {signedIn && project.data && atLeast(role, 'view') ? (
        <Tooltip title={t('projects.settings')}>
          <LinkButton
            to={paths.projectSettings.href(props.projectId)}
            icon={<SettingOutlined aria-hidden />}
            aria-label={t('projects.settings')}
          />
        </Tooltip>
      ) : null}
      <LanguageSwitch />
      <UserMenu optional />
    </>
  );

  const header = (
    <AppHeader
      home={signedIn ? paths.dashboard.href() : paths.home.href()}
      right={
        restShown ? (
          narrow ? (
            // A phone reads: the header keeps the language and the account; editing stays on wider screens.
            <>
              <LanguageSwitch />
              <UserMenu optional />
            </>
          ) : (
            actions
          )
        ) : null
      }
    >
      {narrow ? <TreeButton label={t('docs.tree')} onClick={() => setTreeOpen(true)} /> : null}
      {project.data && restShown ? (
        <>
          <ProjectSwitcher projectId={props.projectId} name={project.data.name} signedIn={signedIn} />
          {narrow ? null : (
            <nav aria-label={t('projects.breadcrumbs')} className="workspace-crumbs">
              <Breadcrumb
                items={[
                  { title: <Link to={paths.project.href(props.projectId, { edit: editing, version })}>{project.data.name}</Link> },
                  ...crumbs.map((f) => ({ title: displayName(f.name, t) })),
                  ...(open ? [{ title: displayName(open.name, t) }] : []),
                ]}
              />
            </nav>
          )}
        </>
      ) : null}
    </AppHeader>
  );

  if (project.error) {
    const from = location.pathname + location.search;
    return (
      <Layout className="workspace">
        {header}
        <main className="workspace-message">
          <Title parts={[t('workspace.title')]} />
          <Result
            icon={<LockOutlined aria-hidden />}
            title={project.error.code === 41000 ? t('projectView.signIn') : errorMessage(project.error)}
            extra={
              version ? (
                <LinkButton to={paths.project.href(props.projectId)}>{t('releases.backToLive')}</LinkButton>
              ) : (
                <LinkButton to={paths.login.href({ from })}>{t('home.login')}</LinkButton>
              )
            }
          />
        </main>
      </Layout>
    );
  }
  // The tree shows as soon as it arrives; what depends on the project (its name, the reader's role) follows.
  const data = project.data;
  return (
    <Layout className="workspace">
      {header}
      <Layout hasSider>
        <SideOrDrawer narrow={narrow} open={treeOpen} title={t('docs.tree')} onClose={() => setTreeOpen(false)}>
          {tree.data ? (
            <DocumentTree
              projectId={props.projectId}
              nodes={nodes}
              selectedId={props.docId}
              canEdit={canEdit}
              onOpen={narrow ? openFromDrawer : openDocument}
              linkOf={linkOf}
              searchContents={!version}
              serials={serials}
            />
          ) : (
            <PageLoading />
          )}
        </SideOrDrawer>
        <Layout.Content className="workspace-main">
          <main>
            {version ? (
              <Alert
                className="release-banner"
                type="info"
                showIcon
                icon={<TagsOutlined aria-hidden />}
                title={t('releases.reading', { version })}
                description={
                  release
                    ? t('releases.readingText', { name: release.createdByName, date: formatDate(release.createdAt) })
                    : t('releases.readOnly')
                }
                action={
                  <LinkButton
                    size="small"
                    to={props.docId ? paths.document.href(props.projectId, props.docId) : paths.project.href(props.projectId)}
                  >
                    {t('releases.backToLive')}
                  </LinkButton>
                }
              />
            ) : null}
            {props.children ??
              (!data || !restShown ? (
                <PageLoading />
              ) : props.docId ? (
                <Suspense fallback={<PageLoading />}>
                  <DocumentPanel
                    key={props.docId}
                    projectId={props.projectId}
                    projectName={data.name}
                    docId={props.docId}
                    version={version}
                    editing={editing}
                    canEdit={canEdit}
                    canReadHistory={signedIn && atLeast(role, 'view') && !version}
                    tree={nodes}
                    serial={serials.get(props.docId)}
                    apiExtra={
                      version ? undefined : (
                        <Suspense fallback={null}>
                          <GlobalParamsView projectId={props.projectId} />
                        </Suspense>
                      )
                    }
                    runTab={(doc) => (
                      <Suspense fallback={<PageLoading />}>
                        <RunTab projectId={props.projectId} doc={doc} canEdit={canEdit} />
                      </Suspense>
                    )}
                    mockTab={(doc) => (
                      <Suspense fallback={<PageLoading />}>
                        <MockPanel projectId={props.projectId} docId={doc.id} api={doc.content} canEdit={canEdit} projectMock={data.mock} />
                      </Suspense>
                    )}
                  />
                </Suspense>
              ) : (
                <Overview project={data} empty={!!tree.data && !nodes.length} canEdit={canEdit} onNew={() => setCreating(true)} />
              ))}
          </main>
        </Layout.Content>
      </Layout>
      {showReleases ? (
        <Suspense fallback={null}>
          <ReleasesDrawer
            projectId={props.projectId}
            releases={releases}
            role={role}
            canPublish={mayEdit}
            current={version}
            onView={(next) => {
              setShowReleases(false);
              readVersion(next);
            }}
            onClose={() => setShowReleases(false)}
          />
        </Suspense>
      ) : null}
      {showBin && canEdit ? (
        <Suspense fallback={null}>
          <DocumentBinDrawer projectId={props.projectId} onClose={() => setShowBin(false)} />
        </Suspense>
      ) : null}
      {creating && tree.data ? (
        <Suspense fallback={null}>
          <NewDocumentDialog projectId={props.projectId} tree={nodes} onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </Layout>
  );
}
