import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { nextSlotOccurrence } from '../../../packages/shared/src/civilization/availability';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

// The group's zone is Berlin, but its members' browsers are in New York: they answer and see times on New York's clock.
const GROUP_ZONE = 'Europe/Berlin';
const VIEWER_ZONE = 'America/New_York';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Nothing sticks out sideways: the page never needs a horizontal scroll. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A Civilization 6 group on Berlin time, owned by one player with a second one joined, both set up through the API. */
async function seed(request: APIRequestContext) {
  const owner = await registerByApi(request);
  const member = await registerByApi(request);
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const memberToken = await loginByApi(request, member.email, member.password);
  const group = await createGroupByApi(request, ownerToken, { groupName: groupName('Civ'), gameName: 'Civilization 6' });
  const zone = await request.post(`/api/civilization/updateGroup?groupID=${group._id}`, {
    headers: { authorization: ownerToken },
    data: { timeZone: GROUP_ZONE },
  });
  expect(zone.status()).toBe(200);
  await joinByApi(request, memberToken, member.id, group);
  const agenda = await request.post(`/api/civilization/postUserLeaderAgenda?groupID=${group._id}`, {
    headers: { authorization: memberToken },
    data: { userLeaderAgenda: 'Culture with Kongo' },
  });
  expect(agenda.status()).toBe(200);
  return { owner, member, group };
}

async function signedIn(browser: Browser, user: { email: string; password: string }) {
  const context = await browser.newContext({ timezoneId: VIEWER_ZONE, locale: 'en-US', viewport: DESKTOP });
  const page = await context.newPage();
  await loginThroughForm(page, user.email, user.password);
  return page;
}

/** Ticks slots of the member's own grid on User Settings, each saved at once. */
async function markFree(page: Page, groupID: string, slots: string[]) {
  await page.goto(`/civGroup/userSettings?groupID=${groupID}`);
  const card = page.locator('.card', { has: page.getByRole('heading', { name: 'Weekly Availability' }) });
  await expect(card.getByText(`Times are in ${VIEWER_ZONE}, your time zone`)).toBeVisible();
  for (const slot of slots) {
    await card.getByRole('checkbox', { name: slot, exact: true }).click();
    await expect(card.getByRole('checkbox', { name: slot, exact: true })).toBeChecked();
  }
  await expect(card.getByRole('status')).toHaveText('Saved');
}

/** The heat-map cell of a slot on the Members page. */
const heatCell = (page: Page, day: string, time: string) => {
  const grid = page.getByRole('table', { name: /^Members free in the coming week/ });
  return grid
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: day, exact: true }) })
    .getByRole('cell')
    .nth(['Morning', 'Afternoon', 'Evening'].indexOf(time));
};

