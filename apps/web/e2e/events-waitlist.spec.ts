import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';

const ZONE = 'Europe/Berlin';
const DAY = 24 * 60 * 60 * 1000;

/** Serious axe findings in the open dialog, or on the whole page with `whole`. */
async function seriousViolations(page: Page, whole = false) {
  const builder = new AxeBuilder({ page });
  const results = await (whole ? builder : builder.include('[role="dialog"]')).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function signedIn(browser: Browser, user: { email: string; password: string }, width = 1280) {
  const context = await browser.newContext({ timezoneId: ZONE, locale: 'en-US', viewport: { width, height: 900 } });
  const page = await context.newPage();
  await loginThroughForm(page, user.email, user.password);
  return page;
}

/** A Civilization group with its owner and two members, and a one-seat event with a description. */
async function seed(request: APIRequestContext) {
  const [owner, first, second] = [await registerByApi(request), await registerByApi(request), await registerByApi(request)];
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const group = await createGroupByApi(request, ownerToken, { groupName: groupName('Waitlist'), gameName: 'Civilization 6' });
  for (const member of [first, second])
    await joinByApi(request, await loginByApi(request, member.email, member.password), member.id, group);
  const start = Date.now() + 2 * DAY;
  const res = await request.post('/api/events/postEvent', {
    headers: { authorization: ownerToken },
    data: {
      groupID: group._id,
      userID: owner.id,
      eventName: 'Last seat',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 60 * 60 * 1000).toISOString(),
      maxNumberOfMembers: 1,
      description: 'Lobby link: https://example.com/lobby <b>not bold</b>',
    },
  });
  expect(res.status()).toBe(200);
  return { owner, first, second, group };
}

const card = (page: Page) => page.locator('.event-card').filter({ hasText: 'Last seat' });

