import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';

const DAY = 24 * 60 * 60 * 1000;
const groupNav = (page: Page) => page.getByRole('navigation', { name: 'Group' });

/** axe's serious and critical findings on the page, or only within `selector`. */
async function seriousViolations(page: Page, selector?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (selector ? builder.include(selector) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Nothing sticks out sideways: the page never needs a horizontal scroll. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function postByApi(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.post(path, { headers: { authorization: token }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return res.json();
}

/** An owner's Civilization 6 group with three more members, and an event all four attend. */
async function seed(request: APIRequestContext) {
  const owner = await registerByApi(request);
  const players = [await registerByApi(request), await registerByApi(request), await registerByApi(request)];
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const group = await createGroupByApi(request, ownerToken, { groupName: groupName('Civ Games'), gameName: 'Civilization 6' });
  const tokens = [ownerToken];
  for (const player of players) {
    const token = await loginByApi(request, player.email, player.password);
    await joinByApi(request, token, player.id, group);
    tokens.push(token);
  }
  const tag = Date.now().toString(36);
  const eventName = `Saturday Civ ${tag}`;
  const start = Date.now() + 2 * DAY;
  const event = (await postByApi(request, ownerToken, '/api/events/postEvent', {
    groupID: group._id,
    userID: owner.id,
    eventName,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 4 * 3600_000).toISOString(),
  })) as { _id: string };
  const everyone = [owner, ...players];
  for (const [index, user] of everyone.entries()) {
    await postByApi(request, tokens[index] as string, '/api/events/attendEvent', {
      eventID: event._id,
      userID: user.id,
      username: user.username,
      email: user.email,
    });
  }
  return { owner, players, everyone, ownerToken, group, event, eventName, tag };
}

/** Each drafted player's civ choices, as the draft table lists them. */
async function draftedChoices(draft: Locator) {
  return draft
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => ({
        player: row.querySelector('th')?.textContent ?? '',
        choices: [...row.querySelectorAll('li')].map((item) => item.textContent ?? ''),
      })),
    );
}

test('a 4-player FFA drafted from an event: redraft, add, eliminate, declare the winner, archived, ranked, comment and note', async ({
  browser,
  request,
}) => {
  test.slow();
  const { owner, players, everyone, ownerToken, group, event, eventName, tag } = await seed(request);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await loginThroughForm(page, owner.email, owner.password);

  // Events -> the event -> Draft: the form starts from the event's name and its four attendees, FFA.
  await page.goto(`/civGroup/welcome?groupID=${group._id}`);
  await groupNav(page).getByRole('link', { name: 'Events' }).click();
  await page.locator('.event-card').filter({ hasText: eventName }).getByRole('button', { name: eventName, exact: true }).click();
  const detail = page.getByRole('dialog', { name: eventName });
  await expect(detail.getByRole('link', { name: 'View drafted game' })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Draft', exact: true }).click();

  const form = page.getByRole('dialog', { name: 'New Game' });
  await expect(form.getByLabel('Game Name')).toHaveValue(eventName);
  for (const user of everyone) await expect(form.getByLabel(user.username, { exact: true })).toBeChecked();
  await expect(form.getByText('(4/12)')).toBeVisible();
  await expect(form.getByLabel('Game Type')).toHaveValue('ffa');
  await expect(form.getByLabel('Host')).toHaveValue(owner.id);

  // Draft: four players with three leaders each, none dealt twice.
  await form.getByRole('button', { name: 'Draft', exact: true }).click();
  const draft = form.getByRole('region', { name: 'Draft' });
  await expect(draft.getByRole('table').locator('tbody tr')).toHaveCount(4);
  const first = await draftedChoices(draft);
  expect(first.map((row) => row.player)).toEqual(everyone.map((user) => user.username));
  for (const row of first) expect(row.choices).toHaveLength(3);
  expect(new Set(first.flatMap((row) => row.choices)).size).toBe(12);

  // Copy for Discord puts the draft as text on the clipboard.
  await draft.getByRole('button', { name: 'Copy for Discord' }).click();
  await expect(page.getByText('Copied!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  // The server's summary: the map, then one line per player.
  expect(copied).toMatch(/^Map: /m);
  expect(copied).toContain(`${owner.username} — ${first[0]?.choices.join(', ')}`);

  // axe on the open form with its draft, at desktop and phone sizes (the Events page behind it is checked by events.spec.ts).
  expect(await seriousViolations(page, '.modal')).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(draft).toBeVisible();
  expect(await seriousViolations(page, '.modal')).toEqual([]);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Redraft deals again.
  await form.getByRole('button', { name: 'Redraft' }).click();
  await expect.poll(async () => JSON.stringify(await draftedChoices(draft))).not.toBe(JSON.stringify(first));
  const second = await draftedChoices(draft);
  for (const row of second) expect(row.choices).toHaveLength(3);

  // Add Game lands on the new game's page.
  await form.getByRole('button', { name: 'Add Game' }).click();
  await expect(page).toHaveURL(new RegExp(`/civGroup/civGame\\?groupID=${group._id}&gameID=[\\w-]+$`));
  const gameID = new URL(page.url()).searchParams.get('gameID') as string;
  // The events page's headings can carry the same name until the game page replaces them.
  await expect(page.getByTestId('game-state')).toBeVisible();
  await expect(page.getByRole('heading', { name: eventName, level: 2 })).toBeVisible();

  // On the game page: the three others are eliminated and the owner wins a Science victory.
  for (const player of players) {
    await page.getByRole('button', { name: `Eliminate ${player.username}` }).click();
    await expect(page.getByRole('button', { name: `Reactivate ${player.username}` })).toBeEnabled();
  }
  await page.getByRole('button', { name: 'Declare Winner' }).click();
  const declare = page.getByRole('dialog', { name: 'Declare Winner' });
  await expect(declare.getByLabel('Winner')).toHaveText(owner.username);
  await declare.getByLabel('Victory Type').selectOption('Science');
  await declare.getByRole('button', { name: 'Declare Winner' }).click();
  await expect(declare).toBeHidden();
  await expect(page.getByTestId('game-state')).toHaveText(`Finished Winner: ${owner.username} · Science victory`);

  // A comment and a personal note on the game.
  await page.getByRole('textbox', { name: 'Comment' }).fill('GG, that science race was close.');
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByRole('list', { name: 'Comments, newest first' }).getByRole('listitem').first()).toContainText(
    'GG, that science race was close.',
  );
  await page.getByRole('tab', { name: 'Game Notes' }).click();
  const notes = page.getByRole('tabpanel', { name: 'Game Notes' });
  await notes.getByRole('button', { name: 'Edit' }).click();
  await notes.getByRole('textbox', { name: 'Notes' }).fill('Settle the coast next time.');
  await notes.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('game-notes-text')).toHaveText('Settle the coast next time.');

  // Rankings - FFA: the winner's Science win, and a rating moved up from the initial 0.0.
  await groupNav(page).getByRole('link', { name: 'Rankings' }).click();
  const ffaRankings = page.getByRole('table', { name: 'Rankings - FFA' });
  const ownerRow = ffaRankings.getByRole('row').filter({ has: page.getByRole('rowheader', { name: owner.username, exact: true }) });
  await expect(ownerRow.getByTestId('rating-ordinal')).not.toHaveText('0.0');
  expect(Number(await ownerRow.getByTestId('rating-ordinal').textContent())).toBeGreaterThan(0);
  await expect(ffaRankings.getByRole('rowheader').first()).toHaveText(owner.username);

  // Back on Events the event is drafted: Redraft, and a link to the game.
  await page.goto(`/civGroup/events?groupID=${group._id}`);
  await page.locator('.event-card').filter({ hasText: eventName }).getByRole('button', { name: eventName, exact: true }).click();
  await expect(detail.getByRole('button', { name: 'Redraft' })).toBeVisible();
  await expect(detail.getByRole('link', { name: 'View drafted game' })).toHaveAttribute(
    'href',
    `/civGroup/civGame?groupID=${group._id}&gameID=${gameID}`,
  );
  const events = (await (
    await request.get(`/api/events/getEvents?groupID=${group._id}`, { headers: { authorization: ownerToken } })
  ).json()) as {
    _id: string;
    isDrafted: boolean;
    draftGameID: string | null;
  }[];
  expect(events.find((e) => e._id === event._id)).toMatchObject({ isDrafted: true, draftGameID: gameID });

  // The games page lists it under Archived Games - FFA; another game without a draft is active.
  await postByApi(request, ownerToken, '/api/civilization/createGame', {
    groupID: group._id,
    gameName: `Quick game ${tag}`,
    members: [{ userID: owner.id }, { userID: players[0]?.id }],
    gameType: 'ffa',
    draftMode: false,
  });
  await page.goto(`/civGroup/main?groupID=${group._id}`);
  const active = page.getByRole('region', { name: 'Active Games', exact: true });
  const archivedFfa = page.getByRole('region', { name: 'Archived Games - FFA', exact: true });
  const archivedTeams = page.getByRole('region', { name: 'Archived Games - Teams', exact: true });
  await expect(archivedFfa.getByRole('link', { name: eventName })).toHaveAttribute(
    'href',
    `/civGroup/civGame?groupID=${group._id}&gameID=${gameID}`,
  );
  const row = archivedFfa.getByRole('row').filter({ has: page.getByRole('link', { name: eventName }) });
  await expect(row.locator('[data-label="Winner"]')).toHaveText(owner.username);
  await expect(row.locator('[data-label="Victory Type"]')).toHaveText('Science');
  // The finishing order: the winner, then the reverse order of elimination.
  const [firstOut, secondOut, lastOut] = players;
  await expect(row.locator('[data-label="Placements"]')).toHaveText(
    `1. ${owner.username} · 2. ${lastOut?.username} · 3. ${secondOut?.username} · 4. ${firstOut?.username}`,
  );
  await expect(active.locator('tbody tr th')).toHaveText([`Quick game ${tag}`]);
  await expect(archivedTeams).toContainText('No archived team games');

  // Filter: Game Name includes part of the event's name finds only it; Clear brings the rest back.
  await active.getByRole('button', { name: 'Filter' }).click();
  const filter = page.getByRole('dialog', { name: 'Filter Games' });
  await filter.getByLabel('Column').selectOption({ label: 'Game Name' });
  await filter.getByLabel('Type').selectOption({ label: 'Includes' });
  await filter.getByLabel('Value').fill(`civ ${tag}`);
  await filter.getByRole('button', { name: 'Apply' }).click();
  await expect(filter).toBeHidden();
  await expect(active).toContainText(`Showing games where Game Name includes “civ ${tag}”.`);
  await expect(active).toContainText('No active games');
  await expect(archivedFfa.getByRole('link', { name: eventName })).toBeVisible();
  await active.getByRole('button', { name: 'Clear' }).click();
  await expect(active.getByRole('link', { name: `Quick game ${tag}` })).toBeVisible();
  await expect(archivedFfa.getByRole('link', { name: eventName })).toBeVisible();
  await expect(active.getByRole('button', { name: 'Clear' })).toBeDisabled();

  // axe on the games page and the empty New Game form, at desktop and phone sizes.
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expect(active.getByRole('link', { name: `Quick game ${tag}` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await active.getByRole('button', { name: 'Add' }).click();
    const blank = page.getByRole('dialog', { name: 'New Game' });
    await expect(blank.getByLabel('Game Name')).toHaveValue('');
    await blank.getByLabel('More options').check();
    await expect(blank.getByLabel('Draft Mode')).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await blank.getByRole('button', { name: 'Cancel' }).click();
    await expect(blank).toBeHidden();
  }
  await context.close();
});

test('a member adds a team game from the games page without a draft', async ({ browser, request }) => {
  const { players, group, tag } = await seed(request);
  const [player] = players;
  if (!player) throw new Error('no player');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await loginThroughForm(page, player.email, player.password);
  await page.goto(`/civGroup/main?groupID=${group._id}`);
  const active = page.getByRole('region', { name: 'Active Games', exact: true });
  await expect(active).toContainText('No active games');
  await active.getByRole('button', { name: 'Add' }).click();
  const form = page.getByRole('dialog', { name: 'New Game' });
  // Below sm the form fills the phone's screen.
  await expect(page.locator('.modal-dialog')).toHaveClass(/modal-fullscreen-sm-down/);
  await expect(form.getByRole('button', { name: 'Add Game' })).toHaveCount(0);
  const name = `Teams ${tag}`;
  await form.getByLabel('Game Name').fill(name);
  for (const user of players) await form.getByLabel(user.username, { exact: true }).check();
  await form.getByLabel('Game Type').selectOption('team');
  await form.getByLabel('More options').check();
  await form.getByLabel('Random Teams').uncheck();
  await form.getByRole('combobox', { name: `Team for ${players[2]?.username}` }).selectOption('2');
  await form.getByLabel('Draft Mode').uncheck();
  await expect(form.getByRole('button', { name: 'Draft', exact: true })).toHaveCount(0);
  await form.getByRole('button', { name: 'Add Game' }).click();
  await expect(page).toHaveURL(/\/civGroup\/civGame\?groupID=[\w-]+&gameID=[\w-]+$/);
  const gameID = new URL(page.url()).searchParams.get('gameID');
  const token = await loginByApi(request, player.email, player.password);
  const game = (await (await request.get(`/api/civilization/game?gameID=${gameID}`, { headers: { authorization: token } })).json()) as {
    gameName: string;
    gameType: string;
    draftMode: boolean;
    host: string;
    members: { userID: string; team: number; civChoices: unknown[] }[];
  };
  expect(game).toMatchObject({ gameName: name, gameType: 'team', draftMode: false, host: player.id });
  expect(game.members.map((m) => [m.userID, m.team, m.civChoices.length])).toEqual([
    [players[0]?.id, 1, 0],
    [players[1]?.id, 2, 0],
    [players[2]?.id, 2, 0],
  ]);
  await context.close();
});
