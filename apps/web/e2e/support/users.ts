import { expect, type APIRequestContext, type Page } from '@playwright/test';

let counter = 0;
/** Unique credentials per test, so specs can run in parallel on one server. */
export function newCredentials(prefix = 'player') {
  counter += 1;
  const tag = `${Date.now().toString(36)}${process.pid}${counter}`;
  const username = `${prefix}${tag}`;
  return { username, email: `${username}@example.com`, password: 'first password 1' };
}

export async function registerByApi(request: APIRequestContext, creds = newCredentials()) {
  const res = await request.post('/api/users/register', {
    data: { username: creds.username, email: creds.email, password: creds.password, password2: creds.password },
  });
  expect(res.status()).toBe(200);
  return { ...creds, ...((await res.json()) as { id: string }) };
}

export async function loginThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
