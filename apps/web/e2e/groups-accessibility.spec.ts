import { expect, test, type Page } from '@playwright/test';
import { addCardByApi, createGroupByApi, groupName, joinByApi, loginByApi, type CreatedGroup } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';
import { seriousViolations } from './support/axe';

/** An owner with a clan and a Civilization group, each with cards and a second member. */
async function seed(request: import('@playwright/test').APIRequestContext) {
  const owner = await registerByApi(request);
  const member = await registerByApi(request);
  const ownerToken = await loginByApi(request, owner.email, owner.password);
  const memberToken = await loginByApi(request, member.email, member.password);
  const groups: Record<'clan' | 'civ', CreatedGroup> = {
    clan: await createGroupByApi(request, ownerToken, { groupName: groupName('Clan'), gameName: 'Old School RuneScape' }),
    civ: await createGroupByApi(request, ownerToken, { groupName: groupName('Civ'), gameName: 'Civilization 6', isPrivate: false }),
  };
  for (const group of Object.values(groups)) {
    await addCardByApi(request, ownerToken, group._id, 'Rules', 'Be kind.\nShow up on time.');
    await joinByApi(request, memberToken, member.id, group);
  }
  return { owner, groups };
}

test('axe finds nothing serious on the group pages and dialogs', async ({ page, request }) => {
  test.slow();
  const { owner, groups } = await seed(request);

  // Logged out: the invite page and its dialogs.
  await page.goto(groups.clan.inviteURL.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Accept Invite' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('dialog', { name: 'Register' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await loginThroughForm(page, owner.email, owner.password);
  await expect(page.getByRole('list', { name: 'Your groups' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add group' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Group name field is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/search');
  await expect(page.getByRole('link', { name: groups.civ.groupName })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  for (const [area, group] of [
    ['runeScapeClan', groups.clan],
    ['civGroup', groups.civ],
  ] as const) {
    await page.goto(`/${area}/welcome?groupID=${group._id}`);
    await expect(page.getByRole('heading', { name: 'Rules' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/${area}/userSettings?groupID=${group._id}`);
    await expect(page.getByLabel('Event Notifications')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/${area}/groupSettings?groupID=${group._id}`);
    await expect(page.getByLabel('Invite Link')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit card Rules' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Edit Members' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Members' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();

    await page.getByRole('button', { name: 'Edit card Rules' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Card' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: area === 'civGroup' ? 'Edit Order' : 'Edit Card Order' }).click();
    await expect(page.getByTestId('card-order-item').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Nothing sticks out sideways: the page never needs a horizontal scroll. */
  async function expectNoSidewaysScroll(page: Page) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  test('the group pages fit and their controls can be used', async ({ page, request }) => {
    test.slow();
    const { owner, groups } = await seed(request);
    await page.goto(groups.clan.inviteURL.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByRole('button', { name: 'Accept Invite' })).toBeInViewport();
    await expectNoSidewaysScroll(page);

    await loginThroughForm(page, owner.email, owner.password);
    await expect(page.getByRole('button', { name: 'Add group' })).toBeInViewport();
    await expectNoSidewaysScroll(page);

    await page.goto('/search');
    await expect(page.getByLabel('Game')).toBeInViewport();
    await expect(page.getByRole('columnheader', { name: 'Members' })).toBeInViewport();
    await expectNoSidewaysScroll(page);

    for (const [area, group] of [
      ['runeScapeClan', groups.clan],
      ['civGroup', groups.civ],
    ] as const) {
      await page.goto(`/${area}/welcome?groupID=${group._id}`);
      await expect(page.getByRole('heading', { name: 'Rules' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'Group Settings' })).toBeInViewport();
      await expectNoSidewaysScroll(page);

      await page.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'Group Settings' }).click();
      await expect(page.getByLabel('Invite Link')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: 'Edit Members' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Members' });
      // The member's row keeps its role select and Kick button on screen.
      await expect(dialog.getByRole('button', { name: /^Kick / })).toBeInViewport();
      await expect(dialog.getByRole('combobox').last()).toBeInViewport();
      // Wide enough for 'Administrator' whole (it was cut to 'Memb' at 390 px).
      expect((await dialog.getByRole('combobox').last().boundingBox())!.width).toBeGreaterThanOrEqual(140);
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

      await page.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'User Settings' }).click();
      // The owner has no Leave button: the User card says why and where to delete instead.
      await page.getByTestId('owner-cannot-leave').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('owner-cannot-leave')).toBeInViewport();
      await expectNoSidewaysScroll(page);
    }
  });
});
