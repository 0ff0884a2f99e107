import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createGroupByApi, groupName, joinByApi, loginByApi, type CreatedGroup } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';

// Two members of a group, each in their own browser: what one changes shows on the other's open
// page without a reload. And an Administrator connects the group to Discord in Group Settings.

const DAY = 24 * 60 * 60 * 1000;
const DISCORD_FAKE = `http://127.0.0.1:${Number(process.env.E2E_FAKES_PORT) + 3}`;
const WEBHOOK = {
  id: '1187654321098765432',
  token: 'fAkEtOkEn_0123456789-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVW',
};
/** "Within a second" with room for a busy machine; the page is never reloaded. */
const LIVE = { timeout: 3000 };

async function signedIn(browser: Browser, user: { email: string; password: string }) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await loginThroughForm(page, user.email, user.password);
  return page;
}

/** Marks the document, so a test can tell the page was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'unchanged'));
const documentKept = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark);

async function postEventByApi(
  request: import('@playwright/test').APIRequestContext,
  token: string,
  userID: string,
  group: CreatedGroup,
  eventName: string,
) {
  const start = Date.now() + 2 * DAY;
  const res = await request.post('/api/events/postEvent', {
    headers: { authorization: token },
    data: {
      groupID: group._id,
      userID,
      eventName,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 3600_000).toISOString(),
      maxNumberOfMembers: 4,
    },
  });
  expect(res.status()).toBe(200);
}

async function seed(request: import('@playwright/test').APIRequestContext) {
  const owner = await registerByApi(request);
  const member = await registerByApi(request);
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const memberToken = await loginByApi(request, member.email, member.password);
  const group = await createGroupByApi(request, ownerToken, { groupName: groupName('Live'), gameName: 'Civilization 6' });
  await joinByApi(request, memberToken, member.id, group);
  return { owner, member, ownerToken, group };
}

test("one member attends; the other's open events page shows it without a reload", async ({ browser, request }) => {
  const { owner, member, ownerToken, group } = await seed(request);
  await postEventByApi(request, ownerToken, owner.id, group, 'Live night');
  const eventsUrl = `/civGroup/events?groupID=${group._id}`;

  const watcher = await signedIn(browser, owner);
  await watcher.goto(eventsUrl);
  const watchedCard = watcher.locator('.event-card').filter({ hasText: 'Live night' });
  await expect(watchedCard).toContainText('0/4 attending');
  await markDocument(watcher);

  const attendee = await signedIn(browser, member);
  await attendee.goto(eventsUrl);
  const card = attendee.locator('.event-card').filter({ hasText: 'Live night' });
  await card.getByRole('button', { name: 'Attend Live night' }).click();
  await expect(card).toContainText('1/4 attending');

  await expect(watchedCard).toContainText('1/4 attending', LIVE);

  // A new event by someone else appears too, and a withdrawal shows.
  await postEventByApi(request, ownerToken, owner.id, group, 'Another evening');
  await expect(attendee.locator('.event-card').filter({ hasText: 'Another evening' })).toBeVisible(LIVE);
  await card.getByRole('button', { name: 'Unattend Live night' }).click();
  await expect(watchedCard).toContainText('0/4 attending', LIVE);
  expect(await documentKept(watcher)).toBe('unchanged');

  await watcher.context().close();
  await attendee.context().close();
});

test('an Administrator sets the Discord webhook in Group Settings; it shows masked and new events are posted there', async ({
  browser,
  request,
}) => {
  const { owner, ownerToken, group } = await seed(request);
  const page = await signedIn(browser, owner);
  await page.goto(`/civGroup/groupSettings?groupID=${group._id}`);
  const panel = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Discord' }) });
  await expect(panel.getByLabel('Webhook URL')).toBeVisible();

  // A URL that is not Discord's is refused under the field, in the server's words.
  await panel.getByLabel('Webhook URL').fill('https://example.com/api/webhooks/1/abc');
  await panel.getByRole('button', { name: 'Set Webhook' }).click();
  await expect(panel.getByRole('alert')).toContainText('Enter a Discord webhook URL');

  await panel.getByLabel('Webhook URL').fill(`https://discord.com/api/webhooks/${WEBHOOK.id}/${WEBHOOK.token}`);
  await panel.getByRole('button', { name: 'Set Webhook' }).press('Enter');
  await expect(panel.getByTestId('discord-webhook')).toHaveText(`…/webhooks/${WEBHOOK.id}/••••${WEBHOOK.token.slice(-4)}`);
  await expect(page.getByText(WEBHOOK.token)).toHaveCount(0);

  const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(violations.map((v) => v.id)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.screenshot({ path: test.info().outputPath('discord-panel-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.screenshot({ path: test.info().outputPath('discord-panel-390.png') });

  const eventName = `Posted ${Date.now().toString(36)}`;
  await postEventByApi(request, ownerToken, owner.id, group, eventName);
  await expect
    .poll(async () => {
      const posts = (await (await request.get(`${DISCORD_FAKE}/__fake/posts`)).json()) as { payload: { embeds?: { title?: string }[] } }[];
      return posts.filter((p) => p.payload.embeds?.[0]?.title === `New event: ${eventName}`).length;
    })
    .toBe(1);

  await panel.getByRole('button', { name: 'Remove' }).click();
  await expect(panel.getByTestId('discord-webhook')).toHaveCount(0);
  await page.context().close();
});
