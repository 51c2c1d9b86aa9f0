/**
 * Issue 26 through the running app: a share page's "For AI assistants" link opens the share's llms.txt, which a
 * plain HTTP client reads (with the token the link carries for a share behind a password) and follows to each
 * document's markdown; in Chinese and in English.
 */
import { expect, test } from '@playwright/test';
import { apiData, createDocument, createProject, newPerson, watchConsole } from './support';

test("a password share's page links to its llms.txt, which reads the share's documents as markdown", async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = await newPerson(request, 'Sharer');
  const projectId = await createProject(request, owner.token, { name: 'Pet Store' });
  const api = await createDocument(request, owner.token, projectId, {
    name: 'Get a pet',
    type: 'api',
    content: { method: 'GET', path: '/pets/{id}', description: 'Reads one pet.' },
  });
  const guide = await createDocument(request, owner.token, projectId, { name: 'Guide', content: { markdown: 'Read **this** first.' } });
  await createDocument(request, owner.token, projectId, { name: 'Internal', content: { markdown: 'internal only' } });
  const share = await apiData<{ id: string }>(request, 'put', '/api/project/document/share-item', owner.token, {
    projectId,
    name: 'For partners',
    docIds: [api, guide],
    expireAt: new Date(Date.now() + 3_600_000).toISOString(),
    password: 'open sesame',
  });

  const context = await browser.newContext({ baseURL, locale: 'zh-CN', reducedMotion: 'reduce' });
  const reader = await context.newPage();
  const problems = watchConsole(reader);
  await reader.goto(`/project/${projectId}/share/${share.id}`);
  await reader.getByLabel('访问密码', { exact: true }).fill('open sesame');
  await reader.getByRole('button', { name: '查看文档' }).click();
  await expect(reader.getByRole('article', { name: 'Guide' })).toContainText('Read this first.');

  const link = reader.getByRole('banner').getByRole('link', { name: '给 AI 助手' });
  await expect(link).toHaveAttribute('title', '本分享的 llms.txt 目录和每篇文档的 Markdown，供 AI 助手等程序读取');
  const href = (await link.getAttribute('href'))!;
  expect(href).toContain(`/api/project/document/share-item/${share.id}/llms.txt?share-token=`);

  // What an assistant does with the link: a plain GET, no cookie, no header.
  const index = await request.get(href, { headers: { 'accept-language': 'zh' } });
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toBe('text/markdown; charset=utf-8');
  const text = await index.text();
  expect(text).toMatch(/^# Pet Store\n\n> 分享「For partners」中的 2 篇文档。\n/);
  expect(text).toContain('): GET /pets/{id}');
  expect(text).not.toContain('Internal');
  const hrefs = [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => new URL(m[1]!, href).href);
  expect(hrefs).toHaveLength(2);
  const pages = await Promise.all(hrefs.map(async (h) => (await request.get(h, { headers: { 'accept-language': 'en' } })).text()));
  expect(pages).toContain('# Guide\n\nRead **this** first.\n');
  expect(pages.find((p) => p.startsWith('# Get a pet'))).toContain('## Request');
  // Without the token or the password, the same address is refused.
  const bare = await request.get(href.split('?')[0]!);
  expect(bare.status()).toBe(401);

  // In English, the link says so in English.
  await reader.getByLabel('语言').getByText('English').click();
  await expect(reader.getByRole('banner').getByRole('link', { name: 'For AI assistants' })).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});
