import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

const ZONE = 'Europe/Berlin';
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

async function signedIn(browser: Browser, user: { email: string; password: string }) {
  const context = await browser.newContext({ timezoneId: ZONE, locale: 'en-US' });
  const page = await context.newPage();
  await loginThroughForm(page, user.email, user.password);
  return page;
}

/** An OSRS clan with an owner and a member, and one event of the owner's, 5 PM to 8 PM Berlin time in four days. */
async function seed(request: APIRequestContext, maxNumberOfMembers: number) {
  const owner = await registerByApi(request);
  const member = await registerByApi(request);
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const memberToken = await loginByApi(request, member.email, member.password);
  const group = await createGroupByApi(request, ownerToken, { groupName: groupName('Events'), gameName: 'Old School RuneScape' });
  await joinByApi(request, memberToken, member.id, group);
  const day = formatInTimeZone(Date.now() + 4 * DAY, ZONE, 'yyyy-MM-dd');
  const start = fromZonedTime(`${day}T17:00:00`, ZONE);
  const res = await request.post('/api/events/postEvent', {
    headers: { authorization: ownerToken },
    data: {
      groupID: group._id,
      userID: owner.id,
      eventName: 'Raid',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3 * HOUR).toISOString(),
      maxNumberOfMembers,
    },
  });
  expect(res.status()).toBe(200);
  const event = (await res.json()) as { _id: string; startDate: string; endDate: string };
  return { owner, member, ownerToken, group, event, eventsUrl: `/runeScapeClan/events?groupID=${group._id}` };
}

const pickerText = (iso: string) => formatInTimeZone(iso, ZONE, 'MMM d, yyyy h:mm aa');

test('editing an event keeps its length unless the end is changed, and says when a save would change it', async ({ browser, request }) => {
  // The date pickers are typed into key by key, and axe runs at two widths.
  test.slow();
  const { owner, ownerToken, group, event, eventsUrl } = await seed(request, 5);
  const page = await signedIn(browser, owner);
  await page.goto(eventsUrl);
  await page.locator('.event-card').filter({ hasText: 'Raid' }).getByRole('button', { name: 'Raid', exact: true }).click();
  await page.getByRole('dialog', { name: 'Raid' }).getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  const startInput = edit.getByLabel('Start Time', { exact: true });
  const endInput = edit.getByLabel('End Time', { exact: true });
  await expect(endInput).toHaveValue(pickerText(event.endDate));

  // Clear the start and type the same time again, key by key: the end stays where it was.
  await startInput.fill('');
  await startInput.pressSequentially(pickerText(event.startDate));
  await startInput.press('Tab');
  await expect(endInput).toHaveValue(pickerText(event.endDate));
  await expect(edit.getByRole('status')).toHaveText('');

  // A new end: the dialog says how the length changes, in a live region.
  const nextDayEnd = new Date(Date.parse(event.endDate) + DAY - 2 * HOUR).toISOString();
  await endInput.fill(pickerText(nextDayEnd));
  await endInput.press('Tab');
  await expect(edit.getByRole('status')).toHaveText("This will change the event's length from 3 h to 1 day 1 h.");
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('event-length-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(edit.getByRole('status')).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('event-length-390.png') });
  expect(await seriousViolations(page)).toEqual([]);

  // Back to the old end: nothing to say, and the save keeps the times.
  await endInput.fill(pickerText(event.endDate));
  await endInput.press('Tab');
  await expect(edit.getByRole('status')).toHaveText('');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(edit).toBeHidden();
  const events = await request.get(`/api/events/getEvents?groupID=${group._id}`, { headers: { authorization: ownerToken } });
  const saved = ((await events.json()) as { _id: string; startDate: string; endDate: string }[]).find((e) => e._id === event._id);
  expect(saved).toMatchObject({ startDate: event.startDate, endDate: event.endDate });
});

test('the member who loses the race for the last seat is told "This event is full"', async ({ browser, request }) => {
  const { owner, member, ownerToken, event, eventsUrl } = await seed(request, 1);
  const page = await signedIn(browser, member);
  await page.goto(eventsUrl);
  const card = page.locator('.event-card').filter({ hasText: 'Raid' });

  // The member's sign-up reaches the server just after the owner has taken the last seat.
  let ownerAttended!: () => void;
  const ownerFirst = new Promise<void>((resolve) => (ownerAttended = resolve));
  await page.route('**/api/events/attendEvent', async (route) => {
    await ownerFirst;
    await route.continue();
  });
  await card.getByRole('button', { name: 'Attend Raid' }).click();
  const taken = await request.post('/api/events/attendEvent', {
    headers: { authorization: ownerToken },
    data: { eventID: event._id, userID: owner.id, username: owner.username, email: owner.email },
  });
  expect(taken.status()).toBe(200);
  ownerAttended();

  await expect(page.getByRole('alert').filter({ hasText: 'This event is full' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Attend Raid' })).toHaveCount(0);
});
