import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { CivLeader } from '../../../packages/shared/src/civilization/catalogue-types';
import { civChoiceLabel } from '../../../packages/shared/src/civilization/labels';
import { civ6, draftFfaByApi, playFfaByApi, type DealtPlayer } from './support/civ-games';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { loginThroughForm, newCredentials, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** SCREENSHOTS=1 also saves the README's pictures of the ladder; without it nothing is written. */
const SCREENSHOTS = process.env.SCREENSHOTS === '1';
const screenshotDir = path.join(import.meta.dirname, '../../../docs/screenshots');

// One group's history, built up test by test: the recorded game, then what the rankings make of it, then a delete and a restore.
test.describe.configure({ mode: 'serial' });

type User = Awaited<ReturnType<typeof registerByApi>>;
interface Ladder {
  owner: User;
  /** Three more members; the host records the main game, these play it. */
  players: [User, User, User];
  groupID: string;
  /** The FFA recorded in the browser: drafted, then played out on the game page. */
  mainGame: { gameID: string; gameName: string; firstChoiceOf: (userID: string) => DealtPlayer['civChoices'][number] };
  /** A finished game hosted by the first player, deleted and restored in the last test. */
  restoredGame: { gameID: string; gameName: string };
  /** Leaders played in the seeded games: [0] won once in one game, [1] won one of two, [2] won only the game that is deleted. */
  leaders: CivLeader[];
}
let ladder: Ladder;

/** Readable names for the README's pictures; unique tagged ones otherwise, so parallel runs never collide. */
function credentials(name: string) {
  if (!SCREENSHOTS) return newCredentials(name.toLowerCase());
  return { username: name, email: `${name.toLowerCase()}@example.com`, password: 'first password 1' };
}

const leaderLabel = (leader: Pick<CivLeader, 'leader' | 'nation'>) => `${leader.leader} — ${leader.nation}`;

/**
 * An owner (an Administrator) and three members of a Civilization 6 group, with three finished games
 * recorded by API before the one the test records in the browser: they give the member page a
 * rating history and the statistics their leaders.
 */
async function seedLadder(request: APIRequestContext): Promise<Ladder> {
  const owner = await registerByApi(request, credentials('Aurelia'));
  const players = [
    await registerByApi(request, credentials('Bjorn')),
    await registerByApi(request, credentials('Cyrus')),
    await registerByApi(request, credentials('Dido')),
  ] as [User, User, User];
  const [a, b, c] = players;
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const group = await createGroupByApi(request, ownerToken, {
    groupName: SCREENSHOTS ? 'Friday Night Civ' : groupName('Ladder'),
    gameName: 'Civilization 6',
  });
  const tokens = new Map<string, string>([[owner.id, ownerToken]]);
  for (const player of players) {
    const token = await loginByApi(request, player.email, player.password);
    await joinByApi(request, token, player.id, group);
    tokens.set(player.id, token);
  }

  // The main game is drafted first, so the seeded games' leaders can stay clear of its civ choices.
  const mainName = 'Saturday Continents';
  const { gameID, draft } = await draftFfaByApi(request, ownerToken, {
    groupID: group._id,
    gameName: mainName,
    host: owner.id,
    playerIDs: [owner.id, ...players.map((p) => p.id)],
    lobbyLink: 'https://example.com/lobby/7',
  });
  const drafted = new Set(draft.players.flatMap((p) => p.civChoices.map((choice) => choice.civID)));
  const preferred = ['LEADER_PERICLES', 'LEADER_GANDHI', 'LEADER_TOMYRIS', 'LEADER_GILGAMESH', 'LEADER_SEONDEOK', 'LEADER_WILHELMINA'];
  const leaders = [...preferred.map((id) => civ6.leaders.find((l) => l.civID === id)!), ...civ6.leaders]
    .filter((leader, index, all) => !drafted.has(leader.civID) && all.findIndex((l) => l.civID === leader.civID) === index)
    .slice(0, 6);
  const [l0, l1, l2, l3, l4, l5] = leaders.map((l) => l.civID) as [string, string, string, string, string, string];

  await playFfaByApi(request, ownerToken, {
    groupID: group._id,
    gameName: 'Opening Night',
    host: owner.id,
    finishingOrder: [
      { userID: c.id, civPlayed: l3 },
      { userID: b.id, civPlayed: l2 },
      { userID: owner.id, civPlayed: l1 },
      { userID: a.id, civPlayed: l0 },
    ],
    victoryType: 'Science',
  });
  await playFfaByApi(request, ownerToken, {
    groupID: group._id,
    gameName: 'Rematch on Pangaea',
    host: owner.id,
    finishingOrder: [
      { userID: a.id, civPlayed: l4 },
      { userID: c.id, civPlayed: l3 },
      { userID: b.id, civPlayed: l2 },
      { userID: owner.id, civPlayed: l1 },
    ],
    victoryType: 'Domination',
  });
  // Created and hosted by the first player, who may delete it; only an Administrator restores it.
  const restoredName = 'Archipelago Chaos';
  const restoredID = await playFfaByApi(request, tokens.get(a.id)!, {
    groupID: group._id,
    gameName: restoredName,
    host: a.id,
    finishingOrder: [
      { userID: c.id, civPlayed: l3 },
      { userID: owner.id, civPlayed: l5 },
      { userID: a.id, civPlayed: l0 },
      { userID: b.id, civPlayed: l2 },
    ],
    victoryType: 'Culture',
  });

  return {
    owner,
    players,
    groupID: group._id,
    mainGame: {
      gameID,
      gameName: mainName,
      firstChoiceOf: (userID) => draft.players.find((p) => p.userID === userID)!.civChoices[0]!,
    },
    restoredGame: { gameID: restoredID, gameName: restoredName },
    leaders,
  };
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ladder = await seedLadder(request);
  await request.dispose();
});

