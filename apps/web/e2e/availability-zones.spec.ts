import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  slotOccurrences,
  wallClock,
  zonedTimeToInstant,
  type AvailabilityDay,
} from '../../../packages/shared/src/civilization/availability';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { loginThroughForm, newCredentials, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

// Three members in Tokyo, New York and Berlin answer on their own clocks; the organiser in New York
// sees their answers line up on the hourly heat map and plans an event from an hour they share.

const TOKYO = 'Asia/Tokyo';
const NEW_YORK = 'America/New_York';
const BERLIN = 'Europe/Berlin';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

type Member = Awaited<ReturnType<typeof registerByApi>> & { token: string; zone: string };

async function member(request: APIRequestContext, prefix: string, zone: string): Promise<Member> {
  const user = await registerByApi(request, newCredentials(prefix));
  const token = await loginByApi(request, user.email, user.password);
  const saved = await request.post('/api/users/postTimeZone', { headers: { authorization: token }, data: { timeZone: zone } });
  expect(saved.status()).toBe(200);
  return { ...user, token, zone };
}

async function signedIn(browser: Browser, user: Member) {
  const context = await browser.newContext({ timezoneId: user.zone, locale: 'en-US', viewport: DESKTOP });
  const page = await context.newPage();
  await loginThroughForm(page, user.email, user.password);
  return page;
}

/** Ticks one part of the member's own day on User Settings. */
async function answer(page: Page, groupID: string, zone: string, slot: string) {
  await page.goto(`/civGroup/userSettings?groupID=${groupID}`);
  const card = page.locator('.card', { has: page.getByRole('heading', { name: 'Weekly Availability' }) });
  await expect(card.getByText(`Times are in ${zone}, your time zone (from your profile).`)).toBeVisible();
  await card.getByRole('checkbox', { name: slot, exact: true }).click();
  await expect(card.getByRole('status')).toHaveText('Saved');
}

/** "Saturday 28 November 07:00": how the heat map names an hour on a viewer's clock. */
function hourName(instant: number, zone: string) {
  const day = new Date(instant).toLocaleDateString('en-GB', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long' });
  return `${day} ${String(wallClock(instant, zone).hour).padStart(2, '0')}:00`;
}

const heatMap = (page: Page, zone: string) =>
  page.getByRole('table', { name: `Members free each hour of the coming week, times in ${zone}` });

test('three members in three zones answer on their own clocks; the organiser sees them line up and plans from the heat map', async ({
  browser,
  request,
}) => {
  test.slow();
  const organiser = await member(request, 'newyork', NEW_YORK);
  const tokyo = await member(request, 'tokyo', TOKYO);
  const berlin = await member(request, 'berlin', BERLIN);
  const group = await createGroupByApi(request, organiser.token, { groupName: groupName('Zones'), gameName: 'Civilization 6' });
  for (const user of [tokyo, berlin]) await joinByApi(request, user.token, user.id, group);

  // Where the answers fall this week: Tokyo's evening, 19:00-23:00, and Berlin's afternoon, 13:00-17:00,
  // of a day two days ahead, so that every hour planned from is still to come whenever this runs.
  const now = Date.now();
  const day = wallClock(now + 2 * 86_400_000, NEW_YORK).weekday as AvailabilityDay;
  const today = wallClock(now, NEW_YORK);
  const weekOf = zonedTimeToInstant(NEW_YORK, today.year, today.month, today.day, 0);
  const [tokyoEvening] = slotOccurrences({ day, time: 'Evening' }, TOKYO, weekOf, weekOf + 7 * 86_400_000);
  const [berlinAfternoon] = slotOccurrences({ day, time: 'Afternoon' }, BERLIN, tokyoEvening!.start, tokyoEvening!.end);
  const shared = { start: Math.max(tokyoEvening!.start, berlinAfternoon!.start), end: Math.min(tokyoEvening!.end, berlinAfternoon!.end) };
  expect(shared.end - shared.start).toBeGreaterThanOrEqual(3_600_000);

  const organiserPage = await signedIn(browser, organiser);
  const tokyoPage = await signedIn(browser, tokyo);
  const berlinPage = await signedIn(browser, berlin);

  // The organiser answers first (9:00-12:00 that day on his clock), then keeps the Members page open
  // while the others answer: it updates by itself.
  await answer(organiserPage, group._id, NEW_YORK, `${day} Morning`);
  await organiserPage.goto(`/civGroup/members?groupID=${group._id}`);
  const map = heatMap(organiserPage, NEW_YORK);
  // The first load of a page with three browsers open can be slow on a shared machine.
  await expect(map).toBeVisible({ timeout: 30_000 });
  await expect(organiserPage.getByTestId('availability-zone').first()).toHaveText(
    `Times in ${NEW_YORK}, your time zone. Each member answered on their own clock.`,
  );

  const [newYorkMorning] = slotOccurrences({ day, time: 'Morning' }, NEW_YORK, weekOf, weekOf + 7 * 86_400_000);
  await expect(
    map.getByRole('button', { name: `${hourName(newYorkMorning!.start, NEW_YORK)}: 1 of 3 free: ${organiser.username}` }),
  ).toBeVisible();
  await answer(tokyoPage, group._id, TOKYO, `${day} Evening`);
  const tokyoHour = map.getByRole('button', {
    name: new RegExp(`^${hourName(tokyoEvening!.start, NEW_YORK)}: 1 of 3 free: ${tokyo.username}$`),
  });
  await expect(tokyoHour).toBeVisible({ timeout: 3000 });
  // An evening in Tokyo is early morning of the same day in New York.
  expect(wallClock(tokyoEvening!.start, NEW_YORK)).toMatchObject({ weekday: day });
  expect(wallClock(tokyoEvening!.start, NEW_YORK).hour).toBeLessThan(9);

  await answer(berlinPage, group._id, BERLIN, `${day} Afternoon`);
  const sharedName = hourName(shared.start, NEW_YORK);
  const sharedHour = map.getByRole('button', { name: new RegExp(`^${sharedName}: 2 of 3 free: `) });
  await expect(sharedHour).toBeVisible({ timeout: 3000 });
  await expect(sharedHour).toHaveAccessibleName(
    `${sharedName}: 2 of 3 free: ${[berlin.username, tokyo.username].sort((a, b) => a.localeCompare(b)).join(', ')}`,
  );
  await expect(sharedHour).toHaveText('2');

  // Hovering says who; choosing the hour offers Plan an event.
  await sharedHour.hover();
  const detail = organiserPage.getByTestId('hour-detail');
  await expect(detail).toContainText(`2 of 3 free: `);
  await sharedHour.click();
  await expect(sharedHour).toHaveAttribute('aria-pressed', 'true');

  // axe on the Members page and the answer grid, at 1280 and 390 px.
  for (const viewport of [DESKTOP, PHONE]) {
    await organiserPage.setViewportSize(viewport);
    await expect(sharedHour).toBeVisible();
    expect(await seriousViolations(organiserPage)).toEqual([]);
    const overflow = await organiserPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await tokyoPage.setViewportSize(viewport);
    expect(await seriousViolations(tokyoPage)).toEqual([]);
  }
  await organiserPage.setViewportSize(DESKTOP);

  // Berlin sees the same hours on Berlin's clock.
  await berlinPage.goto(`/civGroup/members?groupID=${group._id}`);
  const berlinMap = heatMap(berlinPage, BERLIN);
  await expect(berlinMap.getByRole('button', { name: new RegExp(`^${hourName(shared.start, BERLIN)}: 2 of 3 free`) })).toBeVisible();
  await expect(
    berlinMap.getByRole('button', { name: new RegExp(`^${hourName(tokyoEvening!.start, BERLIN)}: 1 of 3 free: ${tokyo.username}$`) }),
  ).toBeVisible();
  await berlinMap.getByRole('button', { name: new RegExp(`^${hourName(shared.start, BERLIN)}: `) }).click();
  await berlinPage
    .locator('.card', { has: berlinPage.getByRole('heading', { name: 'Hour by hour' }) })
    .screenshot({ path: 'docs/screenshots/availability-heatmap-berlin.png' });
  await organiserPage
    .locator('.card', { has: organiserPage.getByRole('heading', { name: 'Hour by hour' }) })
    .screenshot({ path: 'docs/screenshots/availability-heatmap-new-york.png' });

  // Plan an event from the shared hour: at that instant, named on the organiser's clock, for as long as both stay free.
  await detail.getByRole('button', { name: 'Plan an event' }).click();
  const dialog = organiserPage.getByRole('dialog', { name: 'Add Event' });
  const eventName = `${day} ${String(wallClock(shared.start, NEW_YORK).hour).padStart(2, '0')}:00 game`;
  await expect(dialog.getByLabel('Event Name')).toHaveValue(eventName);
  await expect(dialog.getByText(`Time zone: ${NEW_YORK}`)).toHaveCount(2);
  const posted = organiserPage.waitForRequest((req) => req.url().includes('/api/events/postEvent'));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const body = (await posted).postDataJSON() as { startDate: string; endDate: string; eventName: string };
  expect(Date.parse(body.startDate)).toBe(shared.start);
  expect(Date.parse(body.endDate)).toBe(shared.end);
  await expect(organiserPage.getByText(`Planned ${eventName}; it is on the Events page`)).toBeVisible();

  // The Tokyo member finds it on Events.
  await tokyoPage.goto(`/civGroup/events?groupID=${group._id}`);
  await expect(tokyoPage.getByRole('region', { name: 'Next Event' })).toContainText(eventName);
  for (const page of [organiserPage, tokyoPage, berlinPage]) await page.context().close();
});