test('members mark their free times; the Members page shows who is free, the best time, the members table, and plans an event', async ({
  browser,
  request,
}) => {
  test.slow();
  const { owner, member, group } = await seed(request);
  const ownerPage = await signedIn(browser, owner);
  const memberPage = await signedIn(browser, member);

  // Both are free on Saturday evening; the second player also on Monday morning.
  await markFree(ownerPage, group._id, ['Saturday Evening']);
  await markFree(memberPage, group._id, ['Saturday Evening', 'Monday Morning']);
  // A tick is saved, not only shown: it is still there after a reload, and a second click clears it.
  await memberPage.reload();
  await expect(memberPage.getByRole('checkbox', { name: 'Monday Morning', exact: true })).toBeChecked();
  await expect(memberPage.getByRole('checkbox', { name: 'Monday Evening', exact: true })).not.toBeChecked();
  await memberPage.getByRole('checkbox', { name: 'Tuesday Afternoon', exact: true }).click();
  await expect(memberPage.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await memberPage.getByRole('checkbox', { name: 'Tuesday Afternoon', exact: true }).click();
  await expect(memberPage.getByRole('checkbox', { name: 'Tuesday Afternoon', exact: true })).not.toBeChecked();
  await expect(memberPage.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await memberPage.reload();
  await expect(memberPage.getByRole('checkbox', { name: 'Saturday Evening', exact: true })).toBeChecked();
  await expect(memberPage.getByRole('checkbox', { name: 'Tuesday Afternoon', exact: true })).not.toBeChecked();

  // The owner opens Members from the group bar.
  await ownerPage.goto(`/civGroup/welcome?groupID=${group._id}`);
  await ownerPage.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'Members' }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`/civGroup/members\\?groupID=${group._id}$`));
  await expect(ownerPage.getByRole('heading', { level: 2, name: 'Members' })).toBeVisible();
  await expect(ownerPage.getByTestId('availability-zone').first()).toContainText(`Times in ${VIEWER_ZONE}, your time zone`);

  await expect(ownerPage.getByRole('list', { name: 'Free on Saturday Evening' }).getByRole('listitem')).toHaveText(
    [owner.username, member.username].sort((a, b) => a.localeCompare(b)),
  );
  await expect(ownerPage.getByRole('list', { name: 'Free on Monday Morning' }).getByRole('listitem')).toHaveText([member.username]);
  await expect(ownerPage.getByRole('list', { name: 'Free on Tuesday Afternoon' })).toHaveCount(0);
  await expect(heatCell(ownerPage, 'Saturday', 'Evening')).toContainText(owner.username);
  await expect(heatCell(ownerPage, 'Monday', 'Morning')).toContainText(member.username);

  // Saturday evening is the best time: a Best badge, named above the grid, and a darker shade than Monday morning.
  await expect(ownerPage.getByText('Best times: Saturday Evening (2 members)')).toBeVisible();
  await expect(heatCell(ownerPage, 'Saturday', 'Evening').getByText('Best', { exact: true })).toBeVisible();
  await expect(ownerPage.getByRole('table', { name: /^Members free in the coming week/ }).getByText('Best', { exact: true })).toHaveCount(1);
  const level = async (day: string, time: string) => Number(await heatCell(ownerPage, day, time).getAttribute('data-level'));
  expect(await level('Saturday', 'Evening')).toBeGreaterThan(await level('Monday', 'Morning'));
  expect(await level('Monday', 'Morning')).toBeGreaterThan(await level('Monday', 'Evening'));
  const background = (day: string, time: string) =>
    heatCell(ownerPage, day, time).evaluate((cell) => getComputedStyle(cell).backgroundColor);
  expect(await background('Saturday', 'Evening')).not.toEqual(await background('Monday', 'Morning'));

  // The members table: Member, Leader Agenda, Role, the owner marked.
  const membersTable = ownerPage.getByRole('table').filter({ has: ownerPage.getByRole('columnheader', { name: 'Leader Agenda' }) });
  await expect(membersTable.getByRole('columnheader')).toHaveText(['Member', 'Leader Agenda', 'Role']);
  await expect(membersTable.getByRole('row').filter({ hasText: owner.username }).getByRole('cell')).toHaveText([
    `${owner.username}Owner`,
    'Not set',
    'Administrator',
  ]);
  await expect(membersTable.getByRole('row').filter({ hasText: member.username }).getByRole('cell')).toHaveText([
    member.username,
    'Culture with Kongo',
    'Member',
  ]);

  // axe on both pages, on a desktop and on a phone; on the phone the grids fit without sideways scrolling.
  for (const viewport of [DESKTOP, PHONE]) {
    await ownerPage.setViewportSize(viewport);
    await ownerPage.goto(`/civGroup/userSettings?groupID=${group._id}`);
    await expect(ownerPage.getByRole('checkbox', { name: 'Saturday Evening', exact: true })).toBeChecked();
    expect(await seriousViolations(ownerPage)).toEqual([]);
    if (viewport === PHONE) {
      await expectNoSidewaysScroll(ownerPage);
      await ownerPage.getByRole('checkbox', { name: 'Friday Afternoon', exact: true }).scrollIntoViewIfNeeded();
      await expect(ownerPage.getByRole('checkbox', { name: 'Friday Afternoon', exact: true })).toBeInViewport();
    }
    await ownerPage.goto(`/civGroup/members?groupID=${group._id}`);
    await expect(ownerPage.getByRole('list', { name: 'Free on Saturday Evening' })).toBeVisible();
    await expect(membersTable.getByRole('cell', { name: 'Culture with Kongo' })).toBeVisible();
    expect(await seriousViolations(ownerPage)).toEqual([]);
    if (viewport === PHONE) {
      await expectNoSidewaysScroll(ownerPage);
      const plan = ownerPage.getByRole('button', { name: 'Plan an event on Saturday Evening' });
      await plan.scrollIntoViewIfNeeded();
      await expect(plan).toBeInViewport();
    }
  }

  // Plan an event on Saturday evening: the dialog opens at the next Saturday 19:00-23:00 of the organiser's own clock.
  await ownerPage.setViewportSize(DESKTOP);
  const slot = { day: 'Saturday', time: 'Evening' } as const;
  const before = nextSlotOccurrence(slot, VIEWER_ZONE, Date.now());
  expect(formatInTimeZone(before.startDate, VIEWER_ZONE, 'EEEE HH:mm')).toBe('Saturday 19:00');
  const picker = (instant: number) => formatInTimeZone(instant, VIEWER_ZONE, 'MMM d, yyyy h:mm aa');
  await ownerPage.getByRole('button', { name: 'Plan an event on Saturday Evening' }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Add Event' });
  await expect(dialog.getByLabel('Event Name')).toHaveValue('Saturday Evening game');
  // Run just as Saturday 19:00 passes, the click may already see the week after.
  const after = nextSlotOccurrence(slot, VIEWER_ZONE, Date.now());
  const either = (instants: number[]) => new RegExp(`^(${instants.map((instant) => escapeRegExp(picker(instant))).join('|')})$`);
  await expect(dialog.getByLabel('Start Time', { exact: true })).toHaveValue(either([before.startDate, after.startDate]));
  await expect(dialog.getByLabel('End Time', { exact: true })).toHaveValue(either([before.endDate, after.endDate]));
  await expect(dialog.getByText(`Time zone: ${VIEWER_ZONE}`)).toHaveCount(2);
  expect(await seriousViolations(ownerPage)).toEqual([]);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(ownerPage.getByText('Planned Saturday Evening game; it is on the Events page')).toBeVisible();

  // The other member finds it on Events at the slot's time.
  await memberPage.goto(`/civGroup/events?groupID=${group._id}`);
  await expect(memberPage.getByRole('region', { name: 'Next Event' })).toContainText('Saturday Evening game');
  await memberPage.context().close();
  await ownerPage.context().close();
});
