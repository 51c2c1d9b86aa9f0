/**
 * The project setting 序号样式 (issue 23): an editor picks a style on the settings page, with a live preview, and
 * the document tree and the open document's heading show the labels; a viewer sees the setting and cannot change it.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiData, createDocument, createProject, newPerson, withSession } from './support';

async function member(request: APIRequestContext, ownerToken: string, projectId: string, role: 'edit' | 'view', nickname: string) {
  const invitation = await apiData<{ code: string }>(request, 'put', `/api/project/invitation/${projectId}/${role}`, ownerToken);
  const person = await newPerson(request, nickname);
  await apiData(request, 'post', `/api/project/invitation/join/${invitation.code}`, person.token);
  return person;
}

test('an editor numbers the project 1 / 1.1 in its settings, and the tree and the document show the labels', async ({ page, request }) => {
  const owner = await newPerson(request, 'Owner');
  const projectId = await createProject(request, owner.token, { name: 'Numbered' });
  // A new document goes first among its siblings: made last, the folder is the first.
  await createDocument(request, owner.token, projectId, { type: 'doc', name: '错误码说明' });
  const folder = await createDocument(request, owner.token, projectId, { type: 'folder', name: '用户接口' });
  const signInDoc = await createDocument(request, owner.token, projectId, { parentId: folder, type: 'doc', name: '登录说明' });
  const editor = await member(request, owner.token, projectId, 'edit', 'Editor');

  await withSession(page.context(), editor);
  await page.goto(`/dashboard/project/${projectId}/style`);
  const choices = page.getByRole('radiogroup', { name: '编号方式' });
  await expect(choices.getByRole('radio', { name: '不编号' })).toBeChecked();
  const preview = page.getByRole('region', { name: '预览' });
  await expect(preview.getByText('用户接口', { exact: true })).toBeVisible();
  const save = page.getByRole('button', { name: '保存序号样式' });
  await expect(save).toBeDisabled();

  await choices.getByText('1 / 1.1 / 1.1.1').click();
  // The preview follows the choice before anything is saved.
  await expect(preview.getByText('1.2.1 短信验证')).toBeVisible();
  await choices.getByText('一、 /（一）/ 1.').click();
  await expect(preview.getByText('（二） 注册')).toBeVisible();
  await choices.getByText('1 / 1.1 / 1.1.1').click();
  await save.click();
  await expect(page.getByText('已保存')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.goto(`/project/${projectId}/${signInDoc}`);
  const tree = page.getByRole('tree');
  await expect(tree.getByRole('treeitem', { name: '1 用户接口' })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: '1.1 登录说明' })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: '2 错误码说明' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '1.1 登录说明' })).toBeVisible();
});

test('a viewer sees the numbering style and cannot change it', async ({ page, request }) => {
  const owner = await newPerson(request, 'Owner');
  const projectId = await createProject(request, owner.token, { name: 'Read only' });
  const project = await apiData<{ rev: number }>(request, 'get', `/api/project/${projectId}`, owner.token);
  await apiData(request, 'post', '/api/project', owner.token, { id: projectId, rev: project.rev, serialStyle: 'chinese' });
  await createDocument(request, owner.token, projectId, { type: 'doc', name: '概述' });
  const viewer = await member(request, owner.token, projectId, 'view', 'Viewer');

  await withSession(page.context(), viewer);
  await page.goto(`/dashboard/project/${projectId}/style`);
  await expect(page.getByText('只有可编辑成员可以修改序号样式。')).toBeVisible();
  const choices = page.getByRole('radiogroup', { name: '编号方式' });
  await expect(choices.getByRole('radio', { name: '一、 /（一）/ 1.' })).toBeChecked();
  await expect(choices.getByRole('radio', { name: '1 / 1.1 / 1.1.1' })).toBeDisabled();
  await expect(page.getByRole('button', { name: '保存序号样式' })).toHaveCount(0);

  await page.goto(`/project/${projectId}`);
  await expect(page.getByRole('tree').getByRole('treeitem', { name: '一、 概述' })).toBeVisible();
});
