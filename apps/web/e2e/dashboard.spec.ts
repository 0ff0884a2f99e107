import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

const HOUR = 60 * 60 * 1000;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function attendByApi(request: APIRequestContext, token: string, userID: string, eventID: string) {
  const res = await request.post('/api/events/attendEvent', { headers: { authorization: token }, data: { eventID, userID } });
  expect(res.status()).toBe(200);
}

async function postEvent(
  request: APIRequestContext,
  token: string,
  userID: string,
  groupID: string,
  eventName: string,
  startIn: number,
  maxNumberOfMembers = 12,
) {
  const start = Date.now() + startIn;
  const res = await request.post('/api/events/postEvent', {
    headers: { authorization: token },
    data: {
      groupID,
      userID,
      eventName,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * HOUR).toISOString(),
      maxNumberOfMembers,
    },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { _id: string };
}

const timeZoneOf = async (request: APIRequestContext, token: string) =>
  ((await (await request.get('/api/users/getTimeZone', { headers: { authorization: token } })).json()) as { timeZone: string | null })
    .timeZone;

test('the dashboard is a hub: role, member count and next event per group, and the next events across groups', async ({
  browser,
  request,
}, testInfo) => {
  const me = await registerByApi(request);
  const friend = await registerByApi(request);
  const myToken = await loginByApi(request, me.email, me.password);
  const friendToken = await loginByApi(request, friend.email, friend.password);
  const mine = await createGroupByApi(request, myToken, { groupName: groupName('Mine'), gameName: 'Civilization 6' });
  const theirs = await createGroupByApi(request, friendToken, { groupName: groupName('Clan'), gameName: 'Old School RuneScape' });
  await joinByApi(request, myToken, me.id, theirs);
  await joinByApi(request, friendToken, friend.id, mine);
  await postEvent(request, friendToken, friend.id, theirs._id, 'Boss night', 26 * HOUR);
  const full = await postEvent(request, friendToken, friend.id, theirs._id, 'Full raid', 30 * HOUR, 1);
  await attendByApi(request, friendToken, friend.id, full._id);
  const attending = await postEvent(request, myToken, me.id, mine._id, 'Civ night', 50 * HOUR);
  await attendByApi(request, myToken, me.id, attending._id);

  const context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
  const page = await context.newPage();
  await loginThroughForm(page, me.email, me.password);

  const groups = page.getByRole('list', { name: 'Your groups' });
  const mineCard = groups.getByRole('listitem').filter({ hasText: mine.groupName });
  await expect(mineCard).toContainText('Administrator');
  await expect(mineCard).toContainText('2 members');
  await expect(mineCard).toContainText('Next event: Civ night');
  const theirCard = groups.getByRole('listitem').filter({ hasText: theirs.groupName });
  await expect(theirCard).toContainText('Member');
  await expect(theirCard).toContainText('Next event: Boss night');

  // The full raid is neither attended nor open, so it is left out; soonest first, each with its group.
  const next = page.getByRole('list', { name: 'Your next events' }).getByRole('listitem');
  await expect(next).toHaveCount(2);
  await expect(next.nth(0)).toContainText('Boss night');
  await expect(next.nth(0)).toContainText(theirs.groupName);
  await expect(next.nth(0)).toContainText('0 / 12 attending');
  await expect(next.nth(1)).toContainText('Civ night');
  await expect(next.nth(1)).toContainText('Attending');
  await expect(page).toHaveTitle('Dashboard · SMM');

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: testInfo.outputPath(`dashboard-${viewport.width}.png`), fullPage: true });
    expect(await seriousViolations(page), `at ${viewport.width}px`).toEqual([]);
  }

  // An entry opens its group's events page.
  await next.nth(0).getByRole('link', { name: 'Boss night' }).click();
  await expect(page).toHaveURL(new RegExp(`/runeScapeClan/events\\?groupID=${theirs._id}$`));
  await context.close();
});

