/** Leaving the product on /dashboard/profile/quit (issue 25): refused while a team others use is the person's; otherwise gone. */
import { expect, test } from '@playwright/test';
import { apiData, createProject, newPerson, PASSWORD, signIn, watchConsole, withSession } from './support';

test('a person whose team has another member sees the refusal with a link to hand the team over', async ({ page, request }) => {
  const owner = await newPerson(request, 'Owner');
  const dev = await newPerson(request, 'Dev');
  const team = await apiData<{ id: string }>(request, 'put', '/api/team', owner.token, { name: 'Platform', description: '' });
  const { code } = await apiData<{ code: string }>(request, 'post', `/api/team/invitation/${team.id}`, owner.token);
  await apiData(request, 'post', `/api/team/join/${code}`, dev.token);

  await withSession(page.context(), owner);
  await page.goto('/dashboard/profile/quit');
  await expect(page.getByRole('heading', { name: '注销账号' })).toBeVisible();
  const blockers = page.getByRole('list', { name: '你还拥有他人在用的团队或项目，请先转让或解散后再注销：' });
  await expect(blockers.getByRole('listitem')).toHaveText(['团队“Platform” 去转让团队']);
  await expect(page.getByRole('button', { name: '永久注销账号' })).toHaveCount(0);
  await blockers.getByRole('link', { name: '去转让团队' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/team/${team.id}/setting/transfer$`));

  // In English: the same refusal.
  await page.goto('/');
  await page.getByLabel('语言').getByText('English').click();
  await page.goto('/dashboard/profile/quit');
  await expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'You still own a team or projects that others use: hand them over or disband them first:' })
      .getByRole('listitem'),
  ).toHaveText(['Team "Platform" Hand over the team']);
});

test('a person with only personal projects types the phrase, quits, lands on sign-in and cannot sign in again', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  const person = await newPerson(request, 'Leaver');
  await createProject(request, person.token, { name: 'Notes' });
  await withSession(page.context(), person);
  // A read the page sent before the quit reaches the server after it (a slow network, a busy machine) and is
  // answered "not signed in" before the quit's own answer: that is the end the person asked for, not a lost session
  // to send them to sign-in for (which reloaded the page at /login?f=… and lost the notice). Held here to make it so.
  let releaseRead!: () => void;
  const readHeld = new Promise<void>((resolve) => (releaseRead = resolve));
  let held = false;
  await page.route('**/api/user/detail', async (route) => {
    if (held) return route.continue();
    held = true;
    await readHeld;
    await route.continue();
  });
  await page.route('**/api/user/quit', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const answer = await route.fetch();
    const refused = page.waitForResponse('**/api/user/detail');
    releaseRead();
    await refused;
    await route.fulfill({ response: answer });
  });
  await page.goto('/dashboard/profile/quit');

  await expect(page.getByText('只有你在用的个人项目（含其中的文档和文件），以及只有你一人的团队')).toBeVisible();
  const button = page.getByRole('button', { name: '永久注销账号' });
  const phrase = page.getByLabel('请输入“注销我的账号”以确认');
  await expect(button).toBeDisabled();
  await phrase.fill('注销我的');
  await page.getByLabel('当前密码').fill(PASSWORD);
  await expect(button).toBeDisabled();
  await phrase.fill('注销我的账号');
  await expect(button).toBeEnabled();
  await button.click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('账号已注销')).toBeVisible();
  await signIn(page, person.account);
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The old session is refused too.
  const old = await request.get('/api/user/detail', { headers: { token: person.token } });
  expect(((await old.json()) as { code: number }).code).toBe(41001);
  expect(problems).toEqual([]);
});
