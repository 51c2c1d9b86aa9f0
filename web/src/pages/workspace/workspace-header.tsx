/**
 * The workspace's top bar: the project's name (whole, on as many lines as it needs) with its switcher, the
 * language and the account; below them, where the document is in the project and the project's entries, each
 * with its name written out (issue 37: seven bare icons were guesswork). A phone reads: its bar keeps the tree
 * button, the language and the account, and the name on a row of its own.
 */
import {
  CloudServerOutlined,
  DeleteOutlined,
  DiffOutlined,
  ExportOutlined,
  GlobalOutlined,
  PlusOutlined,
  SettingOutlined,
  ShareAltOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { Breadcrumb, Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AppHeader } from '../../components/app-header';
import { LanguageSwitch } from '../../components/language-switch';
import { LinkButton } from '../../components/link-button';
import { TreeButton } from '../../components/side-or-drawer';
import { UserMenu } from '../../features/auth/components/user-menu';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { displayName } from '../../features/documents/lib/kinds';
import { ancestorsOf, findNode } from '../../features/documents/lib/tree-ids';
import { ProjectSwitcher } from '../../features/projects/components/project-switcher';
import { paths } from '../../paths';
import type { WorkspaceState } from './use-workspace';

// Shown only once the project has releases, after the first paint: its select stays out of the first load.
const VersionSwitcher = lazy(() =>
  import('../../features/shares/components/version-switcher').then((m) => ({ default: m.VersionSwitcher })),
);
// The environment picker loads after the first paint.
const EnvironmentPicker = lazy(() =>
  import('../../features/environments/components/environment-picker').then((m) => ({ default: m.EnvironmentPicker })),
);

export interface HeaderActions {
  onNewDocument: () => void;
  onReleases: () => void;
  onBin: () => void;
  onTree: () => void;
}

export function WorkspaceHeader(props: {
  ws: WorkspaceState;
  /** The history entry or share management page in place of the document: no version switching there. */
  pageInPanel: boolean;
  narrow: boolean;
  /** False in the first pass, which draws the tree first: the bar's controls follow a frame later. */
  complete: boolean;
  actions: HeaderActions;
}) {
  const { t } = useTranslation();
  const { ws, narrow, complete } = props;
  const project = ws.project.data;
  const name = project && complete ? <ProjectSwitcher projectId={ws.projectId} name={project.name} signedIn={ws.signedIn} /> : null;
  return (
    <AppHeader
      home={ws.signedIn ? paths.dashboard.href() : paths.home.href()}
      right={
        complete ? (
          <>
            {ws.signedIn ? <NotificationBell /> : null}
            <LanguageSwitch />
            <UserMenu optional />
          </>
        ) : null
      }
      // A phone gives the name a row of its own, the whole width: beside the account it would be a sliver.
      below={name ? narrow ? name : <WorkspaceEntries {...props} /> : undefined}
    >
      {narrow ? <TreeButton label={t('docs.tree')} onClick={props.actions.onTree} /> : name}
    </AppHeader>
  );
}

/** Where the reader is (overview, folders, document), then the project's entries the reader may use, labelled. */
function WorkspaceEntries({ ws, pageInPanel, actions }: Parameters<typeof WorkspaceHeader>[0]) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can, projectId, releaseList } = ws;
  const open = findNode(ws.nodes, ws.docId ?? '');
  const crumbs = ancestorsOf(ws.nodes, ws.docId);
  return (
    <>
      <nav aria-label={t('projects.breadcrumbs')} className="workspace-crumbs">
        <Breadcrumb
          items={[
            {
              title: (
                <Link to={paths.project.href(projectId, { edit: ws.editing, version: ws.version })}>{t('workspace.overview.title')}</Link>
              ),
            },
            ...crumbs.map((f) => ({ title: displayName(f.name, t) })),
            ...(open ? [{ title: displayName(open.name, t) }] : []),
          ]}
        />
      </nav>
      <div className="workspace-entries" role="group" aria-label={t('workspace.entries')}>
        {/* Preview and edit switch in the document's own header (document-panel), the one place for it. */}
        {releaseList.length > 0 && !pageInPanel ? (
          <Suspense fallback={null}>
            <VersionSwitcher
              releases={releaseList}
              value={ws.version}
              onChange={ws.readVersion}
              onCompare={() => void navigate(paths.changes.href(projectId, { from: ws.version ?? releaseList[0]?.version, to: 'live' }))}
            />
          </Suspense>
        ) : null}
        {releaseList.length > 0 || can.publish ? (
          <Button icon={<TagsOutlined aria-hidden />} onClick={actions.onReleases}>
            {t('releases.title')}
          </Button>
        ) : null}
        {releaseList.length > 0 ? (
          <LinkButton to={paths.changes.href(projectId)} icon={<DiffOutlined aria-hidden />}>
            {t('releases.changes')}
          </LinkButton>
        ) : null}
        {can.edit ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={actions.onNewDocument}>
            {t('docs.new')}
          </Button>
        ) : null}
        {can.edit ? (
          <Button icon={<DeleteOutlined aria-hidden />} onClick={actions.onBin}>
            {t('documentBin.title')}
          </Button>
        ) : null}
        {can.environments ? (
          <>
            <Suspense fallback={null}>
              <EnvironmentPicker projectId={projectId} />
            </Suspense>
            <LinkButton to={paths.environments.href(projectId)} icon={<CloudServerOutlined aria-hidden />}>
              {t('env.title')}
            </LinkButton>
            <LinkButton to={paths.globalParams.href(projectId)} icon={<GlobalOutlined aria-hidden />}>
              {t('env.globals')}
            </LinkButton>
          </>
        ) : null}
        {can.export ? (
          <LinkButton to={paths.exportPage.href(projectId)} icon={<ExportOutlined aria-hidden />}>
            {t('projectSettings.export')}
          </LinkButton>
        ) : null}
        {can.share ? (
          <LinkButton to={paths.shares.href(projectId)} icon={<ShareAltOutlined aria-hidden />}>
            {t('shares.title')}
          </LinkButton>
        ) : null}
        {can.settings ? (
          <LinkButton to={paths.projectSettings.href(projectId)} icon={<SettingOutlined aria-hidden />}>
            {t('projects.settings')}
          </LinkButton>
        ) : null}
      </div>
    </>
  );
}