test('a new group opens at once with its invite link and a Copy button', async ({ browser, request }, testInfo) => {
  const owner = await registerByApi(request);
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await loginThroughForm(page, owner.email, owner.password);

  const name = groupName('Fresh');
  await page.getByRole('button', { name: 'Add group' }).click();
  const create = page.getByRole('dialog', { name: 'Create New group' });
  await create.getByLabel('Group Name').fill(name);
  await create.getByLabel('Game').selectOption('Civilization 6');
  await create.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/civGroup\/welcome\?groupID=/);
  const groupID = new URL(page.url()).searchParams.get('groupID')!;
  const panel = page.getByRole('region', { name: 'Invite members' });
  await expect(panel.getByLabel('Invite Link')).toHaveValue(new RegExp(`/invite\\?groupID=${groupID}&inviteLink=\\w+$`));
  await panel.getByRole('button', { name: 'Copy' }).click();
  await expect(panel.getByText('Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await panel.getByLabel('Invite Link').inputValue());
  await expect(page).toHaveTitle(`Welcome · ${name} · SMM`);

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: testInfo.outputPath(`new-group-${viewport.width}.png`), fullPage: true });
    expect(await seriousViolations(page), `at ${viewport.width}px`).toEqual([]);
  }

  // Done puts the panel away; the group's Welcome card stays.
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('list', { name: 'Welcome cards' })).toBeVisible();
  await context.close();
});

test("the first login saves the browser's time zone; a chosen one stays; the picker finds zones by typing", async ({
  browser,
  request,
}) => {
  const member = await registerByApi(request);
  const token = await loginByApi(request, member.email, member.password);
  expect(await timeZoneOf(request, token)).toBeNull();

  const tokyo = await browser.newContext({ timezoneId: 'Asia/Tokyo', locale: 'en-US' });
  const page = await tokyo.newPage();
  await loginThroughForm(page, member.email, member.password);
  await expect.poll(() => timeZoneOf(request, token)).toBe('Asia/Tokyo');

  await page.goto('/profile');
  const picker = page.getByRole('combobox', { name: 'Time Zone' });
  await expect(picker).toHaveValue('Asia/Tokyo');
  await picker.fill('Nowhere/Atlantis');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(picker).toHaveAccessibleDescription(/Choose a time zone from the list/);
  // Part of a name is enough when it names one zone.
  await picker.fill('new york');
  await picker.press('Enter');
  await expect(page.getByText('Event times are shown in America/New_York')).toBeVisible();
  await expect(picker).toHaveValue('America/New_York');
  await tokyo.close();

  // Logging in from elsewhere keeps the zone the member chose.
  const paris = await browser.newContext({ timezoneId: 'Europe/Paris', locale: 'en-US' });
  await loginThroughForm(await paris.newPage(), member.email, member.password);
  expect(await timeZoneOf(request, token)).toBe('America/New_York');
  await paris.close();
});

test('being sent away says why: a private page when logged out, a private group from outside', async ({ browser, request }, testInfo) => {
  const owner = await registerByApi(request);
  const outsider = await registerByApi(request);
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const secret = await createGroupByApi(request, ownerToken, {
    groupName: groupName('Secret'),
    gameName: 'Civilization 6',
    isPrivate: true,
  });

  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  const loginNotice = page.getByRole('status').filter({ hasText: 'Log in to see that page.' });
  await expect(loginNotice).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('login-notice-390.png') });
  expect(await seriousViolations(page)).toEqual([]);
  await loginNotice.getByRole('button', { name: 'Close alert' }).click();
  await expect(loginNotice).toBeHidden();

  await loginThroughForm(page, outsider.email, outsider.password);
  await page.goto(`/civGroup/events?groupID=${secret._id}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'That group is private or no longer exists: you need an invite to join a private group.' }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

/** Whether any stylesheet the page has loaded holds a rule for `selector`. */
const hasRule = (page: Page, selector: string) =>
  page.evaluate(
    (wanted) =>
      [...document.styleSheets].some((sheet) =>
        [...sheet.cssRules].some((rule) => rule instanceof CSSStyleRule && rule.selectorText === wanted),
      ),
    selector,
  );

test("the dashboard loads without the group pages' styles; a group page loads them after Bootstrap's, so their rules win", async ({
  browser,
  request,
}) => {
  const me = await registerByApi(request);
  const token = await loginByApi(request, me.email, me.password);
  const group = await createGroupByApi(request, token, { groupName: groupName('Styled'), gameName: 'Civilization 6' });
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await loginThroughForm(page, me.email, me.password);
  await expect(page.getByRole('list', { name: 'Your groups' })).toContainText(group.groupName);
  expect(await hasRule(page, '.slot-table-toggles td')).toBe(false);
  expect(await hasRule(page, '.modal-dialog')).toBe(false);

  // The weekly grid's cells have no padding of their own (pages.css), against Bootstrap's table cells.
  await page.goto(`/civGroup/userSettings?groupID=${group._id}`);
  const cell = page.locator('.slot-table-toggles td').first();
  await expect(cell).toBeVisible();
  expect(await cell.evaluate((td) => getComputedStyle(td).paddingTop)).toBe('0px');
  expect(await hasRule(page, '.modal-dialog')).toBe(true);
  await context.close();
});
