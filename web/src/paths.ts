/**
 * Every page of the app (spec section 2): the route pattern the router matches and the one function that builds
 * its address. Nothing else in the web app writes a page URL by hand, so a route changes in one place.
 */
const enc = encodeURIComponent;
const query = (params: Record<string, string | undefined | false>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The console's views of spec section 2's left menu, kept in the URL so each is linkable. */
export const CONSOLE_VIEWS = ['projects', 'favorites', 'all', 'archived', 'recycle'] as const;
export type ConsoleView = (typeof CONSOLE_VIEWS)[number];

export const PROFILE_TABS = ['info', 'security', 'relation', 'quit'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** Project settings tabs. */
export const SETTINGS_TABS = [
  'info',
  'auth',
  'share',
  'export',
  'style',
  'transfer',
  'quit',
  'tokens',
  'sync',
  'compat',
  'channels',
] as const;
/** Tabs only the project's administrators see (their routes refuse everyone else). */
export const ADMIN_SETTINGS_TABS: readonly SettingsTab[] = ['channels'];
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Team settings tabs (spec section 2); disbanding and leaving sit on the info tab. */
/** A team console's views besides its folders, kept in the URL like the personal console's. */
export const TEAM_CONSOLE_VIEWS = ['all', 'archived', 'recycle'] as const;
export type TeamConsoleView = (typeof TEAM_CONSOLE_VIEWS)[number];

export const TEAM_SETTINGS_TABS = ['info', 'members', 'transfer', 'channels'] as const;
export type TeamSettingsTab = (typeof TEAM_SETTINGS_TABS)[number];

/** What an invitation link leads into. */
export type InviteKind = 'project' | 'team';

/** How one document is shown: in the workspace (view or edit) or without any chrome (embedding, printing). */
export const DOCUMENT_MODES = ['edit', 'pure', 'puredoc'] as const;
export type DocumentMode = (typeof DOCUMENT_MODES)[number];

/** The query parameter that names a released version to read instead of the live project (`?version=1.2.0`). */
export const VERSION_PARAM = 'version';

/** The tabs of an HTTP API document's view, kept in the URL (`?tab=mock`) so each is linkable. */
export const DOCUMENT_TABS = ['doc', 'mock', 'run'] as const;
export type DocumentTab = (typeof DOCUMENT_TABS)[number];

/** The tabs of a scenario's page (issue 36), kept in the URL (`?tab=run`) so each is linkable. */
export const SCENARIO_TABS = ['edit', 'run', 'history', 'schedules'] as const;
export type ScenarioTab = (typeof SCENARIO_TABS)[number];

export const paths = {
  home: { pattern: '/', href: () => '/' },
  index: { pattern: '/index' },
  help: { pattern: '/help', href: () => '/help' },
  externalLink: { pattern: '/open_external_link', href: (url: string) => `/open_external_link${query({ url })}` },
  login: {
    pattern: '/login',
    /** `from`: where to come back to after signing in (the spec's `f`); `timeout`: the session ran out. */
    href: (opts: { from?: string; timeout?: boolean } = {}) => `/login${query({ timeout: opts.timeout && '1', f: opts.from })}`,
  },
  register: { pattern: '/register', href: () => '/register' },
  /** Password recovery, what follows it, and a signed-in person's password change. */
  forget: { pattern: '/forget', href: () => '/forget' },
  forgetSuccess: { pattern: '/forget-success', href: () => '/forget-success' },
  resetPass: { pattern: '/reset-pass', href: () => '/reset-pass' },
  dashboard: {
    pattern: '/dashboard',
    href: (opts: { view?: ConsoleView; folder?: string | null; q?: string } = {}) =>
      `/dashboard${query({ view: opts.view !== 'projects' && opts.view, folder: opts.folder ?? undefined, q: opts.q })}`,
  },
  profile: {
    pattern: '/dashboard/profile',
    href: (tab: ProfileTab = 'info') => `/dashboard/profile/${tab}`,
  },
  /**
   * The import page: into an existing project (`projectId`, from the project's own menu and settings) or into a new
   * one (the console's Import button; `folderId` files it in a console folder, `teamId` makes it a team's project).
   */
  importPage: {
    pattern: '/dashboard/import',
    href: (opts: { projectId?: string; folderId?: string | null; teamId?: string | null } = {}) =>
      `/dashboard/import${query({ projectId: opts.projectId, folder: opts.folderId ?? undefined, teamId: opts.teamId ?? undefined })}`,
  },
  projectSettings: {
    pattern: '/dashboard/project/:id',
    href: (projectId: string, tab: SettingsTab = 'info') => `/dashboard/project/${enc(projectId)}/${tab}`,
  },
  /** A team's console: its folders and the team projects the caller reaches. */
  team: {
    pattern: '/dashboard/team/:teamId',
    /** `view`: every team project the caller reaches without folders, or the team's archive or recycle bin. */
    href: (teamId: string, opts: { folder?: string | null; view?: TeamConsoleView } = {}) =>
      `/dashboard/team/${enc(teamId)}${query({ view: opts.view, folder: opts.folder ?? undefined })}`,
  },
  teamSettings: {
    pattern: '/dashboard/team/:id/setting',
    href: (teamId: string, tab: TeamSettingsTab = 'info') => `/dashboard/team/${enc(teamId)}/setting/${tab}`,
  },
  /** Accepting an invitation; without a code the page asks for one. */
  invite: {
    projectPattern: '/invite/project/:code?',
    teamPattern: '/invite/team/:code?',
    href: (kind: InviteKind, code?: string) => `/invite/${kind}${code ? `/${enc(code)}` : ''}`,
  },
  /** `version`: a released version to read instead of the live project (read only). */
  project: {
    pattern: '/project/:id',
    editPattern: '/project/:id/edit',
    href: (projectId: string, opts: { edit?: boolean; version?: string } = {}) =>
      `/project/${enc(projectId)}${opts.edit && !opts.version ? '/edit' : ''}${query({ [VERSION_PARAM]: opts.version })}`,
  },
  document: {
    pattern: '/project/:id/:doc',
    modePattern: '/project/:id/:doc/:mode',
    href: (projectId: string, docId: string, mode?: DocumentMode, opts: { version?: string; tab?: DocumentTab } = {}) =>
      `/project/${enc(projectId)}/${enc(docId)}${mode && !(mode === 'edit' && opts.version) ? `/${mode}` : ''}${query({ [VERSION_PARAM]: opts.version, tab: opts.tab !== 'doc' && opts.tab })}`,
  },
  /** Managing a project's share links, in the workspace (the settings tab is `projectSettings` with `share`). */
  shares: {
    pattern: '/project/:id/share',
    href: (projectId: string) => `/project/${enc(projectId)}/share`,
  },
  /** Exporting a project (issue 23), in the workspace: the whole project, or chosen documents (`export-item`). */
  exportPage: {
    pattern: '/project/:id/export',
    itemPattern: '/project/:id/export/export-item',
    href: (projectId: string, opts: { items?: boolean } = {}) => `/project/${enc(projectId)}/export${opts.items ? '/export-item' : ''}`,
  },
  /** The compatibility report between two versions (issue 35): a release's number, or `live`. */
  changes: {
    pattern: '/project/:id/changes',
    href: (projectId: string, opts: { from?: string; to?: string } = {}) =>
      `/project/${enc(projectId)}/changes${query({ from: opts.from, to: opts.to })}`,
  },
  /** A project's environments and variables, and its global parameters, in the workspace (issue 24). */
  environments: {
    pattern: '/project/:id/env',
    href: (projectId: string) => `/project/${enc(projectId)}/env`,
  },
  /**
   * A project's test scenarios (issue 36), beside the document tree: the list, one scenario (`tab`: edit, run, its
   * runs or its schedules), one run's report, and two runs compared.
   */
  scenarios: {
    pattern: '/project/:id/scenarios',
    scenarioPattern: '/project/:id/scenarios/:scenarioId',
    runPattern: '/project/:id/scenarios/:scenarioId/run/:runId',
    comparePattern: '/project/:id/scenarios/:scenarioId/compare/:before/:after',
    href: (projectId: string, scenarioId?: string, tab?: ScenarioTab) =>
      `/project/${enc(projectId)}/scenarios${scenarioId ? `/${enc(scenarioId)}` : ''}${query({ tab: scenarioId && tab !== 'edit' && tab })}`,
    run: (projectId: string, scenarioId: string, runId: string) =>
      `/project/${enc(projectId)}/scenarios/${enc(scenarioId)}/run/${enc(runId)}`,
    compare: (projectId: string, scenarioId: string, before: string, after: string) =>
      `/project/${enc(projectId)}/scenarios/${enc(scenarioId)}/compare/${enc(before)}/${enc(after)}`,
  },
  globalParams: {
    pattern: '/project/:id/global-param',
    href: (projectId: string) => `/project/${enc(projectId)}/global-param`,
  },
  /** What a share link opens: its documents only, read only, for anyone who has the link (and its password). */
  sharedView: {
    pattern: '/project/:projectId/share/:shareId',
    href: (projectId: string, shareId: string, docId?: string) =>
      `/project/${enc(projectId)}/share/${enc(shareId)}${query({ doc: docId })}`,
  },
  history: {
    pattern: '/project/:projectId/:docId/history/:historyId',
    href: (projectId: string, docId: string, historyId: string) => `/project/${enc(projectId)}/${enc(docId)}/history/${enc(historyId)}`,
  },
  /** A document by its id alone: the id names its project. */
  documentById: {
    pattern: '/doc/:id',
    editPattern: '/doc/:id/edit',
    href: (docId: string, opts: { edit?: boolean } = {}) => `/doc/${enc(docId)}${opts.edit ? '/edit' : ''}`,
  },
  /**
   * The spec's interface test page (issue 24): a blank request to any address, with an environment, savable as a
   * document. The spec's `/post` is the same blank request page.
   */
  testPage: {
    pattern: '/test',
    blankPattern: '/test/test',
    postPattern: '/post',
    href: () => '/test/test',
  },
  /** The browser plug-in: whether it is installed and allowed, how to install it, and a request to try it with (issue 24). */
  testPlugin: {
    pattern: '/testplugin',
    href: () => '/testplugin',
  },
  /**
   * Third-party sign-in (issue 25): the provider sends the browser back to `/login/callback/{provider}/login`
   * (or `/bind`, from the account page); `/login/callback?provider=&type=` is the same page by query; a new person
   * binds a phone on `/login/bind`; `/login/redirect?f=` finishes at `f` (an external one only once confirmed).
   */
  thirdParty: {
    callbackPattern: '/login/callback/:provider/:type',
    callbackQueryPattern: '/login/callback',
    bindPattern: '/login/bind',
    bind: () => '/login/bind',
    redirectPattern: '/login/redirect',
    redirect: (f?: string | null) => `/login/redirect${query({ f: f ?? undefined })}`,
  },
} as const;

/** The current path and query: where to come back to after signing in again. */
export const currentLocation = () => `${location.pathname}${location.search}`;
