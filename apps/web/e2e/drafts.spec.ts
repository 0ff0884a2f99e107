import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { postByApi } from './support/civ-games';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { loginThroughForm, newCredentials, registerByApi } from './support/users';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const DAY = 24 * 60 * 60 * 1000;
/** SCREENSHOTS=1 also saves the README's pictures of a blind draft; without it nothing is written. */
const SCREENSHOTS = process.env.SCREENSHOTS === '1';
const screenshotDir = path.join(import.meta.dirname, '../../../docs/screenshots');

type User = Awaited<ReturnType<typeof registerByApi>>;

/** Readable names for the README's pictures; unique tagged ones otherwise, so parallel runs never collide. */
function credentials(name: string) {
  if (!SCREENSHOTS) return newCredentials(name.toLowerCase());
  return { username: name, email: `${name.toLowerCase()}@example.com`, password: 'first password 1' };
}

/** An owner's Civilization 6 group with three more members, and an event all four attend. */
async function seed(request: APIRequestContext, names: [string, string, string, string]) {
  const [owner, ...players] = await Promise.all(names.map((name) => registerByApi(request, credentials(name))));
  const everyone = [owner!, ...players] as [User, User, User, User];
  const ownerToken = await loginByApi(request, owner!.email, owner!.password);
  const group = await createGroupByApi(request, ownerToken, {
    groupName: SCREENSHOTS ? 'Friday Night Civ' : groupName('Drafts'),
    gameName: 'Civilization 6',
  });
  const tokens = new Map([[owner!.id, ownerToken]]);
  for (const player of players) {
    const token = await loginByApi(request, player.email, player.password);
    await joinByApi(request, token, player.id, group);
    tokens.set(player.id, token);
  }
  const eventName = SCREENSHOTS ? 'Saturday Civ' : `Saturday Civ ${Date.now().toString(36)}`;
  const start = Date.now() + 2 * DAY;
  const event = await postByApi<{ _id: string }>(request, ownerToken, '/api/events/postEvent', {
    groupID: group._id,
    userID: owner!.id,
    eventName,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 4 * 3600_000).toISOString(),
  });
  for (const user of everyone) {
    await postByApi(request, tokens.get(user.id)!, '/api/events/attendEvent', {
      eventID: event._id,
      userID: user.id,
      username: user.username,
      email: user.email,
    });
  }
  return { everyone, group, eventName };
}

/** A signed-in browser of its own, logged in through the form. */
async function signedIn(browser: Browser, user: User, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginThroughForm(page, user.email, user.password);
  return { context, page };
}

/** Nothing sticks out sideways: the page never needs a horizontal scroll. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** axe finds nothing serious on the draft page at desktop and phone width, and nothing scrolls sideways on the phone. */
async function expectAccessibleAtBothSizes(page: Page) {
  await page.setViewportSize(DESKTOP);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
}

