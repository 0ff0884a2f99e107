import { expect, test, type Locator, type Page } from '@playwright/test';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { newCredentials, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, pickerText, signedInPage, typeDate, ZONE } from './runescape-clan-helpers';

/** The page scrolls sideways nowhere but inside a labelled region. */
async function pageWidthFits(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

/** 0 until an image has loaded: a broken image is visible too. */
const naturalWidth = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.naturalWidth);

const TASKS = [
  'Catch a shark',
  'Fire cape',
  'Barrows set',
  'Clue casket',
  'Slayer grind',
  'Dragon defender',
  'Pet drop',
  'Quest cape',
  'Max hit',
];
const tile = (page: Page, title: string) => page.getByTestId('bingo-board').locator(`td[data-tile="${title}"]`);

test('a two-team bingo: a member claims a tile with a screenshot, a moderator accepts it, and the teammate’s open board shows it done', async ({
  browser,
  baseURL,
  request,
}) => {
  // The bingo must start in the future: the test waits up to two minutes for it to start.
  test.setTimeout(300_000);
  const owner = await registerByApi(request, newCredentials('olga'));
  const ann = await registerByApi(request, newCredentials('ann'));
  const ben = await registerByApi(request, newCredentials('ben'));
  const cat = await registerByApi(request, newCredentials('cat'));
  const dan = await registerByApi(request, newCredentials('dan'));
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const clan = await createGroupByApi(request, ownerToken, { groupName: groupName('Clan'), gameName: 'Old School RuneScape' });
  const catToken = await loginByApi(request, cat.email, cat.password);
  for (const member of [ann, ben, cat, dan])
    await joinByApi(request, await loginByApi(request, member.email, member.password), member.id, clan);

  // From the clan bar to Bingo; the Administrator creates a 3×3 board.
  const mod = await signedInPage(browser, baseURL, owner.email, owner.password);
  await mod.goto(`/runeScapeClan/stats?groupID=${clan._id}`);
  await mod.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'Bingo', exact: true }).click();
  await expect(mod).toHaveURL(new RegExp(`/runeScapeClan/bingos\\?groupID=${clan._id}$`));
  await expect(mod.getByText('No bingo is running now.')).toBeVisible();
  await mod.getByRole('button', { name: 'Create bingo' }).click();
  const dialog = mod.getByRole('dialog', { name: 'Create bingo' });
  await expect(dialog.getByText(`Times are in your time zone, ${ZONE}.`)).toBeVisible();
  // Nothing filled: each field says what it needs, and the first problem stands by Submit.
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Name is required');
  await expect(dialog.getByText('Tile 1: Each tile needs a title')).toBeVisible();
  expect(await seriousViolations(mod)).toEqual([]);

  await dialog.getByLabel('Name', { exact: true }).fill('Winter bingo');
  // At least a minute ahead, so that setting the teams and moderators below still sees it Upcoming on a slow machine.
  const start = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
  await typeDate(mod, 'Start time', pickerText(start));
  await typeDate(mod, 'End time', pickerText(new Date(start.getTime() + 86_400_000)));
  const tiles = dialog.getByRole('group', { name: /^Tile \d/ });
  await expect(tiles).toHaveCount(9);
  for (const [i, title] of TASKS.entries()) if (i !== 4) await tiles.nth(i).getByLabel('Task', { exact: true }).fill(title);
  // The fifth tile is an XP goal: it completes itself from the hiscores.
  await tiles.nth(4).getByLabel('Kind').selectOption('xp');
  await tiles.nth(4).getByLabel('Title').fill('Slayer grind');
  await tiles.nth(4).getByLabel('Skill').selectOption({ label: 'Slayer' });
  await tiles.nth(4).getByLabel('XP to gain').fill('100000');
  await dialog.getByRole('button', { name: 'Submit' }).click();

  // The bingo's page: upcoming, no teams yet; the Administrator sets two teams by hand and a moderator.
  await expect(mod).toHaveURL(/\/runeScapeClan\/bingo\?/);
  await expect(mod.getByRole('heading', { level: 2, name: 'Winter bingo' })).toBeVisible();
  await expect(mod.getByText('Upcoming', { exact: true })).toBeVisible();
  await expect(tile(mod, 'Slayer grind')).toContainText('Slayer: 100,000 XP');
  await mod.getByRole('button', { name: 'Teams' }).click();
  const teams = mod.getByRole('dialog', { name: 'Teams of Winter bingo' });
  await teams.getByRole('textbox', { name: 'Name of team 1' }).fill('Red');
  await teams.getByRole('textbox', { name: 'Name of team 2' }).fill('Blue');
  await teams.getByRole('combobox', { name: ann.username }).selectOption({ label: 'Red' });
  await teams.getByRole('combobox', { name: ben.username }).selectOption({ label: 'Red' });
  await teams.getByRole('combobox', { name: cat.username }).selectOption({ label: 'Blue' });
  await teams.getByRole('button', { name: 'Save teams' }).click();
  await expect(teams).toBeHidden();
  await expect(mod.getByRole('table', { name: 'Points' }).locator('tbody tr')).toHaveCount(2);
  await mod.getByRole('button', { name: 'Moderators' }).click();
  const moderators = mod.getByRole('dialog', { name: 'Moderators of Winter bingo' });
  await moderators.getByRole('checkbox', { name: dan.username }).check();
  await moderators.getByRole('button', { name: 'Save moderators' }).click();
  await expect(moderators).toBeHidden();
  await expect(mod.getByText(`The Administrators, ${dan.username}`)).toBeVisible();
  const bingoURL = mod.url();

  // Two members of Red open the board; each sees their team.
  const annPage = await signedInPage(browser, baseURL, ann.email, ann.password);
  const benPage = await signedInPage(browser, baseURL, ben.email, ben.password);
  for (const page of [annPage, benPage]) {
    await page.goto(bingoURL);
    await expect(page.getByTestId('my-team')).toContainText(`Red: ${ann.username}, ${ben.username}`);
    await expect(page.getByRole('button', { name: 'Teams' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  }

  // Once the start passes, claims open on both open pages, with no reload.
  for (const page of [annPage, benPage]) {
    await expect(page.getByText('Ongoing', { exact: true })).toBeVisible({ timeout: 150_000 });
    await expect(page.getByRole('button', { name: 'Claim Catch a shark' })).toBeVisible();
  }
  await expect(annPage.getByRole('button', { name: 'Claim Slayer grind' })).toHaveCount(0);
  await annPage.getByRole('button', { name: 'Claim Catch a shark' }).click();
  const claim = annPage.getByRole('dialog', { name: 'Claim Catch a shark' });
  // A GIF is refused beside the field before anything is sent.
  await claim.getByLabel('Screenshot').setInputFiles({ name: 'shark.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(claim.getByLabel('Screenshot')).toHaveAccessibleDescription(/The screenshot must be a PNG, JPEG or WebP image/);
  // A small PNG made here: a piece of the member's own screen.
  const png = await annPage.screenshot({ clip: { x: 0, y: 0, width: 240, height: 135 } });
  await claim.getByLabel('Screenshot').setInputFiles({ name: 'shark.png', mimeType: 'image/png', buffer: png });
  await expect(claim.getByRole('img', { name: 'Preview of shark.png' })).toBeVisible();
  await expect.poll(() => naturalWidth(claim.getByRole('img', { name: 'Preview of shark.png' }))).toBe(240);
  await claim.getByLabel('Note (optional)').fill('Caught at Catherby');
  await claim.getByRole('button', { name: 'Send claim' }).click();
  await expect(claim).toBeHidden();
  await expect(tile(annPage, 'Catch a shark')).toContainText('Claim pending');
  // The teammate's open tab hears of the claim (live), with no reload.
  await expect(tile(benPage, 'Catch a shark')).toContainText('Claim pending');

  // The other team sees neither the claim nor its proof, and the tile is still open for it.
  const bingoID = new URL(bingoURL).searchParams.get('bingoID');
  const asCat = { headers: { authorization: catToken } };
  const catClaims = await request.get(`/api/runescape/getBingoClaims?groupID=${clan._id}&bingoID=${bingoID}`, asCat);
  expect(((await catClaims.json()) as { claims: unknown[] }).claims).toEqual([]);
  const catBoard = (await (await request.get(`/api/runescape/getBingo?groupID=${clan._id}&bingoID=${bingoID}`, asCat)).json()) as {
    tiles: { title: string; state: string; doneBy: string[] }[];
  };
  expect(catBoard.tiles.find((t) => t.title === 'Catch a shark')).toMatchObject({ state: 'open', doneBy: [] });

  // A second claim, declined with a reason: the tile opens again for the team, which may claim it anew.
  await annPage.getByRole('button', { name: 'Claim Fire cape' }).click();
  const second = annPage.getByRole('dialog', { name: 'Claim Fire cape' });
  await second.getByLabel('Screenshot').setInputFiles({ name: 'cape.png', mimeType: 'image/png', buffer: png });
  await second.getByRole('button', { name: 'Send claim' }).click();
  await expect(second).toBeHidden();
  const capeClaim = mod
    .getByRole('list', { name: /^Claims to decide/ })
    .getByRole('listitem')
    .filter({ hasText: 'Fire cape' });
  await capeClaim.getByRole('button', { name: 'Decline' }).click();
  await capeClaim.getByLabel('Reason for declining').fill('The cape is not in the screenshot');
  await capeClaim.getByRole('button', { name: 'Decline claim' }).click();
  await expect(benPage.getByRole('list', { name: "Your team's claims" })).toContainText('Reason: The cape is not in the screenshot');
  await expect(annPage.getByRole('button', { name: 'Claim Fire cape' })).toBeVisible();

  // The Administrator's queue shows the claim with its screenshot; Accept.
  const queue = mod.getByRole('list', { name: /^Claims to decide/ });
  const item = queue.getByRole('listitem').filter({ hasText: 'Catch a shark' });
  await expect(item).toContainText('Caught at Catherby');
  await expect(item.getByRole('img', { name: 'Proof for Catch a shark by Red' })).toBeVisible();
  // The screenshot as stored by the server (re-encoded), loaded with the moderator's session.
  await expect.poll(() => naturalWidth(item.getByRole('img', { name: 'Proof for Catch a shark by Red' }))).toBe(240);
  await item.getByRole('button', { name: 'Accept' }).click();
  await expect(mod.getByText('No claim is waiting for a decision.')).toBeVisible();

  // The teammate's tab, never reloaded, shows the tile done and Red's points.
  await expect(tile(benPage, 'Catch a shark')).toHaveAttribute('data-state', 'done');
  await expect(tile(benPage, 'Catch a shark')).toContainText('Done');
  await expect(benPage.getByRole('table', { name: 'Points' }).locator('tr[data-team="Red"] td').last()).toHaveText('10');
  const benClaims = benPage.getByRole('list', { name: "Your team's claims" });
  await expect(benClaims.getByText('Accepted', { exact: true })).toBeVisible();
  // Who accepted it, and when.
  await expect(benClaims.getByText(`Accepted by ${owner.username} on`)).toBeVisible();
  await expect.poll(() => naturalWidth(benClaims.getByRole('img', { name: 'Proof for Catch a shark by Red' }))).toBe(240);
  // The moderator's board (no team) shows the tile done by Red.
  await expect(tile(mod, 'Catch a shark')).toContainText('Done by Red');

  // Both widths: axe clean, the page never scrolls sideways (the board scrolls inside its region).
  for (const [viewport, file] of [
    [DESKTOP, 'docs/screenshots/bingo-board.png'],
    [PHONE, 'docs/screenshots/bingo-board-phone.png'],
  ] as const) {
    for (const page of [benPage, mod]) {
      await page.setViewportSize(viewport);
      await expect(page.getByTestId('bingo-board')).toBeVisible();
      expect(await pageWidthFits(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await benPage.screenshot({ path: file, fullPage: true });
  }
  await mod.goto(`/runeScapeClan/bingos?groupID=${clan._id}`);
  await expect(mod.getByRole('list', { name: 'Ongoing' }).getByRole('link', { name: 'Winter bingo' })).toBeVisible();
  expect(await pageWidthFits(mod)).toBe(true);
  expect(await seriousViolations(mod)).toEqual([]);
  for (const page of [annPage, benPage, mod]) await page.context().close();
});