/** A signed-in browser of its own, logged in through the form. */
async function signedIn(browser: Browser, user: User, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginThroughForm(page, user.email, user.password);
  return { context, page };
}

const gamePath = (gameID: string) => `/civGroup/civGame?groupID=${ladder.groupID}&gameID=${gameID}`;
const groupNav = (page: Page) => page.getByRole('navigation', { name: 'Group' });

/** The members-table row of a player of the game. */
const memberRow = (page: Page, username: string) =>
  page
    .getByRole('table', { name: 'Members' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${username}( Host)?( Winner)?$`) }) });

/** A finished game's place cell and rating change cell for a player. */
const placeOf = (page: Page, username: string) => memberRow(page, username).getByRole('cell').first();
const ratingChangeOf = (page: Page, username: string) => memberRow(page, username).getByRole('cell').last();
/** "+1.8" -> 1.8, "−0.6" (a minus sign) -> -0.6. */
const signed = (text: string | null) => Number((text ?? '').trim().replace('−', '-'));

/** The page never needs a horizontal scroll. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `sideways scroll at ${page.viewportSize()?.width}px`).toBeLessThanOrEqual(0);
}

/** axe on the page at 1280 and at 390 px, with nothing sticking out sideways on the phone. */
async function axeAtBothWidths(page: Page, ready: () => Promise<void>) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await ready();
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    expect(await seriousViolations(page), `${page.url()} at ${size.width}px`).toEqual([]);
    if (size === PHONE) await expectNoSidewaysScroll(page);
  }
  await page.setViewportSize(DESKTOP);
}

test('four players: the host records an FFA, a player proposes a correction, others confirm and contest, the host accepts', async ({
  browser,
}) => {
  // Four browsers load the whole app at once on a small machine: more time than one page needs.
  test.setTimeout(180_000);
  const { owner, players, mainGame } = ladder;
  const [a, b, c] = players;
  const everyone = [owner, ...players];
  const sessions = await Promise.all(everyone.map((user) => signedIn(browser, user)));
  const [host, pageA, pageB, pageC] = sessions.map((s) => s.page) as [Page, Page, Page, Page];
  await Promise.all(sessions.map(({ page }) => page.goto(gamePath(mainGame.gameID))));
  for (const { page } of sessions) {
    await expect(page.getByRole('heading', { level: 2, name: mainGame.gameName })).toBeVisible({ timeout: 30_000 });
  }

  // Players who are not the host may not record the result: they propose corrections instead.
  await expect(pageA.getByRole('button', { name: 'Propose a correction' })).toBeVisible();
  await expect(pageA.getByRole('button', { name: 'Edit name and link' })).toBeVisible();
  for (const name of ['Edit', 'Declare Winner', 'Delete']) await expect(pageA.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(pageA.getByRole('button', { name: /^Eliminate / })).toHaveCount(0);
  await expect(host.getByRole('button', { name: 'Propose a correction' })).toHaveCount(0);

  // The host records the eliminations one at a time: the third player, then the second, then the first.
  for (const [index, player] of [c, b, a].entries()) {
    await host.getByRole('button', { name: `Eliminate ${player.username}` }).click();
    await expect(memberRow(host, player.username)).toContainText(`Eliminated${['1st', '2nd', '3rd'][index]} out`);
  }
  await host.getByRole('button', { name: 'Declare Winner' }).click();
  const declare = host.getByRole('dialog', { name: 'Declare Winner' });
  await expect(declare.getByLabel('Winner')).toHaveText(owner.username);
  await declare.getByLabel('Victory Type').selectOption('Science');
  await declare.getByRole('button', { name: 'Declare Winner' }).click();
  await expect(declare).toBeHidden();
  await expect(host.getByTestId('game-state')).toHaveText(`Finished Winner: ${owner.username} · Science victory`);

  // Everyone sees the finishing order (the winner, then the reverse elimination order) and each rating change.
  await Promise.all([pageA, pageB, pageC].map((page) => page.reload()));
  for (const page of [host, pageA, pageB, pageC]) {
    await expect(page.getByTestId('game-state')).toHaveText(`Finished Winner: ${owner.username} · Science victory`);
    for (const [player, place] of [
      [owner, '1st'],
      [a, '2nd'],
      [b, '3rd'],
      [c, '4th'],
    ] as const) {
      await expect(placeOf(page, player.username)).toHaveText(place);
      await expect(ratingChangeOf(page, player.username)).toHaveText(/^([+−]\d+\.\d|0\.0)$/);
    }
  }
  expect(signed(await ratingChangeOf(host, owner.username).textContent())).toBeGreaterThan(0);
  expect(signed(await ratingChangeOf(host, c.username).textContent())).toBeLessThan(0);
  const lastBefore = signed(await ratingChangeOf(pageC, c.username).textContent());

  // A player records the leader they played; the others' rows are not theirs to set.
  const choice = mainGame.firstChoiceOf(a.id);
  await expect(pageA.getByRole('button', { name: `Set leader played by ${b.username}` })).toHaveCount(0);
  await pageA.getByRole('button', { name: `Set leader played by ${a.username}` }).click();
  const leaderDialog = pageA.getByRole('dialog', { name: `Leader played by ${a.username}` });
  await leaderDialog.getByLabel('Leader').selectOption({ label: civChoiceLabel(choice) });
  await leaderDialog.getByRole('button', { name: 'Save' }).click();
  await expect(pageA.getByText(`${a.username} played ${civChoiceLabel(choice)}`)).toBeVisible();
  await expect(memberRow(pageA, a.username).getByText('Played', { exact: true })).toBeVisible();

  // The last player out proposes that they and the player before them went out together: a shared 3rd place.
  await pageC.getByRole('button', { name: 'Propose a correction' }).click();
  const propose = pageC.getByRole('dialog', { name: 'Propose a correction' });
  await propose.getByLabel('Propose placements').check();
  await propose.getByRole('spinbutton', { name: b.username }).fill('3');
  await propose.getByRole('spinbutton', { name: c.username }).fill('3');
  expect(await seriousViolations(pageC)).toEqual([]);
  await propose.getByRole('button', { name: 'Propose', exact: true }).click();
  // Without a reason it is not sent, and the field says why.
  await expect(propose.getByText('Say why the result should change')).toBeVisible();
  await propose.getByLabel('Reason').fill('One nuke took both our capitals on turn 212.');
  await propose.getByRole('button', { name: 'Propose', exact: true }).click();
  await expect(propose).toBeHidden();
  await expect(pageC.getByText('Proposed a correction: the host, the creator or an Administrator decides')).toBeVisible();
  const pendingOn = (page: Page) => page.getByRole('list', { name: 'Pending proposals' }).getByRole('listitem').first();
  await expect(pendingOn(pageC)).toContainText(`${c.username}: placement: 4th → 3rd`);
  // The proposer neither decides nor votes on their own proposal.
  for (const name of ['Accept', 'Confirm']) await expect(pendingOn(pageC).getByRole('button', { name })).toHaveCount(0);

  // The second player out contests it; the runner-up confirms it; neither may decide.
  await pageB.reload();
  await expect(pendingOn(pageB)).toContainText('One nuke took both our capitals on turn 212.');
  await expect(pendingOn(pageB).getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await pendingOn(pageB).getByRole('button', { name: 'Contest' }).click();
  const contest = pageB.getByRole('dialog', { name: 'Contest the correction' });
  await contest.getByLabel('Reason').fill('My capital held two more turns.');
  await contest.getByRole('button', { name: 'Contest' }).click();
  await expect(pageB.getByText('Contested the correction')).toBeVisible();
  await expect(pendingOn(pageB).getByRole('button', { name: 'Contest' })).toHaveCount(0);

  await pageA.reload();
  await pendingOn(pageA).getByRole('button', { name: 'Confirm' }).click();
  const confirm = pageA.getByRole('dialog', { name: 'Confirm the correction' });
  await confirm.getByLabel('Reason').fill('I launched it; both fell on the same turn.');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(pageA.getByText('Confirmed the correction')).toBeVisible();

  // The host sees it pending with both votes, and accepts it.
  await host.reload();
  const proposals = host.getByRole('region', { name: /^Proposed corrections/ });
  await expect(proposals.getByRole('heading')).toHaveText('Proposed corrections 1 pending');
  const votes = pendingOn(host).getByRole('list', { name: 'Votes' });
  await expect(votes).toContainText(`Contested${b.username}: My capital held two more turns.`);
  await expect(votes).toContainText(`Confirmed${a.username}: I launched it; both fell on the same turn.`);
  await pendingOn(host).getByRole('button', { name: 'Accept' }).click();
  const accept = host.getByRole('dialog', { name: 'Accept the correction' });
  await expect(accept).toContainText(`${c.username}: placement: 4th → 3rd`);
  await accept.getByLabel('Reason (optional)').fill('The replay agrees.');
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(host.getByText('Accepted the correction')).toBeVisible();
  await expect(host.getByRole('list', { name: 'Pending proposals' })).toHaveCount(0);
  await expect(host.getByRole('list', { name: 'Earlier proposals' })).toContainText(`Accepted by ${owner.username}`);

  // Everyone sees the corrected placements, a shared 3rd, and the rating changes recounted from them.
  await Promise.all([pageA, pageB, pageC].map((page) => page.reload()));
  for (const page of [host, pageA, pageB, pageC]) {
    for (const [player, place] of [
      [owner, '1st'],
      [a, '2nd'],
      [b, '=3rd'],
      [c, '=3rd'],
    ] as const) {
      await expect(placeOf(page, player.username)).toHaveText(place);
    }
  }
  expect(signed(await ratingChangeOf(pageC, c.username).textContent())).toBeGreaterThan(lastBefore);

  // A player proposes another victory type; the host then corrects it at once, without a proposal,
  // which leaves the proposal out of date; a player is offered none of it.
  await pageB.reload();
  await pageB.getByRole('button', { name: 'Propose a correction' }).click();
  const late = pageB.getByRole('dialog', { name: 'Propose a correction' });
  await late.getByLabel('Victory Type').selectOption('Domination');
  await late.getByLabel('Reason').fill('I held every capital at the end.');
  await late.getByRole('button', { name: 'Propose', exact: true }).click();
  await expect(late).toBeHidden();
  await expect(pageA.getByRole('button', { name: 'Correct the result' })).toHaveCount(0);
  await host.getByRole('button', { name: 'Correct the result' }).click();
  const correct = host.getByRole('dialog', { name: 'Correct the result' });
  await correct.getByLabel('Victory Type').selectOption('Culture');
  await axeAtBothWidths(host, () => expect(correct.getByLabel('Victory Type')).toBeVisible());
  await correct.getByRole('button', { name: 'Correct' }).click();
  await expect(host.getByText('Corrected the result: the History tab records it')).toBeVisible();
  await expect(correct).toHaveCount(0);

  // The proposal made before it says it is out of date: the host may only reject it, the others no longer vote.
  await Promise.all([host, pageA].map((page) => page.reload()));
  await expect(pendingOn(host)).toContainText('The result changed after this was proposed, so it can no longer be accepted');
  await expect(pendingOn(host).getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(pendingOn(pageA)).toContainText('Propose it again if it still applies.');
  for (const name of ['Confirm', 'Contest']) await expect(pendingOn(pageA).getByRole('button', { name })).toHaveCount(0);
  await axeAtBothWidths(host, () => expect(pendingOn(host).getByRole('button', { name: 'Reject' })).toBeVisible());

  // The History tab keeps every step, who took it and when.
  await pageB.getByRole('tab', { name: 'History' }).click();
  const history = pageB.getByRole('list', { name: 'Changes, newest first' });
  await expect(history.getByRole('listitem').first()).toContainText('Science → Culture');
  await expect(history).toContainText(`${owner.username} accepted a correction`);
  await expect(history).toContainText(`${c.username}: placement: 4th → 3rd`);
  await expect(history).toContainText(`${b.username} contested a correction`);
  await expect(history).toContainText(`${owner.username} finished the game`);

  // The host rejects the proposal that came too late.
  await pendingOn(host).getByRole('button', { name: 'Reject' }).click();
  await host.getByRole('dialog', { name: 'Reject the correction' }).getByRole('button', { name: 'Reject' }).click();
  await expect(host.getByRole('list', { name: 'Pending proposals' })).toHaveCount(0);
  await expect(host.getByRole('list', { name: 'Earlier proposals' })).toContainText(`Rejected by ${owner.username}`);

  await Promise.all(sessions.map(({ context }) => context.close()));
});

test('the rankings lead to a member page with the rating-history chart, and the statistics give a leader’s win rate; axe at 1280 and 390 px', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { owner, players, mainGame, leaders } = ladder;
  const { context, page } = await signedIn(browser, players[1]);

  // The finished game page, every tab, at both widths.
  await page.goto(gamePath(mainGame.gameID));
  await expect(placeOf(page, owner.username)).toHaveText('1st');
  for (const tab of ['Game Details', 'Game Settings', 'Game Notes', 'History']) {
    await page.getByRole('tab', { name: tab }).click();
    await axeAtBothWidths(page, () => expect(page.getByRole('tabpanel', { name: tab })).toBeVisible());
  }

  // Rankings: every player, each name leading to their page.
  await groupNav(page).getByRole('link', { name: 'Rankings' }).click();
  const rankings = page.getByRole('table', { name: 'Rankings - FFA' });
  await expect(rankings.getByRole('rowheader')).toHaveCount(4);
  // At a laptop's width the whole table shows, every victory type and the total: nothing to scroll sideways.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await rankings.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  // On a tablet the wins by victory type go under the member's name, and the table still fits.
  await page.setViewportSize({ width: 800, height: 800 });
  await expect(rankings.getByRole('columnheader', { name: /Domination/ })).toBeHidden();
  expect(await rankings.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const user of [owner, ...players]) await expect(rankings.getByRole('link', { name: user.username, exact: true })).toBeVisible();
  await rankings.getByRole('link', { name: owner.username, exact: true }).click();

  // The member page: the rating after each counted game, as a chart and as a table, newest first.
  await expect(page).toHaveURL(/\/civGroup\/member\?groupID=[\w-]+&userID=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 2, name: owner.username })).toBeVisible();
  await expect(page.getByTestId('rating-chart').locator('canvas')).toBeVisible();
  const ratingTable = page.getByRole('table', { name: 'Rating History - FFA' });
  await expect(ratingTable.getByRole('rowheader')).toHaveText([
    mainGame.gameName,
    'Archipelago Chaos',
    'Rematch on Pangaea',
    'Opening Night',
  ]);
  const newest = ratingTable.getByRole('row').nth(1).getByRole('cell');
  await expect(newest.nth(1)).toHaveText('1st');
  await expect(newest.nth(3)).toHaveText(/^\+\d+\.\d$/);
  await expect(page.getByTestId('member-statistics')).toContainText('Games4');
  await expect(page.getByRole('table', { name: 'Leaders - FFA' }).getByRole('rowheader', { name: leaderLabel(leaders[1]!) })).toBeVisible();
  await axeAtBothWidths(page, () => expect(page.getByTestId('rating-chart').locator('canvas')).toBeVisible());

  // Statistics: a leader played twice and won once has a 50% win rate.
  await page.getByRole('link', { name: 'Back to Rankings' }).click();
  await page.getByRole('tab', { name: 'Statistics' }).click();
  const leaderRow = page
    .getByRole('table', { name: 'Leaders - FFA' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: leaderLabel(leaders[1]!), exact: true }) });
  await expect(leaderRow.getByRole('cell')).toHaveText(['2', '1', '50%', '1.50']);
  const membersTable = page.getByRole('table', { name: 'Members - FFA' });
  await expect(membersTable.getByRole('rowheader')).toHaveCount(4);
  // Head to head: the viewer against the owner.
  await page.getByLabel('Second member').selectOption({ label: owner.username });
  await expect(page.getByTestId('head-to-head-result')).toContainText(
    `${players[1].username} and ${owner.username} played 4 games together`,
  );
  await axeAtBothWidths(page, () => expect(page.getByRole('table', { name: 'Leaders - FFA' })).toBeVisible());

  await context.close();
});

test('the host deletes a finished game, naming what goes with it, and an Administrator restores it from the Games page', async ({
  browser,
}) => {
  const { owner, players, restoredGame, leaders } = ladder;
  const [a, b] = players;
  const winnerOfRestored = leaders[2]!;
  const leaderRow = (page: Page) =>
    page
      .getByRole('table', { name: 'Leaders - FFA' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: leaderLabel(winnerOfRestored), exact: true }) });
  const rankingCell = async (page: Page, username: string, column: string) => {
    const table = page.getByRole('table', { name: 'Rankings - FFA' });
    const columns = (await table.getByRole('columnheader').allTextContents()).map((text) => text.replace(/[▲▼↕]/g, '').trim());
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: username, exact: true }) });
    return row.locator('th, td').nth(columns.indexOf(column));
  };

  // The game's host (a member, not an Administrator) deletes it after a question naming what goes.
  const hostSession = await signedIn(browser, a);
  const hostPage = hostSession.page;
  await hostPage.goto(gamePath(restoredGame.gameID));
  await hostPage.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = hostPage.getByRole('dialog', { name: 'Delete Game' });
  await expect(dialog).toContainText('Are you sure you wish to delete this game?');
  await expect(dialog).toContainText(restoredGame.gameName);
  await expect(dialog.getByRole('listitem')).toHaveText([
    'It leaves the game lists and the rankings at once.',
    'Its comments, notes and history are kept with it.',
    'An Administrator can restore it within 30 days.',
  ]);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(hostPage.getByText(`Deleted ${restoredGame.gameName}`)).toBeVisible();
  await expect(hostPage).toHaveURL(new RegExp(`/civGroup/main\\?groupID=${ladder.groupID}$`));
  await expect(hostPage.getByRole('link', { name: restoredGame.gameName })).toHaveCount(0);
  // Only Administrators see deleted games.
  await expect(hostPage.getByRole('region', { name: 'Deleted games' })).toHaveCount(0);
  await hostSession.context.close();

  // The owner sees it gone from the rankings and the statistics...
  const { context, page } = await signedIn(browser, owner);
  await page.goto(`/civGroup/rankings?groupID=${ladder.groupID}`);
  await expect(await rankingCell(page, b.username, 'Culture')).toHaveText('0');
  await expect(await rankingCell(page, b.username, 'Games Played')).toHaveText('3');
  await page.getByRole('tab', { name: 'Statistics' }).click();
  await expect(leaderRow(page).getByRole('cell')).toHaveText(['2', '0', '0%', '2.50']);

  // ...and restores it from the Games page.
  await groupNav(page).getByRole('link', { name: 'Games' }).click();
  const deleted = page.getByRole('region', { name: 'Deleted games', exact: true });
  const row = deleted.getByRole('row').filter({ has: page.getByRole('link', { name: restoredGame.gameName }) });
  await expect(row.locator('[data-label="Deleted by"]')).toHaveText(a.username);
  await expect(row.locator('[data-label="Type"]')).toHaveText('FFA, finished');
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('button', { name: `Restore ${restoredGame.gameName}` }).click();
  await expect(page.getByText(`Restored ${restoredGame.gameName}`)).toBeVisible();
  await expect(deleted).toContainText('No deleted games to restore.');
  await expect(
    page.getByRole('region', { name: 'Archived Games - FFA', exact: true }).getByRole('link', { name: restoredGame.gameName }),
  ).toBeVisible();

  // It counts again: the win is back in the rankings and in the leader's win rate.
  await groupNav(page).getByRole('link', { name: 'Rankings' }).click();
  await page.getByRole('tab', { name: 'Rankings' }).click();
  await expect(await rankingCell(page, b.username, 'Culture')).toHaveText('1');
  await expect(await rankingCell(page, b.username, 'Games Played')).toHaveText('4');
  await page.getByRole('tab', { name: 'Statistics' }).click();
  await expect(leaderRow(page).getByRole('cell')).toHaveText(['3', '1', '33%', '2.00']);

  await context.close();
});

test('the README pictures of the ladder', async ({ browser }) => {
  test.skip(!SCREENSHOTS, 'only with SCREENSHOTS=1');
  const { owner, mainGame } = ladder;
  const { context, page } = await signedIn(browser, owner);

  await page.goto(gamePath(mainGame.gameID));
  await expect(placeOf(page, owner.username)).toHaveText('1st');
  await expect(page.getByRole('list', { name: 'Earlier proposals' })).toBeAttached();
  await page.screenshot({ path: path.join(screenshotDir, 'civ-ladder-game.png'), fullPage: true });

  await page.goto(`/civGroup/rankings?groupID=${ladder.groupID}`);
  await page.getByRole('tab', { name: 'Statistics' }).click();
  await expect(page.getByRole('table', { name: 'Leaders - FFA' })).toBeVisible();
  await page.getByLabel('Second member').selectOption({ label: ladder.players[0].username });
  await expect(page.getByTestId('head-to-head-result')).toContainText('played');
  await page.screenshot({ path: path.join(screenshotDir, 'civ-ladder-statistics.png'), fullPage: true });

  await page.getByRole('table', { name: 'Members - FFA' }).getByRole('link', { name: owner.username, exact: true }).click();
  await expect(page.getByTestId('rating-chart').locator('canvas')).toBeVisible();
  await page.screenshot({ path: path.join(screenshotDir, 'civ-ladder-member.png'), fullPage: true });

  await context.close();
});