const playerRow = (page: Page, username: string) => page.getByTestId(`blind-player-${username}`);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a blind-pick draft started from an event: each player picks live, others see only that they picked, then every tab reveals', async ({
  browser,
  request,
}) => {
  test.slow();
  const { everyone, group, eventName } = await seed(request, ['Hannibal', 'Isabella', 'Jadwiga', 'Kublai']);
  const tabs = await Promise.all(everyone.map((user) => signedIn(browser, user)));
  const pages = tabs.map((tab) => tab.page);
  const ownerPage = pages[0]!;

  // The owner drafts the event: its New Game form, with Blind pick as the draft mode.
  await ownerPage.goto(`/civGroup/events?groupID=${group._id}`);
  await ownerPage.locator('.event-card').filter({ hasText: eventName }).getByRole('button', { name: eventName, exact: true }).click();
  await ownerPage.getByRole('dialog', { name: eventName }).getByRole('button', { name: 'Draft', exact: true }).click();
  const form = ownerPage.getByRole('dialog', { name: 'New Game' });
  for (const user of everyone) await expect(form.getByLabel(user.username, { exact: true })).toBeChecked();
  await form.getByLabel('Draft format').selectOption('blind');
  await form.getByLabel('Seconds per step').selectOption('600');
  await form.getByRole('button', { name: 'Start draft' }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`/civGroup/draft\\?groupID=${group._id}&draftID=[\\w-]+$`));
  const draftURL = new URL(ownerPage.url());

  // One player finds it on the Games page, among the drafts in progress; the others open the draft's link.
  const finder = pages[1]!;
  await finder.goto(`/civGroup/main?groupID=${group._id}`);
  const inProgress = finder.getByRole('region', { name: 'Drafts in progress' }).getByTestId('open-draft');
  await expect(inProgress).toHaveCount(1);
  await expect(inProgress).toContainText('Blind pick');
  await expect(inProgress).toContainText(`Started by ${everyone[0]!.username}`);
  await expect(inProgress).toContainText('You play');
  await expectAccessibleAtBothSizes(finder);
  await inProgress.getByRole('link', { name: 'Open draft' }).click();
  await expect(finder).toHaveURL(draftURL.pathname + draftURL.search);
  for (const page of pages.slice(2)) await page.goto(draftURL.pathname + draftURL.search);
  for (const page of pages) {
    await expect(page.getByRole('heading', { name: 'Blind pick', level: 2 })).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/^\d+:\d\d$/);
    await expect(page.getByText(/\(your time zone, .+\)/)).toBeVisible();
    for (const user of everyone) await expect(playerRow(page, user.username)).toContainText('Waiting');
  }

  /** One player picks the first leader of their hand; every other tab sees "Picked", never the leader. */
  const picks = new Map<string, string>();
  async function pick(index: number, choice = 0) {
    const page = pages[index]!;
    const user = everyone[index]!;
    const hand = page.getByRole('group', { name: 'Your hand' });
    const leader = hand.getByRole('button').nth(choice);
    const label = (await leader.textContent())!;
    await leader.click();
    await expect(hand.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');
    picks.set(user.username, label);
    for (const other of pages) {
      await expect(playerRow(other, user.username)).toContainText('Picked');
      if (other !== page) await expect(other.getByText(label, { exact: true })).toHaveCount(0);
    }
  }

  await pick(0);
  await pick(1);
  // Until all have picked, a pick may change.
  await pick(1, 1);
  for (const page of pages.slice(2)) await expect(page.getByText('2 of 4 picked')).toBeVisible();
  if (SCREENSHOTS) await ownerPage.screenshot({ path: path.join(screenshotDir, 'civ-draft-progress.png'), fullPage: true });
  await expectAccessibleAtBothSizes(pages[2]!);

  await pick(2);
  // The last pick: the hand goes away with it, since the draft is complete.
  const last = pages[3]!.getByRole('group', { name: 'Your hand' }).getByRole('button').first();
  picks.set(everyone[3]!.username, (await last.textContent())!);
  await last.click();

  // The last pick reveals them all, in every tab.
  for (const page of pages) {
    await expect(page.getByRole('region', { name: 'Picks revealed' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Your hand' })).toHaveCount(0);
    for (const [username, label] of picks) await expect(playerRow(page, username)).toContainText(label);
    await expect(page.getByRole('region', { name: 'Draft', exact: true })).toBeVisible();
  }
  if (SCREENSHOTS) await ownerPage.screenshot({ path: path.join(screenshotDir, 'civ-draft-reveal.png'), fullPage: true });
  await expectAccessibleAtBothSizes(ownerPage);

  // The game is made from the draft; the name comes from the form the draft was started in.
  const add = ownerPage.getByRole('form', { name: 'Add the game' });
  await expect(add.getByLabel('Game Name')).toHaveValue(eventName);
  await add.getByRole('button', { name: 'Add game' }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`/civGroup/civGame\\?groupID=${group._id}&gameID=[\\w-]+$`));
  // The events page's headings can carry the same name until the game page replaces them.
  await expect(ownerPage.getByTestId('game-state')).toBeVisible();
  await expect(ownerPage.getByRole('heading', { name: eventName, level: 2 })).toBeVisible();
  // Opened again, the draft links to its game instead of offering to make one.
  await pages[1]!.reload();
  await expect(pages[1]!.getByRole('link', { name: 'Open the game' })).toBeVisible();
  await expect(pages[1]!.getByRole('form', { name: 'Add the game' })).toHaveCount(0);
  // Once its game is made, the draft is no longer listed.
  await finder.goto(`/civGroup/main?groupID=${group._id}`);
  await expect(finder.getByRole('heading', { name: 'Active Games' })).toBeVisible();
  await expect(finder.getByRole('region', { name: 'Drafts in progress' })).toHaveCount(0);

  for (const tab of tabs) await tab.context.close();
});

test('a captains snake draft for a 2v2: the captains ban and pick in turn, every tab follows', async ({ browser, request }) => {
  test.slow();
  const { everyone, group } = await seed(request, ['Lautaro', 'Menelik', 'Nzinga', 'Olympias']);
  const [owner, second] = everyone;
  const tabs = await Promise.all(everyone.map((user) => signedIn(browser, user)));
  const pages = tabs.map((tab) => tab.page);
  const ownerPage = pages[0]!;

  // Games -> Add: four players, Captains with the owner and the second member as the chosen captains, snake order.
  await ownerPage.goto(`/civGroup/main?groupID=${group._id}`);
  await ownerPage.getByRole('button', { name: 'Add', exact: true }).click();
  const form = ownerPage.getByRole('dialog', { name: 'New Game' });
  await form.getByLabel('Game Name').fill('Captains night');
  for (const user of everyone) await form.getByLabel(user.username, { exact: true }).check();
  await form.getByLabel('Draft format').selectOption('captains');
  await expect(form.getByLabel('Game Type')).toHaveValue('team');
  await form.getByLabel('Seconds per step').selectOption('600');
  await form.getByLabel('Captains', { exact: true }).selectOption('chosen');
  await form.getByRole('checkbox', { name: `Captain: ${owner.username}` }).check();
  await form.getByRole('checkbox', { name: `Captain: ${second.username}` }).check();
  await expect(form.getByLabel('Turn order')).toHaveValue('snake');
  // The form with the captains' options, at both sizes.
  await expectAccessibleAtBothSizes(ownerPage);
  await form.getByRole('button', { name: 'Start draft' }).click();
  await expect(ownerPage).toHaveURL(/\/civGroup\/draft\?/);
  const draftURL = new URL(ownerPage.url());
  for (const page of pages.slice(1)) await page.goto(draftURL.pathname + draftURL.search);

  const steps = (page: Page) => page.getByRole('region', { name: 'Turn order' }).getByRole('listitem');
  for (const page of pages) {
    await expect(page.getByRole('heading', { name: 'Captains draft', level: 2 })).toBeVisible();
    await expect(steps(page)).toHaveText([
      '1. Team 1 bans (now)',
      '2. Team 2 bans',
      '3. Team 1 picks',
      '4. Team 2 picks',
      '5. Team 2 picks',
      '6. Team 1 picks',
    ]);
  }
  // Each captain leads a team of their own.
  const captainOf = async (team: number) =>
    (await ownerPage
      .getByRole('region', { name: `Team ${team}`, exact: true })
      .getByText('Captain', { exact: true })
      .locator('+ dd')
      .textContent())!;
  const captains = [await captainOf(1), await captainOf(2)].map((name) => name.replace(' (you)', ''));
  expect(captains.sort()).toEqual([owner.username, second.username].sort());

  const choices = ['Trajan (Rome)', 'Gandhi (India)', 'Pericles (Greece)', 'Tomyris (Scythia)', 'Gilgamesh (Sumeria)', 'Pedro II (Brazil)'];
  for (const [index, leader] of choices.entries()) {
    // Whose turn it is: the page of the captain on turn offers the choice, and only that one.
    const onTurn = (await pages[0]!.getByRole('region', { name: /^Your (ban|pick) for Team/ }).count()) > 0 ? pages[0]! : pages[1]!;
    const offTurn = onTurn === pages[0] ? pages[1]! : pages[0]!;
    await expect(offTurn.getByRole('region', { name: /^Your (ban|pick) for Team/ })).toHaveCount(0);
    const turn = onTurn.getByRole('region', { name: /^Your (ban|pick) for Team/ });
    await turn.getByRole('searchbox').fill(leader.split(' ')[0]!);
    await turn.getByRole('radio', { name: leader }).check();
    if (index === 2) await expectAccessibleAtBothSizes(onTurn);
    await turn.getByRole('button', { name: new RegExp(`^(Ban|Pick) ${escape(leader)}$`) }).click();
    for (const page of pages) await expect(steps(page).nth(index)).toContainText(leader);
  }

  for (const page of pages) {
    await expect(page.getByText('Every ban and pick is in.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Team 1', exact: true }).getByText('Picks', { exact: true }).locator('+ dd')).toHaveText(
      'Pericles (Greece), Pedro II (Brazil)',
    );
    await expect(page.getByRole('region', { name: 'Team 2', exact: true }).getByText('Picks', { exact: true }).locator('+ dd')).toHaveText(
      'Tomyris (Scythia), Gilgamesh (Sumeria)',
    );
    await expect(page.getByRole('region', { name: 'Result' })).toBeVisible();
  }
  await expectAccessibleAtBothSizes(pages[3]!);

  for (const tab of tabs) await tab.context.close();
});

