import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginThroughForm, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

// serve-fakes.ts: Steam's sign-in page signs in as this account, "Robin" with two games.
const STEAM_ID = '76561197960435530';
const UNCONFIRMED_STEAM_ID = '76561197960435531';

// Avatars and game icons are Steam's own URLs; the browser gets a local picture instead of the internet.
const PICTURE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#66c0f4"/></svg>';

async function signedInPage(browser: Browser, request: import('@playwright/test').APIRequestContext): Promise<Page> {
  const context = await browser.newContext();
  await context.route(/^https:\/\/(avatars\.steamstatic\.com|media\.steampowered\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: PICTURE }),
  );
  const page = await context.newPage();
  const user = await registerByApi(request);
  await loginThroughForm(page, user.email, user.password);
  return page;
}

async function openSteamTab(page: Page) {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Steam Profile' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=steam$/);
}

const tokenSteamId = (page: Page) =>
  page.evaluate(() => {
    const token = localStorage.getItem('jwtToken') ?? '';
    const payload = token.replace(/^Bearer /, '').split('.')[1] ?? '';
    return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { steamID: string | null }).steamID;
  });

// One Steam account is signed in by the fake provider, so these steps share it in order.
test('link Steam through Steam sign-in, see the profile and games, refuse a second user, unlink', async ({ browser, request }) => {
  // Two users, three Steam sign-ins and three axe scans.
  test.setTimeout(120_000);
  const owner = await signedInPage(browser, request);
  await openSteamTab(owner);
  await owner.getByRole('button', { name: 'Link Steam Account' }).click();

  // Steam's sign-in (the fake provider) returns through the server's callback to /steamlink.
  await expect(owner).toHaveURL(new RegExp(`/steamlink\\?steamID=${STEAM_ID}$`));
  await expect(owner.getByText('Your Steam account is now linked.')).toBeVisible();
  expect(await tokenSteamId(owner)).toBe(STEAM_ID);
  expect(await seriousViolations(owner)).toEqual([]);

  await owner.getByRole('link', { name: 'View your Steam profile' }).click();
  await expect(owner).toHaveURL(/\/profile\?tab=steam$/);
  const avatar = owner.getByRole('img', { name: 'Steam avatar of Robin' });
  await expect(avatar).toHaveAttribute('src', /^https:\/\/avatars\.steamstatic\.com\/\w+_full\.jpg$/);
  await expect(owner.getByRole('heading', { name: 'Robin' })).toBeVisible();
  await expect(owner.getByRole('link', { name: /View Steam Profile/ })).toHaveAttribute(
    'href',
    `https://steamcommunity.com/profiles/${STEAM_ID}/`,
  );
  const games = owner.getByRole('table', { name: 'Games' }).locator('tbody tr');
  await expect(games).toHaveText(["Sid Meier's Civilization V", "Sid Meier's Civilization VI"]);
  await expect(games.first().locator('img')).toHaveAttribute(
    'src',
    /^https:\/\/media\.steampowered\.com\/steamcommunity\/public\/images\/apps\/8930\/\w+\.jpg$/,
  );
  expect(await seriousViolations(owner)).toEqual([]);

  // The same Steam account cannot be linked to a second user: Steam's sign-in comes back with an error.
  const other = await signedInPage(browser, request);
  await openSteamTab(other);
  await other.getByRole('button', { name: 'Link Steam Account' }).click();
  await expect(other).toHaveURL(/\/profile\?steamError=taken$/);
  await expect(other.getByRole('tab', { name: 'Steam Profile', selected: true })).toBeVisible();
  await expect(other.getByRole('alert')).toContainText('This Steam account is already linked to another user.');
  expect(await seriousViolations(other)).toEqual([]);
  await other.getByRole('button', { name: 'Close alert' }).click();
  await expect(other.getByRole('alert')).toHaveCount(0);

  await owner.getByRole('button', { name: 'Unlink Steam Account' }).click();
  await expect(owner.getByText('Your Steam account is no longer linked.')).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Link Steam Account' })).toBeVisible();
  await expect(owner.getByRole('img', { name: 'Steam avatar of Robin' })).toHaveCount(0);
  expect(await tokenSteamId(owner)).toBeNull();
  await owner.reload();
  await expect(owner.getByRole('button', { name: 'Link Steam Account' })).toBeVisible();

  // Unlinked, the account is free for the second user.
  await other.getByRole('button', { name: 'Link Steam Account' }).click();
  await expect(other.getByText('Your Steam account is now linked.')).toBeVisible();
  await other.goto('/profile?tab=steam');
  await expect(other.getByRole('heading', { name: 'Robin' })).toBeVisible();
  await other.getByRole('button', { name: 'Unlink Steam Account' }).click();
  await expect(other.getByRole('button', { name: 'Link Steam Account' })).toBeVisible();

  await owner.context().close();
  await other.context().close();
});

test('/steamlink refuses a Steam ID that Steam did not confirm, and an address without one', async ({ page, request }) => {
  const user = await registerByApi(request);
  await loginThroughForm(page, user.email, user.password);

  await page.goto(`/steamlink?steamID=${UNCONFIRMED_STEAM_ID}`);
  await expect(page.getByRole('alert')).toContainText('Your Steam account was not linked');
  await expect(page.getByRole('alert')).toContainText('Steam has not confirmed this Steam account for you');
  await expect(page.getByRole('link', { name: 'Back to your Steam profile' })).toHaveAttribute('href', '/profile?tab=steam');
  expect(await tokenSteamId(page)).toBeNull();

  await page.goto('/steamlink?steamID=not-a-steam-id');
  await expect(page.getByRole('alert')).toContainText('does not carry a valid Steam ID');
  await expect(page.getByRole('button', { name: 'Link Steam Account' })).toBeVisible();

  await page.goto('/profile?steamError=cancelled');
  await expect(page.getByRole('alert')).toContainText('Steam sign-in was cancelled.');
});
