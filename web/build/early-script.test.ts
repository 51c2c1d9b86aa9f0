import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from 'vite';
import { earlyScript } from './early-script';
import { assetText, buildFixture, chunkOf, fixture } from './fixture';

const app = fixture({
  'index.html': [
    '<!doctype html><html><head>',
    '<script src="/config.js" vite-ignore></script>',
    '<script src="/early.ts" vite-ignore></script>',
    '</head><body><script type="module" src="/main.js"></script></body></html>',
  ].join('\n'),
  'main.js': "import { shell } from './shell.js';\nshell();\ndocument.body.onclick = () => import('./page.js').then((m) => m.page());",
  'shell.js': "export const shell = () => { document.title = 'shell'; };",
  'page.js': "import { widget } from './widget.js';\nimport { shell } from './shell.js';\nexport const page = () => [widget(), shell()];",
  'widget.js': "export const widget = () => 'widget';",
  'unnamed.ts': "document.title = 'nobody runs this';",
  'early.ts':
    "import code from 'virtual:apiloom-early-preload';\n(window as { asked?: string[] }).asked = code.map((href) => `early-marker ${href}`);",
});
afterAll(app.remove);

const plugin = () => earlyScript({ src: '/early.ts', preloadFor: app.file('page.js') });

describe('the early-script plugin', () => {
  it('builds the script on its own into a hashed asset that index.html runs after /config.js, listing the page code', async () => {
    const output = await buildFixture(app.root, { plugins: [plugin()], build: { sourcemap: true } });
    const html = assetText(output, 'index.html');
    const src = /<script src="\/(assets\/early-[\w-]{8}\.js)"/.exec(html)?.[1];
    expect(src).toBeDefined();
    expect(html).not.toContain('/early.ts');
    expect(html.indexOf('/config.js')).toBeLessThan(html.indexOf(src!));
    expect(html.indexOf(src!)).toBeLessThan(html.indexOf('type="module"'));

    // The page's chunk and what it imports, less what the entry loads anyway (the shell).
    const page = chunkOf(output, app.file('page.js'));
    const widget = chunkOf(output, app.file('widget.js'));
    const entry = chunkOf(output, app.file('main.js'));
    expect(entry.moduleIds).toContain(app.file('shell.js'));
    const expected = [...new Set([page.fileName, widget.fileName])].map((file) => `/${file}`);

    // A classic script of its own: it runs without the module graph and names the page's code.
    const script = assetText(output, src!);
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
    const window: { asked?: string[] } = {};
    runInNewContext(script, { window });
    expect(window.asked).toEqual(expected.map((href) => `early-marker ${href}`));

    // Its source map leads back to the TypeScript source.
    expect(script).toContain(`//# sourceMappingURL=${src!.replace('assets/', '')}.map`);
    const map = new SourceMap(JSON.parse(assetText(output, `${src!}.map`)) as ConstructorParameters<typeof SourceMap>[0]);
    const before = script.slice(0, script.indexOf('early-marker')).split('\n');
    const origin = map.findEntry(before.length - 1, before.at(-1)!.length) as { originalSource?: string; originalLine?: number };
    expect([origin.originalSource?.replace(/.*\//, ''), origin.originalLine]).toEqual(['early.ts', 1]);
  });

  it('fails the build when index.html does not name the script', async () => {
    const other = earlyScript({ src: '/unnamed.ts', preloadFor: app.file('page.js') });
    await expect(buildFixture(app.root, { plugins: [other] })).rejects.toThrow(/index\.html should name the early script once/);
  });

  it('runs the source as a module in dev, with nothing to ask for', async () => {
    const server = await createServer({
      configFile: false,
      envDir: false,
      root: app.root,
      logLevel: 'silent',
      plugins: [plugin()],
      server: { middlewareMode: true, ws: false },
    });
    try {
      const html = await server.transformIndexHtml('/', readFileSync(app.file('index.html'), 'utf8'));
      expect(html).toContain('<script type="module" src="/early.ts"');
      const list = await server.environments.client.transformRequest('virtual:apiloom-early-preload');
      expect(list?.code).toContain('export default []');
    } finally {
      await server.close();
    }
  });
});
