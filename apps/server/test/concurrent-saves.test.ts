import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_SETTINGS_CHANGED_MESSAGE } from '@smm/shared/civilization/schemas';
import { CARD_CHANGED_MESSAGE, type GroupCardDto } from '@smm/shared/components/schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { call, createCast, groupWithCast, type Cast, type TestUser } from './groups-fixtures';
import { createTestApp, type TestApp } from './test-app';

// Two Administrators editing one thing: a save carrying the version its editor loaded
// (expectedUpdatedAt) over a version saved meanwhile is refused with 409, and nothing is
// overwritten; a save without it (clients of the original API) still replaces what is stored.

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const postCard = (as: TestUser, payload: object) => call(t.app, '/api/components/postGroupCard', { method: 'POST', as, payload });
const cardsOf = async (groupID: string) =>
  (await call(t.app, `/api/components/getGroupCards?groupID=${groupID}`, { as: cast.member })).body as GroupCardDto[];
const fullGroup = async (groupID: string, as: TestUser = cast.owner) =>
  (await call(t.app, `/api/groups/getFullGroup?groupID=${groupID}`, { as })).body as FullGroupDto;
const saveSettings = (as: TestUser, groupID: string, payload: object) =>
  call(t.app, `/api/civilization/updateGroup?groupID=${groupID}`, { method: 'POST', as, payload });

describe('welcome cards', () => {
  it('every card carries the version of its content, on its own and in the full group', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const cards = await cardsOf(group._id);
    expect(cards.every((c) => Number.isInteger(c.updatedAt) && c.updatedAt > 0)).toBe(true);
    expect((await fullGroup(group._id)).cards.map((c) => c.updatedAt)).toEqual(cards.map((c) => c.updatedAt));
  });

  it('a save from the version loaded succeeds and moves the version on; a second save from that version is refused', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const rules = (await cardsOf(group._id)).find((c) => c.title === 'Rules')!;
    const base = { groupID: group._id, _id: rules._id, expectedUpdatedAt: rules.updatedAt };

    const first = await postCard(cast.owner, { ...base, title: 'Rules', body: 'Be kind.' });
    expect(first.status).toBe(200);
    expect(first.body.updatedAt).toBeGreaterThan(rules.updatedAt);

    const second = await postCard(cast.admin, { ...base, title: 'Rules', body: 'Be quick.' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(CARD_CHANGED_MESSAGE);
    // The first Administrator's text stays; the second one's was not saved.
    const stored = (await cardsOf(group._id)).find((c) => c._id === rules._id)!;
    expect(stored).toMatchObject({ body: 'Be kind.', updatedAt: first.body.updatedAt });

    // After Reload the second Administrator saves from the new version.
    const retried = await postCard(cast.admin, { ...base, expectedUpdatedAt: stored.updatedAt, title: 'Rules', body: 'Be quick.' });
    expect(retried.status).toBe(200);
    expect((await cardsOf(group._id)).find((c) => c._id === rules._id)!.body).toBe('Be quick.');
  });

  it('a save without expectedUpdatedAt replaces whatever is stored, as before', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const rules = (await cardsOf(group._id)).find((c) => c.title === 'Rules')!;
    await postCard(cast.owner, { groupID: group._id, _id: rules._id, title: 'Rules', body: 'One' });
    const plain = await postCard(cast.admin, { groupID: group._id, _id: rules._id, title: 'Rules', body: 'Two' });
    expect(plain.status).toBe(200);
    expect((await cardsOf(group._id)).find((c) => c._id === rules._id)!.body).toBe('Two');
  });

  it('of two saves from one version sent at once, exactly one wins', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const rules = (await cardsOf(group._id)).find((c) => c.title === 'Rules')!;
    const save = (as: TestUser, body: string) =>
      postCard(as, { groupID: group._id, _id: rules._id, title: 'Rules', body, expectedUpdatedAt: rules.updatedAt });
    const answers = await Promise.all([save(cast.owner, 'Owner wrote'), save(cast.admin, 'Admin wrote')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body as GroupCardDto;
    expect((await cardsOf(group._id)).find((c) => c._id === rules._id)!.body).toBe(winner.body);
  });

  it('a version that is not a whole number is a 400 naming the field; members still may not edit', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const rules = (await cardsOf(group._id)).find((c) => c.title === 'Rules')!;
    const bad = await postCard(cast.owner, { groupID: group._id, _id: rules._id, title: 'Rules', expectedUpdatedAt: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.expectedUpdatedAt).toBeTruthy();
    const member = await postCard(cast.member, { groupID: group._id, _id: rules._id, title: 'Rules', expectedUpdatedAt: rules.updatedAt });
    expect(member.status).toBe(403);
  });
});

