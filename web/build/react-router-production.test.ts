import { afterAll, describe, expect, it } from 'vitest';
import { buildFixture, chunks, fixture } from './fixture';
import { reactRouterProduction } from './react-router-production';

const app = fixture({ 'main.js': "import { createBrowserRouter } from 'react-router';\nwindow.router = createBrowserRouter;" });
afterAll(app.remove);

const reactRouterModules = async (plugins: ReturnType<typeof reactRouterProduction>[]) => {
  const output = await buildFixture(app.root, { plugins, build: { rolldownOptions: { input: app.file('main.js') } } });
  return chunks(output)
    .flatMap((chunk) => chunk.moduleIds)
    .filter((id) => id.includes(`react-router`))
    .map((id) => id.replace(/.*\/react-router\/dist\//, ''));
};

describe('the react-router plugin', () => {
  it("builds react-router's production build, not the development one its package exports name", async () => {
    const modules = await reactRouterModules([reactRouterProduction()]);
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter((id) => !id.startsWith('production/'))).toEqual([]);
    // Without it, the package's exports lead to the development build.
    expect((await reactRouterModules([])).every((id) => id.startsWith('development/'))).toBe(true);
  });
});
