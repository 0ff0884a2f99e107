import { expect, test, type Page } from '@playwright/test';
import { registerByApi } from './support/users';

// The login page is in the HTML before the app's code arrives. A visitor who types and presses
// Login before then is signed in once the code has arrived, not sent back to an empty form.

/** Holds back the app's scripts (not the small first-page script that shows the prerendered page) until the returned function is called. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const codeHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!first-page-).*\.js$/, async (route) => {
    await codeHeld;
    await route.continue();
  });
  return release;
}

test('a login typed and submitted before the app has loaded goes through once it has', async ({ page, request }) => {
  const user = await registerByApi(request);
  const release = await holdAppCode(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // The page did not reload into an empty form.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an email typed before the app has loaded is kept when the password is typed after', async ({ page, request }) => {
  const user = await registerByApi(request);
  const release = await holdAppCode(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(user.email);
  release();
  // React has taken the form over.
  await page.waitForFunction(() => {
    const form = document.querySelector('#root form');
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps$'));
  });
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
