import { expect, test, type Page } from '@playwright/test';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { registerByApi } from './support/users';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, pickerText, signedInPage, typeDate, ZONE } from './runescape-clan-helpers';

// The fake hiscores (serve-fakes.ts) know "Zezima" (never changes) and "Grinder" (more Slayer
// experience and Zulrah kills on every lookup); the server under test refreshes linked accounts every
// two seconds (playwright.config.ts), so a running competition's standings move by themselves.

/**
 * What sticks out of the page sideways (nothing, when the page itself never scrolls sideways): wide
 * content may only scroll inside its own labelled region.
 */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const inScroller = (el: Element) => el.parentElement?.closest('[role="region"]') !== null;
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !inScroller(el))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  });
}

const grinderRow = (page: Page) => page.getByRole('table', { name: 'Standings' }).locator('tr[data-player="Grinder"]');
const chartPoints = async (page: Page) => Number(await page.getByTestId('competition-chart').getAttribute('data-points'));

test('an Administrator creates a two-metric team competition; members watch the standings and the chart move', async ({
  browser,
  baseURL,
  request,
}) => {
  // The competition must start in the future: the test waits up to two minutes for it to start.
  test.setTimeout(300_000);
  const owner = await registerByApi(request);
  const member = await registerByApi(request);
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const memberToken = await loginByApi(request, member.email, member.password);
  const clan = await createGroupByApi(request, ownerToken, { groupName: groupName('Clan'), gameName: 'Old School RuneScape' });
  await joinByApi(request, memberToken, member.id, clan);
  for (const [token, playerName] of [
    [ownerToken, 'Grinder'],
    [memberToken, 'Zezima'],
  ] as const) {
    const res = await request.post('/api/runescape/linkAccount', {
      headers: { authorization: token },
      data: { groupID: clan._id, playerName, gameMode: 'normal' },
    });
    expect(res.status()).toBe(200);
  }

  // From Clan Stats to the clan's competitions.
  const page = await signedInPage(browser, baseURL, owner.email, owner.password);
  await page.goto(`/runeScapeClan/stats?groupID=${clan._id}`);
  await page.getByRole('region', { name: 'Clan Stats' }).getByRole('link', { name: 'Competitions', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/runeScapeClan/competitions\\?groupID=${clan._id}$`));
  await expect(page.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'Competitions', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByText(`Times are shown in ${ZONE}.`)).toBeVisible();
  await expect(page.getByText('No competition is running now.')).toBeVisible();

  await page.getByRole('button', { name: 'Create competition' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create competition' });
  // Nothing filled: each field says what it needs, and the first problem stands by Submit.
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Name is required');
  await expect(dialog.getByTestId('form-problem')).toHaveText('Fix the marked field: Name is required');
  await expect(dialog.getByText('Pick at least one metric')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByLabel('Name', { exact: true }).fill('Slayer and Zulrah race');
  // The next whole minute after 70 s from now: the server only takes a start in the future.
  const start = new Date(Math.ceil((Date.now() + 70_000) / 60_000) * 60_000);
  await typeDate(page, 'Start time', pickerText(start));
  await typeDate(page, 'End time', pickerText(new Date(start.getTime() + 86_400_000)));
  const filter = dialog.getByRole('searchbox', { name: 'Filter metrics' });
  await filter.fill('slay');
  await dialog.getByRole('checkbox', { name: 'Slayer', exact: true }).check();
  await filter.fill('zulrah');
  await dialog.getByRole('checkbox', { name: 'Zulrah', exact: true }).check();
  await filter.fill('');
  await expect(dialog.getByRole('button', { name: /^Slayer/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Zulrah/ })).toBeVisible();
  await dialog.getByRole('radio', { name: 'Teams', exact: true }).check();
  await dialog.getByRole('radio', { name: 'Split evenly by current total experience' }).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();

  // The new competition's page: upcoming, both members in a team each.
  await expect(page).toHaveURL(/\/runeScapeClan\/competition\?/);
  await expect(page.getByRole('heading', { level: 2, name: 'Slayer and Zulrah race' })).toBeVisible();
  await expect(page.getByText('Upcoming', { exact: true })).toBeVisible();
  await expect(page.getByText(new RegExp(`\\(${ZONE}, E[SD]T\\)`))).toBeVisible();
  const standings = page.getByRole('table', { name: 'Standings' });
  await expect(standings.locator('tbody tr')).toHaveCount(2);
  await expect(standings.getByRole('columnheader')).toHaveText([
    'Rank',
    'Member',
    'Account',
    'Team',
    'Slayer (XP)',
    'Zulrah (kills)',
    'Total',
  ]);
  await expect(page.getByRole('table', { name: 'Team totals' }).locator('tbody tr')).toHaveCount(2);
  const competitionURL = page.url();

  // A member finds it in the list and sees the same standings.
  const memberPage = await signedInPage(browser, baseURL, member.email, member.password);
  await memberPage.goto(`/runeScapeClan/competitions?groupID=${clan._id}`);
  await memberPage.getByRole('list', { name: 'Upcoming' }).getByRole('link', { name: 'Slayer and Zulrah race' }).click();
  await expect(memberPage.getByRole('table', { name: 'Standings' }).locator('tbody tr')).toHaveCount(2);
  await expect(memberPage.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  // The start passes: the start snapshots are taken and the open page hears of it (live), with no reload.
  await expect(memberPage.getByText('Ongoing', { exact: true })).toBeVisible({ timeout: 150_000 });
  // Grinder's lookups (every two seconds) add Slayer experience and Zulrah kills: the standings and the chart move.
  const grinder = grinderRow(memberPage);
  await expect(async () => {
    await memberPage.reload();
    await expect(grinder.locator('td').nth(3)).toHaveText(/^\+/, { timeout: 3000 });
    await expect(memberPage.getByTestId('competition-chart')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 60_000 });
  const firstTotal = await grinder.locator('td').last().textContent();
  const firstPoints = await chartPoints(memberPage);
  // Each new snapshot of Grinder is announced on the clan's live topic: the open page moves without a reload.
  await expect(grinder.locator('td').last()).not.toHaveText(firstTotal!, { timeout: 60_000 });
  await expect.poll(() => chartPoints(memberPage), { timeout: 60_000 }).toBeGreaterThan(firstPoints);
  await expect(memberPage.getByTestId('competition-chart').locator('canvas')).toBeVisible();
  await expect(memberPage.getByRole('list', { name: 'Chart legend' })).toContainText('Grinder');
  // Grinder leads; Zezima gained nothing.
  await expect(memberPage.getByRole('table', { name: 'Standings' }).locator('tbody tr').first()).toHaveAttribute('data-player', 'Grinder');
  await expect(memberPage.getByRole('table', { name: 'Standings' }).locator('tr[data-player="Zezima"] td').last()).toHaveText('0');
  await memberPage.context().close();

  // The Administrator's view at both widths: axe clean, no sideways scroll of the page.
  await page.goto(competitionURL);
  await expect(grinderRow(page).locator('td').nth(3)).toHaveText(/^\+/);
  await expect(page.getByTestId('competition-chart').locator('canvas')).toBeVisible();
  for (const [viewport, file] of [
    [DESKTOP, 'docs/screenshots/competition-standings.png'],
    [PHONE, 'docs/screenshots/competition-standings-phone.png'],
  ] as const) {
    await page.setViewportSize(viewport);
    await expect(page.getByTestId('competition-chart').locator('canvas')).toBeVisible();
    await expect.poll(() => sidewaysOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: file, fullPage: true });
  }
  await page.goto(`/runeScapeClan/competitions?groupID=${clan._id}`);
  await expect(page.getByRole('list', { name: 'Ongoing' }).getByRole('link', { name: 'Slayer and Zulrah race' })).toBeVisible();
  await expect.poll(() => sidewaysOverflow(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});
