import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { createGroupByApi, groupName, joinByApi, loginByApi, type CreatedGroup } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';

const ZONE = 'Europe/Berlin';
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

type Person = Awaited<ReturnType<typeof registerByApi>> & { token: string };

async function signedIn(browser: Browser, user: { email: string; password: string }, width: number) {
  const context = await browser.newContext({ timezoneId: ZONE, locale: 'en-US', viewport: { width, height: 900 } });
  const page = await context.newPage();
  await loginThroughForm(page, user.email, user.password);
  return page;
}

/** A Civilization group with its owner and four members. */
async function seed(request: APIRequestContext) {
  const people: Person[] = [];
  for (let i = 0; i < 5; i += 1) {
    const user = await registerByApi(request);
    people.push({ ...user, token: await loginByApi(request, user.email, user.password) });
  }
  const [owner, ...members] = people as [Person, ...Person[]];
  const group = await createGroupByApi(request, owner.token, { groupName: groupName('Answers'), gameName: 'Civilization 6' });
  for (const member of members) await joinByApi(request, member.token, member.id, group);
  return { owner, members, group };
}

async function postEvent(
  request: APIRequestContext,
  owner: Person,
  group: CreatedGroup,
  data: { eventName: string; start: number; end: number; maxNumberOfMembers?: number; repeatCount?: number },
) {
  const res = await request.post('/api/events/postEvent', {
    headers: { authorization: owner.token },
    data: {
      groupID: group._id,
      userID: owner.id,
      eventName: data.eventName,
      startDate: new Date(data.start).toISOString(),
      endDate: new Date(data.end).toISOString(),
      ...(data.maxNumberOfMembers ? { maxNumberOfMembers: data.maxNumberOfMembers } : {}),
      ...(data.repeatCount ? { repeatCount: data.repeatCount, timeZone: ZONE } : {}),
    },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { _id: string };
}

async function respond(request: APIRequestContext, who: Person, eventID: string, response: string) {
  const res = await request.post('/api/events/respondToEvent', { headers: { authorization: who.token }, data: { eventID, response } });
  expect(res.status()).toBe(200);
}

test('two members pick answers on the card and in the details; the counts and names show; a weekly series is one card', async ({
  browser,
  request,
}) => {
  test.slow();
  const { owner, members, group } = await seed(request);
  const [first, second, late, absent] = members as [Person, Person, Person, Person];
  const start = Date.now() + 2 * DAY;
  const raid = await postEvent(request, owner, group, { eventName: 'Raid night', start, end: start + 3 * HOUR, maxNumberOfMembers: 3 });
  await respond(request, owner, raid._id, 'attending');
  await respond(request, late, raid._id, 'late');
  await respond(request, absent, raid._id, 'not_coming');
  const seriesStart = Date.now() + 3 * DAY;
  await postEvent(request, owner, group, { eventName: 'League night', start: seriesStart, end: seriesStart + 2 * HOUR, repeatCount: 3 });
  const eventsUrl = `/civGroup/events?groupID=${group._id}`;

  // The first member answers Maybe from the card's menu, at desktop width.
  const desk = await signedIn(browser, first, 1280);
  await desk.goto(eventsUrl);
  const raidCard = desk.locator('.event-card').filter({ hasText: 'Raid night' });
  await expect(raidCard).toContainText('2/3 attending');
  await expect(raidCard).toContainText('1 of them late · 1 not coming');
  await raidCard.getByRole('button', { name: 'Your answer to Raid night: No answer' }).click();
  await raidCard.getByRole('button', { name: 'Maybe' }).click();
  await expect(raidCard.getByRole('button', { name: 'Your answer to Raid night: Maybe' })).toBeVisible();
  await expect(raidCard).toContainText('1 of them late · 1 maybe · 1 not coming');

  // The second answers Can sub in the details, on a phone.
  const phone = await signedIn(browser, second, 390);
  await phone.goto(eventsUrl);
  await phone.locator('.event-card').filter({ hasText: 'Raid night' }).getByRole('button', { name: 'Raid night', exact: true }).click();
  const details = phone.getByRole('dialog', { name: 'Raid night' });
  const answers = details.getByRole('group', { name: 'Your answer' });
  await expect(answers.getByRole('button', { name: 'Can sub' })).toHaveAttribute('aria-pressed', 'false');
  await answers.getByRole('button', { name: 'Can sub' }).click();
  await expect(answers.getByRole('button', { name: 'Can sub' })).toHaveAttribute('aria-pressed', 'true');
  await expect(details).toContainText(`Maybe (1): ${first.username}`);
  await expect(details).toContainText(`Can sub (1): ${second.username}`);
  await expect(details).toContainText(`Not coming (1): ${absent.username}`);
  await expect(details.locator('.event-attendees li').filter({ hasText: late.username })).toContainText('Late');
  expect(await seriousViolations(phone)).toEqual([]);
  await details.getByRole('button', { name: 'Cancel' }).click();

  // The first member's details follow live: every answer with its names, the screenshot of this feature.
  await expect(raidCard).toContainText('1 of them late · 1 maybe · 1 can sub · 1 not coming', { timeout: 15_000 });
  await raidCard.getByRole('button', { name: 'Raid night', exact: true }).click();
  const deskDetails = desk.getByRole('dialog', { name: 'Raid night' });
  await expect(deskDetails).toContainText(`Can sub (1): ${second.username}`);
  await expect(deskDetails.getByRole('group', { name: 'Your answer' }).getByRole('button', { name: 'Maybe' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await seriousViolations(desk)).toEqual([]);
  await deskDetails.screenshot({ path: 'docs/screenshots/event-rsvp-states.png' });
  await deskDetails.getByRole('button', { name: 'Cancel' }).click();

  // Then Attending takes the last seat; the first member's card follows live.
  const phoneCard = phone.locator('.event-card').filter({ hasText: 'Raid night' });
  await phoneCard.getByRole('button', { name: 'Your answer to Raid night: Can sub' }).click();
  await phoneCard.getByRole('button', { name: 'Attending' }).click();
  await expect(phoneCard.getByRole('button', { name: 'Your answer to Raid night: Attending' })).toBeVisible();
  await expect(raidCard).toContainText('3/3 attending', { timeout: 15_000 });
  await expect(raidCard).toContainText('1 of them late · 1 maybe · 1 not coming');

  // The weekly series is one card in the viewer's zone, expanding to its occurrences.
  for (const page of [desk, phone]) {
    const league = page.locator('.event-card').filter({ hasText: 'League night' });
    await expect(league).toHaveCount(1);
    await expect(league).toContainText(/every \w+day \d\d:\d\d GMT\+[12], next \d{1,2} \w{3}/);
    await league.getByRole('button', { name: 'Show all 3 occurrences' }).click();
    const occurrences = league.locator('.series-occurrences li');
    await expect(occurrences).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);
    await occurrences.nth(2).getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'League night' });
    await expect(dialog).toContainText('Repeats weekly');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.screenshot({ path: test.info().outputPath(`events-rsvp-${page.viewportSize()!.width}.png`), fullPage: true });
  }

  await desk.context().close();
  await phone.context().close();
});

test('after an event its creator marks who came; Administrators see each member rate on the Members page', async ({ browser, request }) => {
  test.slow();
  const { owner, members, group } = await seed(request);
  const [came, missed] = members as [Person, Person];
  // Started ten minutes ago (new events may start up to 15 minutes back) and ends in a few seconds.
  const end = Date.now() + 8_000;
  const event = await postEvent(request, owner, group, { eventName: 'Short game', start: Date.now() - 10 * 60_000, end });
  await respond(request, came, event._id, 'attending');
  await respond(request, missed, event._id, 'late');
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, end - Date.now() + 1_000)));

  const page = await signedIn(browser, owner, 1280);
  await page.goto(`/civGroup/events?groupID=${group._id}`);
  await page.getByRole('button', { name: 'Show past events (1)' }).click();
  await page.locator('.event-card').filter({ hasText: 'Short game' }).getByRole('button', { name: 'Short game', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Short game' });
  const whoCame = details.getByRole('region', { name: 'Who came' });
  await expect(whoCame).toBeVisible();
  await whoCame
    .getByRole('group', { name: `Did ${came.username} come?` })
    .getByRole('button', { name: 'Came' })
    .click();
  await whoCame
    .getByRole('group', { name: `Did ${missed.username} come?` })
    .getByRole('button', { name: "Didn't show" })
    .click();
  await expect(whoCame.getByRole('group', { name: `Did ${came.username} come?` }).getByRole('button', { name: 'Came' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(
    whoCame.getByRole('group', { name: `Did ${missed.username} come?` }).getByRole('button', { name: "Didn't show" }),
  ).toHaveAttribute('aria-pressed', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await details.getByRole('button', { name: 'Cancel' }).click();

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/civGroup/members?groupID=${group._id}`);
    const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Attendance' }) });
    await expect(table.getByRole('row').filter({ hasText: came.username })).toContainText('100% (1 of 1)');
    await expect(table.getByRole('row').filter({ hasText: missed.username })).toContainText('0% (0 of 1)');
    expect(await seriousViolations(page)).toEqual([]);
  }

  // A member sees neither the column nor anyone's rate.
  const member = await signedIn(browser, came, 1280);
  await member.goto(`/civGroup/members?groupID=${group._id}`);
  await expect(member.getByRole('columnheader', { name: 'Leader Agenda' })).toBeVisible();
  await expect(member.getByRole('columnheader', { name: 'Attendance' })).toHaveCount(0);
  await expect(member.getByText('100% (1 of 1)')).toHaveCount(0);
  await member.context().close();
  await page.context().close();
});
