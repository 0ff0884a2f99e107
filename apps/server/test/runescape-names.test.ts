import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { hiscoresJson } from './fakes/osrs-hiscores-fixtures';
import { call, join, setRole, type TestUser } from './groups-fixtures';
import { clanStats, createClan, link, snapshotsOf } from './runescape-clan-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;
let osrs: OsrsHiscoresFake;
let n = 0;
const user = () => createUser(t.app, { username: `names${(n += 1)}` });

beforeAll(async () => {
  osrs = await createOsrsHiscoresFake();
  t = await createTestApp({
    osrsHiscoresUrl: osrs.url,
    upstreamTimeoutMs: 1000,
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
    runescape: { clanUpdateLimit: { max: 1_000, windowMs: 60_000 } },
  });
});
afterAll(async () => {
  await t?.close();
  await osrs?.close();
});
beforeEach(() => {
  osrs.reset();
  t.clock.advance(DAY);
});

const history = (as: TestUser, groupID: string, of: TestUser) =>
  call(t.app, `/api/runescape/getPlayerHistory?groupID=${groupID}&userID=${of.user.id}`, { as });
const linked = (as: TestUser, groupID: string) => call(t.app, `/api/runescape/getLinkedAccount?groupID=${groupID}`, { as });
const rename = (as: TestUser, groupID: string, playerName: string) =>
  call(t.app, '/api/runescape/renameAccount', { method: 'POST', as, payload: { groupID, playerName } });
const leave = (as: TestUser, groupID: string) =>
  call(t.app, '/api/groups/leaveGroup', { method: 'POST', as, payload: { groupID, userID: as.user.id } });
const kick = (as: TestUser, groupID: string, who: TestUser) =>
  call(t.app, '/api/groups/kickMember', { method: 'POST', as, payload: { groupID, userID: who.user.id } });

async function clanOf(count: number) {
  const owner = await user();
  const members: TestUser[] = [];
  for (let i = 0; i < count; i += 1) members.push(await user());
  const clan = await createClan(t.app, owner, members);
  return { owner, members, clan };
}

describe('renaming a linked account', () => {
  it('moves the link to the new name with its history, and frees the old name', async () => {
    const { owner, members, clan } = await clanOf(1);
    const [member] = members as [TestUser];
    osrs.setPlayer('Old Name', hiscoresJson({ defaultXp: 1_000_000 }));
    expect((await link(t.app, member, clan._id, 'Old Name')).status).toBe(200);
    const linkedAt = t.clock.now();
    t.clock.advance(HOUR);
    osrs.setPlayer('Old Name', hiscoresJson({ defaultXp: 1_000_000, xp: { Attack: 1_500_000 } }));
    expect(
      (await call(t.app, '/api/runescape/updateClanStats', { method: 'POST', as: member, payload: { groupID: clan._id } })).body.updated,
    ).toBe(1);

    t.clock.advance(HOUR);
    osrs.setPlayer('New Name', hiscoresJson({ defaultXp: 1_000_000, xp: { Attack: 1_600_000 } }));
    const res = await rename(member, clan._id, 'New Name');
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({ playerName: 'New Name', gameMode: 'normal' });

    const seen = await history(owner, clan._id, member);
    expect(seen.status).toBe(200);
    expect(seen.body.playerName).toBe('New Name');
    expect(seen.body.points.map((p: { takenAt: string }) => Date.parse(p.takenAt))).toEqual([
      linkedAt,
      linkedAt + HOUR,
      linkedAt + 2 * HOUR,
    ]);
    expect(seen.body.points.map((p: { skills: { attack: number } }) => p.skills.attack)).toEqual([1_000_000, 1_500_000, 1_600_000]);
    const stats = await clanStats(t.app, owner, clan._id, 'day');
    expect(stats.body.members.map((m: { playerName: string }) => m.playerName)).toEqual(['New Name']);

    // The old name is free in the clan.
    expect((await link(t.app, owner, clan._id, 'Old Name')).status).toBe(200);
  });

  it('is refused for an unknown name (400 on playerName), a name another member linked (409), or with nothing linked (404)', async () => {
    const { owner, members, clan } = await clanOf(1);
    const [member] = members as [TestUser];
    osrs.setPlayer('Mine', hiscoresJson());
    osrs.setPlayer('Theirs', hiscoresJson());
    expect((await rename(member, clan._id, 'Mine')).status).toBe(404);
    await link(t.app, member, clan._id, 'Mine');
    await link(t.app, owner, clan._id, 'Theirs');
    const unknown = await rename(member, clan._id, 'Nobody Here');
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.playerName).toBe('Player "Nobody Here" was not found on the Old School RuneScape Normal hiscores');
    const taken = await rename(member, clan._id, 'theirs');
    expect(taken.status).toBe(409);
    expect(taken.body.fields.playerName).toBe('theirs is already linked by another member of this clan');
    expect((await linked(member, clan._id)).body.account.playerName).toBe('Mine');
    const outsider = await user();
    // The clan is private: to an outsider it does not exist.
    expect((await rename(outsider, clan._id, 'Mine')).status).toBe(404);
  });
});

