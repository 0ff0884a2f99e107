import { expect, test, type Page } from '@playwright/test';
import { addCardByApi, createGroupByApi, groupName, loginByApi, welcomeTitles } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';

const groupNav = (page: Page) => page.getByRole('navigation', { name: 'Group' });

/** Drags one item of the reorder list to the place of another with the mouse, in small steps as a hand would. */
async function dragWithMouse(page: Page, from: string, onto: string) {
  const items = page.getByTestId('card-order-item');
  // Centred, so the drag stays clear of the window edges where the library scrolls the page.
  await items.first().evaluate((item) => item.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const source = await items.filter({ hasText: from }).boundingBox();
  const target = await items.filter({ hasText: onto }).boundingBox();
  if (!source || !target) throw new Error('reorder list not shown');
  const x = source.x + 20;
  let y = source.y + source.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // Past the library's click threshold first, then towards the target a frame at a time.
  const goal = target.y + target.height / 2 + (target.y < source.y ? -4 : 4);
  const step = goal > y ? 8 : -8;
  while (Math.abs(goal - y) > 8) {
    y += step;
    await page.mouse.move(x, y);
    await page.waitForTimeout(16);
  }
  await page.mouse.move(x, goal);
  await page.waitForTimeout(200);
  await page.mouse.up();
}

test('a Civilization group: privacy, inline card order, search, join, notifications and leave', async ({ browser, page, request }) => {
  test.slow();
  const owner = await registerByApi(request);
  const player = await registerByApi(request);
  const token = await loginByApi(request, owner.email, owner.password);
  const name = groupName('Civ');
  const group = await createGroupByApi(request, token, { groupName: name, gameName: 'Civilization 6' });
  await addCardByApi(request, token, group._id, 'House Rules', 'No early rushes.');
  await addCardByApi(request, token, group._id, 'Maps');

  await loginThroughForm(page, owner.email, owner.password);
  await page.goto(`/civGroup/groupSettings?groupID=${group._id}`);
  // Civilization groups stack Members, Game Settings, Seasons, Draft presets, Settings and Cards.
  const headings = page.getByRole('heading', { level: 3 });
  await expect(headings).toHaveText(['Members', 'Game Settings', 'Seasons', 'Draft presets', 'Settings', 'Cards']);

  // Privacy through the 'Edit Group Settings' dialog.
  await expect(page.getByTestId('group-privacy')).toHaveText('Private Group');
  await page.getByRole('button', { name: 'Edit Group Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Edit Group Settings' });
  await expect(settings.getByLabel('Private Group')).toBeChecked();
  await settings.getByLabel('Private Group').uncheck();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByTestId('group-privacy')).toHaveText('Public Group');

  // Edit Order in place: Cancel keeps the order, a mouse drag and Save changes it.
  await page.getByRole('button', { name: 'Edit Order' }).click();
  await dragWithMouse(page, 'Maps', 'Welcome');
  await expect(page.getByTestId('card-order-item')).toHaveText([/Maps/, /Welcome/, /House Rules/]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Edit Order' }).click();
  await expect(page.getByTestId('card-order-item')).toHaveText([/Welcome/, /House Rules/, /Maps/]);
  await dragWithMouse(page, 'Maps', 'Welcome');
  await expect(page.getByTestId('card-order-item')).toHaveText([/Maps/, /Welcome/, /House Rules/]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully card order')).toBeVisible();
  await groupNav(page).getByRole('link', { name: 'Welcome' }).click();
  await expect.poll(() => welcomeTitles(page)).toEqual(['Maps', 'Welcome', 'House Rules']);

  // Another player finds the now public group on /search and joins it from its Welcome page.
  const context = await browser.newContext();
  const playerPage = await context.newPage();
  await loginThroughForm(playerPage, player.email, player.password);
  await playerPage.getByRole('link', { name: 'Search' }).click();
  await playerPage.getByLabel('Game').selectOption('Civilization 6');
  const row = playerPage.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('cell')).toHaveText([name, 'Civilization 6', '1']);
  await playerPage.getByLabel('Game').selectOption('Dota 2');
  await expect(playerPage.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await playerPage.getByLabel('Game').selectOption('Civilization 6');
  await row.getByRole('link', { name }).click();
  await expect(playerPage).toHaveURL(new RegExp(`/civGroup/welcome\\?groupID=${group._id}$`));
  await expect(groupNav(playerPage).getByRole('link')).toHaveText(['Welcome']);
  await playerPage.getByRole('button', { name: 'Join Group' }).click();
  await expect(groupNav(playerPage).getByRole('link')).toHaveText([
    'Welcome',
    'Members',
    'Games',
    'Rankings',
    'Events',
    'Preferences',
    'User Settings',
  ]);

  // Event notifications are saved and kept.
  await groupNav(playerPage).getByRole('link', { name: 'User Settings' }).click();
  const notifications = playerPage.getByLabel('Event Notifications');
  await expect(notifications).toBeChecked();
  await notifications.uncheck();
  await expect(playerPage.getByText('Event notifications are off')).toBeVisible();
  await playerPage.reload();
  await expect(playerPage.getByLabel('Event Notifications')).not.toBeChecked();

  // A member leaves and is back on the dashboard, without the group.
  await playerPage.getByRole('button', { name: 'Leave Group' }).click();
  await playerPage.getByRole('dialog', { name: 'Leave Group' }).getByRole('button', { name: 'Leave' }).click();
  await expect(playerPage).toHaveURL(/\/dashboard$/);
  await expect(playerPage.getByText('You are not in any group yet.')).toBeVisible();
  await context.close();
});

test('a Dota 2 group has the clan pages under /dotaGroup', async ({ page, request }) => {
  const owner = await registerByApi(request);
  await loginThroughForm(page, owner.email, owner.password);
  await page.getByRole('button', { name: 'Add group' }).click();
  const create = page.getByRole('dialog', { name: 'Create New group' });
  const name = groupName('Dota');
  await create.getByLabel('Group Name').fill(name);
  await create.getByLabel('Game').selectOption('Dota 2');
  await create.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/dotaGroup\/welcome\?groupID=/);
  // The new group opens at once with its invite link at hand; the dashboard card leads back to it.
  await expect(page.getByRole('region', { name: 'Invite members' })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: name }).locator('img')).toHaveAttribute('src', '/games/dota2.svg');
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/dotaGroup\/welcome\?groupID=/);
  await expect(groupNav(page).getByRole('link')).toHaveText(['Welcome', 'Events', 'User Settings', 'Group Settings']);

  await groupNav(page).getByRole('link', { name: 'Group Settings' }).click();
  await expect(page).toHaveURL(/\/dotaGroup\/groupSettings\?groupID=/);
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Settings', 'Members', 'Cards']);
  await expect(page.getByRole('columnheader')).toContainText(['Member', 'Rank', 'Title']);
  await groupNav(page).getByRole('link', { name: 'User Settings' }).click();
  await expect(page.getByRole('heading', { name: 'User', exact: true })).toBeVisible();
  await expect(page.getByLabel('Event Notifications')).toBeChecked();
});

test('group pages send unparsable, unknown and hidden groups to /', async ({ page, request }) => {
  const owner = await registerByApi(request);
  const outsider = await registerByApi(request);
  const group = await createGroupByApi(request, await loginByApi(request, owner.email, owner.password), {
    groupName: groupName('Hidden'),
    gameName: 'RuneScape',
  });
  await loginThroughForm(page, outsider.email, outsider.password);
  for (const path of [
    '/runeScapeClan/welcome',
    '/runeScapeClan/welcome?groupID=%3Cx%3E',
    '/civGroup/groupSettings?groupID=00000000-0000-7000-8000-000000000000',
    `/runeScapeClan/welcome?groupID=${group._id}`,
  ]) {
    await page.goto('/search');
    await page.goto(path);
    // / sends a signed-in user on to /dashboard.
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});
