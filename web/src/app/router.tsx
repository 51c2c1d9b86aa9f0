/**
 * Every page of spec section 2. Pages load lazily so the entry chunk stays small; the error page catches
 * unknown routes, failed pages and failed chunk loads.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage, NotFound } from '../pages/error-page';

const later = { lazy: () => import('../pages/later-public') };
const settingsLater = { lazy: () => import('../pages/project-settings/later') };
const projectView = { lazy: () => import('../pages/project-view') };

export const routeObjects: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      { path: '/', lazy: () => import('../pages/home') },
      { path: '/index', lazy: () => import('../pages/home') },
      { path: '/help', lazy: () => import('../pages/help') },
      { path: '/open_external_link', lazy: () => import('../pages/external-link') },
      ...['/test', '/test/test', '/testplugin', '/post'].map((path) => ({ path, ...later })),
      {
        lazy: () => import('../pages/login-layout'),
        children: [
          { path: '/login', lazy: () => import('../pages/login') },
          { path: '/register', lazy: () => import('../pages/register') },
        ],
      },
      ...[
        '/login/bind',
        '/login/callback',
        '/login/redirect',
        '/login/callback/:provider/login',
        '/forget',
        '/forget-success',
        '/reset-pass',
        '/invite/project/:code?',
        '/invite/team/:code?',
        '/doc/:id',
        '/doc/:id?/edit',
        '/project/:id?/export',
        '/project/:id?/export/export-item',
        '/project/:id?/share',
        '/project/:projectId/share/:shareId',
        '/project/:projectId/:docId/history/:historyId',
      ].map((path) => ({ path, ...later })),
      { path: '/project/:id', ...projectView },
      { path: '/project/:id/edit', ...projectView },
      { path: '/project/:id/:doc', ...projectView },
      { path: '/project/:id/:doc/:mode', ...projectView },
      {
        path: '/dashboard',
        lazy: () => import('../pages/dashboard/layout'),
        children: [
          { index: true, lazy: () => import('../pages/dashboard/console') },
          {
            path: 'profile',
            lazy: () => import('../pages/profile/layout'),
            children: [
              { path: 'info', lazy: () => import('../pages/profile/info') },
              { path: 'security', lazy: () => import('../pages/profile/security') },
              { path: 'relation', lazy: async () => ({ Component: (await import('../pages/profile/simple')).RelationPage }) },
              { path: 'quit', lazy: async () => ({ Component: (await import('../pages/profile/simple')).QuitPage }) },
            ],
          },
          {
            path: 'project/:id',
            lazy: () => import('../pages/project-settings/layout'),
            children: [
              { path: 'info', lazy: () => import('../pages/project-settings/info') },
              { path: 'transfer', lazy: () => import('../pages/project-settings/transfer') },
              { path: 'quit', lazy: () => import('../pages/project-settings/quit') },
              ...['auth', 'export', 'share', 'style'].map((path) => ({ path, ...settingsLater })),
            ],
          },
          ...['team/:id/setting/info', 'team/:id/setting/members', 'team/:id/setting/transfer', 'team/:teamId'].map((path) => ({ path, ...settingsLater })),
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routeObjects);
