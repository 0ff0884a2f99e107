import { expect, test } from '@playwright/test';
import { waitForMail } from './support/mail';
import { loginThroughForm, newCredentials, registerByApi } from './support/users';

test('landing -> register -> login -> dashboard -> profile -> change password -> logout -> login with the new password', async ({ page }) => {
  const creds = newCredentials();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Rankings' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel('Username').fill(creds.username);
  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByLabel('Confirm Password').fill(creds.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();

  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'SMM' })).toBeVisible();
  // The login page's notice does not follow the user in.
  await expect(page.getByText('Your account is ready. Please log in.')).toBeHidden();

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText(creds.username, { exact: true })).toBeVisible();
  await expect(page.getByText(creds.email, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current Password').fill('not my password');
  await dialog.getByLabel('New Password', { exact: true }).fill('second password 2');
  await dialog.getByLabel('Confirm New Password').fill('second password 2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
  await dialog.getByLabel('Current Password').fill(creds.password);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Successfully saved new password to SMM')).toBeVisible();
  // The success alert closes itself after 5 s.
  await expect(page.getByText('Successfully saved new password to SMM')).toBeHidden({ timeout: 8_000 });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();

  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Password incorrect')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('second password 2');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('reset flow: request -> link from the mail -> new password -> login', async ({ page, request }) => {
  const user = await registerByApi(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/resetPassword$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/a password reset link has been sent/)).toBeVisible();

  const mail = await waitForMail(user.email);
  const link = mail.text.match(/https?:\/\/\S+\/changePassword\?\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('New Password').fill('reset password 3');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('reset password 3');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once only.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto(link!);
  await page.getByLabel('New Password').fill('another password 4');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired')).toBeVisible();
});

test('register shows the server errors under each field', async ({ page, request }) => {
  const taken = await registerByApi(request);
  await page.goto('/register');
  await page.getByLabel('Username').fill(taken.username);
  await page.getByLabel('Email').fill(taken.email);
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm Password').fill('abd');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('abcdef1');
  await page.getByLabel('Confirm Password').fill('abcdef1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Email already exists')).toBeVisible();
  await expect(page.getByText('Username already exists')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('routing: private routes need a login, and logged-in users skip the guest pages', async ({ page, request }) => {
  for (const path of ['/dashboard', '/profile']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  const user = await registerByApi(request);
  await loginThroughForm(page, user.email, user.password);
  for (const path of ['/', '/login', '/register']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'FAQ' })).toBeVisible();
});

test('an expired stored token logs out at start and goes to /login', async ({ page }) => {
  const payload = Buffer.from(JSON.stringify({ id: 'x', username: 'old', email: 'old@example.com', steamID: null, exp: 1_000_000 })).toString('base64url');
  await page.goto('/faq');
  await page.evaluate((token) => localStorage.setItem('jwtToken', token), `Bearer e30.${payload}.sig`);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
});

test('contact form sends a message to the administrators', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('link', { name: 'Discord server' })).toBeVisible();
  await page.getByLabel('Your Email').fill('visitor@example.com');
  await page.getByLabel('Message Type').selectOption('Suggestion');
  await page.getByLabel('Subject').fill('Team drafts');
  await page.getByLabel('Message', { exact: true }).fill('Please add snake drafts.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Successfully sent message to SMM')).toBeVisible();
  const mail = await waitForMail('admin@localhost');
  expect(mail.subject).toBe('[Suggestion] Team drafts');
  expect(mail.text).toContain('Please add snake drafts.');
});

test('the Support dropdown links to every support page', async ({ page }) => {
  await page.goto('/');
  for (const [item, heading] of [
    ['Contact Us', 'Contact Us'],
    ['Release Notes', 'Release Notes'],
    ['FAQ', 'FAQ'],
    ['Support', 'Supported Games'],
    ['Upcoming', 'Upcoming'],
  ] as const) {
    await page.getByRole('button', { name: 'Support', exact: true }).click();
    await page.getByRole('link', { name: item, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('the bar collapses on a phone-sized screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  await expect(toggle).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Main' });
  await expect(bar.getByRole('link', { name: 'Login' })).toBeHidden();
  await toggle.click();
  await expect(bar.getByRole('link', { name: 'Login' })).toBeVisible();
});
