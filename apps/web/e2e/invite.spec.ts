import { expect, test } from '@playwright/test';
import { createGroupByApi, groupName, loginByApi } from './support/groups';
import { loginThroughForm, newCredentials, registerByApi } from './support/users';

const invitePath = (inviteURL: string) => inviteURL.replace(/^https?:\/\/[^/]+/, '');

test('a visitor registers and logs in from the invite and is in the group', async ({ page, request }) => {
  const owner = await registerByApi(request);
  const name = groupName('Invite');
  const group = await createGroupByApi(request, await loginByApi(request, owner.email, owner.password), {
    groupName: name,
    gameName: 'Civilization 5',
  });
  const visitor = newCredentials('visitor');

  await page.goto(invitePath(group.inviteURL));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('cell', { name: new RegExp(owner.username) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();

  await page.getByRole('button', { name: 'Register' }).click();
  const register = page.getByRole('dialog', { name: 'Register' });
  await register.getByLabel('Username').fill(visitor.username);
  await register.getByLabel('Email').fill(visitor.email);
  await register.getByLabel('Password', { exact: true }).fill(visitor.password);
  await register.getByLabel('Confirm Password').fill('something else');
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(register.getByText('Passwords must match')).toBeVisible();
  await register.getByLabel('Confirm Password').fill(visitor.password);
  await register.getByRole('button', { name: 'Register' }).click();

  // A successful register leads to the login dialog, still on the invite.
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login.getByText('Registration successful. Log in and the invite is accepted.')).toBeVisible();
  await expect(page).toHaveURL(/\/invite\?/);
  await expect(login.getByLabel('Email')).toHaveValue(visitor.email);
  await login.getByLabel('Password').fill('wrong password');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(login.getByText('Password incorrect')).toBeVisible();
  await login.getByLabel('Password').fill(visitor.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(login).toBeHidden();
  await expect(page.getByRole('link', { name: 'SMM' })).toBeVisible();

  // Logged in from the invite: it is accepted without pressing Accept Invite again.
  await expect(page).toHaveURL(new RegExp(`/civGroup/welcome\\?groupID=${group._id}$`));
  await expect(page.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'User Settings' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name })).toBeVisible();
});

test('a new invite link replaces the old one; copying can fail', async ({ page, request }) => {
  const owner = await registerByApi(request);
  const name = groupName('Relink');
  const group = await createGroupByApi(request, await loginByApi(request, owner.email, owner.password), {
    groupName: name,
    gameName: 'RuneScape',
  });
  // A browser that refuses clipboard access.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
  });
  await loginThroughForm(page, owner.email, owner.password);
  await page.goto(`/runeScapeClan/groupSettings?groupID=${group._id}`);
  const link = page.getByLabel('Invite Link');
  await expect(link).toHaveValue(group.inviteURL);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Error', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'New Invite Link' }).click();
  await expect(link).not.toHaveValue(group.inviteURL);
  const newURL = await link.inputValue();

  const visitor = await page.context().browser()!.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(invitePath(group.inviteURL));
  await expect(visitorPage.getByText('This invite link is not valid. Ask the group for a new one.')).toBeVisible();
  await expect(visitorPage.getByRole('button', { name: 'Accept Invite' })).toHaveCount(0);
  await visitorPage.goto(invitePath(newURL));
  await expect(visitorPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await visitor.close();
});