describe('a member who leaves or is kicked', () => {
  it('frees their name at once and their history leaves every clan call', async () => {
    const { owner, members, clan } = await clanOf(2);
    const [leaver, other] = members as [TestUser, TestUser];
    osrs.setPlayer('Leaving Soon', hiscoresJson());
    await link(t.app, leaver, clan._id, 'Leaving Soon');
    expect((await history(owner, clan._id, leaver)).status).toBe(200);

    expect((await leave(leaver, clan._id)).status).toBe(200);
    expect((await history(owner, clan._id, leaver)).status).toBe(404);
    expect((await clanStats(t.app, owner, clan._id)).body.members).toEqual([]);
    // The refresh no longer asks about it.
    t.clock.advance(7 * HOUR);
    osrs.requests.length = 0;
    await t.app.runescapeRefresh.tick();
    expect(osrs.requests.filter((r) => r.player === 'Leaving Soon')).toHaveLength(0);
    // Another member links the name at once.
    const taken = await link(t.app, other, clan._id, 'Leaving Soon');
    expect(taken.status).toBe(200);
  });

  it('kicked: the same, and the kicked member gets the link back when rejoining within 30 days', async () => {
    const { owner, members, clan } = await clanOf(1);
    const [kicked] = members as [TestUser];
    osrs.setPlayer('Kicked Out', hiscoresJson());
    await link(t.app, kicked, clan._id, 'Kicked Out');
    expect((await kick(owner, clan._id, kicked)).status).toBe(200);
    expect((await history(owner, clan._id, kicked)).status).toBe(404);

    t.clock.advance(29 * DAY);
    await t.app.runescapeRefresh.tick();
    await join(t.app, clan, kicked);
    expect((await linked(kicked, clan._id)).body.account).toMatchObject({ playerName: 'Kicked Out' });
    expect((await history(owner, clan._id, kicked)).body.points).toHaveLength(1);
  });

  it('after 30 days is forgotten: the purge removes the link and the history no clan keeps', async () => {
    const { owner, members, clan } = await clanOf(1);
    const [leaver] = members as [TestUser];
    osrs.setPlayer('Gone Forever', hiscoresJson());
    await link(t.app, leaver, clan._id, 'Gone Forever');
    await leave(leaver, clan._id);
    expect(await snapshotsOf(t.database.db, 'gone forever')).toHaveLength(1);
    t.clock.advance(31 * DAY);
    await t.app.runescapeRefresh.tick();
    expect(await snapshotsOf(t.database.db, 'gone forever')).toHaveLength(0);
    await join(t.app, clan, leaver);
    expect((await linked(leaver, clan._id)).body.account).toBeNull();
    expect((await history(owner, clan._id, leaver)).status).toBe(404);
  });

  it('rejoining finds the name taken by someone else: nothing is restored', async () => {
    const { members, clan } = await clanOf(2);
    const [leaver, other] = members as [TestUser, TestUser];
    osrs.setPlayer('Contested', hiscoresJson());
    await link(t.app, leaver, clan._id, 'Contested');
    await leave(leaver, clan._id);
    expect((await link(t.app, other, clan._id, 'Contested')).status).toBe(200);
    await join(t.app, clan, leaver);
    expect((await linked(leaver, clan._id)).body.account).toBeNull();
    expect((await linked(other, clan._id)).body.account.playerName).toBe('Contested');
  });
});

