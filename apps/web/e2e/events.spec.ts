import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { waitForMail } from './support/mail';
import { loginThroughForm, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

// Both browsers run in Berlin time: the page must show times in that zone and name it.
const ZONE = 'Europe/Berlin';
const DAY = 24 * 60 * 60 * 1000;
const groupNav = (page: Page) => page.getByRole('navigation', { name: 'Group' });

/** "Dec 3, 2026 8:00 PM" for a day `days` from now, as typed into the pickers. */
const pickerText = (days: number, time: string) => `${formatInTimeZone(Date.now() + days * DAY, ZONE, 'MMM d, yyyy')} ${time}`;

async function signedIn(browser: Browser, user: { email: string; password: string }) {
  const context = await browser.newContext({ timezoneId: ZONE, locale: 'en-US' });
  const page = await context.newPage();
  await loginThroughForm(page, user.email, user.password);
  return page;
}

/** Types a date and time into a picker and leaves it, as a keyboard user would. */
async function typeDate(page: Page, label: string, text: string) {
  const input = page.getByRole('dialog').getByLabel(label, { exact: true });
  await input.fill(text);
  await input.press('Tab');
}

/** A Civilization group owned by `owner` with `member` in it. */
async function seedGroup(request: import('@playwright/test').APIRequestContext) {
  const owner = await registerByApi(request);
  const member = await registerByApi(request);
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const memberToken = await loginByApi(request, member.email, member.password);
  const group = await createGroupByApi(request, ownerToken, { groupName: groupName('Civ'), gameName: 'Civilization 6' });
  await joinByApi(request, memberToken, member.id, group);
  return { owner, member, ownerToken, group };
}

test('create, edit, attend, unattend and delete an event as two users; only the creator sees Edit and Delete', async ({
  browser,
  request,
}) => {
  test.slow();
  const { owner, member, group } = await seedGroup(request);
  const eventsUrl = `/civGroup/events?groupID=${group._id}`;

  // The creator reaches Events from the group bar.
  const creator = await signedIn(browser, owner);
  await creator.goto(`/civGroup/welcome?groupID=${group._id}`);
  await groupNav(creator).getByRole('link', { name: 'Events' }).click();
  await expect(creator).toHaveURL(eventsUrl);
  const nextEvent = creator.getByRole('region', { name: 'Next Event' });
  await expect(nextEvent).toContainText('No Scheduled Events Upcoming');
  await expect(creator.getByText(`Times are shown in ${ZONE}.`)).toBeVisible();

  // Add: an end before the start is refused for 5 s and nothing is saved.
  await nextEvent.getByRole('button', { name: 'Add', exact: true }).click();
  const form = creator.getByRole('dialog', { name: 'Add Event' });
  await expect(form.getByLabel('Max Players')).toHaveValue('12');
  await form.getByLabel('Event Name').fill('Civ night');
  await typeDate(creator, 'Start Time', pickerText(3, '8:00 PM'));
  await typeDate(creator, 'End Time', pickerText(3, '7:00 PM'));
  await form.getByRole('button', { name: 'Submit' }).click();
  const refusal = form.getByRole('alert').filter({ hasText: 'Start Date must be before End Date' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toBeHidden({ timeout: 7000 });
  await expect(form).toBeVisible();
  // What is wrong stays beside Submit, in view, and under End Time until it is fixed.
  await expect(form.getByText('Fix the marked field: End Time must be after Start Time')).toBeInViewport();

  await typeDate(creator, 'End Time', pickerText(3, '11:30 PM'));
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toBeHidden();
  // The server's mail job tells the other member (Event Notifications are on by default), in UTC:
  // they have not signed in from a browser yet, so no zone is saved for them.
  const mail = await waitForMail(member.email, 45_000);
  expect(mail.subject).toMatch(/^New event in Civ /);
  expect(mail.text).toContain('(UTC)');
  await expect(nextEvent).toContainText('Civ night');
  await expect(nextEvent).toContainText('8:00 PM GMT+');
  await expect(nextEvent).toContainText('11:30 PM GMT+');
  const creatorCard = creator.locator('.event-card').filter({ hasText: 'Civ night' });
  await expect(creatorCard).toHaveCount(1);

  // The creator opens the event: Edit and Delete are there; Edit renames it and lowers the maximum.
  await creatorCard.getByRole('button', { name: 'Civ night', exact: true }).click();
  let detail = creator.getByRole('dialog', { name: 'Civ night' });
  await expect(detail.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await detail.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = creator.getByRole('dialog', { name: 'Edit Event' });
  await expect(edit.getByLabel('Event Name')).toHaveValue('Civ night');
  await edit.getByLabel('Event Name').fill('Civ night (edited)');
  await edit.getByLabel('Max Players').selectOption('2');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(edit).toBeHidden();
  await expect(creator.locator('.event-card').filter({ hasText: 'Civ night (edited)' })).toContainText('0/2 attending');

  // The second user sees the event without Edit or Delete, attends, then unattends.
  const guest = await signedIn(browser, member);
  await guest.goto(eventsUrl);
  const guestCard = guest.locator('.event-card').filter({ hasText: 'Civ night (edited)' });
  await guestCard.getByRole('button', { name: 'Civ night (edited)', exact: true }).click();
  detail = guest.getByRole('dialog', { name: 'Civ night (edited)' });
  await expect(detail).toContainText('8:00 PM GMT+');
  await expect(detail.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Attend Civ night (edited)' }).click();
  await expect(detail.getByRole('button', { name: 'Unattend Civ night (edited)' })).toBeVisible();
  await expect(detail).toContainText(member.username);
  await detail.getByRole('button', { name: 'Cancel' }).click();
  await expect(detail).toBeHidden();
  await expect(guestCard).toContainText('1/2 attending');
  await expect(guest.getByRole('region', { name: 'Next Event' })).toContainText(member.username);
  await guestCard.getByRole('button', { name: 'Unattend Civ night (edited)' }).click();
  await expect(guestCard.getByRole('button', { name: 'Attend Civ night (edited)' })).toBeVisible();
  await expect(guestCard).toContainText('0/2 attending');
  // Attend once more, so the creator sees a full-ish event before deleting it.
  await guestCard.getByRole('button', { name: 'Attend Civ night (edited)' }).click();
  await expect(guestCard).toContainText('1/2 attending');

  // The creator deletes it after the question; both lists are empty again.
  await creator.reload();
  await creator.locator('.event-card').getByRole('button', { name: 'Civ night (edited)', exact: true }).click();
  detail = creator.getByRole('dialog', { name: 'Civ night (edited)' });
  await expect(detail).toContainText(member.username);
  await detail.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = creator.getByRole('dialog', { name: 'Delete Civ night (edited)' });
  await expect(confirm).toContainText('Are you sure you wish to delete this event?');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(creator.getByRole('region', { name: 'Next Event' })).toContainText('No Scheduled Events Upcoming');
  await expect(creator.locator('.event-card')).toHaveCount(0);
  await guest.reload();
  await expect(guest.getByRole('region', { name: 'Next Event' })).toContainText('No Scheduled Events Upcoming');
});

test('after its creator leaves the group, the owner sees Delete (not Edit) on the event and deletes it; members see neither', async ({
  browser,
  request,
}) => {
  const { owner, member, group } = await seedGroup(request);
  const creator = await registerByApi(request);
  const creatorToken = await loginByApi(request, creator.email, creator.password);
  await joinByApi(request, creatorToken, creator.id, group);
  const start = Date.now() + 2 * DAY;
  const created = await request.post('/api/events/postEvent', {
    headers: { authorization: creatorToken },
    data: {
      groupID: group._id,
      userID: creator.id,
      eventName: 'Orphaned raid',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * 3600_000).toISOString(),
    },
  });
  expect(created.status()).toBe(200);
  const eventsUrl = `/civGroup/events?groupID=${group._id}`;

  // While the creator is a member, the owner gets neither button.
  const ownerPage = await signedIn(browser, owner);
  await ownerPage.goto(eventsUrl);
  const openEvent = async (page: Page) => {
    await page.locator('.event-card').getByRole('button', { name: 'Orphaned raid', exact: true }).click();
    return page.getByRole('dialog', { name: 'Orphaned raid' });
  };
  let detail = await openEvent(ownerPage);
  await expect(detail.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Cancel' }).click();

  // The creator leaves the group.
  const left = await request.post('/api/groups/leaveGroup', {
    headers: { authorization: creatorToken },
    data: { groupID: group._id, userID: creator.id },
  });
  expect(left.status()).toBe(200);

  // A member still sees neither.
  const memberPage = await signedIn(browser, member);
  await memberPage.goto(eventsUrl);
  const memberDetail = await openEvent(memberPage);
  await expect(memberDetail).toContainText('The creator of this event has left the group.');
  await expect(memberDetail.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(memberDetail.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);

  // The owner sees Delete only, and deletes the event after the question.
  await ownerPage.reload();
  detail = await openEvent(ownerPage);
  await expect(detail).toContainText('The creator of this event has left the group.');
  await expect(detail.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = ownerPage.getByRole('dialog', { name: 'Delete Orphaned raid' });
  await expect(confirm).toContainText('Are you sure you wish to delete this event?');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(ownerPage.locator('.event-card')).toHaveCount(0);
  await expect(ownerPage.getByRole('region', { name: 'Next Event' })).toContainText('No Scheduled Events Upcoming');
  await memberPage.reload();
  await expect(memberPage.getByRole('region', { name: 'Next Event' })).toContainText('No Scheduled Events Upcoming');
});

test("a failed create shows 'Unexpected error trying to create an event' for 5 s", async ({ browser, request }) => {
  const { member, group } = await seedGroup(request);
  const page = await signedIn(browser, member);
  await page.goto(`/civGroup/events?groupID=${group._id}`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Add Event' });
  await form.getByLabel('Event Name').fill('Never saved');
  await typeDate(page, 'Start Time', pickerText(2, '6:00 PM'));
  await typeDate(page, 'End Time', pickerText(2, '9:00 PM'));
  // The network drops the create on its way out (the server never sees it).
  await page.route('**/api/events/postEvent', (route) => route.abort('connectionreset'));
  await form.getByRole('button', { name: 'Submit' }).click();
  const alert = form.getByRole('alert').filter({ hasText: 'Unexpected error trying to create an event' });
  await expect(alert).toBeVisible();
  await expect(alert).toBeHidden({ timeout: 7000 });
  await expect(form.getByLabel('Event Name')).toHaveValue('Never saved');
  await page.unroute('**/api/events/postEvent');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toBeHidden();
  await expect(page.locator('.event-card')).toContainText('Never saved');
});

test('a non-member of a public group is not shown Events and is turned away from the page', async ({ browser, request }) => {
  const owner = await registerByApi(request);
  const stranger = await registerByApi(request);
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const group = await createGroupByApi(request, ownerToken, { groupName: groupName('Open'), gameName: 'Dota 2', isPrivate: false });
  const page = await signedIn(browser, stranger);
  await page.goto(`/dotaGroup/welcome?groupID=${group._id}`);
  await expect(groupNav(page).getByRole('link')).toHaveText(['Welcome']);
  await page.goto(`/dotaGroup/events?groupID=${group._id}`);
  await expect(page).toHaveURL(`/dotaGroup/welcome?groupID=${group._id}`);
});

test('axe finds nothing serious on the events page and its dialogs, at desktop and phone widths', async ({
  browser,
  request,
}, testInfo) => {
  test.slow();
  const { owner, member, ownerToken, group } = await seedGroup(request);
  for (const [name, days] of [
    ['Raid', 1],
    ['Quest', 2],
    ['Boss', 4],
    ['Minigame', 6],
    ['Clan cup', 9],
  ] as const) {
    const start = Date.now() + days * DAY;
    const res = await request.post('/api/events/postEvent', {
      headers: { authorization: ownerToken },
      data: {
        groupID: group._id,
        userID: owner.id,
        eventName: name,
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 2 * 3600_000).toISOString(),
        maxNumberOfMembers: 6,
      },
    });
    expect(res.status()).toBe(200);
  }
  const page = await signedIn(browser, member);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/civGroup/events?groupID=${group._id}`);
    await expect(page.locator('.event-card')).toHaveCount(5);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`events-page-${width}.png`), fullPage: true });
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await page.locator('.event-card').first().getByRole('button', { name: 'Raid', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Raid' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`events-detail-${width}.png`) });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Add Event' })).toBeVisible();
    await page.getByRole('dialog').getByLabel('Start Time').click();
    await expect(page.locator('.react-datepicker')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`events-form-${width}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
});

test('the profile sets a time zone, and the events page follows it', async ({ browser, request }) => {
  const { owner, ownerToken, group } = await seedGroup(request);
  const start = Date.UTC(2031, 0, 15, 18, 0);
  await request.post('/api/events/postEvent', {
    headers: { authorization: ownerToken },
    data: {
      groupID: group._id,
      userID: owner.id,
      eventName: 'Far away',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3600_000).toISOString(),
    },
  });
  const page = await signedIn(browser, owner);
  await page.goto('/profile');
  // The first login saved this browser's zone; the searchable picker changes it.
  await expect(page.getByRole('combobox', { name: 'Time Zone' })).toHaveValue(ZONE);
  await page.getByRole('combobox', { name: 'Time Zone' }).fill('America/New_York');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Event times are shown in America/New_York')).toBeVisible();
  await page.goto(`/civGroup/events?groupID=${group._id}`);
  await expect(page.getByText('Times are shown in America/New_York.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Next Event' })).toContainText('Wed, Jan 15, 2031, 1:00 PM EST');

  // The calendar link: made once, shown once, then rotated and turned off.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Create calendar link' }).click();
  const url = await page.getByLabel('Your calendar link').inputValue();
  expect(url).toMatch(/\/api\/calendar\/[0-9a-f]{64}\.ics$/);
  const feed = await request.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('SUMMARY:Far away');
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('button', { name: 'Create calendar link' })).toBeVisible();
  expect((await request.get(new URL(url).pathname)).status()).toBe(404);
});
