import { afterAll, describe, expect, it } from 'vitest';
import { iconChunks, pageChunk } from './chunk-groups';
import { buildFixture, chunkOf, chunks, fixture, type Output } from './fixture';
import { staticClosure } from './chunk-graph';

/**
 * An app with a kit whose entry re-exports every component (as antd's does): the entry and a sign-in page (the
 * first visit), a workspace page, and a dashboard.
 */
const app = fixture({
  'index.html': '<!doctype html><html><body><script type="module" src="/main.js"></script></body></html>',
  'main.js': [
    "import { Provider } from 'kit';",
    'const pages = {',
    "  login: () => import('./login.js'),",
    "  workspace: () => import('./workspace.js'),",
    "  dashboard: () => import('./dashboard.js'),",
    '};',
    'window.open = (name) => pages[name]().then((m) => m.render(Provider));',
  ].join('\n'),
  'login.js': "import { Button, Input } from 'kit';\nexport const render = (p) => [p, Button, Input, 'login-page'];",
  'workspace.js': [
    "import { Button, Tree } from 'kit';",
    "import { shell } from './shell.js';",
    "import { virtualize } from 'virtual-list';",
    "export const render = (p) => [p, Button, Tree, shell(), virtualize(), 'workspace-page'];",
  ].join('\n'),
  'dashboard.js':
    "import { Table } from 'kit';\nimport { shell } from './shell.js';\nexport const render = (p) => [p, Table, shell(), 'dashboard-page'];",
  'shell.js': "export const shell = () => 'shell';",
  'node_modules/virtual-list/package.json': '{ "name": "virtual-list", "type": "module", "main": "index.js", "sideEffects": false }',
  'node_modules/virtual-list/index.js': "export const virtualize = () => 'virtual-list';",
  'node_modules/kit/package.json': '{ "name": "kit", "type": "module", "main": "index.js", "sideEffects": false }',
  'node_modules/kit/index.js': ['Provider', 'Button', 'Input', 'Tree', 'Table']
    .map((name) => `export { default as ${name} } from './${name.toLowerCase()}.js';`)
    .join('\n'),
  ...Object.fromEntries(
    ['provider', 'button', 'input', 'tree', 'table'].map((name) => [`node_modules/kit/${name}.js`, `export default 'kit-${name}';`]),
  ),
});
afterAll(app.remove);

const firstVisit = [app.file('main.js'), app.file('login.js')];
/** The files a page loads: its chunk and what that imports statically. */
const loads = (output: Output, page: string) =>
  staticClosure(Object.fromEntries(output.map((item) => [item.fileName, item])), [chunkOf(output, app.file(page))]).map((c) => c.fileName);

describe('the page chunk plugin', () => {
  it("puts the page's own code and the libraries only it reaches in one chunk, and nothing a first visit loads", async () => {
    const output = await buildFixture(app.root, {
      plugins: [pageChunk({ name: 'workspace', page: app.file('workspace.js'), firstVisit })],
    });
    const workspace = chunks(output).find((chunk) => chunk.name === 'workspace');
    expect(workspace?.moduleIds.map((id) => id.replace(`${app.root}/`, '')).sort()).toEqual([
      'node_modules/virtual-list/index.js',
      'shell.js',
      'workspace.js',
    ]);
    // The sign-in page loads nothing of it; the dashboard, which shares the shell, loads it too.
    expect(loads(output, 'login.js')).not.toContain(workspace!.fileName);
    expect(loads(output, 'dashboard.js')).toContain(workspace!.fileName);
    // The kit's components stay where the default splitting puts them, the one only the workspace uses too.
    expect(chunkOf(output, `${app.root}/node_modules/kit/tree.js`).fileName).not.toBe(workspace!.fileName);
  });

  it('without it, the shell shared with the dashboard is a chunk of its own, apart from the page', async () => {
    const output = await buildFixture(app.root);
    expect(chunkOf(output, app.file('shell.js')).fileName).not.toBe(chunkOf(output, app.file('workspace.js')).fileName);
  });
});

describe('the icon chunks plugin', () => {
  const icons = fixture({
    'index.html': '<!doctype html><html><body><script type="module" src="/main.js"></script></body></html>',
    'main.js': "import { EyeOutlined } from '@ant-design/icons';\nwindow.icon = EyeOutlined;\nwindow.later = () => import('./page.js');",
    'page.js': "import { TagsOutlined } from '@ant-design/icons';\nexport const icon = TagsOutlined;",
  });
  afterAll(icons.remove);

  it("puts the icons the kit's controls draw in one chunk and every other icon in another", async () => {
    const output = await buildFixture(icons.root, { plugins: [iconChunks()] });
    const chunkNameOf = (icon: string) =>
      chunks(output).find((chunk) => chunk.moduleIds.some((id) => id.endsWith(`/@ant-design/icons/es/icons/${icon}.js`)))?.name;
    expect(chunkNameOf('EyeOutlined')).toBe('icons-kit');
    expect(chunkNameOf('TagsOutlined')).toBe('icons');
  });
});
