import { afterAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/routes';
import { buildFixture, chunks, fixture, importCode } from './fixture';
import { routeTable } from './route-table';

const app = fixture({
  'main.js': [
    "import table from 'virtual:apiloom-route-table';",
    "import tree from 'virtual:apiloom-route-table/document.tree';",
    'export { table, tree };',
  ].join('\n'),
  'renamed.js': "import gone from 'virtual:apiloom-route-table/document.trees';\nexport { gone };",
});
afterAll(app.remove);

// One plugin for both builds: the route table is loaded once.
const plugin = routeTable();
const buildLib = (entry: string) =>
  buildFixture(app.root, { plugins: [plugin], build: { lib: { entry: app.file(entry), formats: ['es'] } } });

describe('the route-table plugin', () => {
  it("hands the web app each route's method, path and body type, and no schema", async () => {
    const output = await buildLib('main.js');
    const [chunk] = chunks(output);
    const { table, tree } = await importCode<{ table: Record<string, unknown>; tree: unknown }>(chunk!.code);

    expect(Object.keys(table).sort()).toEqual(Object.keys(routes).sort());
    for (const [id, route] of Object.entries(routes)) {
      expect(table[id], id).toEqual({
        method: route.method,
        path: route.path,
        ...('bodyType' in route ? { bodyType: route.bodyType } : {}),
      });
    }
    expect(table['login.create']).toEqual({ method: 'POST', path: '/login', bodyType: 'form' });
    expect(tree).toEqual({ method: 'GET', path: routes['document.tree'].path });
    // The table is data only: nothing of shared/ (its schemas) nor zod is bundled.
    expect(chunk!.moduleIds.filter((id) => !id.startsWith('\0'))).toEqual([app.file('main.js')]);
  });

  it('fails the build when code names a route the table does not have', async () => {
    await expect(buildLib('renamed.js')).rejects.toThrow(/the route table has no route document\.trees/);
  });
});
