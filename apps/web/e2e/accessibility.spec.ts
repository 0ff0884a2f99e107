import { expect, test } from '@playwright/test';
import { loginThroughForm, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

const publicPages = [
  '/',
  '/login',
  '/register',
  '/resetPassword',
  '/changePassword?userID=a&token=b',
  '/contact',
  '/releaseNotes',
  '/faq',
  '/support',
  '/upcoming',
];

for (const path of publicPages) {
  test(`axe finds nothing serious on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe finds nothing serious on the signed-in pages', async ({ page, request }) => {
  const user = await registerByApi(request);
  await loginThroughForm(page, user.email, user.password);
  for (const path of ['/dashboard', '/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
