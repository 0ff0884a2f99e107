import { expect, test } from '@playwright/test';
import { loginThroughForm, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

// The spec's order (section 1); the fake hiscores (serve-fakes.ts) know "Zezima" on the normal table.
const SKILLS = [
  'attack',
  'defence',
  'strength',
  'constitution',
  'ranged',
  'prayer',
  'magic',
  'cooking',
  'woodcutting',
  'fletching',
  'fishing',
  'firemaking',
  'crafting',
  'smithing',
  'mining',
  'herblore',
  'agility',
  'thieving',
  'slayer',
  'farming',
  'runecrafting',
  'hunter',
  'construction',
];
const capitalised = (skill: string) => skill[0]!.toUpperCase() + skill.slice(1);

test.beforeEach(async ({ page, request }) => {
  const user = await registerByApi(request);
  await loginThroughForm(page, user.email, user.password);
});

test('a player looked up from a plain link shows 23 skill rows in the spec order, with icons and formatted numbers', async ({ page }) => {
  await page.goto('/osrsStats?playerName=Zezima&gameMode=normal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Old School RuneScape Stats - Zezima');
  await expect(page).toHaveTitle('Old School RuneScape Stats - Zezima');
  const table = page.getByRole('table', { name: 'Skills' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Skill', 'Level', 'Rank', 'Exp']);

  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(23);
  await expect(rows.locator('th')).toHaveText(SKILLS.map(capitalised));
  for (const [index, skill] of SKILLS.entries()) {
    const icon = rows.nth(index).locator('img');
    await expect(icon).toHaveAttribute('src', `/skills/${skill}.svg`);
    // The icon file is served and decodes as an image (not the SPA's index.html).
    expect(await icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }

  // Fake data: 150,000,000 xp in most skills (level 99); Hunter unranked; Runecraft 200m.
  await expect(rows.nth(0).locator('td')).toHaveText(['99', '500,000', '150,000,000']);
  await expect(rows.nth(SKILLS.indexOf('hunter')).locator('td')).toHaveText(['-', '-', '-']);
  await expect(rows.nth(SKILLS.indexOf('runecrafting')).locator('td').nth(2)).toHaveText('200,000,000');
  // Overall passes 2^31 and keeps every digit.
  const overall = table.locator('tfoot tr');
  await expect(overall.locator('th')).toHaveText('Overall');
  await expect(overall.locator('td').nth(2)).toHaveText(/^\d{1,3}(,\d{3}){3}$/);
  await expect(table).not.toContainText('-1');

  expect(await seriousViolations(page)).toEqual([]);
});

test('the lookup form changes player and game mode; an unknown player and a hiscores outage show the server message', async ({ page }) => {
  await page.goto('/osrsStats?playerName=Zezima&gameMode=normal');
  await expect(page.getByRole('table', { name: 'Skills' })).toBeVisible();

  // Every game mode the hiscores offer per player.
  await expect(page.getByLabel('Game Mode').locator('option')).toHaveText([
    'Normal',
    'Ironman',
    'Hardcore Ironman',
    'Ultimate Ironman',
    'Deadman Mode',
    'Seasonal (Leagues)',
    'Tournament',
    'Fresh Start',
    '1 Defence Pure',
    'Level 3 Skiller',
  ]);
  await page.getByLabel('Player Name').fill('Iron Lynx');
  await page.getByLabel('Game Mode').selectOption({ label: 'Ironman' });
  await page.getByRole('button', { name: 'Look Up' }).click();
  await expect(page).toHaveURL(/\/osrsStats\?playerName=Iron\+Lynx&gameMode=ironman$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Old School RuneScape Stats - Iron Lynx');
  await expect(page.getByText('Ironman hiscores')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Skills' }).locator('tbody tr')).toHaveCount(23);

  // Iron Lynx is only on the ironman table.
  await page.getByLabel('Game Mode').selectOption({ label: 'Normal' });
  await page.getByRole('button', { name: 'Look Up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Player "Iron Lynx" was not found on the Old School RuneScape Normal hiscores');
  await expect(page.getByRole('table')).toHaveCount(0);

  // The fake hiscores fail for these names: an outage (502) and no answer in time (504).
  await page.getByLabel('Player Name').fill('HiscoresDown');
  await page.getByRole('button', { name: 'Look Up' }).click();
  await expect(page.getByRole('alert')).toContainText('The RuneScape hiscores are not available right now. Please try again later.');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  await page.getByLabel('Player Name').fill('HiscoresSlow');
  await page.getByRole('button', { name: 'Look Up' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading stats for HiscoresSlow' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('The RuneScape hiscores did not answer in time.');

  // A name the hiscores cannot hold is explained under the field without a call.
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/runescape/')) lookups.push(request.url());
  });
  await page.getByLabel('Player Name').fill('Far too long a name');
  await page.getByRole('button', { name: 'Look Up' }).click();
  await expect(page.getByText('Player name must be at most 12 characters')).toBeVisible();
  await expect(page.getByLabel('Player Name')).toHaveAttribute('aria-invalid', 'true');
  expect(lookups).toEqual([]);

  // Back returns to the earlier lookup.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Old School RuneScape Stats - HiscoresDown');
});

test('the profile page has a RuneScape Stats lookup that opens the stats page', async ({ page }) => {
  await page.goto('/profile');
  const card = page.getByRole('heading', { name: 'RuneScape Stats' }).locator('xpath=ancestor::div[contains(@class,"card")][1]');
  await card.getByLabel('Player Name').fill('zezima');
  await card.getByRole('button', { name: 'Look Up' }).click();
  await expect(page).toHaveURL(/\/osrsStats\?playerName=zezima&gameMode=normal$/);
  await expect(page.getByRole('table', { name: 'Skills' }).locator('tbody tr')).toHaveCount(23);
});

test('/osrsStats is private', async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/osrsStats?playerName=Zezima');
  await expect(page).toHaveURL(/\/login$/);
  await page.close();
});

test('an Old School RuneScape clan reaches the stats page from its bar', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New group' });
  await dialog.getByLabel('Group Name').fill('Stats Clan');
  await dialog.getByLabel('Game').selectOption('Old School RuneScape');
  // The new clan opens at once.
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/runeScapeClan\/welcome\?groupID=/);
  await page.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'RuneScape Stats' }).click();
  await expect(page).toHaveURL(/\/osrsStats$/);
  await page.getByLabel('Player Name').fill('Zezima');
  await page.getByRole('button', { name: 'Look Up' }).click();
  await expect(page.getByRole('heading', { name: 'Old School RuneScape Stats - Zezima' })).toBeVisible();
});
