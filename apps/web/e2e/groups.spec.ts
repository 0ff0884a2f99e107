import { expect, test, type Page } from '@playwright/test';
import { addCardByApi, groupName, loginByApi, welcomeTitles } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';

const groupNav = (page: Page) => page.getByRole('navigation', { name: 'Group' });

/** Moves a card of the reorder list with the keyboard: focus it, Space to lift, arrows, Space to drop. */
async function dragWithKeyboard(page: Page, title: string, steps: number) {
  const item = page.getByTestId('card-order-item').filter({ hasText: title });
  await item.focus();
  await page.keyboard.press('Space');
  // The library announces the lift; waiting for it keeps the key presses in step with its animation.
  await expect(page.getByText(/You have lifted an item/)).toBeAttached();
  for (let i = 0; i < steps; i += 1) {
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(250);
  }
  await page.keyboard.press('Space');
  await expect(page.getByText(/You have dropped the item/)).toBeAttached();
}

test('a clan from creation to deletion: invite, accept, promote, reorder cards, kick, owner cannot leave, delete', async ({
  browser,
  request,
}) => {
  // One journey through two browsers, with the spec's 5 s alert timing in it.
  test.slow();
  const owner = await registerByApi(request);
  const friend = await registerByApi(request);
  const name = groupName('Clan');

  const ownerContext = await browser.newContext();
  await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await ownerContext.newPage();
  await loginThroughForm(page, owner.email, owner.password);

  // Dashboard: empty, then the Create New group dialog with the server's errors under the fields.
  await expect(page.getByText('You are not in any group yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add group' }).click();
  const create = page.getByRole('dialog', { name: 'Create New group' });
  await expect(create.getByLabel('Private group')).toBeChecked();
  await create.getByRole('button', { name: 'Submit' }).click();
  await expect(create.getByText('Group name field is required')).toBeVisible();
  await expect(create.getByText('Game field is required')).toBeVisible();
  await create.getByLabel('Group Name').fill(name);
  await create.getByLabel('Game').selectOption('Old School RuneScape');
  await create.getByRole('button', { name: 'Submit' }).click();
  await expect(create).toBeHidden();
  // The new group opens at once with its invite link at hand; the dashboard card leads back to it.
  await expect(page.getByRole('region', { name: 'Invite members' })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();

  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('Old School RuneScape');
  await expect(card.locator('img')).toHaveAttribute('src', '/games/osrs.svg');
  await card.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/runeScapeClan\/welcome\?groupID=/);
  const groupID = new URL(page.url()).searchParams.get('groupID')!;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect.poll(() => welcomeTitles(page)).toEqual(['Welcome']);

  // Copy the invite link from Group Settings.
  await groupNav(page).getByRole('link', { name: 'Group Settings' }).click();
  await expect(page.getByTestId('group-privacy')).toHaveText('Private Group');
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied!')).toBeVisible();
  const inviteURL = await page.evaluate(() => navigator.clipboard.readText());
  expect(inviteURL).toMatch(new RegExp(`/invite\\?groupID=${groupID}&inviteLink=\\w+`));
  // 'Copied!' shows for 5 s.
  await expect(page.getByText('Copied!')).toBeHidden({ timeout: 8_000 });

  // The friend opens the link logged out: Accept Invite asks for a login first, then accepts.
  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  await friendPage.goto(inviteURL);
  await expect(friendPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(friendPage.getByRole('cell', { name: owner.username })).toBeVisible();
  await friendPage.getByRole('button', { name: 'Accept Invite' }).click();
  const login = friendPage.getByRole('dialog', { name: 'Login' });
  await login.getByLabel('Email').fill(friend.email);
  await login.getByLabel('Password').fill(friend.password);
  await login.getByRole('button', { name: 'Login' }).click();
  // Logging in from the invite accepts it: one step, straight into the group.
  await expect(login).toBeHidden();
  await expect(friendPage).toHaveURL(new RegExp(`/runeScapeClan/welcome\\?groupID=${groupID}$`));

  // A Member sees Welcome and User Settings, not Group Settings, and cannot open it by URL.
  await expect(groupNav(friendPage).getByRole('link', { name: 'Welcome' })).toBeVisible();
  await expect(groupNav(friendPage).getByRole('link', { name: 'User Settings' })).toBeVisible();
  await expect(groupNav(friendPage).getByRole('link', { name: 'Group Settings' })).toHaveCount(0);
  await friendPage.goto(`/runeScapeClan/groupSettings?groupID=${groupID}`);
  await expect(friendPage).toHaveURL(/\/runeScapeClan\/welcome\?/);

  // Back on the invite, the member gets the spec's alert and no Accept Invite.
  await friendPage.goto(inviteURL);
  await expect(friendPage.getByText('You are already a member of this group!')).toBeVisible();
  await expect(friendPage.getByRole('button', { name: 'Accept Invite' })).toHaveCount(0);

  // The owner promotes the friend; the owner's own row cannot be changed or kicked.
  await page.reload();
  await page.getByRole('button', { name: 'Edit Members' }).click();
  const members = page.getByRole('dialog', { name: 'Edit Members' });
  await expect(members.getByLabel(`Role of ${owner.username}`)).toBeDisabled();
  await expect(members.getByRole('button', { name: `Kick ${owner.username}` })).toHaveCount(0);
  await members.getByLabel(`Role of ${friend.username}`).selectOption('Administrator');
  await expect(page.getByText(`${friend.username} is now an Administrator`)).toBeVisible();
  await expect(members.getByLabel(`Role of ${friend.username}`)).toHaveValue('Administrator');
  await members.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(page.getByRole('row', { name: new RegExp(`${friend.username}\\s+Administrator`) })).toBeVisible();

  await friendPage.goto(`/runeScapeClan/welcome?groupID=${groupID}`);
  await expect(groupNav(friendPage).getByRole('link', { name: 'Group Settings' })).toBeVisible();

  // Cards: add two, reorder by dragging, Save, reload: the order is kept.
  const token = await loginByApi(request, owner.email, owner.password);
  await addCardByApi(request, token, groupID, 'Rules', 'Be kind.\nShow up on time.');
  await page.reload();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const cardForm = page.getByRole('dialog', { name: 'Add Card' });
  await expect(cardForm.getByLabel('Body')).toHaveAttribute('rows', '20');
  await cardForm.getByLabel('Title').fill('Schedule');
  await cardForm.getByLabel('Body').fill('Raids on Friday\nSkilling on Sunday');
  await cardForm.getByRole('button', { name: 'Save' }).click();
  await expect(cardForm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit card Schedule' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Card Order' }).click();
  const order = page.getByRole('dialog', { name: 'Edit Card Order' });
  await dragWithKeyboard(page, 'Welcome', 2);
  await expect(order.getByTestId('card-order-item')).toHaveText([/Rules/, /Schedule/, /Welcome/]);
  await order.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully card order')).toBeVisible();
  await expect(order).toBeHidden();

  await page.goto(`/runeScapeClan/welcome?groupID=${groupID}`);
  await expect.poll(() => welcomeTitles(page)).toEqual(['Rules', 'Schedule', 'Welcome']);
  await page.reload();
  await expect.poll(() => welcomeTitles(page)).toEqual(['Rules', 'Schedule', 'Welcome']);
  // Bodies keep their line breaks.
  const rules = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Rules' }) });
  await expect(rules.locator('p')).toHaveText(['Be kind.', 'Show up on time.']);

  // Delete a card through its confirmation.
  await groupNav(page).getByRole('link', { name: 'Group Settings' }).click();
  await page.getByRole('button', { name: 'Edit card Schedule' }).click();
  await page.getByRole('dialog', { name: 'Edit Card' }).getByRole('button', { name: 'Delete' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete Card' });
  await expect(confirmDelete).toContainText('Are you sure you wish to permanently delete this card?');
  await confirmDelete.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Successfully removed card')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit card Schedule' })).toHaveCount(0);

  // The owner kicks the friend, who then cannot see the private group any more.
  await page.getByRole('button', { name: 'Edit Members' }).click();
  await members.getByRole('button', { name: `Kick ${friend.username}` }).click();
  await page
    .getByRole('dialog', { name: `Kick ${friend.username}?` })
    .getByRole('button', { name: 'Kick', exact: true })
    .click();
  await expect(members.getByLabel(`Role of ${friend.username}`)).toHaveCount(0);
  await members.getByRole('button', { name: 'Close', exact: true }).last().click();
  await friendPage.goto(`/runeScapeClan/welcome?groupID=${groupID}`);
  await expect(friendPage).toHaveURL(/\/dashboard$/);

  // The owner cannot leave: no Leave button, the spec's words and where to delete instead.
  await groupNav(page).getByRole('link', { name: 'User Settings' }).click();
  await expect(page.getByText('Group creators/owners cannot leave, they may only delete')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave Group' })).toHaveCount(0);

  // Delete, after typing the group's name: back to an empty dashboard.
  await groupNav(page).getByRole('link', { name: 'Group Settings' }).click();
  await page.getByRole('button', { name: 'Delete Group' }).click();
  const deleteGroup = page.getByRole('dialog', { name: 'Delete Group' });
  await expect(deleteGroup).toContainText('Are you sure you wish to permanently delete this group?');
  await expect(deleteGroup.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await deleteGroup.getByRole('textbox').fill(name);
  await deleteGroup.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('You are not in any group yet.')).toBeVisible();

  await ownerContext.close();
  await friendContext.close();
});
