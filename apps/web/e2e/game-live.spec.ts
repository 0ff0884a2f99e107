import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { draftFfaByApi } from './support/civ-games';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';

// Members working together, each in their own browser: what one does on a game page, or to a
// Welcome card, shows on the other's open page within a second, without a reload; and a save over
// another Administrator's change is refused with Reload instead of silently overwriting it.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** "Within a second" with room for a busy machine; the page is never reloaded. */
const LIVE = { timeout: 3000 };

async function signedIn(browser: Browser, user: { email: string; password: string }) {
  const context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
  const page = await context.newPage();
  await loginThroughForm(page, user.email, user.password);
  return page;
}

/** Marks the document, so a test can tell the page was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'unchanged'));
const documentKept = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark);

/** An owner, an Administrator and a member of a Civilization 6 group, with a game drafted for the three. */
async function seed(request: APIRequestContext) {
  const owner = await registerByApi(request);
  const admin = await registerByApi(request);
  const member = await registerByApi(request);
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const group = await createGroupByApi(request, ownerToken, { groupName: groupName('Live Game'), gameName: 'Civilization 6' });
  for (const user of [admin, member]) await joinByApi(request, await loginByApi(request, user.email, user.password), user.id, group);
  const role = await request.post(`/api/groups/updateMemberRole?groupID=${group._id}`, {
    headers: { authorization: ownerToken },
    data: { userID: admin.id, role: 'Administrator' },
  });
  expect(role.status()).toBe(200);
  return { owner, admin, member, ownerToken, group };
}

test("a comment, eliminations and the winner on one member's game page show on another's without a reload", async ({
  browser,
  request,
}) => {
  test.slow();
  const { owner, admin, member, ownerToken, group } = await seed(request);
  const gameName = `Live Pangaea ${Date.now().toString(36)}`;
  const { gameID } = await draftFfaByApi(request, ownerToken, {
    groupID: group._id,
    gameName,
    host: owner.id,
    playerIDs: [owner.id, admin.id, member.id],
  });
  const gamePath = `/civGroup/civGame?groupID=${group._id}&gameID=${gameID}`;

  const host = await signedIn(browser, owner);
  await host.goto(gamePath);
  await expect(host.getByRole('heading', { level: 2, name: gameName })).toBeVisible();
  const watcher = await signedIn(browser, member);
  await watcher.goto(gamePath);
  await expect(watcher.getByRole('heading', { level: 2, name: gameName })).toBeVisible();
  await expect(watcher.getByTestId('game-state')).toHaveText('Active');
  await markDocument(watcher);
  await markDocument(host);

  // The watcher comments; the host's page shows it.
  await watcher.getByRole('textbox', { name: 'Comment' }).fill('Turn 50: I have the Great Library.');
  await watcher.getByRole('button', { name: 'Post' }).click();
  const hostComments = host.getByRole('list', { name: 'Comments, newest first' });
  await expect(hostComments.getByRole('listitem').first()).toContainText('Turn 50: I have the Great Library.', LIVE);

  // The host eliminates a player; the watcher's members table shows it.
  const watchedRow = watcher
    .getByRole('tabpanel', { name: 'Game Details' })
    .getByRole('row')
    .filter({ has: watcher.getByRole('rowheader', { name: new RegExp(`^${admin.username}`) }) });
  await expect(watchedRow).toContainText('Active');
  await host.getByRole('button', { name: `Eliminate ${admin.username}` }).click();
  await expect(host.getByRole('button', { name: `Reactivate ${admin.username}` })).toBeEnabled();
  await expect(watchedRow).toContainText('Eliminated', LIVE);

  // The last rival goes and the host declares the winner; the watcher's page says the game is over.
  await host.getByRole('button', { name: `Eliminate ${member.username}` }).click();
  await expect(host.getByRole('button', { name: `Reactivate ${member.username}` })).toBeEnabled();
  await host.getByRole('button', { name: 'Declare Winner' }).click();
  const declare = host.getByRole('dialog', { name: 'Declare Winner' });
  await declare.getByLabel('Victory Type').selectOption('Culture');
  await declare.getByRole('button', { name: 'Declare Winner' }).click();
  await expect(declare).toBeHidden();
  await expect(watcher.getByTestId('game-state')).toHaveText(`Finished Winner: ${owner.username} · Culture victory`, LIVE);
  expect(await documentKept(watcher)).toBe('unchanged');
  expect(await documentKept(host)).toBe('unchanged');

  for (const size of [DESKTOP, PHONE]) {
    await watcher.setViewportSize(size);
    await expect(watcher.getByTestId('game-state')).toBeVisible();
    expect(await seriousViolations(watcher), `game page at ${size.width}px`).toEqual([]);
    await watcher.screenshot({ path: test.info().outputPath(`game-live-${size.width}.png`) });
  }
  await host.context().close();
  await watcher.context().close();
});

test('two Administrators edit one Welcome card: the change is said live, the stale save is refused, Reload shows the other text', async ({
  browser,
  request,
}) => {
  test.slow();
  const { owner, admin, group } = await seed(request);
  const settingsPath = `/civGroup/groupSettings?groupID=${group._id}`;

  const first = await signedIn(browser, owner);
  const second = await signedIn(browser, admin);
  for (const page of [first, second]) {
    await page.goto(settingsPath);
    await page.getByRole('button', { name: 'Edit card Welcome' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Card' })).toBeVisible();
  }
  const firstDialog = first.getByRole('dialog', { name: 'Edit Card' });
  const secondDialog = second.getByRole('dialog', { name: 'Edit Card' });
  await markDocument(second);

  await firstDialog.getByLabel('Body').fill('Games on Saturdays at 19:00.');
  await firstDialog.getByRole('button', { name: 'Save' }).click();
  await expect(firstDialog).toBeHidden();

  // The second Administrator is told while editing; their fields are left alone.
  await secondDialog.getByLabel('Body').fill('Games on Sundays.');
  const notice = secondDialog.getByTestId('edit-conflict');
  await expect(notice).toContainText('Changed by someone else', LIVE);
  await expect(secondDialog.getByLabel('Body')).toHaveValue('Games on Sundays.');

  // Saving anyway is refused beside Save, with Reload.
  await secondDialog.getByRole('button', { name: 'Save' }).click();
  await expect(notice).toContainText('Card was changed by someone else since you opened it. Reload to see their change.');
  await expect(secondDialog.getByLabel('Body')).toHaveValue('Games on Sundays.');
  for (const size of [DESKTOP, PHONE]) {
    await second.setViewportSize(size);
    await expect(notice.getByRole('button', { name: 'Reload' })).toBeInViewport();
    expect(await seriousViolations(second), `card conflict at ${size.width}px`).toEqual([]);
    await secondDialog.screenshot({ path: test.info().outputPath(`card-conflict-${size.width}.png`) });
  }

  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(secondDialog.getByLabel('Body')).toHaveValue('Games on Saturdays at 19:00.');
  await expect(notice).toHaveCount(0);
  expect(await documentKept(second)).toBe('unchanged');

  // Saved from the reloaded version, it goes through.
  await secondDialog.getByLabel('Body').fill('Games on Saturdays at 19:00. Bring snacks.');
  await secondDialog.getByRole('button', { name: 'Save' }).click();
  await expect(secondDialog).toBeHidden();
  await first.goto(`/civGroup/welcome?groupID=${group._id}`);
  await expect(first.getByText('Bring snacks.')).toBeVisible();

  await first.context().close();
  await second.context().close();
});
