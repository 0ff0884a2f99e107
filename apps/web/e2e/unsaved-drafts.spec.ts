import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { draftFfaByApi } from './support/civ-games';
import { createGroupByApi, groupName, joinByApi, loginByApi } from './support/groups';
import { loginThroughForm, registerByApi } from './support/users';

/** A Civilization 6 group of an owner and a member, with a game they both play. */
async function seedGame(request: APIRequestContext) {
  const owner = await registerByApi(request);
  const member = await registerByApi(request);
  const token = await loginByApi(request, owner.email, owner.password);
  const group = await createGroupByApi(request, token, { groupName: groupName('Drafts'), gameName: 'Civilization 6' });
  await joinByApi(request, await loginByApi(request, member.email, member.password), member.id, group);
  const { gameID } = await draftFfaByApi(request, token, {
    groupID: group._id,
    gameName: `Unsaved ${Date.now().toString(36)}`,
    host: owner.id,
    playerIDs: [owner.id, member.id],
  });
  return { owner, member, group, gameID };
}

/** Accepts the browser's "leave the page?" question, and records that it was asked. */
function acceptLeavePrompts(page: Page) {
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  return asked;
}

test('unsaved notes survive a reload, the reload asks first, and Discard drops them', async ({ page, request }) => {
  const { owner, group, gameID } = await seedGame(request);
  await loginThroughForm(page, owner.email, owner.password);
  await page.goto(`/civGroup/civGame?groupID=${group._id}&gameID=${gameID}&tab=notes`);
  const notes = page.getByRole('tabpanel', { name: 'Game Notes' });
  await notes.getByRole('button', { name: 'Edit' }).click();
  await notes.getByRole('textbox', { name: 'Notes' }).fill('Settle on the river; watch the east.');

  const asked = acceptLeavePrompts(page);
  await page.reload();
  expect(asked).toContain('beforeunload');

  const restoredBox = page.getByRole('tabpanel', { name: 'Game Notes' }).getByRole('textbox', { name: 'Notes' });
  await expect(restoredBox).toHaveValue('Settle on the river; watch the east.');
  await expect(page.getByText('Restored your unsaved notes.')).toBeVisible();
  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page), `axe at ${size.width} px`).toEqual([]);
  }
  await page.getByRole('tabpanel', { name: 'Game Notes' }).getByRole('button', { name: 'Discard' }).click();
  await expect(restoredBox).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('tabpanel', { name: 'Game Notes' }).getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByText('Restored your unsaved notes.')).toHaveCount(0);
});

test('a save over notes saved in another tab is refused, and Reload shows the newer notes', async ({ page, request }) => {
  const { owner, group, gameID } = await seedGame(request);
  await loginThroughForm(page, owner.email, owner.password);
  const path = `/civGroup/civGame?groupID=${group._id}&gameID=${gameID}&tab=notes`;
  await page.goto(path);
  const notes = page.getByRole('tabpanel', { name: 'Game Notes' });
  await notes.getByRole('button', { name: 'Edit' }).click();

  // The same member saves from a second tab first.
  const second = await page.context().newPage();
  await second.goto(path);
  const secondNotes = second.getByRole('tabpanel', { name: 'Game Notes' });
  await secondNotes.getByRole('button', { name: 'Edit' }).click();
  await secondNotes.getByRole('textbox', { name: 'Notes' }).fill('From the second tab');
  await secondNotes.getByRole('button', { name: 'Save' }).click();
  await expect(secondNotes.getByText('From the second tab')).toBeVisible();
  await second.close();

  await notes.getByRole('textbox', { name: 'Notes' }).fill('From the first tab');
  await notes.getByRole('button', { name: 'Save' }).click();
  const conflict = notes.getByRole('alert');
  await expect(conflict).toHaveText(/Notes were changed since you opened them\. Reload to see the newer notes\./);
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(notes.getByRole('textbox', { name: 'Notes' })).toHaveValue('From the second tab');
});

test('browser Back with a half-filled New Game form asks; Cancel keeps the form, and it survives a reload', async ({ page, request }) => {
  const { owner, group } = await seedGame(request);
  await loginThroughForm(page, owner.email, owner.password);
  await page.goto(`/civGroup/main?groupID=${group._id}`);
  await page.getByRole('button', { name: 'Add' }).first().click();
  const form = page.getByRole('dialog', { name: 'New Game' });
  await form.getByLabel('Game Name').fill('Friday night');

  await page.goBack();
  const confirm = page.getByRole('dialog', { name: 'Discard the new game?' });
  await expect(confirm).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(form.getByLabel('Game Name')).toHaveValue('Friday night');
  await expect(page).toHaveURL(new RegExp(`/civGroup/main\\?groupID=${group._id}$`));

  const asked = acceptLeavePrompts(page);
  await page.reload();
  expect(asked).toContain('beforeunload');
  const restored = page.getByRole('dialog', { name: 'New Game' });
  await expect(restored.getByText('Restored your unsaved new game.')).toBeVisible();
  await expect(restored.getByLabel('Game Name')).toHaveValue('Friday night');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(page)).toEqual([]);

  // Back, then Discard: the form closes and is forgotten.
  await page.goBack();
  await page.getByRole('dialog', { name: 'Discard the new game?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('dialog', { name: 'New Game' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Active Games' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'New Game' })).toHaveCount(0);
});
