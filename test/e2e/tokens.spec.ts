/**
 * Project tokens and the Sync panel through the screens (issue 26): an editor makes a token in the project
 * settings, copies it from the once-only display, pushes a file with it through the open API (as CI would), sees
 * the push in the Sync panel by the token's name, and revokes the token, which the open API then refuses.
 */
import { expect, test } from '@playwright/test';
import { projectWithSession, watchConsole } from './support';

const SPEC = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'E2E', version: '1' },
  paths: { '/orders': { get: { summary: 'List orders', responses: { '200': { description: 'ok' } } } } },
});

test('make a token, copy it, push with it, see the push in Sync, revoke it', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { projectId } = await projectWithSession(page, request, 'Tokens e2e');
  await page.goto(`/dashboard/project/${projectId}/tokens`);

  await page.getByRole('button', { name: '新建令牌' }).click();
  const dialog = page.getByRole('dialog', { name: '新建令牌' });
  await dialog.getByLabel('名称').fill('GitHub Actions');
  await dialog.getByRole('button', { name: '创建' }).click();
  const shown = page.getByRole('dialog', { name: '请立即复制令牌' });
  await expect(shown.getByTestId('token-secret')).toHaveValue(/^apl_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: '复制令牌' }).click();
  await expect(page.getByText('令牌已复制')).toBeVisible();
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toBe(await shown.getByTestId('token-secret').inputValue());
  await shown.getByRole('button', { name: '完成' }).click();
  await expect(shown).toBeHidden();
  // Listed, never with its secret.
  const row = page.getByRole('row', { name: /GitHub Actions/ });
  await expect(row).toContainText('import, read');
  await expect(row).toContainText('从未');
  await expect(page.locator('body')).not.toContainText(secret);

  // CI pushes with it.
  const auth = { authorization: `Bearer ${secret}` };
  const base = `/api/open/v1/projects/${projectId}`;
  const ticket = (await (
    await request.post(`${base}/imports/upload`, { headers: auth, data: { name: 'openapi.json', size: SPEC.length } })
  ).json()) as {
    data: { id: string; url: string; headers: Record<string, string> };
  };
  expect((await request.put(ticket.data.url, { headers: ticket.data.headers, data: Buffer.from(SPEC) })).status()).toBe(200);
  expect((await request.post(`${base}/imports`, { headers: auth, data: { id: ticket.data.id } })).status()).toBe(200);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${base}/imports/${ticket.data.id}`, { headers: auth })).json()) as { data: { state: string } }).data
          .state,
    )
    .toBe('done');
  // And reads it back as OpenAPI: the stack runs the built bundle, whose document writers are a chunk loaded here.
  const tree = (await (await request.get(`${base}/tree`, { headers: auth })).json()) as {
    data: { nodes: { id: string; path?: string }[] };
  };
  const orders = tree.data.nodes.find((node) => node.path === '/orders');
  expect(orders).toBeDefined();
  const described = (await (await request.get(`${base}/documents/${orders!.id}?as=openapi`, { headers: auth })).json()) as {
    data: { content: { paths: Record<string, unknown> } };
  };
  expect(Object.keys(described.data.content.paths)).toEqual(['/orders']);

  // The push in the Sync panel: when, by which token, what changed.
  await page.getByRole('tab', { name: '同步' }).click();
  const entry = page.getByTestId('sync-entry').first();
  await expect(entry).toContainText('openapi.json');
  await expect(entry).toContainText('令牌 GitHub Actions');
  await expect(entry).toContainText('新建 1，更新 0，跳过 0，删除 0');

  // Its last use shows, and revoking it refuses its next request.
  await page.getByRole('tab', { name: '令牌' }).click();
  await expect(row).not.toContainText('从未');
  await row.getByRole('button', { name: '撤销' }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(row).toContainText('已撤销');
  const refused = await request.get(`${base}/tree`, { headers: auth });
  expect(refused.status()).toBe(401);
  expect(problems).toEqual([]);
});
