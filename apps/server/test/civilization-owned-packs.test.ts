import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIV5_PACKS } from '@smm/shared/civilization/leaders-civ5';
import { CIV6_LEADERS, CIV6_PACKS } from '@smm/shared/civilization/leaders-civ6';
import type { CompiledQuery } from 'kysely';
import { listOwnedPacks } from '../src/features/civilization/owned-packs.repo';
import { defaultOwnedPacksLimit, OWNED_PACKS_LIMIT_MESSAGE } from '../src/features/civilization/preferences.service';
import { call, createCast, createGroup, groupWithCast, join, type Cast, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

let t: TestApp;
let cast: Cast;
const queries: CompiledQuery[] = [];
beforeAll(async () => {
  t = await createTestApp({ onQuery: (query) => queries.push(query) });
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const RISE_AND_FALL = 'Rise and Fall Expansion';
const GATHERING_STORM = 'Gathering Storm Expansion';
const AZTEC = 'Aztec Civilization Pack';

const postPacks = (as: TestUser, groupID: string, ownedPacks: unknown) =>
  call(t.app, '/api/civilization/postOwnedPacks', { method: 'POST', as, payload: { groupID, ownedPacks } });
const prefsOf = (groupID: string, user: TestUser, as: TestUser = user) =>
  call(t.app, `/api/civilization/getCivPreferences?groupID=${groupID}&userID=${user.user.id}`, { as });
const storedRows = (userId: string) =>
  t.database.db.selectFrom('civ_owned_packs').select(['game_name', 'packs']).where('user_id', '=', userId).orderBy('game_name').execute();

describe('owned packs', () => {
  it('a member sets the packs they own; the base game is always owned and the list comes back in catalogue order', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const before = await prefsOf(group._id, cast.member);
    expect(before.body.ownedPacks).toBeNull();

    const saved = await postPacks(cast.member, group._id, [GATHERING_STORM, RISE_AND_FALL, GATHERING_STORM]);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ groupID: group._id, userID: cast.member.user.id });
    expect(saved.body.ownedPacks).toEqual(['Base Game', RISE_AND_FALL, GATHERING_STORM]);

    // Saying one owns only the base game is not the same as not saying.
    const onlyBase = await postPacks(cast.member, group._id, []);
    expect(onlyBase.body.ownedPacks).toEqual(['Base Game']);
    const withBase = await postPacks(cast.member, group._id, ['Base Game', AZTEC]);
    expect(withBase.body.ownedPacks).toEqual(['Base Game', AZTEC]);
    expect((await prefsOf(group._id, cast.member)).body.ownedPacks).toEqual(['Base Game', AZTEC]);

    const cleared = await postPacks(cast.member, group._id, null);
    expect(cleared.status).toBe(200);
    expect(cleared.body.ownedPacks).toBeNull();
    expect(await storedRows(cast.member.user.id)).toEqual([]);
  });

  it.each([
    [['Atlantis Pack'], /Atlantis Pack/],
    [[RISE_AND_FALL, 'Moon DLC', 'Mars DLC'], /Moon DLC, Mars DLC/],
    // A Civilization 5 pack is not a pack of this group's game.
    [['Gods & Kings'], /Gods & Kings/],
  ])('refuses %j with a 400 on ownedPacks naming the unknown pack, and keeps what was stored', async (packs, named) => {
    const group = await groupWithCast(t.app, cast, true);
    await postPacks(cast.admin, group._id, [AZTEC]);
    const before = await storedRows(cast.admin.user.id);
    const res = await postPacks(cast.admin, group._id, packs);
    expect(res.status).toBe(400);
    expect(res.body.fields.ownedPacks).toMatch(named);
    expect(await storedRows(cast.admin.user.id)).toEqual(before);
  });

  it('refuses a body that is not a list of names, outsiders, anonymous callers and a game without a catalogue', async () => {
    const group = await groupWithCast(t.app, cast, false);
    for (const bad of ['Base Game', [42], [''], undefined]) {
      const res = await postPacks(cast.member, group._id, bad);
      expect(res.status).toBe(400);
      expect(res.body.fields.ownedPacks).toBeTruthy();
    }
    const noGroup = await call(t.app, '/api/civilization/postOwnedPacks', { method: 'POST', as: cast.member, payload: { ownedPacks: [] } });
    expect(noGroup.status).toBe(400);
    expect(noGroup.body.fields.groupID).toBeTruthy();
    expect((await postPacks(cast.outsider, group._id, [AZTEC])).status).toBe(403);
    const anonymous = await call(t.app, '/api/civilization/postOwnedPacks', {
      method: 'POST',
      payload: { groupID: group._id, ownedPacks: [] },
    });
    expect(anonymous.status).toBe(401);
    expect(await storedRows(cast.outsider.user.id)).toEqual([]);

    const dota = await createGroup(t.app, cast.owner, { gameName: 'Dota 2' });
    const res = await postPacks(cast.owner, dota._id, []);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Failure to retrieve civilizations');
  });

  it("every preferences answer reports each member's packs, null for those who have not said", async () => {
    const group = await groupWithCast(t.app, cast, true);
    await postPacks(cast.member, group._id, [RISE_AND_FALL]);
    await postPacks(cast.admin, group._id, null);
    const mine = ['Base Game', RISE_AND_FALL];

    expect((await prefsOf(group._id, cast.member, cast.owner)).body.ownedPacks).toEqual(mine);
    const all = await call(t.app, `/api/civilization/getAllCivPreferences?groupID=${group._id}`, { as: cast.admin });
    expect(all.body.map((p: { userID: string; ownedPacks: string[] | null }) => [p.userID, p.ownedPacks])).toEqual([
      [cast.owner.user.id, null],
      [cast.admin.user.id, null],
      [cast.member.user.id, mine],
    ]);
    const forDraft = await call(t.app, `/api/civilization/getMemberCivPreferences?groupID=${group._id}`, {
      method: 'POST',
      as: cast.owner,
      payload: [cast.member.user.id, cast.owner.user.id],
    });
    expect(forDraft.body.map((p: { ownedPacks: string[] | null }) => p.ownedPacks)).toEqual([null, mine]);

    const map = await call(t.app, `/api/civilization/postCivMapPreference?groupID=${group._id}`, {
      method: 'POST',
      as: cast.member,
      payload: { map: 'Pangaea', operation: 'add' },
    });
    expect(map.body.ownedPacks).toEqual(mine);
    const ban = await call(t.app, `/api/civilization/postCivLeaderBanPreference?groupID=${group._id}`, {
      method: 'POST',
      as: cast.member,
      payload: { leader: CIV6_LEADERS[0]!.civID, operation: 'add' },
    });
    expect(ban.body.ownedPacks).toEqual(mine);
    const setting = await call(t.app, `/api/civilization/postGameSettingPreference?groupID=${group._id}`, {
      method: 'POST',
      as: cast.member,
      payload: { title: 'Game Speed', value: 'Quick', settingType: 'gameSettings' },
    });
    expect(setting.body.ownedPacks).toEqual(mine);
  });

  it('follow the member into every group of the same game, and not into a group of another game', async () => {
    const first = await createGroup(t.app, cast.owner, { groupName: 'First Civ 6' });
    const second = await createGroup(t.app, cast.admin, { groupName: 'Second Civ 6' });
    const civ5 = await createGroup(t.app, cast.admin, { groupName: 'Civ 5', gameName: 'Civilization 5' });
    for (const group of [first, second, civ5]) await join(t.app, group, cast.member);

    await postPacks(cast.member, first._id, [GATHERING_STORM]);
    expect((await prefsOf(second._id, cast.member, cast.admin)).body.ownedPacks).toEqual(['Base Game', GATHERING_STORM]);
    expect((await prefsOf(civ5._id, cast.member)).body.ownedPacks).toBeNull();

    // Saying in the other game's group keeps each game's list apart.
    const civ5Packs = await postPacks(cast.member, civ5._id, [CIV5_PACKS[8]!, CIV5_PACKS[7]!]);
    expect(civ5Packs.body.ownedPacks).toEqual(['Base Game', CIV5_PACKS[7], CIV5_PACKS[8]]);
    expect((await prefsOf(first._id, cast.member)).body.ownedPacks).toEqual(['Base Game', GATHERING_STORM]);

    // Cleared in the second group, gone in the first too; the Civilization 5 list stays.
    await postPacks(cast.member, second._id, null);
    expect((await prefsOf(first._id, cast.member)).body.ownedPacks).toBeNull();
    expect((await prefsOf(civ5._id, cast.member)).body.ownedPacks).toEqual(['Base Game', CIV5_PACKS[7], CIV5_PACKS[8]]);
    expect(await storedRows(cast.member.user.id)).toEqual([{ game_name: 'Civilization 5', packs: expect.any(String) }]);
  });

  it('listOwnedPacks reads any number of users in one query; users who have not said map to null', async () => {
    const group = await groupWithCast(t.app, cast, true);
    await postPacks(cast.member, group._id, [AZTEC]);
    await postPacks(cast.admin, group._id, []);
    const others = await Promise.all(Array.from({ length: 10 }, () => createUser(t.app)));
    const ids = [cast.member.user.id, cast.admin.user.id, cast.owner.user.id, ...others.map((o) => o.user.id)];

    queries.length = 0;
    const owned = await listOwnedPacks(t.database.db, 'Civilization 6', ids);
    expect(queries).toHaveLength(1);
    expect(owned.get(cast.member.user.id)).toEqual(['Base Game', AZTEC]);
    expect(owned.get(cast.admin.user.id)).toEqual(['Base Game']);
    expect(owned.get(cast.owner.user.id)).toBeNull();
    expect([...owned.keys()]).toEqual(ids);
    expect(others.every((o) => owned.get(o.user.id) === null)).toBe(true);
    // The admin's Civilization 6 list says nothing about Civilization 5.
    expect((await listOwnedPacks(t.database.db, 'Civilization 5', [cast.admin.user.id])).get(cast.admin.user.id)).toBeNull();
  });

  it('is limited per user, answering 429 with Retry-After', async () => {
    const user = await createUser(t.app);
    const group = await createGroup(t.app, user);
    for (let i = 0; i < defaultOwnedPacksLimit.max; i += 1) {
      expect((await postPacks(user, group._id, i % 2 ? [AZTEC] : null)).status).toBe(200);
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/civilization/postOwnedPacks',
      headers: { authorization: user.token },
      payload: { groupID: group._id, ownedPacks: [RISE_AND_FALL] },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(OWNED_PACKS_LIMIT_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await storedRows(user.user.id)).map((row) => JSON.parse(row.packs))).toEqual([['Base Game', AZTEC]]);
    // Another member is not held back by it.
    await join(t.app, group, cast.outsider);
    expect((await postPacks(cast.outsider, group._id, [AZTEC])).status).toBe(200);
    t.clock.advance(defaultOwnedPacksLimit.windowMs);
    expect((await postPacks(user, group._id, [RISE_AND_FALL])).status).toBe(200);
  });
});

it('every pack of the catalogue can be owned', async () => {
  const user = await createUser(t.app);
  const group = await createGroup(t.app, user);
  const res = await postPacks(user, group._id, [...CIV6_PACKS].reverse());
  expect(res.body.ownedPacks).toEqual(CIV6_PACKS);
});