describe('roster import', () => {
  const importRoster = (as: TestUser, groupID: string, roster: string, gameMode = 'normal') =>
    call(t.app, '/api/runescape/importRoster', { method: 'POST', as, payload: { groupID, roster, gameMode } });
  const claim = (as: TestUser, groupID: string, invitationID: string) =>
    call(t.app, '/api/runescape/claimRosterInvitation', { method: 'POST', as, payload: { groupID, invitationID } });

  it('lets Administrators import CSV or one name per line as invitations members claim', async () => {
    const { owner, members, clan } = await clanOf(3);
    const [admin, member, second] = members as [TestUser, TestUser, TestUser];
    await setRole(t.app, clan._id, owner, admin, 'Administrator');

    expect((await importRoster(member, clan._id, 'Alpha')).status).toBe(403);
    const csv = await importRoster(admin, clan._id, 'Rank,Name,Joined\nGeneral,Alpha Wolf,2024-01-01\nRecruit,"Beta_Two",2025-02-02\n');
    expect(csv.status).toBe(200);
    expect(csv.body).toMatchObject({ added: 2, skipped: 0 });
    expect(csv.body.invitations.map((i: { playerName: string }) => i.playerName)).toEqual(['Alpha Wolf', 'Beta_Two']);
    const lines = await importRoster(admin, clan._id, 'alpha wolf\nGamma\n\n');
    expect(lines.body).toMatchObject({ added: 1, skipped: 1 });

    const bad = await importRoster(admin, clan._id, 'Fine Name\nNot*Valid!\n');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.roster).toBe('These lines hold no valid player name: Line 2: "Not*Valid!"');

    const list = await call(t.app, `/api/runescape/listRosterInvitations?groupID=${clan._id}`, { as: member });
    expect(list.status).toBe(200);
    const alpha = list.body.invitations.find((i: { playerName: string }) => i.playerName === 'Alpha Wolf');
    expect(alpha.claimedBy).toBeNull();

    osrs.setPlayer('Alpha Wolf', hiscoresJson({ defaultXp: 2_000_000 }));
    const claimed = await claim(member, clan._id, alpha.invitationID);
    expect(claimed.status).toBe(200);
    expect(claimed.body.account).toMatchObject({ playerName: 'Alpha Wolf', userID: member.user.id });
    // The first snapshot is taken at once, so the chart starts at the claim.
    expect((await history(owner, clan._id, member)).body.points).toHaveLength(1);
    const after = await call(t.app, `/api/runescape/listRosterInvitations?groupID=${clan._id}`, { as: owner });
    expect(after.body.invitations.find((i: { playerName: string }) => i.playerName === 'Alpha Wolf').claimedBy).toEqual({
      userID: member.user.id,
      username: member.user.username,
    });
    const again = await claim(second, clan._id, alpha.invitationID);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This name was already claimed by another member');
    expect((await claim(second, clan._id, 'no-such-invitation')).status).toBe(404);
  });

  it('a claim lapses once its claimer links another name: the first name is claimable by another member', async () => {
    const { owner, members, clan } = await clanOf(2);
    const [first, second] = members as [TestUser, TestUser];
    await importRoster(owner, clan._id, 'Claim Alice\nClaim Bob');
    const listed = await call(t.app, `/api/runescape/listRosterInvitations?groupID=${clan._id}`, { as: owner });
    const byName = (rows: { playerName: string; invitationID: string; claimedBy: unknown }[], name: string) => rows.find((i) => i.playerName === name)!;
    osrs.setPlayer('Claim Alice', hiscoresJson({ defaultXp: 1_000_000 }));
    osrs.setPlayer('Claim Bob', hiscoresJson({ defaultXp: 2_000_000 }));
    expect((await claim(first, clan._id, byName(listed.body.invitations, 'Claim Alice').invitationID)).status).toBe(200);
    expect((await claim(first, clan._id, byName(listed.body.invitations, 'Claim Bob').invitationID)).status).toBe(200);

    const after = await call(t.app, `/api/runescape/listRosterInvitations?groupID=${clan._id}`, { as: owner });
    expect(byName(after.body.invitations, 'Claim Alice')).toMatchObject({ claimedBy: null, claimedAt: null });
    expect(byName(after.body.invitations, 'Claim Bob')).toMatchObject({ claimedBy: { userID: first.user.id } });
    const taken = await claim(second, clan._id, byName(listed.body.invitations, 'Claim Alice').invitationID);
    expect(taken.status).toBe(200);
    expect(taken.body.account).toMatchObject({ playerName: 'Claim Alice', userID: second.user.id });
    const last = await call(t.app, `/api/runescape/listRosterInvitations?groupID=${clan._id}`, { as: owner });
    expect(byName(last.body.invitations, 'Claim Alice').claimedBy).toEqual({ userID: second.user.id, username: second.user.username });
    // Bob is still held by its claimer.
    expect((await claim(second, clan._id, byName(listed.body.invitations, 'Claim Bob').invitationID)).status).toBe(409);
  });
});

