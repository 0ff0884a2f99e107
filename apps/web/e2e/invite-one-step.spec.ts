import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { createGroupByApi, groupName, loginByApi } from './support/groups';
import { newCredentials, registerByApi } from './support/users';

const invitePath = (inviteURL: string) => inviteURL.replace(/^https?:\/\/[^/]+/, '');

async function axeAtBothWidths(page: Page) {
  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page), `axe at ${size.width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function groupWithInvite(request: Parameters<typeof registerByApi>[0], prefix: string) {
  const owner = await registerByApi(request);
  const name = groupName(prefix);
  const group = await createGroupByApi(request, await loginByApi(request, owner.email, owner.password), {
    groupName: name,
    gameName: 'Civilization 6',
  });
  return { owner, name, group };
}

test('registering from an invite link: Login opens with the email filled, and logging in lands in the group without a second click', async ({
  page,
  request,
}) => {
  const { name, group } = await groupWithInvite(request, 'OneStep');
  const visitor = newCredentials('onestep');
  await page.goto(invitePath(group.inviteURL));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await axeAtBothWidths(page);

  await page.getByRole('button', { name: 'Register' }).click();
  const register = page.getByRole('dialog', { name: 'Register' });
  await register.getByLabel('Username').fill(visitor.username);
  await register.getByLabel('Email').fill(visitor.email);
  await register.getByLabel('Password', { exact: true }).fill(visitor.password);
  await register.getByLabel('Confirm Password').fill(visitor.password);
  await register.getByRole('button', { name: 'Register' }).click();

  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login.getByText('Registration successful. Log in and the invite is accepted.')).toBeVisible();
  await expect(login.getByLabel('Email')).toHaveValue(visitor.email);
  await axeAtBothWidths(page);
  await login.getByLabel('Password').fill(visitor.password);
  await login.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(new RegExp(`/civGroup/welcome\\?groupID=${group._id}$`));
  await expect(page.getByText(`You joined ${name}`)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'User Settings' })).toBeVisible();
  await axeAtBothWidths(page);
});

test('logging in from an invite link with Accept Invite joins in one step; a member logging in is told instead', async ({
  page,
  request,
}) => {
  const { name, group, owner } = await groupWithInvite(request, 'OneLogin');
  const visitor = await registerByApi(request, newCredentials('onelogin'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(invitePath(group.inviteURL));
  await page.getByRole('button', { name: 'Accept Invite' }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByLabel('Email').fill(visitor.email);
  await login.getByLabel('Password').fill(visitor.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`/civGroup/welcome\\?groupID=${group._id}$`));
  await expect(page.getByText(`You joined ${name}`)).toBeVisible();

  // The owner is a member already: logging in from the link says so and joins nothing.
  const other = await page.context().browser()!.newContext();
  const ownerPage = await other.newPage();
  await ownerPage.goto(invitePath(group.inviteURL));
  await ownerPage.getByRole('button', { name: 'Login' }).click();
  const ownerLogin = ownerPage.getByRole('dialog', { name: 'Login' });
  await ownerLogin.getByLabel('Email').fill(owner.email);
  await ownerLogin.getByLabel('Password').fill(owner.password);
  await ownerLogin.getByRole('button', { name: 'Login' }).click();
  await expect(ownerPage.getByText('You are already a member of this group!')).toBeVisible();
  await expect(ownerPage.getByRole('link', { name: 'Go to the group' })).toBeVisible();
  await expect(ownerPage).toHaveURL(/\/invite\?/);
  await other.close();
});
