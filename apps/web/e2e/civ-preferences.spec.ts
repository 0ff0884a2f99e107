import { expect, test, type Locator, type Page } from '@playwright/test';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

/** Nothing sticks out sideways: the page never needs a horizontal scroll. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Clicks a checkbox that saves at once and waits for the server's answer. */
async function toggleAndWait(page: Page, box: Locator, path: string) {
  const answered = page.waitForResponse((res) => res.url().includes(path) && res.request().method() === 'POST');
  await box.click();
  expect((await answered).status()).toBe(200);
}

const leaderBans = (page: Page) => page.getByRole('region', { name: /^Leader Bans/ });

/** The leader checkboxes that are neither checked nor enabled, and how many there are in all. */
async function leaderBoxStates(page: Page) {
  return leaderBans(page)
    .getByRole('checkbox')
    .evaluateAll((boxes) => {
      const inputs = boxes as HTMLInputElement[];
      return {
        total: inputs.length,
        checked: inputs.filter((b) => b.checked).map((b) => b.labels?.[0]?.textContent),
        uncheckedEnabled: inputs.filter((b) => !b.checked && !b.disabled).length,
      };
    });
}

test('an owner locks game settings and lowers the ban limit; a member sets preferences that stay after a reload', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  const owner = await registerByApi(request);
  const member = await registerByApi(request);
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const memberToken = await loginByApi(request, member.email, member.password);
  const group = await createGroupByApi(request, ownerToken, { groupName: groupName('Civ Prefs'), gameName: 'Civilization 6' });
  await joinByApi(request, memberToken, member.id, group);

  // The owner: Group Settings shows the Game Settings panel between Members and Settings.
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginThroughForm(page, owner.email, owner.password);
  await page.goto(`/civGroup/groupSettings?groupID=${group._id}`);
  await expect(page.getByRole('heading', { level: 3 })).toHaveText([
    'Members',
    'Game Settings',
    'Seasons',
    'Draft presets',
    'Settings',
    'Cards',
  ]);
  await expect(page.getByText('Time zone: UTC')).toBeVisible();
  await expect(page.getByText('Max leader bans: 5')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Edit Game Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Game Settings' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // A static backdrop: Escape does not close it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Max Leader Bans').selectOption('2');
  const speed = dialog.getByRole('group', { name: 'Game Speed', exact: true });
  await speed.getByLabel('Members choose').uncheck();
  await speed.getByLabel('Locked value').selectOption('Quick');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully saved game setting.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Max leader bans: 2')).toBeVisible();
  await expect(page.locator('dt', { hasText: /^Game Speed$/ }).locator('+ dd')).toHaveText('Locked: Quick');

  // The member: Preferences.
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const memberPage = await memberContext.newPage();
  await loginThroughForm(memberPage, member.email, member.password);
  await memberPage.goto(`/civGroup/preferences?groupID=${group._id}`);
  await expect(memberPage.getByRole('heading', { level: 3 })).toHaveText([
    'User Leader Agenda',
    'Game Settings',
    'Map Types',
    'DLC you own',
    'Leader Bans (Max: 2)',
  ]);
  expect(await seriousViolations(memberPage)).toEqual([]);

  // Two bans use up the limit: every other leader is disabled.
  await toggleAndWait(memberPage, leaderBans(memberPage).getByLabel('Gitarja (Indonesia)'), 'postCivLeaderBanPreference');
  await expect(memberPage.getByText('Successfully saved leader ban choice').first()).toBeVisible();
  await toggleAndWait(memberPage, leaderBans(memberPage).getByLabel('Trajan (Rome)'), 'postCivLeaderBanPreference');
  await expect(leaderBans(memberPage).getByLabel('Trajan (Rome)')).toBeChecked();
  await expect(leaderBans(memberPage).getByLabel('Gorgo (Greece)')).toBeDisabled();
  const afterBans = await leaderBoxStates(memberPage);
  expect(afterBans.total).toBeGreaterThan(50);
  expect(afterBans.checked.sort()).toEqual(['Gitarja (Indonesia)', 'Trajan (Rome)']);
  expect(afterBans.uncheckedEnabled).toBe(0);

  // The locked Game Speed shows the group's value and cannot be changed.
  const gameSpeed = memberPage.getByRole('combobox', { name: 'Game Speed' });
  await expect(gameSpeed).toBeDisabled();
  await expect(gameSpeed).toHaveValue('Quick');
  // One the group lets members choose is saved at once.
  await memberPage.getByRole('combobox', { name: 'Map Size' }).selectOption('Small');
  await expect(memberPage.getByText('Successfully saved game setting preference.')).toBeVisible();

  // Like the bans: the box shows the click once the write is queued (a tick later), so the test waits for its answer.
  await toggleAndWait(memberPage, memberPage.getByLabel('Earth (6+ players)'), 'postCivMapPreference');
  await expect(memberPage.getByLabel('Earth (6+ players)')).toBeChecked();
  await expect(memberPage.getByText('Successfully saved map choice')).toBeVisible();

  await memberPage.getByRole('textbox', { name: 'Leader Agenda' }).fill('Wonders first, war never.');
  await memberPage.getByRole('button', { name: 'Save' }).click();
  await expect(memberPage.getByText('Successfully saved leader agenda')).toBeVisible();

  // Everything is still there after a reload.
  await memberPage.reload();
  await expect(memberPage.getByRole('heading', { name: 'Leader Bans (Max: 2)' })).toBeVisible();
  await expect(memberPage.getByRole('textbox', { name: 'Leader Agenda' })).toHaveValue('Wonders first, war never.');
  await expect(memberPage.getByLabel('Earth (6+ players)')).toBeChecked();
  await expect(memberPage.getByRole('combobox', { name: 'Map Size' })).toHaveValue('Small');
  await expect(memberPage.getByRole('combobox', { name: 'Game Speed' })).toHaveValue('Quick');
  await expect(memberPage.getByRole('combobox', { name: 'Game Speed' })).toBeDisabled();
  const afterReload = await leaderBoxStates(memberPage);
  expect(afterReload.checked.sort()).toEqual(['Gitarja (Indonesia)', 'Trajan (Rome)']);
  expect(afterReload.uncheckedEnabled).toBe(0);

  // The search box narrows the list.
  await leaderBans(memberPage).getByLabel('Search leaders').fill('indonesia');
  await expect(leaderBans(memberPage).getByRole('checkbox')).toHaveCount(1);
  await expect(leaderBans(memberPage).getByLabel('Gitarja (Indonesia)')).toBeChecked();
  await leaderBans(memberPage).getByLabel('Search leaders').fill('');

  // On a phone (390 px): the same pages and the dialog, with nothing serious for axe and no sideways scroll.
  await memberPage.setViewportSize({ width: 390, height: 844 });
  await expect(leaderBans(memberPage).getByLabel('Gitarja (Indonesia)')).toBeVisible();
  await expectNoSidewaysScroll(memberPage);
  expect(await seriousViolations(memberPage)).toEqual([]);
  await leaderBans(memberPage).getByLabel('Gitarja (Indonesia)').scrollIntoViewIfNeeded();
  await expect(leaderBans(memberPage).getByLabel('Gitarja (Indonesia)')).toBeInViewport();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText('Max leader bans: 2')).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Edit Game Settings' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Max Leader Bans')).toHaveValue('2');
  await expect(dialog.getByRole('group', { name: 'Game Speed', exact: true }).getByLabel('Locked value')).toHaveValue('Quick');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await memberContext.close();
});
