import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createGroupByApi, groupName, joinByApi, loginByApi, type CreatedGroup } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

// The fake hiscores (serve-fakes.ts) know "Zezima" and "Grinder"; Grinder gains experience on every
// lookup, and the server under test refreshes linked accounts every two seconds (playwright.config.ts).
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function signedInPage(browser: Browser, baseURL: string | undefined, email: string, password: string) {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await loginThroughForm(page, email, password);
  return page;
}

async function linkAccount(page: Page, clan: CreatedGroup, playerName: string) {
  await page.goto(`/runeScapeClan/userSettings?groupID=${clan._id}`);
  const form = page.getByRole('form', { name: 'Linked RuneScape account' });
  await form.getByLabel('In-game Name').fill(playerName);
  await form.getByRole('button', { name: 'Save Account' }).click();
  await expect(form.getByText(`Linked: ${playerName} (Normal)`)).toBeVisible();
}

test('two members link accounts; the clan stats page lists, sorts and switches period; the player chart renders', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  // Two members, two viewports and two pages checked with axe: longer than one page visit.
  test.setTimeout(180_000);
  const owner = await registerByApi(request);
  const member = await registerByApi(request);
  const token = await loginByApi(request, owner.email, owner.password);
  const clan = await createGroupByApi(request, token, { groupName: groupName('Clan'), gameName: 'Old School RuneScape' });
  await joinByApi(request, await loginByApi(request, member.email, member.password), member.id, clan);

  const page = await signedInPage(browser, baseURL, owner.email, owner.password);
  // A name the hiscores do not know is refused with the reason under the field, and nothing is linked.
  await page.goto(`/runeScapeClan/userSettings?groupID=${clan._id}`);
  const form = page.getByRole('form', { name: 'Linked RuneScape account' });
  await form.getByLabel('In-game Name').fill('Nobody Here');
  await form.getByRole('button', { name: 'Save Account' }).click();
  await expect(form.getByRole('alert')).toHaveText('Player "Nobody Here" was not found on the Old School RuneScape Normal hiscores');
  await expect(form.getByText('Link your in-game name')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await linkAccount(page, clan, 'Grinder');

  const memberPage = await signedInPage(browser, baseURL, member.email, member.password);
  await linkAccount(memberPage, clan, 'Zezima');
  await memberPage.context().close();

  // The clan bar's Clan Stats link opens the clan's stats with both members.
  await page.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'Clan Stats', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/runeScapeClan/stats\\?groupID=${clan._id}$`));
  const table = page.getByRole('table', { name: 'Members' });
  const players = table.locator('tbody tr');
  await expect(players).toHaveCount(2);
  // Zezima has far more experience, so comes first by Total XP (the default, largest first).
  await expect(players.locator('th a')).toHaveText(['Zezima', 'Grinder']);
  await table.getByRole('button', { name: /Total XP/ }).click();
  await expect(table.getByRole('columnheader', { name: /Total XP/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(players.locator('th a')).toHaveText(['Grinder', 'Zezima']);
  await table.getByRole('button', { name: /^Slayer/ }).click();
  await expect(players.locator('th a')).toHaveText(['Zezima', 'Grinder']);

  await page.getByText('Day', { exact: true }).click();
  await expect(table.getByRole('columnheader', { name: /Gained \(day\)/ })).toBeVisible();
  await expect(page.getByText(/Top gainers today/)).toBeVisible();
  await page.getByText('Month', { exact: true }).click();
  await expect(table.getByRole('columnheader', { name: /Gained \(month\)/ })).toBeVisible();

  // Sorting by Slayer scrolled the wide table; start the screenshots from its first column.
  await table.evaluate((element) => element.parentElement?.scrollTo({ left: 0 }));
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`runescape-clan-stats-${viewport.width}.png`) });
  }
  await page.setViewportSize(DESKTOP);

  // Grinder's page stays in the clan's area: the clan bar and its navigation, bosses, and the chart
  // from the first snapshot on (linking takes one at once).
  await table.getByRole('link', { name: 'Grinder' }).click();
  await expect(page).toHaveURL(/\/runeScapeClan\/player\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(clan.groupName);
  await expect(page.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'Clan Stats', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Grinder' })).toBeVisible();
  await expect(page).toHaveTitle('Old School RuneScape Stats - Grinder');
  await expect(page.getByRole('table', { name: 'Bosses and Activities' }).getByRole('rowheader', { name: 'Zulrah' })).toBeVisible();
  const chart = page.getByTestId('xp-chart').locator('canvas');
  await expect(chart).toBeVisible();
  await expect(page.getByText(/since the link| at each of \d+ snapshots/)).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/ at each of \d+ snapshots/)).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await expect(chart).toBeVisible();
  await page.getByLabel('Skill', { exact: true }).selectOption('slayer');
  await expect(page.locator('caption', { hasText: 'Slayer experience by date' })).toBeAttached();
  await expect(page.getByRole('table', { name: 'Records' }).getByRole('rowheader', { name: 'Slayer' })).toBeVisible();

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expect(chart).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const chartCard = page.locator('.card', { has: page.getByRole('heading', { name: 'Experience over time' }) });
    await chartCard.screenshot({ path: testInfo.outputPath(`runescape-player-chart-${viewport.width}.png`) });
    await page.screenshot({ path: testInfo.outputPath(`runescape-clan-player-${viewport.width}.png`) });
  }
  // Back to the clan's stats from the player page, without leaving the area.
  await page.setViewportSize(DESKTOP);
  await page.getByRole('link', { name: '← Back to Clan Stats' }).click();
  await expect(page.getByRole('table', { name: 'Members' })).toBeVisible();
  await page.context().close();
});

test("the stats error box's Try again passes the contrast check", async ({ page, request }) => {
  const user = await registerByApi(request);
  await loginThroughForm(page, user.email, user.password);
  await page.goto('/osrsStats?playerName=HiscoresDown&gameMode=normal');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  expect(results.violations).toEqual([]);
  expect(results.passes.flatMap((p) => p.nodes.map((n) => n.target.join(' '))).some((t) => t.includes('btn-outline-danger'))).toBe(true);
});