describe('names held by people no longer in the clan', () => {
  it('a link row of a non-member does not block another member linking the name', async () => {
    const { members, clan } = await clanOf(2);
    const [gone, member] = members as [TestUser, TestUser];
    osrs.setPlayer('Left Behind', hiscoresJson({ defaultXp: 1_000_000 }));
    expect((await link(t.app, gone, clan._id, 'Left Behind')).status).toBe(200);
    // The member left while a lookup was in flight: the membership is gone, the link row stayed.
    await t.database.db.deleteFrom('group_members').where('group_id', '=', clan._id).where('user_id', '=', gone.user.id).execute();
    const res = await link(t.app, member, clan._id, 'Left Behind');
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({ playerName: 'Left Behind', userID: member.user.id });
    const kept = await t.database.db
      .selectFrom('runescape_departed_accounts')
      .selectAll()
      .where('group_id', '=', clan._id)
      .where('user_id', '=', gone.user.id)
      .execute();
    expect(kept).toHaveLength(1);
  });
});

describe('renaming onto a name another clan tracks', () => {
  it("leaves that clan's history and gains unchanged, and links without copying", async () => {
    const mine = await clanOf(1);
    const [renamer] = mine.members as [TestUser];
    // The renamer's old name has older (made-up) history than the name tracked elsewhere.
    osrs.setPlayer('Fake Old', hiscoresJson({ defaultXp: 1 }));
    expect((await link(t.app, renamer, mine.clan._id, 'Fake Old')).status).toBe(200);

    t.clock.advance(HOUR);
    const other = await clanOf(1);
    const [tracker] = other.members as [TestUser];
    osrs.setPlayer('Elsewhere', hiscoresJson({ defaultXp: 5_000_000 }));
    expect((await link(t.app, tracker, other.clan._id, 'Elsewhere')).status).toBe(200);
    const before = await history(other.owner, other.clan._id, tracker);
    const gainsBefore = await clanStats(t.app, other.owner, other.clan._id, 'day');

    t.clock.advance(HOUR);
    const res = await rename(renamer, mine.clan._id, 'elsewhere');
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({ playerName: 'Elsewhere' });

    const after = await history(other.owner, other.clan._id, tracker);
    expect(after.body.playerName).toBe('Elsewhere');
    expect(after.body.points).toEqual(before.body.points);
    // Only the time of the (real) check moves; the gains and skills stay.
    const withoutTime = (rows: { lastUpdated?: string }[]) => rows.map(({ lastUpdated: _checked, ...rest }) => rest);
    expect(withoutTime((await clanStats(t.app, other.owner, other.clan._id, 'day')).body.members)).toEqual(
      withoutTime(gainsBefore.body.members),
    );
    const mineNow = await history(mine.owner, mine.clan._id, renamer);
    expect(mineNow.body.points.map((p: { skills: { attack: number } }) => p.skills.attack)).toEqual([5_000_000]);
  });
});
