import { expect, test } from '@playwright/test';
import { createGroupByApi, groupName, loginByApi } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';

// Every route names its browser tab: the page first, then its group, then the product, so tabs
// and history entries tell the pages apart.

test('every page has its own, meaningful tab title', async ({ browser, request }) => {
  test.slow();
  const owner = await registerByApi(request);
  const token = await loginByApi(request, owner.email, owner.password);
  const civ = await createGroupByApi(request, token, { groupName: groupName('Civ'), gameName: 'Civilization 6' });
  const clan = await createGroupByApi(request, token, { groupName: groupName('Clan'), gameName: 'Old School RuneScape' });
  const civPage = (page: string) => `/civGroup/${page}?groupID=${civ._id}`;
  const clanPage = (page: string) => `/runeScapeClan/${page}?groupID=${clan._id}`;

  const loggedOut: [string, string][] = [
    ['/', 'Organise your gaming group · SMM'],
    ['/register', 'Register · SMM'],
    ['/login', 'Login · SMM'],
    ['/resetPassword', 'Reset Password · SMM'],
    ['/changePassword?userID=someone&token=sometoken', 'Change Password · SMM'],
    ['/contact', 'Contact Us · SMM'],
    ['/releaseNotes', 'Release Notes · SMM'],
    ['/support', 'Supported Games · SMM'],
    ['/faq', 'FAQ · SMM'],
    ['/upcoming', 'Upcoming · SMM'],
    [`/invite?groupID=${civ._id}&inviteLink=${civ.inviteLink}`, 'Group Invite · SMM'],
    ['/no/such/page', 'Page not found · SMM'],
  ];
  const loggedIn: [string, string][] = [
    ['/dashboard', 'Dashboard · SMM'],
    ['/search', 'Search · SMM'],
    ['/profile', 'Profile · SMM'],
    ['/steamlink', 'Link Steam Account · SMM'],
    ['/osrsStats', 'Old School RuneScape Stats'],
    [civPage('welcome'), `Welcome · ${civ.groupName} · SMM`],
    [civPage('members'), `Members · ${civ.groupName} · SMM`],
    [civPage('main'), `Active Games · ${civ.groupName} · SMM`],
    [civPage('rankings'), `Rankings · ${civ.groupName} · SMM`],
    [`${civPage('civGame')}&gameID=none`, `Game · ${civ.groupName} · SMM`],
    [civPage('events'), `Events · ${civ.groupName} · SMM`],
    [civPage('preferences'), `Preferences · ${civ.groupName} · SMM`],
    [civPage('userSettings'), `User Settings · ${civ.groupName} · SMM`],
    [civPage('groupSettings'), `Group Settings · ${civ.groupName} · SMM`],
    [clanPage('welcome'), `Welcome · ${clan.groupName} · SMM`],
    [clanPage('events'), `Events · ${clan.groupName} · SMM`],
    [clanPage('userSettings'), `User Settings · ${clan.groupName} · SMM`],
    [clanPage('groupSettings'), `Group Settings · ${clan.groupName} · SMM`],
  ];

  const visitor = await browser.newPage();
  for (const [path, title] of loggedOut) {
    await visitor.goto(path);
    await expect(visitor, path).toHaveTitle(title);
  }
  await visitor.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await loginThroughForm(page, owner.email, owner.password);
  for (const [path, title] of loggedIn) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  await context.close();

  const titles = [...loggedOut, ...loggedIn].map(([, title]) => title);
  expect(new Set(titles).size).toBe(titles.length);
});
