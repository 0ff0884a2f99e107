import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInteraction } from '../../server/test/fakes/discord-app-fake';
import { seriousViolations } from './support/axe';
import { createGroupByApi, joinByApi, loginByApi } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';

// The Discord application against the Discord fake (serve-fakes.ts): its consent page signs in
// whoever /__fake/consent names, and it draws the bot's channel messages at /__fake/channel.html.
const DISCORD_FAKE = `http://127.0.0.1:${Number(process.env.E2E_FAKES_PORT) + 3}`;
const DAY = 24 * 3600_000;

// The fake signs in one Discord user at a time: these steps take turns.
test.describe.configure({ mode: 'serial' });

let seq = 0;
/** A Discord user of this run, made the one who signs in at the fake's consent page next. */
async function nextDiscordUser(request: APIRequestContext, name: string) {
  seq += 1;
  const id = `3${Date.now()}${process.pid % 100}${seq}`.slice(0, 19);
  const user = { id, username: `${name}${seq}${Date.now().toString(36)}`, global_name: null };
  expect((await request.post(`${DISCORD_FAKE}/__fake/consent`, { data: user })).status()).toBe(200);
  return user;
}

test('sign in with Discord on the login page: a new account, straight to the dashboard', async ({ page, request }) => {
  const discord = await nextDiscordUser(request, 'nelly');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Discord' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The grant has left the address.
  expect(new URL(page.url()).hash).toBe('');

  await page.goto('/profile');
  await expect(page.getByTestId('discord-username')).toHaveText(discord.username);
  // No password yet: the profile offers to set one.
  await expect(page.getByRole('button', { name: 'Set Password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Password' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Signing out and in again with Discord lands in the same account.
  const username = await page.locator('dd').first().textContent();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Discord' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  await expect(page.locator('dd').first()).toHaveText(username ?? '');

  // The account gets an email and a password on the profile, and then signs in with them too.
  const email = `${discord.username}@example.com`;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('a password of mine');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.locator('dd').nth(1)).toHaveText(email);
  await expect(page.getByRole('button', { name: 'Set Password' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();
  await page.evaluate(() => localStorage.clear());
  await loginThroughForm(page, email, 'a password of mine');
});

test('link Discord on the profile, turn on reminders by DM, unlink', async ({ page, request }) => {
  const user = await registerByApi(request);
  await loginThroughForm(page, user.email, user.password);
  const discord = await nextDiscordUser(request, 'linker');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Link Discord' }).click();
  await expect(page).toHaveURL(/\/profile\?discord=linked$/);
  await expect(page.getByText('Your Discord account is now linked.')).toBeVisible();
  await expect(page.getByTestId('discord-username')).toHaveText(discord.username);

  const dm = page.getByLabel('Also send me event reminders by Discord DM');
  await dm.check();
  await expect(dm).toBeChecked();
  await page.reload();
  await expect(page.getByLabel('Also send me event reminders by Discord DM')).toBeChecked();

  await page.getByRole('button', { name: 'Unlink Discord' }).click();
  await expect(page.getByRole('button', { name: 'Link Discord' })).toBeVisible();
});

test('an Administrator connects a channel; the bot posts the event with its buttons and seats left', async ({ page, request }) => {
  // Readable names: the picture of the post is the README's.
  const tag = Date.now().toString(36).slice(-3);
  const owner = await registerByApi(request, { username: `Alva${tag}`, email: `alva${tag}@example.com`, password: 'first password 1' });
  const member = await registerByApi(request, { username: `Bo${tag}`, email: `bo${tag}@example.com`, password: 'first password 1' });
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const memberToken = await loginByApi(request, member.email, member.password);
  const group = await createGroupByApi(request, ownerToken, { groupName: `Deity Raiders ${tag}`, gameName: 'Civilization 6' });
  await joinByApi(request, memberToken, member.id, group);
  const channelID = `14${Date.now()}`.slice(0, 18);

  await loginThroughForm(page, owner.email, owner.password);
  // Only whoever may manage the channel's Discord server connects it: the owner links Discord first (the fake's members hold Manage Server).
  const asker = await nextDiscordUser(request, 'drafter');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Link Discord' }).click();
  await expect(page).toHaveURL(/\/profile\?discord=linked$/);
  await page.goto(`/civGroup/groupSettings?groupID=${group._id}`);
  const panel = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Discord' }) });
  await expect(panel.getByRole('link', { name: 'Add the bot to your Discord server' })).toHaveAttribute('href', /scope=bot/);
  await panel.getByRole('button', { name: 'Enter a channel ID instead' }).click();
  await panel.getByLabel('Channel ID').fill('#general');
  await panel.getByRole('button', { name: 'Connect Channel' }).click();
  await expect(panel.getByRole('alert')).toContainText('Enter the channel ID');
  await panel.getByLabel('Channel ID').fill(channelID);
  await panel.getByRole('button', { name: 'Connect Channel' }).click();
  await expect(panel.getByTestId('discord-channel')).toHaveText(channelID);
  // Named as Discord gave it when connecting: the fake's server calls the channel #events.
  await expect(panel.getByTestId('discord-channel-name')).toHaveText('#events in Game Night');

  const start = Date.now() + 2 * DAY;
  const posted = await request.post('/api/events/postEvent', {
    headers: { authorization: ownerToken },
    data: {
      groupID: group._id,
      userID: owner.id,
      eventName: 'Deity FFA night',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 3600_000).toISOString(),
      maxNumberOfMembers: 8,
    },
  });
  expect(posted.status()).toBe(200);
  const event = (await posted.json()) as { _id: string };
  for (const [token, userID] of [
    [ownerToken, owner.id],
    [memberToken, member.id],
  ] as const) {
    const attended = await request.post('/api/events/attendEvent', {
      headers: { authorization: token },
      data: { eventID: event._id, userID },
    });
    expect(attended.status()).toBe(200);
  }

  type Posted = {
    channel_id: string;
    deleted: boolean;
    embeds?: { footer?: { text: string } }[];
    components?: { components: { label: string }[] }[];
  };
  await expect
    .poll(async () => {
      const messages = (await (await request.get(`${DISCORD_FAKE}/__fake/messages`)).json()) as Posted[];
      return messages.filter((m) => m.channel_id === channelID && !m.deleted).map((m) => m.embeds?.[0]?.footer?.text);
    })
    .toEqual(['6 seats left']);
  const messages = (await (await request.get(`${DISCORD_FAKE}/__fake/messages`)).json()) as Posted[];
  expect(messages.find((m) => m.channel_id === channelID)?.components?.[0]?.components.map((b) => b.label)).toEqual([
    'Attend',
    'Maybe',
    'Not coming',
    'Open',
  ]);

  await page.setViewportSize({ width: 760, height: 420 });
  await page.goto(`${DISCORD_FAKE}/__fake/channel.html?channel=${channelID}`);
  await expect(page.getByText('Deity FFA night').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('discord-event-post.png') });
  if (process.env.UPDATE_SCREENSHOTS)
    await page.screenshot({ path: path.join(import.meta.dirname, '../../../docs/screenshots/discord-event-post.png') });

  // /draft in the channel, asked by the owner once Discord is linked: its link opens the draft of that event.
  await page.setViewportSize({ width: 1280, height: 900 });
  const command = JSON.stringify({
    // Each interaction has its own id (the server acts on an id once), also on a retried run.
    id: `${Date.now()}${Math.floor(Math.random() * 1000)}`,
    type: 2,
    token: 'e2e-interaction',
    guild_id: '2',
    channel_id: channelID,
    member: { user: { id: asker.id, username: asker.username } },
    data: { id: '9', name: 'draft', type: 1 },
  });
  const answered = await request.post('/api/discord/interactions', { headers: signInteraction(command, Date.now()), data: command });
  expect(answered.status()).toBe(200);
  const answer = (await answered.json()) as { data: { flags: number; components: { components: { url: string }[] }[] } };
  expect(answer.data.flags).toBe(64);
  await page.goto(answer.data.components[0]!.components[0]!.url);
  // The dialog opens once the Events page and the event list have loaded: on a busy machine that can take a while.
  await expect(page.getByRole('dialog', { name: 'New Game' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/civGroup/events\\?groupID=${group._id}$`));
});
