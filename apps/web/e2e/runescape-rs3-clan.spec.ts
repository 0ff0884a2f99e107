import { expect, test, type Browser, type Page } from '@playwright/test';
import { createGroupByApi, groupName, joinByApi, loginByApi, type CreatedGroup } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

// The fake hiscores (serve-fakes.ts) answer RuneScape 3's CSV for "Rune Necro" (Necromancy 99) and
// "Gizmo Maker" (Invention 120).
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function signedInPage(browser: Browser, baseURL: string | undefined, email: string, password: string) {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await loginThroughForm(page, email, password);
  return page;
}

async function linkRs3Account(page: Page, clan: CreatedGroup, playerName: string) {
  await page.goto(`/runeScapeClan/userSettings?groupID=${clan._id}`);
  const form = page.getByRole('form', { name: 'Linked RuneScape account' });
  // A RuneScape 3 clan offers RuneScape 3's modes only.
  await expect(form.getByLabel('Game Mode').locator('option')).toHaveText([
    'RuneScape 3',
    'RuneScape 3 Ironman',
    'RuneScape 3 Hardcore Ironman',
  ]);
  await form.getByLabel('In-game Name').fill(playerName);
  await form.getByRole('button', { name: 'Save Account' }).click();
  await expect(form.getByText(`Linked: ${playerName} (RuneScape 3)`)).toBeVisible();
}

test("a RuneScape 3 clan's stats and player page use RuneScape 3's own skills, inside the clan's area", async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const owner = await registerByApi(request);
  const member = await registerByApi(request);
  const token = await loginByApi(request, owner.email, owner.password);
  const clan = await createGroupByApi(request, token, { groupName: groupName('RS3 Clan'), gameName: 'RuneScape' });
  await joinByApi(request, await loginByApi(request, member.email, member.password), member.id, clan);

  const page = await signedInPage(browser, baseURL, owner.email, owner.password);
  await linkRs3Account(page, clan, 'Rune Necro');
  const memberPage = await signedInPage(browser, baseURL, member.email, member.password);
  await linkRs3Account(memberPage, clan, 'Gizmo Maker');
  await memberPage.context().close();

  await page.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'Clan Stats', exact: true }).click();
  const table = page.getByRole('table', { name: 'Members' });
  const players = table.locator('tbody tr');
  await expect(players).toHaveCount(2);
  for (const skill of ['Constitution', 'Summoning', 'Dungeoneering', 'Divination', 'Invention', 'Archaeology', 'Necromancy'])
    await expect(table.getByRole('columnheader', { name: skill })).toBeAttached();
  await expect(table.getByRole('columnheader', { name: 'Sailing' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Hitpoints' })).toHaveCount(0);
  // Sorting by each game's own skill: the necromancer leads Necromancy, the inventor Invention.
  await table.getByRole('button', { name: /^Necromancy/ }).click();
  await expect(players.locator('th a')).toHaveText(['Rune Necro', 'Gizmo Maker']);
  await table.getByRole('button', { name: /^Invention/ }).click();
  await expect(players.locator('th a')).toHaveText(['Gizmo Maker', 'Rune Necro']);
  await expect(players.first().locator('td').nth(-3)).toHaveText(/^120/);

  await table.evaluate((element) => element.parentElement?.scrollTo({ left: 0 }));
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`runescape-rs3-clan-stats-${viewport.width}.png`) });
  }
  await page.setViewportSize(DESKTOP);

  // The necromancer's page stays in the clan's area, with RuneScape 3's skills and the chart from the link on.
  await table.getByRole('link', { name: 'Rune Necro' }).click();
  await expect(page).toHaveURL(/\/runeScapeClan\/player\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(clan.groupName);
  await expect(page.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'Clan Stats', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('RuneScape 3 Stats - Rune Necro');
  const skills = page.getByRole('table', { name: 'Skills' });
  await expect(skills.getByRole('rowheader', { name: 'Necromancy' })).toBeVisible();
  await expect(skills.getByRole('row', { name: /Necromancy/ })).toContainText('40,000,000');
  await expect(skills.getByRole('rowheader', { name: 'Invention' })).toBeVisible();
  await expect(skills.getByRole('rowheader', { name: 'Sailing' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Activities' }).getByRole('row', { name: /RuneScore/ })).toContainText('21,000');
  const chart = page.getByTestId('xp-chart').locator('canvas');
  await expect(chart).toBeVisible();
  await expect(page.getByText(/since the link/)).toBeVisible();
  await page.getByLabel('Skill', { exact: true }).selectOption('necromancy');
  await expect(page.locator('caption', { hasText: 'Necromancy experience by date' })).toBeAttached();

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expect(chart).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`runescape-rs3-clan-player-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
  await page.getByRole('link', { name: '← Back to Clan Stats' }).click();
  await expect(page.getByRole('table', { name: 'Members' })).toBeVisible();
  await page.context().close();
});