test('two members race for the last seat: the loser is told why, joins the waitlist and is promoted when the winner unattends', async ({
  browser,
  request,
}) => {
  test.slow();
  const { owner, first, second, group } = await seed(request);
  const eventsUrl = `/civGroup/events?groupID=${group._id}`;
  const pages = [await signedIn(browser, first), await signedIn(browser, second, 390)];
  for (const page of pages) {
    await page.goto(eventsUrl);
    await expect(card(page).getByRole('button', { name: 'Attend Last seat' })).toBeVisible();
  }

  // Both press Attend at once: each browser holds its request until both are on their way, so both
  // pages still offered Attend, and the server gives the one seat to exactly one of them.
  let release: () => void = () => undefined;
  const bothSent = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  for (const page of pages) {
    await page.route('**/api/events/attendEvent', async (route) => {
      held += 1;
      if (held === 2) release();
      await bothSent;
      await route.continue();
    });
  }
  await Promise.all(pages.map((page) => card(page).getByRole('button', { name: 'Attend Last seat' }).click()));
  await bothSent;
  for (const page of pages) await page.unroute('**/api/events/attendEvent');
  const refusals = pages.map((page) => page.getByRole('alert').filter({ hasText: 'This event is full' }));
  await expect(async () => {
    const seen = await Promise.all(refusals.map((alert) => alert.count()));
    expect(seen.filter((n) => n > 0)).toHaveLength(1);
  }).toPass();
  const loserIndex = (await refusals[0]!.count()) > 0 ? 0 : 1;
  const loser = pages[loserIndex]!;
  const winner = pages[1 - loserIndex]!;
  await expect(card(winner).getByRole('button', { name: 'Unattend Last seat' })).toBeVisible();
  await expect(card(winner).getByText('Attending', { exact: true })).toBeVisible();

  // The loser takes a place on the waitlist.
  await card(loser).getByRole('button', { name: 'Join waitlist of Last seat' }).click();
  await expect(card(loser).getByText('You are 1st on the waitlist')).toBeVisible();
  await expect(card(loser).getByText('1/1 attending · 1 on the waitlist')).toBeVisible();
  expect(await seriousViolations(loser, true)).toEqual([]);
  await loser.screenshot({ path: test.info().outputPath(`waitlisted-${loserIndex === 0 ? 1280 : 390}.png`), fullPage: true });

  // The winner gives the seat up; the loser's open page shows the promotion without a reload.
  await card(winner).getByRole('button', { name: 'Unattend Last seat' }).click();
  await expect(card(loser).getByText('Attending', { exact: true })).toBeVisible();
  await expect(card(loser).getByRole('button', { name: 'Unattend Last seat' })).toBeVisible();
  await expect(card(loser).getByText('You are 1st on the waitlist')).toBeHidden();
  await expect(card(winner).getByRole('button', { name: 'Join waitlist of Last seat' })).toBeVisible();

  // The details show the description as text with its link made clickable, never as markup.
  await card(loser).getByRole('button', { name: 'Last seat', exact: true }).click();
  const details = loser.getByRole('dialog', { name: 'Last seat' });
  await expect(details.getByRole('link', { name: 'https://example.com/lobby' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(details.getByText('<b>not bold</b>', { exact: false })).toBeVisible();
  await details.getByRole('button', { name: 'Cancel' }).click();

  // The creator's dialog with the new fields passes axe, at desktop and phone widths.
  for (const width of [1280, 390]) {
    const creator = await signedIn(browser, owner, width);
    await creator.goto(eventsUrl);
    await creator.getByRole('region', { name: 'Next Event' }).getByRole('button', { name: 'Add', exact: true }).click();
    const form = creator.getByRole('dialog', { name: 'Add Event' });
    await form.getByLabel('Description').fill('Bring snacks: https://example.com');
    await form.getByLabel('Sign-up cutoff').selectOption({ label: '1 hour before the start' });
    await form.getByLabel('Repeat weekly').check();
    await expect(form.getByLabel('Repeat until')).toBeVisible();
    expect(await seriousViolations(creator)).toEqual([]);
    await creator.screenshot({ path: test.info().outputPath(`event-dialog-${width}.png`), fullPage: true });
    await creator.context().close();
  }
});

test('a weekly series: editing offers This event or All events in the series, and deleting likewise', async ({ browser, request }) => {
  test.slow();
  const owner = await registerByApi(request);
  const token = await loginByApi(request, owner.email, owner.password);
  const group = await createGroupByApi(request, token, { groupName: groupName('Series'), gameName: 'Civilization 6' });
  const start = Date.now() + DAY;
  const res = await request.post('/api/events/postEvent', {
    headers: { authorization: token },
    data: {
      groupID: group._id,
      userID: owner.id,
      eventName: 'Weekly game',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * 60 * 60 * 1000).toISOString(),
      repeatCount: 3,
      timeZone: ZONE,
    },
  });
  expect(res.status()).toBe(200);
  const page = await signedIn(browser, owner, 390);
  await page.goto(`/civGroup/events?groupID=${group._id}`);
  // A weekly series shows as one card that expands to its occurrences.
  const cards = page.locator('.event-card');
  await expect(cards.filter({ hasText: 'Weekly game' })).toHaveCount(1);
  await expect(cards.first().getByText('Weekly', { exact: true })).toBeVisible();
  await cards.first().getByRole('button', { name: 'Show all 3 occurrences' }).click();
  const occurrences = cards.first().locator('.series-occurrences li');
  await expect(occurrences).toHaveCount(3);

  // Edit the second occurrence for the whole series.
  await occurrences.nth(1).getByRole('button').click();
  await page.getByRole('dialog', { name: 'Weekly game' }).getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Event' });
  await form.getByLabel('Event Name').fill('Sunday league');
  await expect(form.getByLabel('This event')).toBeChecked();
  await form.getByLabel('All events in the series').check();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('series-edit-390.png'), fullPage: true });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toBeHidden();
  // The first occurrence is earlier than the edited one but has not started: it changes too.
  await expect(cards.filter({ hasText: 'Sunday league' })).toHaveCount(1);
  await expect(cards.first().getByRole('button', { name: 'Sunday league', exact: true })).toBeVisible();

  // Delete just one, then the rest of the series.
  await occurrences.nth(2).getByRole('button').click();
  await page.getByRole('dialog', { name: 'Sunday league' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Sunday league' });
  await expect(confirm.getByLabel('This event')).toBeChecked();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(occurrences).toHaveCount(2);
  await cards.first().getByRole('button', { name: 'Sunday league', exact: true }).click();
  await page.getByRole('dialog', { name: 'Sunday league' }).getByRole('button', { name: 'Delete' }).click();
  await confirm.getByLabel('All events in the series').check();
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(0);
});
