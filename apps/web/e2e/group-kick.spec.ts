import { expect, test } from '@playwright/test';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

const invitePath = (inviteURL: string) => inviteURL.replace(/^https?:\/\/[^/]+/, '');

test('Kick asks first, naming the member; "Kick and replace the invite link" leaves the kicked member with a dead link', async ({
  browser,
  request,
}) => {
  // Two members in two browsers, with axe at two widths.
  test.slow();
  const owner = await registerByApi(request);
  const friend = await registerByApi(request);
  const name = groupName('Kick');
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const group = await createGroupByApi(request, ownerToken, { groupName: name, gameName: 'Old School RuneScape' });
  await joinByApi(request, await loginByApi(request, friend.email, friend.password), friend.id, group);

  const ownerContext = await browser.newContext();
  const page = await ownerContext.newPage();
  await loginThroughForm(page, owner.email, owner.password);
  await page.goto(`/runeScapeClan/groupSettings?groupID=${group._id}`);
  await page.getByRole('button', { name: 'Edit Members' }).click();
  await page
    .getByRole('dialog', { name: 'Edit Members' })
    .getByRole('button', { name: `Kick ${friend.username}` })
    .click();

  // Nothing happens until the owner answers; Cancel goes back to the members.
  const confirm = page.getByRole('dialog', { name: `Kick ${friend.username}?` });
  await expect(confirm.getByRole('button', { name: 'Kick', exact: true })).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Kick and replace the invite link' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('kick-dialog-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('kick-dialog-390.png') });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  const members = page.getByRole('dialog', { name: 'Edit Members' });
  await expect(members.getByLabel(`Role of ${friend.username}`)).toBeVisible();

  // Kick and replace the invite link, with the keyboard.
  await members.getByRole('button', { name: `Kick ${friend.username}` }).click();
  await confirm.getByRole('button', { name: 'Kick and replace the invite link' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Kicked ${friend.username} from the group and replaced the invite link`)).toBeVisible();
  await expect(members.getByLabel(`Role of ${friend.username}`)).toHaveCount(0);
  await members.getByRole('button', { name: 'Close', exact: true }).last().click();
  const shownLink = await page.getByLabel('Invite Link').inputValue();
  expect(shownLink).toContain(`groupID=${group._id}`);
  expect(shownLink).not.toBe(group.inviteURL);

  // The kicked member's old link no longer lets them back in.
  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  await loginThroughForm(friendPage, friend.email, friend.password);
  await friendPage.goto(invitePath(group.inviteURL));
  await expect(friendPage.getByText('This invite link is not valid. Ask the group for a new one.')).toBeVisible();
  await expect(friendPage.getByRole('button', { name: 'Accept Invite' })).toHaveCount(0);
  const rejoin = await request.post('/api/groups/joinGroup', {
    headers: { authorization: await loginByApi(request, friend.email, friend.password) },
    data: { groupID: group._id, userID: friend.id, inviteLink: group.inviteLink },
  });
  expect(rejoin.status()).toBe(404);

  await ownerContext.close();
  await friendContext.close();
});
