/**
 * Issue 39's large renders, as a reader sees them (the time they take is the render bench's figure, not this
 * test's): a model that refers to itself shows the cycle and a deeper model to open, and a body of 150 KB shows
 * its start and, when asked, the whole text.
 */
import { expect, test } from '@playwright/test';
import { paramRow as row } from '@shared/schemas/param-row';
import { apiData, createDocument, projectWithSession } from './support';

test('a self-referencing model shows its cycle and opens deeper models on request; a 150 KB example shows in full on request', async ({
  page,
  request,
}) => {
  const { projectId, token } = await projectWithSession(page, request, 'Render e2e');
  const model = (name: string, schema: unknown[]) =>
    createDocument(request, token, projectId, { type: 'model', name, content: { name, schema } });
  // TreeNode → its owner, a User → the user's Team → the team's Org: the Org is past the depth opened at once.
  const org = await model('Org', [row('domain', 'string')]);
  const team = await model('Team', [row('title', 'string'), row('org', 'object', { ref: org })]);
  const user = await model('User', [row('login', 'string'), row('team', 'object', { ref: team })]);
  const tree = await apiData<{ id: string; rev: number }>(request, 'put', '/api/project/document', token, {
    projectId,
    type: 'model',
    name: 'TreeNode',
    content: { name: 'TreeNode', schema: [] },
  });
  await apiData(request, 'post', '/api/project/document', token, {
    id: tree.id,
    rev: tree.rev,
    content: {
      name: 'TreeNode',
      schema: [
        row('label', 'string'),
        row('children', 'array[object]', { ref: tree.id }),
        row('parent', 'object', { ref: tree.id }),
        row('owner', 'object', { ref: user }),
      ],
    },
  });
  const records = Array.from({ length: 1_500 }, (_, i) => ({ id: i, name: `Record ${i}`, path: `/records/${i}`, note: 'x'.repeat(40) }));
  const big = JSON.stringify({ total: records.length, items: records });
  await createDocument(request, token, projectId, {
    type: 'api',
    name: 'List records',
    content: {
      method: 'GET',
      path: '/records',
      description: 'Every record',
      responses: [{ status: '200', body: [row('total', 'integer')], examples: [{ name: 'All', value: big }] }],
    },
  });

  await page.goto(`/project/${projectId}/${tree.id}`);
  const view = page.getByRole('article', { name: 'TreeNode' });
  const schema = view.getByRole('table', { name: '模型结构' });
  // children and parent are TreeNode itself: marked, not opened.
  await expect(schema.getByRole('row', { name: /^children / }).getByText('循环引用')).toBeVisible();
  await expect(schema.getByRole('row', { name: /^parent / }).getByText('循环引用')).toBeVisible();
  await expect(schema.getByRole('row', { name: /^title / })).toBeVisible();
  await expect(schema.getByRole('row', { name: /^domain / })).toHaveCount(0);
  await schema.getByRole('button', { name: '展开 org 的模型' }).click();
  await expect(schema.getByRole('row', { name: /^domain / })).toBeVisible();
  await expect(view.getByRole('region', { name: '模型示例' })).toContainText('"children": []');

  await page.getByRole('tree').getByText('List records', { exact: true }).click();
  const example = page.getByRole('article', { name: 'List records' }).getByRole('region', { name: '响应示例' });
  await expect(example).toContainText('"name": "Record 0"');
  await expect(example).not.toContainText('"name": "Record 1499"');
  await example.getByRole('button', { name: '显示全部' }).click();
  const whole = example.getByRole('textbox', { name: '响应示例 · All（全部）' });
  await expect(whole).toContainText('"total": 1500');
  // The viewer draws the lines on screen: its end is there once scrolled to.
  await example.locator('.cm-scroller').evaluate((scroller) => scroller.scrollTo(0, scroller.scrollHeight));
  await expect(whole).toContainText('"name": "Record 1499"');
});
