import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { seriousViolations } from './support/axe';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { waitForMail } from './support/mail';
import { loginThroughForm, registerByApi } from './support/users';

// The organiser sets a minimum on a new event, sees how many members have answered, reminds the
// rest once, and is refused for the rest of the day; at 1280 and 390 px, with nothing serious for axe.

const ZONE = 'Europe/Berlin';
const DAY = 24 * 60 * 60 * 1000;
const NAME = 'Quorum raid';

const pickerText = (days: number, time: string) => `${formatInTimeZone(Date.now() + days * DAY, ZONE, 'MMM d, yyyy')} ${time}`;

async function signedIn(browser: Browser, user: { email: string; password: string }, width: number) {
  const context = await browser.newContext({ timezoneId: ZONE, locale: 'en-US', viewport: { width, height: 900 } });
  const page = await context.newPage();
  await loginThroughForm(page, user.email, user.password);
  return page;
}

/** A Civilization group: its owner (the organiser) and three members. */
async function seed(request: APIRequestContext) {
  const owner = await registerByApi(request);
  const members = [await registerByApi(request), await registerByApi(request), await registerByApi(request)];
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const group = await createGroupByApi(request, ownerToken, { groupName: groupName('Quorum'), gameName: 'Civilization 6' });
  const tokens = [];
  for (const member of members) {
    const token = await loginByApi(request, member.email, member.password);
    tokens.push(token);
    await joinByApi(request, token, member.id, group);
  }
  return { owner, ownerToken, members, tokens, group };
}

/** The newest mail to `to` whose subject starts with `prefix` (earlier mails, e.g. the new-event notice, are passed over). */
async function mailStartingWith(to: string, prefix: string) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const mail = await waitForMail(to, 45_000);
    if (mail.subject.startsWith(prefix)) return mail;
    if (Date.now() > deadline) throw new Error(`No mail "${prefix}…" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const card = (page: Page) => page.locator('.event-card').filter({ hasText: NAME });

test('the organiser sets a minimum, sees "N of M answered", reminds once and is refused for the rest of the day', async ({
  browser,
  request,
}) => {
  test.slow();
  const { owner, ownerToken, members, tokens, group } = await seed(request);
  const eventsUrl = `/civGroup/events?groupID=${group._id}`;
  const organiser = await signedIn(browser, owner, 1280);
  await organiser.goto(eventsUrl);

  // Add Event with a minimum of 3, checked 24 hours before, cancelled automatically below it.
  await organiser.getByRole('region', { name: 'Next Event' }).getByRole('button', { name: 'Add', exact: true }).click();
  const form = organiser.getByRole('dialog', { name: 'Add Event' });
  await form.getByLabel('Event Name').fill(NAME);
  const times: [string, string][] = [
    ['Start Time', pickerText(3, '8:00 PM')],
    ['End Time', pickerText(3, '11:00 PM')],
  ];
  for (const [label, text] of times) {
    const input = form.getByLabel(label, { exact: true });
    await input.fill(text);
    await input.press('Tab');
  }
  await expect(form.getByLabel('Check the minimum')).toBeDisabled();
  await form.getByLabel('Minimum players').selectOption('3');
  await form.getByLabel('Check the minimum').selectOption({ label: '24 hours before the start' });
  await form.getByLabel(/Cancel the event automatically/).check();
  expect(await seriousViolations(organiser)).toEqual([]);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toBeHidden();

  // One member answers by attending; the organiser opens the event and sees who has answered.
  const events = (await (
    await request.get(`/api/events/getEvents?groupID=${group._id}`, { headers: { authorization: ownerToken } })
  ).json()) as {
    _id: string;
    eventName: string;
    minPlayers?: number;
    quorumCheckMinutes?: number;
    autoCancel?: boolean;
  }[];
  const event = events.find((e) => e.eventName === NAME)!;
  expect(event).toMatchObject({ minPlayers: 3, quorumCheckMinutes: 1440, autoCancel: true });
  const attended = await request.post('/api/events/attendEvent', {
    headers: { authorization: tokens[0]! },
    data: { eventID: event._id, userID: members[0]!.id },
  });
  expect(attended.status()).toBe(200);

  await organiser.reload();
  await card(organiser).getByRole('button', { name: NAME, exact: true }).click();
  const detail = organiser.getByRole('dialog', { name: NAME });
  const answers = detail.getByRole('region', { name: 'Answers' });
  await expect(answers).toContainText('1 of 4 answered');
  await expect(answers).toContainText(`Not answered yet:`);
  for (const member of members.slice(1)) await expect(answers).toContainText(member.username);

  const remind = answers.getByRole('button', { name: 'Remind members who have not answered' });
  await remind.click();
  await expect(answers).toContainText('Reminder sent to 2 members.');
  await expect(answers).toContainText(/Members can be reminded again from .* GMT\+[12]\./);
  await expect(remind).toBeDisabled();
  expect(await seriousViolations(organiser)).toEqual([]);

  // The members who had not answered are mailed; the server refuses a second reminder that day.
  for (const member of members.slice(1)) {
    const mail = await mailStartingWith(member.email, 'Are you coming?');
    expect(mail.text).toContain(`"${NAME}"`);
  }
  const again = await request.post('/api/events/remindEventMembers', {
    headers: { authorization: ownerToken },
    data: { eventID: event._id },
  });
  expect(again.status()).toBe(429);
  expect(Number(again.headers()['retry-after'])).toBeGreaterThan(23 * 60 * 60);

  // At 390 px, after a reload, the panel still says it was sent and stays refused.
  const phone = await signedIn(browser, owner, 390);
  await phone.goto(eventsUrl);
  await card(phone).getByRole('button', { name: NAME, exact: true }).click();
  const phoneAnswers = phone.getByRole('dialog', { name: NAME }).getByRole('region', { name: 'Answers' });
  await expect(phoneAnswers).toContainText('1 of 4 answered');
  await expect(phoneAnswers).toContainText('Last reminded');
  await expect(phoneAnswers.getByRole('button', { name: 'Remind members who have not answered' })).toBeDisabled();
  const box = await phoneAnswers.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(phone)).toEqual([]);

  // The organiser calls it off by hand: it stays listed, marked Cancelled, and Attend is refused.
  await phone.getByRole('dialog', { name: NAME }).getByRole('button', { name: 'Call off event' }).click();
  await phone.getByRole('group', { name: 'Call off this event?' }).getByRole('button', { name: 'Yes, call it off' }).click();
  await expect(phone.getByRole('dialog', { name: NAME }).getByText('Cancelled', { exact: true })).toBeVisible();
  expect(await seriousViolations(phone)).toEqual([]);
  const refused = await request.post('/api/events/attendEvent', {
    headers: { authorization: tokens[1]! },
    data: { eventID: event._id, userID: members[1]!.id },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe('This event was cancelled');

  // A plain member sees the event, marked Cancelled, without the organiser's panel.
  const member = await signedIn(browser, members[1]!, 1280);
  await member.goto(eventsUrl);
  await card(member).getByRole('button', { name: NAME, exact: true }).click();
  await expect(member.getByRole('dialog', { name: NAME })).toBeVisible();
  await expect(member.getByRole('dialog', { name: NAME }).getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(member.getByRole('region', { name: 'Answers' })).toHaveCount(0);
});
