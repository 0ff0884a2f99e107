import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { civChoiceLabel } from '../../../packages/shared/src/civilization/labels';
import { draftFfaByApi } from './support/civ-games';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A Civilization 6 group of an owner and three members, and a 4-player FFA game drafted for them as the web app would. */
async function seedGame(request: APIRequestContext) {
  const owner = await registerByApi(request);
  const players = [await registerByApi(request), await registerByApi(request), await registerByApi(request)];
  const token = await loginByApi(request, owner.email, owner.password);
  const group = await createGroupByApi(request, token, { groupName: groupName('Civ Game'), gameName: 'Civilization 6' });
  for (const player of players) await joinByApi(request, await loginByApi(request, player.email, player.password), player.id, group);
  const gameName = `Saturday Pangaea ${Date.now().toString(36)}`;
  const { gameID, draft } = await draftFfaByApi(request, token, {
    groupID: group._id,
    gameName,
    host: owner.id,
    playerIDs: [owner.id, ...players.map((player) => player.id)],
    lobbyLink: 'https://example.com/lobby/42',
  });
  return { owner, players, group, gameID, gameName, draft };
}

/** The members-table row of a player of the game. */
const memberRow = (page: Page, username: string) =>
  page
    .getByRole('tabpanel', { name: 'Game Details' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${username}( Host)?( Winner)?$`) }) });

/** axe on every tab of the game page, at the current viewport. */
async function checkGameTabs(page: Page) {
  for (const tab of ['Game Details', 'Game Settings', 'Game Notes']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: tab }).getByRole('status')).toHaveCount(0);
    expect(await seriousViolations(page), `${tab} at ${page.viewportSize()?.width}px`).toEqual([]);
  }
  await page.getByRole('tab', { name: 'Game Details' }).click();
}

test('a game from start to finish: eliminate, declare the winner, rankings, comments, notes and relationships', async ({
  page,
  request,
}) => {
  test.slow();
  const { owner, players, group, gameID, gameName, draft: drafted } = await seedGame(request);
  const gamePath = `/civGroup/civGame?groupID=${group._id}&gameID=${gameID}`;

  await page.setViewportSize(DESKTOP);
  await loginThroughForm(page, owner.email, owner.password);
  await page.goto(gamePath);
  await expect(page.getByRole('heading', { level: 2, name: gameName })).toBeVisible();
  await expect(page.getByTestId('game-state')).toHaveText('Active');
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `/civGroup/main?groupID=${group._id}`);
  await expect(page.getByRole('link', { name: 'https://example.com/lobby/42' })).toBeVisible();
  // The drafted choices are shown as 'Leader (Nation)'.
  const firstChoice = drafted.players.find((p) => p.userID === owner.id)!.civChoices[0]!;
  await expect(memberRow(page, owner.username)).toContainText(civChoiceLabel(firstChoice));
  await checkGameTabs(page);

  const declare = page.getByRole('button', { name: 'Declare Winner' });
  await expect(declare).toBeDisabled();
  await expect(page.getByText('A winner can be declared when only one active member remains; 4 are still active.')).toBeVisible();
  for (const player of players) {
    const row = memberRow(page, player.username);
    await page.getByRole('button', { name: `Eliminate ${player.username}` }).click();
    await expect(row.getByText('Eliminated')).toBeVisible();
    await expect(page.getByRole('button', { name: `Reactivate ${player.username}` })).toBeEnabled();
  }
  await expect(declare).toBeEnabled();
  await declare.click();
  const dialog = page.getByRole('dialog', { name: 'Declare Winner' });
  await expect(dialog.getByLabel('Winner')).toHaveText(owner.username);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('Victory Type').selectOption('Science');
  await dialog.getByRole('button', { name: 'Declare Winner' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('game-state')).toHaveText(`Finished Winner: ${owner.username} · Science victory`);
  await expect(page.getByRole('button', { name: 'Declare Winner' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Reactivate / })).toHaveCount(0);

  // Rankings: the winner has one Science win and the best rating, moved from the initial 0.0.
  await page.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'Rankings' }).click();
  const ffa = page.getByRole('table', { name: 'Rankings - FFA' });
  await expect(ffa.getByRole('row')).toHaveCount(5);
  const columns = (await ffa.getByRole('columnheader').allTextContents()).map((text) => text.replace(/[▲▼↕]/g, '').trim());
  const cellOf = async (username: string, column: string) => {
    const row = ffa.getByRole('row').filter({ has: page.getByRole('rowheader', { name: username, exact: true }) });
    return (await row.locator('th, td').nth(columns.indexOf(column)).textContent())?.trim();
  };
  expect(await cellOf(owner.username, 'Science')).toBe('1');
  expect(await cellOf(owner.username, 'Total')).toBe('1');
  expect(await cellOf(owner.username, 'Games Played')).toBe('1');
  const ratingText = (username: string) =>
    ffa
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: username, exact: true }) })
      .getByTestId('rating-ordinal')
      .textContent();
  const ratingOf = async (username: string) => Number(await ratingText(username));
  // Everyone starts at 0.0; a win moves the rating up.
  expect(await ratingText(owner.username)).not.toBe('0.0');
  const winnerRating = await ratingOf(owner.username);
  expect(winnerRating).toBeGreaterThan(0);
  for (const player of players) {
    expect(await cellOf(player.username, 'Total')).toBe('0');
    expect(await ratingOf(player.username)).toBeLessThan(winnerRating);
  }
  await expect(page.getByRole('region', { name: 'Rankings - Teams' }).getByText('No finished games yet')).toBeVisible();
  // Sorted by rating, best first: the winner leads.
  await expect(ffa.getByRole('rowheader').first()).toHaveText(owner.username);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  // On a phone the wins by victory type sit under the member's name, in view without scrolling sideways.
  const winnerName = ffa.getByRole('rowheader', { name: owner.username, exact: true });
  await expect(winnerName).toBeInViewport();
  expect(await winnerName.evaluate((cell) => getComputedStyle(cell, '::after').content)).toBe('"Science 1"');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);

  // Comments.
  await page.goto(gamePath);
  await page.getByRole('textbox', { name: 'Comment' }).fill('Well played, everyone.');
  await page.getByRole('button', { name: 'Post' }).click();
  const comments = page.getByRole('list', { name: 'Comments, newest first' });
  await expect(comments.getByRole('listitem').first()).toContainText('Well played, everyone.');
  await expect(comments.getByRole('listitem').first()).toContainText(owner.username);
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
  // The author edits it (its address becomes a link), deletes it after a confirmation, and undoes that.
  const mine = comments.getByRole('listitem').first();
  await mine.getByRole('button', { name: /^Edit your comment/ }).click();
  await mine.getByRole('textbox', { name: 'Edit comment' }).fill('Well played, everyone. Replay: https://example.com/replay');
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(mine.getByText('(edited)')).toBeVisible();
  await expect(mine.getByRole('link', { name: 'https://example.com/replay' })).toHaveAttribute('target', '_blank');
  await mine.getByRole('button', { name: /^Delete your comment/ }).click();
  await page.getByRole('dialog', { name: 'Delete comment' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No comments yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(comments.getByRole('listitem').first()).toContainText('Replay: https://example.com/replay');

  // Notes: Edit, type, Save; they are there after a reload.
  await page.getByRole('tab', { name: 'Game Notes' }).click();
  const notesPanel = page.getByRole('tabpanel', { name: 'Game Notes' });
  await notesPanel.getByRole('button', { name: 'Edit' }).click();
  await notesPanel.getByRole('textbox', { name: 'Notes' }).fill(`${players[0]!.username} turtles; rush early next time.`);
  await notesPanel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved your notes')).toBeVisible();
  await expect(notesPanel.getByRole('textbox', { name: 'Notes' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Game Notes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('game-notes-text')).toHaveText(`${players[0]!.username} turtles; rush early next time.`);

  // A relationship is saved on change and kept.
  const rival = page.getByRole('tabpanel', { name: 'Game Notes' }).getByLabel(players[1]!.username);
  await rival.selectOption('Seeking Revenge');
  await expect(page.getByText(`Saved your relationship with ${players[1]!.username}: Seeking Revenge`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tabpanel', { name: 'Game Notes' }).getByLabel(players[1]!.username)).toHaveValue('Seeking Revenge');
  await expect(page.getByRole('tabpanel', { name: 'Game Notes' }).getByLabel(players[2]!.username)).toHaveValue('');

  // axe on each tab of the finished game, desktop and phone.
  await checkGameTabs(page);
  await page.setViewportSize(PHONE);
  await checkGameTabs(page);
});

test('delete asks first, naming what goes with the game, and goes back to the games', async ({ page, request }) => {
  const { owner, players, group, gameID, gameName } = await seedGame(request);
  await loginThroughForm(page, owner.email, owner.password);
  await page.goto(`/civGroup/civGame?groupID=${group._id}&gameID=${gameID}`);
  await expect(page.getByRole('heading', { level: 2, name: gameName })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Game' });
  await expect(dialog).toContainText('Are you sure you wish to delete this game?');
  await expect(dialog).toContainText(gameName);
  await expect(dialog.getByRole('listitem')).toHaveText([
    'It leaves the game lists and the rankings at once.',
    'Its comments, notes and history are kept with it.',
    'An Administrator can restore it within 30 days.',
  ]);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`/civGroup/main\\?groupID=${group._id}$`));
  await expect(page.getByText(`Deleted ${gameName}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Active Games', exact: true })).toContainText('No active games');
  // The owner, an Administrator, still opens it to restore it; a player of the game no longer finds it.
  await page.goto(`/civGroup/civGame?groupID=${group._id}&gameID=${gameID}`);
  await expect(page.getByText(/^This game was deleted on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
  const playerToken = await loginByApi(request, players[0]!.email, players[0]!.password);
  const asPlayer = await request.get(`/api/civilization/game?gameID=${gameID}`, { headers: { authorization: playerToken } });
  expect(asPlayer.status()).toBe(404);
});