describe('group game settings', () => {
  it('a save from the version loaded succeeds; a second save from that version is refused and changes nothing', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const loaded = await fullGroup(group._id);
    expect(loaded.gameSettingsUpdatedAt).toBeGreaterThan(0);

    const first = await saveSettings(cast.owner, group._id, {
      settings: { maxNumberOfLeaderBans: 2 },
      expectedUpdatedAt: loaded.gameSettingsUpdatedAt,
    });
    expect(first.status).toBe(200);
    expect(first.body.gameSettingsUpdatedAt).toBeGreaterThan(loaded.gameSettingsUpdatedAt);

    const second = await saveSettings(cast.admin, group._id, {
      settings: { maxNumberOfLeaderBans: 5 },
      timeZone: 'Asia/Tokyo',
      expectedUpdatedAt: loaded.gameSettingsUpdatedAt,
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(GAME_SETTINGS_CHANGED_MESSAGE);
    const stored = await fullGroup(group._id, cast.member);
    expect(stored.settings.maxNumberOfLeaderBans).toBe(2);
    expect(stored.timeZone).toBe(loaded.timeZone);
    expect(stored.gameSettingsUpdatedAt).toBe(first.body.gameSettingsUpdatedAt);
  });

  it('one entry locked from a stale version is refused too; without a version it is saved', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const loaded = await fullGroup(group._id);
    await saveSettings(cast.owner, group._id, { timeZone: 'Europe/Paris' });
    const lock = (extra: object) =>
      call(t.app, `/api/civilization/postGroupGameSetting?groupID=${group._id}`, {
        method: 'POST',
        as: cast.admin,
        payload: { title: 'Game Speed', settingType: 'gameSettings', property: 'isEnabled', isEnabled: false, ...extra },
      });
    const stale = await lock({ expectedUpdatedAt: loaded.gameSettingsUpdatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(GAME_SETTINGS_CHANGED_MESSAGE);
    expect((await lock({})).status).toBe(200);
    const speed = (await fullGroup(group._id)).settings.gameSettings.find((e) => e.title === 'Game Speed');
    expect(speed?.isEnabled).toBe(false);
  });

  it('the ban limit changed in Group Settings also makes an open Game Settings dialog out of date', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const loaded = await fullGroup(group._id);
    const limit = await call(t.app, `/api/groups/postGroupSettings?groupID=${group._id}`, {
      method: 'POST',
      as: cast.owner,
      payload: { settings: { maxNumberOfLeaderBans: 3 } },
    });
    expect(limit.status).toBe(200);
    const dialog = await saveSettings(cast.admin, group._id, {
      settings: { maxNumberOfLeaderBans: 5 },
      expectedUpdatedAt: loaded.gameSettingsUpdatedAt,
    });
    expect(dialog.status).toBe(409);
    expect((await fullGroup(group._id)).settings.maxNumberOfLeaderBans).toBe(3);
  });

  it('of two saves from one version sent at once, exactly one wins; without a version both are saved in turn', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const { gameSettingsUpdatedAt } = await fullGroup(group._id);
    const answers = await Promise.all([
      saveSettings(cast.owner, group._id, { settings: { maxNumberOfLeaderBans: 1 }, expectedUpdatedAt: gameSettingsUpdatedAt }),
      saveSettings(cast.admin, group._id, { settings: { maxNumberOfLeaderBans: 4 }, expectedUpdatedAt: gameSettingsUpdatedAt }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body as FullGroupDto;
    expect((await fullGroup(group._id)).settings.maxNumberOfLeaderBans).toBe(winner.settings.maxNumberOfLeaderBans);

    const plain = await Promise.all([
      saveSettings(cast.owner, group._id, { settings: { maxNumberOfLeaderBans: 2 } }),
      saveSettings(cast.admin, group._id, { settings: { maxNumberOfLeaderBans: 3 } }),
    ]);
    expect(plain.map((a) => a.status)).toEqual([200, 200]);
  });
});
