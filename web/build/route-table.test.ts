import { afterAll, describe, expect, it } from 'vitest';
import { routeAddresses, routes } from '@shared/routes';
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
  it("hands the web app each route's address (method, path, body type, placeholder names), and no schema", async () => {
    const output = await buildLib('main.js');
    const [chunk] = chunks(output);
    const { table, tree } = await importCode<{ table: Record<string, unknown>; tree: unknown }>(chunk!.code);

    expect(table).toEqual(routeAddresses());
    expect(Object.keys(table).sort()).toEqual(Object.keys(routes).sort());
    expect(table['login.create']).toEqual({ method: 'POST', path: '/login', bodyType: 'form' });
    expect(table['member.assign']).toEqual({
      method: 'PUT',
      path: '/project/member/{a}/{b}/{c}',
      placeholders: { projectId: 'a', userId: 'b', role: 'c' },
    });
    expect(tree).toEqual({ method: 'GET', path: routes['document.tree'].path });
    // The table is data only: nothing of shared/ (its schemas) nor zod is bundled.
    expect(chunk!.moduleIds.filter((id) => !id.startsWith('\0'))).toEqual([app.file('main.js')]);
  });

  it('fails the build when code names a route the table does not have', async () => {
    await expect(buildLib('renamed.js')).rejects.toThrow(/the route table has no route document\.trees/);
  });
});
