/**
 * Every page of spec section 2. Pages load lazily so the entry chunk stays small; the error page catches
 * unknown routes, failed pages and failed chunk loads. Route patterns come from `paths`.
 */
import { createBrowserRouter, Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { documentTreeQuery } from '../features/documents/api';
import { projectQuery } from '../features/projects/api';
import { queryClient } from '../lib/api';
import { PageLoading } from '../components/page-loading';
import { ErrorPage, NotFound } from '../pages/error-page';
import { paths, VERSION_PARAM } from '../paths';

/**
 * The workspace's two reads start as soon as the route matches, while its page code still loads: the tree of a
 * large project is the slowest request of the app, and the page shows it as soon as both have arrived.
 */
const workspace = {
  lazy: () => import('../pages/workspace/project-page'),
  loader: ({ params, request }: LoaderFunctionArgs) => {
    if (params.id) {
      // The same reads as the page: a released version (`?version=`) is a read of its own.
      const version = new URL(request.url).searchParams.get(VERSION_PARAM) || undefined;
      void queryClient.prefetchQuery(projectQuery(params.id, { ignoreMessage: true, ignoreRedirect: true, version }));
      void queryClient.prefetchQuery(documentTreeQuery(params.id, version));
    }
    return null;
  },
};
const byId = { lazy: () => import('../pages/workspace/document-by-id') };

const routeObjects: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    // Lazy routes resolve after the first render: this is what shows meanwhile (and react-router asks for it).
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: paths.home.pattern, lazy: () => import('../pages/home') },
      { path: paths.index.pattern, lazy: () => import('../pages/home') },
      { path: paths.help.pattern, lazy: () => import('../pages/help') },
      { path: paths.externalLink.pattern, lazy: () => import('../pages/external-link') },
      { path: paths.testPlugin.pattern, lazy: () => import('../pages/test-plugin') },
      {
        lazy: () => import('../pages/login-layout'),
        children: [
          { path: paths.login.pattern, lazy: () => import('../pages/login') },
          { path: paths.register.pattern, lazy: () => import('../pages/register') },
          { path: paths.forget.pattern, lazy: () => import('../pages/forget') },
          { path: paths.forgetSuccess.pattern, lazy: () => import('../pages/forget-success') },
          { path: paths.resetPass.pattern, lazy: () => import('../pages/reset-pass') },
          { path: paths.invite.teamPattern, lazy: async () => ({ Component: (await import('../pages/invite')).TeamInvitePage }) },
          { path: paths.invite.projectPattern, lazy: async () => ({ Component: (await import('../pages/invite')).ProjectInvitePage }) },
          {
            path: paths.thirdParty.callbackPattern,
            lazy: async () => ({ Component: (await import('../pages/third-party')).CallbackPage }),
          },
          {
            path: paths.thirdParty.callbackQueryPattern,
            lazy: async () => ({ Component: (await import('../pages/third-party')).CallbackPage }),
          },
          { path: paths.thirdParty.bindPattern, lazy: async () => ({ Component: (await import('../pages/third-party')).BindPage }) },
          {
            path: paths.thirdParty.redirectPattern,
            lazy: async () => ({ Component: (await import('../pages/third-party')).RedirectPage }),
          },
        ],
      },
      { path: paths.testPage.pattern, lazy: () => import('../pages/test-page') },
      { path: paths.testPage.blankPattern, lazy: () => import('../pages/test-page') },
      { path: paths.testPage.postPattern, lazy: () => import('../pages/test-page') },
      { path: paths.documentById.pattern, ...byId },
      { path: paths.documentById.editPattern, ...byId },
      { path: paths.history.pattern, lazy: () => import('../pages/workspace/history-page') },
      { path: paths.shares.pattern, lazy: () => import('../pages/workspace/shares-page') },
      { path: paths.environments.pattern, lazy: () => import('../pages/workspace/environments-page') },
      { path: paths.scenarios.pattern, lazy: () => import('../pages/workspace/scenarios-page') },
      { path: paths.scenarios.scenarioPattern, lazy: () => import('../pages/workspace/scenarios-page') },
      { path: paths.scenarios.runPattern, lazy: () => import('../pages/workspace/scenarios-page') },
      { path: paths.scenarios.comparePattern, lazy: () => import('../pages/workspace/scenarios-page') },
      { path: paths.exportPage.pattern, lazy: () => import('../pages/workspace/export-page') },
      { path: paths.changes.pattern, lazy: () => import('../pages/workspace/changes-page') },
      { path: paths.exportPage.itemPattern, lazy: () => import('../pages/workspace/export-page') },
      {
        path: paths.globalParams.pattern,
        lazy: async () => ({ Component: (await import('../pages/workspace/environments-page')).GlobalParamsPage }),
      },
      { path: paths.sharedView.pattern, lazy: () => import('../pages/shares/shared-view') },
      { path: paths.project.pattern, ...workspace },
      { path: paths.project.editPattern, ...workspace },
      { path: paths.document.pattern, ...workspace },
      { path: paths.document.modePattern, ...workspace },
      {
        path: paths.dashboard.pattern,
        lazy: () => import('../pages/dashboard/layout'),
        children: [
          { index: true, lazy: () => import('../pages/dashboard/console') },
          { path: paths.importPage.pattern, lazy: () => import('../pages/import/import-page') },
          {
            path: paths.profile.pattern,
            lazy: () => import('../pages/profile/layout'),
            children: [
              { path: 'info', lazy: () => import('../pages/profile/info') },
              { path: 'security', lazy: () => import('../pages/profile/security') },
              { path: 'relation', lazy: async () => ({ Component: (await import('../pages/profile/simple')).RelationPage }) },
              { path: 'quit', lazy: async () => ({ Component: (await import('../pages/profile/simple')).QuitPage }) },
            ],
          },
          {
            path: paths.projectSettings.pattern,
            lazy: () => import('../pages/project-settings/layout'),
            children: [
              { path: 'info', lazy: () => import('../pages/project-settings/info') },
              { path: 'transfer', lazy: () => import('../pages/project-settings/transfer') },
              { path: 'quit', lazy: () => import('../pages/project-settings/quit') },
              { path: 'auth', lazy: () => import('../pages/project-settings/auth') },
              { path: 'share', lazy: () => import('../pages/project-settings/share') },
              { path: 'export', lazy: () => import('../pages/project-settings/export') },
              { path: 'style', lazy: () => import('../pages/project-settings/style') },
              { path: 'tokens', lazy: () => import('../pages/project-settings/tokens') },
              { path: 'sync', lazy: () => import('../pages/project-settings/sync') },
              { path: 'compat', lazy: () => import('../pages/project-settings/compat') },
              { path: 'channels', lazy: () => import('../pages/project-settings/channels') },
            ],
          },
          { path: paths.team.pattern, lazy: () => import('../pages/team/console') },
          {
            path: paths.teamSettings.pattern,
            lazy: () => import('../pages/team-settings/layout'),
            children: [
              { index: true, element: <Navigate to="info" replace /> },
              { path: 'info', lazy: () => import('../pages/team-settings/info') },
              { path: 'members', lazy: () => import('../pages/team-settings/members') },
              { path: 'transfer', lazy: () => import('../pages/team-settings/transfer') },
              { path: 'channels', lazy: () => import('../pages/team-settings/channels') },
            ],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routeObjects);