test('a player who owns too few packs: the draft is refused with the shortfall', async ({ browser, request }) => {
  const { everyone, group } = await seed(request, ['Pachacuti', 'Robert', 'Saladin', 'Tamar']);
  const [owner, , , short] = everyone;

  // The fourth player says, on Preferences, they own no DLC: only the base game.
  const shortTab = await signedIn(browser, short);
  await shortTab.page.goto(`/civGroup/preferences?groupID=${group._id}`);
  const packs = shortTab.page.getByRole('group', { name: 'Packs of Civilization 6 you own' });
  const boxes = packs.getByRole('checkbox', { checked: true, disabled: false });
  await expect(boxes.first()).toBeVisible();
  // Each click saves the whole list; the box shows it once the write is queued, so each waits for its answer.
  for (let left = await boxes.count(); left > 0; left -= 1) {
    const saved = shortTab.page.waitForResponse((res) => res.url().includes('/api/civilization/postOwnedPacks') && res.ok());
    await boxes.first().click();
    await saved;
    await expect(boxes).toHaveCount(left - 1);
  }
  await expect(shortTab.page.getByTestId('owned-packs-state')).toHaveText(/^0 of \d+ packs, \d+ of \d+ leaders$/);
  await shortTab.context.close();

  // Five leaders each for four players is more than the base game gives: the form says so, naming the player.
  const { context, page } = await signedIn(browser, owner);
  await page.goto(`/civGroup/main?groupID=${group._id}`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'New Game' });
  await form.getByLabel('Game Name').fill('Too few packs');
  for (const user of everyone) await form.getByLabel(user.username, { exact: true }).check();
  await form.getByLabel('Civs per Player').selectOption('5');
  await form.getByLabel('Draft format').selectOption('blind');
  await form.getByRole('button', { name: 'Start draft' }).click();
  await expect(form.getByRole('alert')).toHaveText(new RegExp(`^${escape(short.username)} owns \\d+ leaders; 20 are needed$`));
  await expect(page).toHaveURL(/\/civGroup\/main\?/);
  await context.close();
});
