import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { RESULT_CHANGED_MESSAGE } from '../../../packages/shared/src/civilization/games-schemas';
import { draftFfaByApi, postByApi } from './support/civ-games';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

type User = Awaited<ReturnType<typeof registerByApi>>;

/** A signed-in browser of its own, logged in through the form. */
async function signedIn(browser: Browser, user: User): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await loginThroughForm(page, user.email, user.password);
  return { context, page };
}

test('two managers declare the winner from the same view: the second is told, reloads and corrects the newer result', async ({
  browser,
  request,
}) => {
  test.slow();
  // The owner (an Administrator) created the game and plays; the host records it; a third player is in it.
  const owner = await registerByApi(request);
  const host = await registerByApi(request);
  const third = await registerByApi(request);
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const group = await createGroupByApi(request, ownerToken, { groupName: groupName('Result race'), gameName: 'Civilization 6' });
  for (const player of [host, third]) await joinByApi(request, await loginByApi(request, player.email, player.password), player.id, group);
  const gameName = `Two managers ${Date.now().toString(36)}`;
  const { gameID } = await draftFfaByApi(request, ownerToken, {
    groupID: group._id,
    gameName,
    host: host.id,
    playerIDs: [host.id, owner.id, third.id],
  });
  for (const out of [third, owner]) {
    await postByApi(request, ownerToken, '/api/civilization/updateGame', { gameID, members: [{ userID: out.id, isActive: false }] });
  }

  const sessions = await Promise.all([owner, host].map((user) => signedIn(browser, user)));
  const [ownerPage, hostPage] = sessions.map((s) => s.page) as [Page, Page];
  const gamePath = `/civGroup/civGame?groupID=${group._id}&gameID=${gameID}`;
  await Promise.all([ownerPage, hostPage].map((page) => page.goto(gamePath)));
  const dialogs: Page[] = [hostPage, ownerPage];
  for (const page of dialogs) {
    await expect(page.getByRole('heading', { level: 2, name: gameName })).toBeVisible();
    await page.getByRole('button', { name: 'Declare Winner' }).click();
    await expect(page.getByRole('dialog', { name: 'Declare Winner' }).getByLabel('Winner')).toHaveText(host.username);
  }

  // The host saves first.
  const hostDialog = hostPage.getByRole('dialog', { name: 'Declare Winner' });
  await hostDialog.getByLabel('Victory Type').selectOption('Science');
  await hostDialog.getByRole('button', { name: 'Declare Winner' }).click();
  await expect(hostDialog).toBeHidden();
  await expect(hostPage.getByTestId('game-state')).toHaveText(`Finished Winner: ${host.username} · Science victory`);

  // The owner, from the view before it, is refused and told so in the dialog; nothing of theirs is saved.
  const ownerDialog = ownerPage.getByRole('dialog', { name: 'Declare Winner' });
  await ownerDialog.getByLabel('Victory Type').selectOption('Culture');
  await ownerDialog.getByRole('button', { name: 'Declare Winner' }).click();
  await expect(ownerDialog.getByRole('alert')).toHaveText(`${RESULT_CHANGED_MESSAGE}Reload`);
  expect(await seriousViolations(ownerPage)).toEqual([]);
  const stored = await request.get(`/api/civilization/game?gameID=${gameID}`, { headers: { authorization: ownerToken } });
  expect(await stored.json()).toMatchObject({ victoryType: 'Science', resultVersion: 3 });

  // Reload shows the host's result in the dialog, and the page stays where it was.
  await ownerDialog.getByRole('button', { name: 'Reload' }).click();
  await expect(ownerDialog.getByLabel('Victory Type')).toHaveValue('Science');
  await expect(ownerDialog.getByRole('alert')).toHaveCount(0);
  await expect(ownerPage).toHaveURL(new RegExp(`gameID=${gameID}`));
  await ownerDialog.getByLabel('Victory Type').selectOption('Culture');
  await ownerDialog.getByRole('button', { name: 'Declare Winner' }).click();
  await expect(ownerDialog).toBeHidden();
  await expect(ownerPage.getByTestId('game-state')).toHaveText(`Finished Winner: ${host.username} · Culture victory`);

  // The history has the host's finish and the owner's correction of it, and nothing of the refused save:
  // created, two eliminations, finished, corrected.
  await ownerPage.getByRole('tab', { name: 'History' }).click();
  const changes = ownerPage.getByRole('tabpanel', { name: 'History' }).getByRole('list', { name: 'Changes, newest first' });
  await expect(changes.locator(':scope > li')).toHaveCount(5);
  await expect(changes.locator(':scope > li').first()).toContainText(`${owner.username} edited the game`);
  await expect(changes.locator(':scope > li').first()).toContainText('Victory type: Science → Culture');
  await expect(changes.locator(':scope > li').nth(1)).toContainText(`${host.username} finished the game`);
  await Promise.all(sessions.map(({ context }) => context.close()));
});
