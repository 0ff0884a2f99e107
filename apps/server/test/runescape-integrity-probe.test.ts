import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../src/features/discord/discord.tables';
import '../src/features/runescape/bingo.tables';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { call, type TestUser } from './groups-fixtures';
import { claimTile, pngScreenshot } from './runescape-bingo-fixtures';
import {
  createClanWithCast,
  createCompetition,
  DAY,
  getCompetition,
  HOUR,
  iso,
  linkAs,
  MINUTE,
  post,
  trainingPlayers,
  type Clan,
} from './runescape-competitions-fixtures';
import { createTestApp, type TestApp } from './test-app';

// RuneScape clan competitions and bingo against a caller trying what they may not: another clan's
// ids in every call, members doing what Administrators and moderators do, kicked members still
// acting, claims and decisions raced or sent late, records edited after the end, gains from before
// the start or through a renamed account, and input at and past every limit. Nothing answers 500,
// nothing leaks, and finished results stay as they were.

let hiscores: OsrsHiscoresFake;
let t: TestApp;
let players: ReturnType<typeof trainingPlayers>;
let seq = 0;

beforeAll(async () => {
  hiscores = await createOsrsHiscoresFake();
  t = await createTestApp({
    osrsHiscoresUrl: hiscores.url,
    upstreamTimeoutMs: 2000,
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
    discordDelivery: { pollMs: 3_600_000 },
    runescape: { hiscoresQueue: { concurrency: 2, backoffBaseMs: 1, backoffMaxMs: 1 }, clanUpdateLimit: { max: 1_000, windowMs: 60_000 } },
  });
  players = trainingPlayers(hiscores);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await hiscores?.close();
});

type Tile = { tileID: string; index: number; state: string | null; doneBy: string[]; progress: Record<string, number> };
type Team = { teamID: string; name: string; points: number; rank: number; members: { userID: string }[] };

const getBingo = (as: TestUser, groupID: string, bingoID: string) =>
  call(t.app, `/api/runescape/getBingo?groupID=${groupID}&bingoID=${bingoID}`, { as });
const getClaims = (as: TestUser, groupID: string, bingoID: string) =>
  call(t.app, `/api/runescape/getBingoClaims?groupID=${groupID}&bingoID=${bingoID}`, { as });
const proof = (as: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: as.token } });
const decide = (as: TestUser, groupID: string, claimID: string, decision: string, reason?: string) =>
  post(t.app, as, 'decideBingoClaim', { groupID, claimID, decision, ...(reason ? { reason } : {}) });
const kick = (by: TestUser, groupID: string, who: TestUser) =>
  call(t.app, '/api/groups/kickMember', { method: 'POST', as: by, payload: { groupID, userID: who.user.id } });
const rename = (as: TestUser, groupID: string, playerName: string) =>
  call(t.app, '/api/runescape/renameAccount', { method: 'POST', as, payload: { groupID, playerName } });
async function rejoin(clan: Clan, who: TestUser) {
  const inviteLink = (await call(t.app, `/api/groups/getFullGroup?groupID=${clan.groupID}`, { as: clan.owner })).body.inviteLink;
  return call(t.app, '/api/groups/joinGroup', {
    method: 'POST',
    as: who,
    payload: { groupID: clan.groupID, userID: who.user.id, inviteLink },
  });
}

/** A refusal: a 4xx with a message, never a 500. */
function refused(res: { status: number; body: { message?: string } }, ...statuses: number[]) {
  expect(statuses, JSON.stringify(res.body)).toContain(res.status);
  expect(typeof res.body.message).toBe('string');
}

const tiles = (xpGoal = 1000) =>
  Array.from({ length: 9 }, (_, i) =>
    i === 0
      ? { kind: 'xp', title: 'Gain Attack XP', metric: 'attack', goal: xpGoal, points: 5 }
      : { kind: 'task', title: `Task ${i}`, points: i },
  );

/**
 * A clan with a bingo an hour away: m1 and m2 on Red, m3 and the owner on Blue, m4 moderating;
 * m1 to m3 linked. `started` moves the clock past the start and takes the start snapshots.
 */
async function bingoClan(options: { xp?: number; teams?: (c: Clan) => { name: string; userIDs: string[] }[] } = {}) {
  const clan = await createClanWithCast(t.app, 'Old School RuneScape', 4);
  const [m1, m2, m3, m4] = clan.members as [TestUser, TestUser, TestUser, TestUser];
  seq += 1;
  const names = [`Pr${seq} a`, `Pr${seq} b`, `Pr${seq} c`];
  for (const [i, name] of names.entries()) {
    players.osrs(name, { defaultXp: options.xp ?? 1_000_000 });
    await linkAs(t.app, [m1, m2, m3][i]!, clan.groupID, name);
  }
  const start = t.clock.now() + HOUR;
  const end = start + DAY;
  const created = await post(t.app, clan.admin, 'createBingo', {
    groupID: clan.groupID,
    name: `Probe bingo ${seq}`,
    startsAt: iso(start),
    endsAt: iso(end),
    size: 3,
    tiles: tiles(),
    bonuses: { row: 10, column: 10, diagonal: 10, board: 50 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const bingoID = created.body.bingo.bingoID as string;
  const teamsBody = options.teams?.(clan) ?? [
    { name: 'Red', userIDs: [m1.user.id, m2.user.id] },
    { name: 'Blue', userIDs: [m3.user.id, clan.owner.user.id] },
  ];
  const teams = await post(t.app, clan.admin, 'setBingoTeams', { groupID: clan.groupID, bingoID, teams: teamsBody });
  expect(teams.status, JSON.stringify(teams.body)).toBe(200);
  expect((await post(t.app, clan.admin, 'setBingoModerators', { groupID: clan.groupID, bingoID, userIDs: [m4.user.id] })).status).toBe(200);
  const teamID = (name: string) => (teams.body.teams as Team[]).find((team) => team.name === name)!.teamID;
  const tileIDs = (created.body.tiles as Tile[]).map((tile) => tile.tileID);
  const fields = (tile: number, note = '') => ({ groupID: clan.groupID, bingoID, tileID: tileIDs[tile]!, note });
  return {
    clan,
    m1,
    m2,
    m3,
    m4,
    names,
    bingoID,
    start,
    end,
    tileIDs,
    fields,
    red: teamID(teamsBody[0]!.name),
    blue: teamID(teamsBody[1]!.name),
    async started() {
      t.clock.set(start + 20_000);
      await t.app.runescapeBingo.tick();
    },
  };
}

const png = async () => ({ filename: 'drop.png', type: 'image/png', data: await pngScreenshot() });

describe('another clan’s ids', () => {
  it('are refused in every bingo and competition call, and change nothing', async () => {
    const a = await bingoClan();
    await a.started();
    const claim = await claimTile(t.app, a.m1, a.fields(1, 'Clan A secret'), await png());
    expect(claim.status).toBe(200);
    const claimID = claim.body.claimID as string;
    const competition = await createCompetition(t.app, a.clan.admin, {
      groupID: a.clan.groupID,
      name: 'Clan A cup',
      startsAt: iso(t.clock.now() + HOUR),
      endsAt: iso(t.clock.now() + DAY),
      metrics: ['overall'],
      kind: 'teams',
      participation: 'join',
    });
    expect(competition.status).toBe(200);
    const competitionID = competition.body.competition.competitionID as string;

    const b = await createClanWithCast(t.app, 'Old School RuneScape', 1);
    const [bMember] = b.members as [TestUser];
    players.osrs(`Out${seq}`, { defaultXp: 1_000_000 });
    await linkAs(t.app, bMember, b.groupID, `Out${seq}`);
    const own = { groupID: b.groupID };
    for (const as of [b.admin, b.owner, bMember]) {
      // B's own clan id with A's ids: not found.
      refused(await getBingo(as, b.groupID, a.bingoID), 404);
      refused(await getClaims(as, b.groupID, a.bingoID), 404);
      refused(await post(t.app, as, 'updateBingo', { ...own, bingoID: a.bingoID, name: 'Taken over' }), 403, 404);
      refused(await post(t.app, as, 'deleteBingo', { ...own, bingoID: a.bingoID }), 403, 404);
      refused(await post(t.app, as, 'setBingoTeams', { ...own, bingoID: a.bingoID, split: { teams: 2, by: 'xp' } }), 403, 404);
      refused(await post(t.app, as, 'setBingoModerators', { ...own, bingoID: a.bingoID, userIDs: [as.user.id] }), 403, 404);
      refused(await decide(as, b.groupID, claimID, 'decline', 'Not yours'), 403, 404);
      expect((await proof(as, `/api/runescape/getBingoProof?groupID=${b.groupID}&claimID=${claimID}`)).statusCode).toBe(404);
      refused(await claimTile(t.app, as, { ...a.fields(2), groupID: b.groupID }, await png()), 403, 404);
      refused(await getCompetition(t.app, as, b.groupID, competitionID), 404);
      for (const path of ['updateCompetition', 'deleteCompetition', 'joinCompetition', 'leaveCompetition'])
        refused(await post(t.app, as, path, { ...own, competitionID, name: 'Taken over' }), 403, 404);
      refused(await post(t.app, as, 'setCompetitionTeams', { ...own, competitionID, split: { teams: 2, by: 'xp' } }), 403, 404);
      // A's clan id: not a member there.
      refused(await getBingo(as, a.clan.groupID, a.bingoID), 403, 404);
      refused(await getClaims(as, a.clan.groupID, a.bingoID), 403, 404);
      refused(await decide(as, a.clan.groupID, claimID, 'accept'), 403, 404);
      expect((await proof(as, claim.body.proofUrl as string)).statusCode).not.toBe(200);
      refused(await claimTile(t.app, as, a.fields(2), await png()), 403, 404);
      refused(await getCompetition(t.app, as, a.clan.groupID, competitionID), 403, 404);
      refused(await post(t.app, as, 'joinCompetition', { groupID: a.clan.groupID, competitionID }), 403, 404);
    }
    // A board copied from another clan's bingo, and strangers as team members or moderators.
    refused(
      await post(t.app, b.admin, 'createBingo', {
        groupID: b.groupID,
        name: 'Copy',
        startsAt: iso(t.clock.now() + HOUR),
        endsAt: iso(t.clock.now() + DAY),
        copyFromBingoID: a.bingoID,
      }),
      400,
    );
    const later = await post(t.app, a.clan.admin, 'createBingo', {
      groupID: a.clan.groupID,
      name: 'Later',
      startsAt: iso(t.clock.now() + HOUR),
      endsAt: iso(t.clock.now() + DAY),
      copyFromBingoID: a.bingoID,
    });
    expect(later.status).toBe(200);
    const laterID = later.body.bingo.bingoID as string;
    // A tile of another bingo of the same clan, claimed through this one.
    const laterTile = (later.body.tiles as Tile[])[2]!.tileID;
    refused(await claimTile(t.app, a.m1, { ...a.fields(2), tileID: laterTile }, await png()), 404);
    const strangerTeams = await post(t.app, a.clan.admin, 'setBingoTeams', {
      groupID: a.clan.groupID,
      bingoID: laterID,
      teams: [
        { name: 'Red', userIDs: [a.m1.user.id] },
        { name: 'Blue', userIDs: [bMember.user.id] },
      ],
    });
    refused(strangerTeams, 400);
    expect(strangerTeams.body.fields.teams).toContain('Not members of this clan');
    refused(
      await post(t.app, a.clan.admin, 'setBingoModerators', { groupID: a.clan.groupID, bingoID: laterID, userIDs: [b.admin.user.id] }),
      400,
    );
    refused(
      await post(t.app, a.clan.admin, 'setCompetitionTeams', {
        groupID: a.clan.groupID,
        competitionID,
        teams: [
          { name: 'Red', userIDs: [a.m1.user.id] },
          { name: 'Blue', userIDs: [bMember.user.id] },
        ],
      }),
      400,
    );

    // A's bingo, claim and competition are as they were.
    const after = await getBingo(a.m1, a.clan.groupID, a.bingoID);
    expect(after.body.bingo.name).toBe(`Probe bingo ${seq}`);
    expect(after.body.tiles[1].state).toBe('pending');
    expect((await getClaims(a.m4, a.clan.groupID, a.bingoID)).body.claims).toMatchObject([
      { claimID, status: 'pending', note: 'Clan A secret' },
    ]);
    expect((await getCompetition(t.app, a.clan.admin, a.clan.groupID, competitionID)).body.competition.name).toBe('Clan A cup');
  });
});

describe('who may do what in a bingo', () => {
  it('members and moderators do not manage; nobody decides their own team’s claims; nothing of a team’s claims reaches anyone else', async () => {
    // The moderator m4 plays on Red with m1; Blue is m2 and the owner (an Administrator); m3 plays on no team.
    const s = await bingoClan({
      teams: (c) => [
        { name: 'Red', userIDs: [c.members[0]!.user.id, c.members[3]!.user.id] },
        { name: 'Blue', userIDs: [c.members[1]!.user.id, c.owner.user.id] },
      ],
    });
    const { clan, m1, m2, m3, m4, bingoID } = s;
    const ids = { groupID: clan.groupID, bingoID };
    for (const as of [m1, m3, m4]) {
      refused(await post(t.app, as, 'updateBingo', { ...ids, name: 'Mine now' }), 403);
      refused(await post(t.app, as, 'deleteBingo', ids), 403);
      refused(
        await post(t.app, as, 'setBingoTeams', {
          ...ids,
          teams: [
            { name: 'A', userIDs: [as.user.id] },
            { name: 'B', userIDs: [m2.user.id] },
          ],
        }),
        403,
      );
      refused(await post(t.app, as, 'setBingoModerators', { ...ids, userIDs: [as.user.id] }), 403);
    }
    await s.started();

    // After the start the board, the bonuses, the start and the teams stay as they are, for Administrators too.
    for (const change of [
      { size: 3, tiles: tiles().map((tile) => ({ ...tile, points: 1000 })) },
      { bonuses: { row: 10_000, column: 0, diagonal: 0, board: 0 } },
      { startsAt: iso(s.start - HOUR) },
    ]) {
      const res = await post(t.app, clan.admin, 'updateBingo', { ...ids, ...change });
      refused(res, 400);
      expect(Object.keys(res.body.fields ?? {}).length).toBeGreaterThan(0);
    }
    refused(await post(t.app, clan.admin, 'setBingoTeams', { ...ids, split: { teams: 2, by: 'level' } }), 409);
    // One not on a team cannot claim.
    refused(await claimTile(t.app, m3, s.fields(1), await png()), 403);

    const redClaim = await claimTile(t.app, m1, s.fields(1, 'red note'), await png());
    const blueClaim = await claimTile(t.app, m2, s.fields(2, 'blue note'), await png());
    expect([redClaim.status, blueClaim.status]).toEqual([200, 200]);
    // The moderator on Red does not decide Red's claim; the owner on Blue does not decide Blue's.
    refused(await decide(m4, clan.groupID, redClaim.body.claimID as string, 'accept'), 403);
    refused(await decide(m4, clan.groupID, redClaim.body.claimID as string, 'hold'), 403);
    refused(await decide(clan.owner, clan.groupID, blueClaim.body.claimID as string, 'accept'), 403);
    // Members decide nothing, their own claims included.
    refused(await decide(m1, clan.groupID, redClaim.body.claimID as string, 'accept'), 403);
    refused(await decide(m2, clan.groupID, redClaim.body.claimID as string, 'decline', 'no'), 403);
    refused(await decide(m3, clan.groupID, blueClaim.body.claimID as string, 'accept'), 403);

    // A member on no team sees no claim, note or screenshot; each team sees only its own.
    expect((await getClaims(m3, clan.groupID, bingoID)).body.claims).toEqual([]);
    const m3View = JSON.stringify((await getBingo(m3, clan.groupID, bingoID)).body);
    for (const secret of ['red note', 'blue note', redClaim.body.claimID, blueClaim.body.claimID]) expect(m3View).not.toContain(secret);
    expect((await proof(m3, redClaim.body.proofUrl as string)).statusCode).toBe(404);
    expect((await proof(m1, blueClaim.body.proofUrl as string)).statusCode).toBe(404);
    expect((await proof(m2, redClaim.body.proofUrl as string)).statusCode).toBe(404);
    expect((await getClaims(m2, clan.groupID, bingoID)).body.claims.map((c: { claimID: string }) => c.claimID)).toEqual([
      blueClaim.body.claimID,
    ]);
    for (const status of ['pending', 'held', 'accepted', 'declined'])
      expect(
        (
          await call(t.app, `/api/runescape/getBingoClaims?groupID=${clan.groupID}&bingoID=${bingoID}&status=${status}`, { as: m2 })
        ).body.claims.every((c: { teamID: string }) => c.teamID === s.blue),
      ).toBe(true);

    // Across the other team: the owner decides Red's, the moderator Blue's.
    expect((await decide(clan.owner, clan.groupID, redClaim.body.claimID as string, 'accept')).status).toBe(200);
    expect((await decide(m4, clan.groupID, blueClaim.body.claimID as string, 'accept')).status).toBe(200);
    // Done tiles are public; whose claim did it and its note are not.
    const blueView = await getBingo(m2, clan.groupID, bingoID);
    expect(blueView.body.tiles[1]).toMatchObject({ doneBy: [s.red], state: 'open' });
    expect(JSON.stringify(blueView.body)).not.toContain('red note');
  });

  it('a kicked member and a kicked moderator can no longer read or act, the team’s claim stays, and a rejoin does not restore the moderation', async () => {
    const s = await bingoClan();
    const { clan, m1, m2, m4, bingoID } = s;
    await s.started();
    const claim = await claimTile(t.app, m1, s.fields(1, 'before the kick'), await png());
    expect(claim.status).toBe(200);
    expect((await kick(clan.owner, clan.groupID, m1)).status).toBe(200);
    expect((await kick(clan.owner, clan.groupID, m4)).status).toBe(200);

    refused(await getBingo(m1, clan.groupID, bingoID), 403, 404);
    refused(await getClaims(m1, clan.groupID, bingoID), 403, 404);
    refused(await claimTile(t.app, m1, s.fields(2), await png()), 403, 404);
    expect((await proof(m1, claim.body.proofUrl as string)).statusCode).not.toBe(200);
    refused(await decide(m4, clan.groupID, claim.body.claimID as string, 'accept'), 403, 404);
    refused(await getClaims(m4, clan.groupID, bingoID), 403, 404);

    // Red's claim is still Red's to see, and still waits for a decision.
    expect((await getClaims(m2, clan.groupID, bingoID)).body.claims).toMatchObject([{ claimID: claim.body.claimID, status: 'pending' }]);
    expect((await proof(m2, claim.body.proofUrl as string)).statusCode).toBe(200);
    expect((await decide(clan.admin, clan.groupID, claim.body.claimID as string, 'accept')).status).toBe(200);

    // The kicked moderator is no longer listed, and rejoining does not bring the moderation back
    // (as a kicked Administrator comes back a Member).
    expect((await getBingo(m2, clan.groupID, bingoID)).body.moderators).toEqual([]);
    expect((await rejoin(clan, m4)).status).toBe(200);
    expect((await getBingo(m4, clan.groupID, bingoID)).body.viewer).toMatchObject({ isModerator: false, mayManage: false });
    const again = await claimTile(t.app, m2, s.fields(2, 'after the rejoin'), await png());
    expect(again.status).toBe(200);
    refused(await decide(m4, clan.groupID, again.body.claimID as string, 'hold'), 403);
    expect((await getClaims(m4, clan.groupID, bingoID)).body.claims).toEqual([]);
    expect((await proof(m4, again.body.proofUrl as string)).statusCode).toBe(404);
    // Appointed again, they decide again.
    expect((await post(t.app, clan.admin, 'setBingoModerators', { groupID: clan.groupID, bingoID, userIDs: [m4.user.id] })).status).toBe(
      200,
    );
    expect((await decide(m4, clan.groupID, again.body.claimID as string, 'hold')).status).toBe(200);
  });
});

describe('abuse is bounded', () => {
  it('claims past the limit get 429 with Retry-After', async () => {
    const s = await bingoClan();
    await s.started();
    for (let i = 0; i < 30; i += 1) expect((await claimTile(t.app, s.m2, s.fields(1))).status).toBe(400);
    const limited = await claimTile(t.app, s.m2, s.fields(1), await png());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another member is not held back by it.
    expect((await claimTile(t.app, s.m1, s.fields(1), await png())).status).toBe(200);
  });
});

describe('races and limits of time', () => {
  it('two decisions at once: one wins, the other is refused, and the tile is done at most once', async () => {
    const s = await bingoClan();
    const { clan, m1, m2, m4, bingoID } = s;
    await s.started();
    // Two teammates claim the same tile at once: one claim waits, the other is refused.
    const both = await Promise.all([claimTile(t.app, m1, s.fields(3), await png()), claimTile(t.app, m2, s.fields(3), await png())]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const claimID = both.find((r) => r.status === 200)!.body.claimID as string;

    const decisions = await Promise.all([
      decide(m4, clan.groupID, claimID, 'accept'),
      decide(clan.admin, clan.groupID, claimID, 'decline', 'Blurry'),
      decide(clan.owner, clan.groupID, claimID, 'accept'),
    ]);
    const statuses = decisions.map((d) => d.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 409 || status === 403)).toBe(true);
    const winner = decisions.find((d) => d.status === 200)!.body;
    const stored = (await getClaims(m4, clan.groupID, bingoID)).body.claims as { claimID: string; status: string; decidedBy: string }[];
    expect(stored.find((c) => c.claimID === claimID)).toMatchObject({ status: winner.status, decidedBy: winner.decidedBy });
    const completions = await t.database.db
      .selectFrom('runescape_bingo_completions')
      .select('claim_id')
      .where('tile_id', '=', s.tileIDs[3]!)
      .execute();
    expect(completions).toHaveLength(winner.status === 'accepted' ? 1 : 0);
  });

  it('claims stop at the end; decisions stop once the final table is posted; gains before the start count nothing', async () => {
    const s = await bingoClan();
    const { clan, m1, m2, bingoID, names } = s;
    // Attack trained after linking and before the start: not the bingo's.
    players.osrs(names[0]!, { defaultXp: 1_000_000, xp: { Attack: 1_050_000 } });
    await s.started();
    t.clock.set(s.start + 2 * HOUR);
    await t.app.runescapeBingo.tick();
    const early = await getBingo(m1, clan.groupID, bingoID);
    expect(early.body.tiles[0]).toMatchObject({ state: 'open', doneBy: [], progress: { [s.red]: 0, [s.blue]: 0 } });

    const waiting = await claimTile(t.app, m2, s.fields(4), await png());
    expect(waiting.status).toBe(200);
    t.clock.set(s.end + MINUTE);
    refused(await claimTile(t.app, m1, s.fields(5), await png()), 400);
    // Gains after the end values are taken count nothing either.
    await t.app.runescapeBingo.tick();
    players.osrs(names[0]!, { defaultXp: 1_000_000, xp: { Attack: 2_000_000 } });
    t.clock.set(s.end + 2 * HOUR);
    await t.app.runescapeBingo.tick();
    expect((await getBingo(m1, clan.groupID, bingoID)).body.tiles[0]).toMatchObject({ doneBy: [], progress: { [s.red]: 0 } });
    await call(t.app, '/api/runescape/updateClanStats', { method: 'POST', as: m1, payload: { groupID: clan.groupID } });
    expect((await getBingo(m1, clan.groupID, bingoID)).body.tiles[0].doneBy).toEqual([]);
    // Past the review window the final table is posted; the waiting claim can no longer be decided.
    t.clock.set(s.end + 49 * HOUR);
    await t.app.runescapeBingo.tick();
    refused(await decide(clan.admin, clan.groupID, waiting.body.claimID as string, 'accept'), 409);
    expect((await getBingo(m1, clan.groupID, bingoID)).body.teams.find((team: Team) => team.teamID === s.red).points).toBe(0);
  });
});

describe('finished results', () => {
  it('a closed bingo’s final table survives edits, a kick, a rename and a rejoin', async () => {
    const s = await bingoClan();
    const { clan, m1, m2, m3, m4, bingoID } = s;
    await s.started();
    for (const tile of [1, 2]) {
      const claim = await claimTile(t.app, m1, s.fields(tile), await png());
      expect((await decide(m4, clan.groupID, claim.body.claimID as string, 'accept')).status).toBe(200);
    }
    const blue = await claimTile(t.app, m3, s.fields(4), await png());
    expect((await decide(m4, clan.groupID, blue.body.claimID as string, 'accept')).status).toBe(200);
    t.clock.set(s.end + MINUTE);
    await t.app.runescapeBingo.tick();
    const final = await getBingo(m2, clan.groupID, bingoID);
    expect(final.body.bingo.finalAt).not.toBeNull();
    const table = (final.body.teams as Team[]).map((team) => [team.teamID, team.points, team.rank]);
    const doneBy = (final.body.tiles as Tile[]).map((tile) => tile.doneBy);
    expect(table).toEqual([
      [s.blue, 4, 1],
      [s.red, 1 + 2, 2],
    ]);

    const ids = { groupID: clan.groupID, bingoID };
    refused(await post(t.app, clan.admin, 'updateBingo', { ...ids, name: 'Renamed afterwards' }), 400);
    refused(await post(t.app, clan.admin, 'updateBingo', { ...ids, size: 3, tiles: tiles().map((tile) => ({ ...tile, points: 0 })) }), 400);
    refused(await post(t.app, clan.admin, 'updateBingo', { ...ids, endsAt: iso(t.clock.now() + DAY) }), 400);
    refused(await post(t.app, clan.admin, 'setBingoTeams', { ...ids, split: { teams: 2, by: 'xp' } }), 409);
    refused(await post(t.app, m4, 'deleteBingo', ids), 403);
    refused(await post(t.app, m1, 'deleteBingo', ids), 403);
    players.osrs(`${s.names[1]}r`, { defaultXp: 1_000_000 });
    expect((await rename(m2, clan.groupID, `${s.names[1]}r`)).status).toBe(200);
    expect((await kick(clan.owner, clan.groupID, m1)).status).toBe(200);
    expect((await rejoin(clan, m1)).status).toBe(200);
    await t.app.runescapeBingo.tick();

    const later = await getBingo(m2, clan.groupID, bingoID);
    expect((later.body.teams as Team[]).map((team) => [team.teamID, team.points, team.rank])).toEqual(table);
    expect((later.body.tiles as Tile[]).map((tile) => tile.doneBy)).toEqual(doneBy);
    expect(
      (later.body.teams as Team[])
        .find((team) => team.teamID === s.red)!
        .members.map((m) => m.userID)
        .sort(),
    ).toEqual([m1.user.id, m2.user.id].sort());
  });

  it('a finished competition’s standings survive edits, a kick and a rename', async () => {
    const clan = await createClanWithCast(t.app, 'Old School RuneScape', 3);
    const [m1, m2, m3] = clan.members as [TestUser, TestUser, TestUser];
    seq += 1;
    const names = [`Cup ${seq} A`, `Cup ${seq} B`, `Cup ${seq} C`];
    for (const [i, name] of names.entries()) {
      players.osrs(name, { defaultXp: 1_000_000 });
      await linkAs(t.app, [m1, m2, m3][i]!, clan.groupID, name);
    }
    const start = t.clock.now() + HOUR;
    const end = start + DAY;
    const created = await createCompetition(t.app, clan.admin, {
      groupID: clan.groupID,
      name: 'Sacred cup',
      startsAt: iso(start),
      endsAt: iso(end),
      metrics: ['attack', 'strength'],
    });
    expect(created.status).toBe(200);
    const competitionID = created.body.competition.competitionID as string;
    t.clock.set(start + 10_000);
    await t.app.runescapeCompetitions.tick();
    players.osrs(names[0]!, { defaultXp: 1_000_000, xp: { Attack: 1_030_000 } });
    players.osrs(names[1]!, { defaultXp: 1_000_000, xp: { Strength: 1_020_000 } });
    players.osrs(names[2]!, { defaultXp: 1_000_000, xp: { Attack: 1_010_000 } });
    t.clock.set(end + 10_000);
    await t.app.runescapeCompetitions.tick();
    const standings = async () =>
      (
        (await getCompetition(t.app, clan.owner, clan.groupID, competitionID)).body.participants as {
          userID: string;
          total: number;
          rank: number;
        }[]
      ).map((p) => [p.userID, p.total, p.rank]);
    const final = await standings();
    expect(final).toEqual([
      [m1.user.id, 30_000, 1],
      [m2.user.id, 20_000, 2],
      [m3.user.id, 10_000, 3],
    ]);

    const ids = { groupID: clan.groupID, competitionID };
    refused(await post(t.app, clan.admin, 'updateCompetition', { ...ids, name: 'Renamed afterwards' }), 400);
    refused(await post(t.app, clan.admin, 'updateCompetition', { ...ids, metrics: ['overall'] }), 400);
    refused(await post(t.app, clan.admin, 'setCompetitionTeams', { ...ids, split: { teams: 2, by: 'xp' } }), 400);
    refused(await post(t.app, m1, 'deleteCompetition', ids), 403);
    // Training, a rename and a kick after the end change nothing.
    players.osrs(names[2]!, { defaultXp: 1_000_000, xp: { Attack: 5_000_000 } });
    players.osrs(`${names[2]} alt`, { defaultXp: 1_000_000, xp: { Attack: 9_000_000 } });
    expect((await rename(m3, clan.groupID, `${names[2]} alt`)).status).toBe(200);
    expect((await kick(clan.owner, clan.groupID, m1)).status).toBe(200);
    t.clock.advance(2 * HOUR);
    await t.app.runescapeCompetitions.tick();
    expect(await standings()).toEqual(final);
  });
});

describe('names that move', () => {
  it('an account measured for one member in a competition is not measured again for another who links it later', async () => {
    const clan = await createClanWithCast(t.app, 'Old School RuneScape', 2);
    const [a, b] = clan.members as [TestUser, TestUser];
    seq += 1;
    const main = `Dup ${seq} main`;
    const alt = `Dup ${seq} alt`;
    players.osrs(main, { defaultXp: 1_000_000 });
    players.osrs(alt, { defaultXp: 500_000 });
    await linkAs(t.app, a, clan.groupID, main);
    const start = t.clock.now() + HOUR;
    const created = await createCompetition(t.app, clan.admin, {
      groupID: clan.groupID,
      name: 'Join cup',
      startsAt: iso(start),
      endsAt: iso(start + DAY),
      metrics: ['attack'],
      participation: 'join',
    });
    const ids = { groupID: clan.groupID, competitionID: created.body.competition.competitionID as string };
    expect((await post(t.app, a, 'joinCompetition', ids)).status).toBe(200);
    t.clock.set(start + 10_000);
    await t.app.runescapeCompetitions.tick();

    // A moves their link to another account; B links the name A is measured on and tries to join.
    expect((await rename(a, clan.groupID, alt)).status).toBe(200);
    await linkAs(t.app, b, clan.groupID, main);
    const joined = await post(t.app, b, 'joinCompetition', ids);
    refused(joined, 409);
    expect(joined.body.message).toBe('This RuneScape account already takes part in this competition');
    expect((await getCompetition(t.app, b, clan.groupID, ids.competitionID)).body.viewer).toMatchObject({
      takesPart: false,
      mayJoin: false,
    });

    // The account's gains count once.
    players.osrs(main, { defaultXp: 1_000_000, xp: { Attack: 1_010_000 } });
    t.clock.set(start + 3 * HOUR);
    await t.app.runescapeCompetitions.tick();
    const standings = (await getCompetition(t.app, a, clan.groupID, ids.competitionID)).body.participants as {
      userID: string;
      total: number;
    }[];
    expect(standings.map((p) => [p.userID, p.total])).toEqual([[a.user.id, 10_000]]);
  });

  it('before the start a moved name may join: the start measures each participant on their link of that moment', async () => {
    const clan = await createClanWithCast(t.app, 'Old School RuneScape', 2);
    const [a, b] = clan.members as [TestUser, TestUser];
    seq += 1;
    const main = `Pre ${seq} main`;
    const alt = `Pre ${seq} alt`;
    players.osrs(main, { defaultXp: 1_000_000 });
    players.osrs(alt, { defaultXp: 500_000 });
    await linkAs(t.app, a, clan.groupID, main);
    const start = t.clock.now() + HOUR;
    const created = await createCompetition(t.app, clan.admin, {
      groupID: clan.groupID,
      name: 'Early cup',
      startsAt: iso(start),
      endsAt: iso(start + DAY),
      metrics: ['attack'],
      participation: 'join',
    });
    const ids = { groupID: clan.groupID, competitionID: created.body.competition.competitionID as string };
    expect((await post(t.app, a, 'joinCompetition', ids)).status).toBe(200);
    expect((await rename(a, clan.groupID, alt)).status).toBe(200);
    await linkAs(t.app, b, clan.groupID, main);
    expect((await getCompetition(t.app, b, clan.groupID, ids.competitionID)).body.viewer.mayJoin).toBe(true);
    expect((await post(t.app, b, 'joinCompetition', ids)).status).toBe(200);
    t.clock.set(start + 10_000);
    await t.app.runescapeCompetitions.tick();
    players.osrs(main, { defaultXp: 1_000_000, xp: { Attack: 1_010_000 } });
    players.osrs(alt, { defaultXp: 500_000, xp: { Attack: 503_000 } });
    t.clock.set(start + 3 * HOUR);
    await t.app.runescapeCompetitions.tick();
    const standings = (await getCompetition(t.app, a, clan.groupID, ids.competitionID)).body.participants as {
      userID: string;
      playerName: string;
      total: number;
    }[];
    expect(standings.map((p) => [p.userID, p.playerName, p.total])).toEqual([
      [b.user.id, main, 10_000],
      [a.user.id, alt, 3_000],
    ]);
  });

  it('two members joining at once with the same account: one takes part', async () => {
    const clan = await createClanWithCast(t.app, 'Old School RuneScape', 2);
    const [a] = clan.members as [TestUser, TestUser];
    seq += 1;
    players.osrs(`Twice ${seq}`, { defaultXp: 1_000_000 });
    await linkAs(t.app, a, clan.groupID, `Twice ${seq}`);
    const start = t.clock.now() + HOUR;
    const created = await createCompetition(t.app, clan.admin, {
      groupID: clan.groupID,
      name: 'Twice cup',
      startsAt: iso(start),
      endsAt: iso(start + DAY),
      metrics: ['attack'],
      participation: 'join',
    });
    const ids = { groupID: clan.groupID, competitionID: created.body.competition.competitionID as string };
    const joins = await Promise.all([post(t.app, a, 'joinCompetition', ids), post(t.app, a, 'joinCompetition', ids)]);
    expect(joins.map((r) => r.status)).toEqual([200, 200]);
    expect((await getCompetition(t.app, a, clan.groupID, ids.competitionID)).body.participants).toHaveLength(1);
  });
});

/** A PNG whose header claims `width` × `height` pixels (its one row of data is all there is). */
function pngClaiming(width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('input at and past the limits', () => {
  it('bingo bodies: 400 with a message per field, never a 500', async () => {
    const clan = await createClanWithCast(t.app, 'Old School RuneScape', 1);
    const start = t.clock.now() + HOUR;
    const base = { groupID: clan.groupID, name: 'Edges', startsAt: iso(start), endsAt: iso(start + DAY), size: 3, tiles: tiles() };
    const cases: [Record<string, unknown>, string][] = [
      [{ tiles: tiles().map((tile) => ({ ...tile, points: -1 })) }, 'tiles'],
      [{ tiles: tiles().map((tile) => ({ ...tile, points: 1e308 })) }, 'tiles'],
      [{ tiles: tiles().map((tile, i) => (i === 0 ? { ...tile, goal: 1e15 } : tile)) }, 'tiles'],
      [{ tiles: tiles().map((tile, i) => (i === 0 ? { ...tile, goal: -5 } : tile)) }, 'tiles'],
      [{ tiles: tiles().map((tile) => ({ ...tile, title: 'x'.repeat(10_000) })) }, 'tiles'],
      [{ tiles: tiles().map((tile, i) => (i === 0 ? { ...tile, metric: 'x'.repeat(10_000) } : tile)) }, 'tiles'],
      [{ tiles: tiles().map((tile, i) => (i === 0 ? { ...tile, kind: 'kc', metric: 'attack' } : tile)) }, 'tiles'],
      [{ tiles: tiles().map((tile, i) => (i === 1 ? { ...tile, metric: 'attack', goal: 5 } : tile)) }, 'tiles'],
      [{ size: 11, tiles: Array.from({ length: 121 }, () => tiles()[1]) }, 'size'],
      [{ size: 3, tiles: Array.from({ length: 5000 }, () => tiles()[1]) }, 'tiles'],
      [{ size: -3 }, 'size'],
      [{ size: 3.5 }, 'size'],
      [{ name: 'x'.repeat(100_000) }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ startsAt: 'tomorrow' }, 'startsAt'],
      [{ endsAt: iso(start - 1) }, 'endsAt'],
      [{ endsAt: '9999-12-31T23:59:59Z' }, 'endsAt'],
      [{ bonuses: { row: -1, column: 0, diagonal: 0, board: 0 } }, 'bonuses'],
      [{ bonuses: { row: 1e12, column: 0, diagonal: 0, board: 0 } }, 'bonuses'],
      [{ groupID: 'x'.repeat(5000) }, 'groupID'],
    ];
    for (const [change, field] of cases) {
      const res = await post(t.app, clan.admin, 'createBingo', { ...base, ...change });
      expect([400, 413], `${JSON.stringify(change).slice(0, 80)} ${JSON.stringify(res.body).slice(0, 200)}`).toContain(res.status);
      if (res.status === 400) expect(Object.keys(res.body.fields ?? {}).join(' ')).toContain(field);
    }
    // The largest board and a hundred bingos' worth of requests at once stay bounded.
    const big = await post(t.app, clan.admin, 'createBingo', {
      ...base,
      size: 10,
      tiles: Array.from({ length: 100 }, (_, i) => ({
        kind: 'task',
        title: `T${i}`.padEnd(100, 'x'),
        description: 'd'.repeat(500),
        points: 1000,
      })),
      bonuses: { row: 10_000, column: 10_000, diagonal: 10_000, board: 10_000 },
    });
    expect(big.status, JSON.stringify(big.body).slice(0, 200)).toBe(200);
    const bingoID = big.body.bingo.bingoID as string;
    const ids = { groupID: clan.groupID, bingoID };
    const member = clan.members[0]!;
    const teamCases: Record<string, unknown>[] = [
      { teams: Array.from({ length: 21 }, (_, i) => ({ name: `T${i}`, userIDs: [member.user.id] })) },
      {
        teams: [
          { name: 'A', userIDs: [member.user.id] },
          { name: 'B', userIDs: [member.user.id] },
        ],
      },
      {
        teams: [
          { name: 'Same', userIDs: [member.user.id] },
          { name: 'same', userIDs: [clan.admin.user.id] },
        ],
      },
      {
        teams: [
          { name: 'A', userIDs: Array.from({ length: 501 }, (_, i) => `user${i}`) },
          { name: 'B', userIDs: [] },
        ],
      },
      {
        teams: [
          { name: 'A', userIDs: [member.user.id] },
          { name: 'B', userIDs: [] },
        ],
      },
      { split: { teams: 1000, by: 'xp' } },
      { split: { teams: 2, by: 'luck' } },
      { split: { teams: 2, by: 'xp' }, teams: [{ name: 'A', userIDs: [] }] },
      {},
    ];
    for (const change of teamCases) {
      const res = await post(t.app, clan.admin, 'setBingoTeams', { ...ids, ...change });
      expect(res.status, `${JSON.stringify(change).slice(0, 80)} ${JSON.stringify(res.body).slice(0, 200)}`).toBe(400);
      expect(Object.keys(res.body.fields ?? {}).length).toBeGreaterThan(0);
    }
    for (const userIDs of [[member.user.id, member.user.id], Array.from({ length: 21 }, (_, i) => `user${i}`), ['not an id !']]) {
      const res = await post(t.app, clan.admin, 'setBingoModerators', { ...ids, userIDs });
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('userIDs');
    }
    for (const body of [
      { groupID: clan.groupID, claimID: 'nope nope', decision: 'accept' },
      { groupID: clan.groupID, claimID: bingoID, decision: 'approve' },
      { groupID: clan.groupID, claimID: bingoID, decision: 'decline', reason: 'x'.repeat(10_000) },
      { groupID: clan.groupID, claimID: bingoID, decision: 'decline' },
    ]) {
      refused(await post(t.app, clan.admin, 'decideBingoClaim', body), 400, 404);
    }
    refused(await call(t.app, `/api/runescape/getBingo?groupID=${clan.groupID}&bingoID=${'%00'.repeat(100)}`, { as: member }), 400);
    refused(await call(t.app, `/api/runescape/getBingo?groupID=${clan.groupID}&bingoID=${'%00'.repeat(10)}`, { as: member }), 400, 404);
    refused(await call(t.app, `/api/runescape/getBingo?groupID=${'%00'.repeat(10)}&bingoID=${bingoID}`, { as: member }), 400, 404);
    refused(await post(t.app, clan.admin, 'decideBingoClaim', { groupID: clan.groupID, claimID: '\u0000x', decision: 'hold' }), 400, 404);
    refused(await call(t.app, `/api/runescape/getBingoClaims?groupID=${clan.groupID}&bingoID=${bingoID}&status=all`, { as: member }), 400);
    // The same edit twice at once: both answer, neither with a 500, and the bingo reads as one of them.
    const edits = await Promise.all([
      post(t.app, clan.admin, 'updateBingo', { ...ids, name: 'First' }),
      post(t.app, clan.admin, 'updateBingo', { ...ids, name: 'Second' }),
    ]);
    expect(edits.map((e) => e.status)).toEqual([200, 200]);
    expect(['First', 'Second']).toContain((await getBingo(member, clan.groupID, bingoID)).body.bingo.name);
    const stale = await Promise.all(
      [1, 2].map(() => post(t.app, clan.admin, 'updateBingo', { ...ids, name: 'Stale', expectedUpdatedAt: big.body.bingo.updatedAt })),
    );
    expect(stale.map((e) => e.status)).toEqual([409, 409]);
  });

  it('screenshots: wrong types, forged headers, too many pixels and oversized notes are refused', async () => {
    const s = await bingoClan();
    await s.started();
    const send = (file: { filename: string; type: string; data: Buffer }, note = '') => claimTile(t.app, s.m1, s.fields(1, note), file);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const truncated = (await pngScreenshot()).subarray(0, 40);
    for (const file of [
      { filename: 'a.gif', type: 'image/gif', data: gif },
      { filename: 'a.png', type: 'image/png', data: svg },
      { filename: 'a.webp', type: 'image/webp', data: html },
      { filename: 'a.png', type: 'image/png', data: truncated },
      { filename: 'a.png', type: 'image/png', data: Buffer.alloc(0) },
    ]) {
      const res = await send(file);
      expect(res.status, `${file.filename} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.fields).toHaveProperty('proof');
    }
    const bomb = await send({ filename: 'bomb.png', type: 'image/png', data: pngClaiming(100_000, 100_000) });
    expect(bomb.status).toBe(400);
    expect(bomb.body.message).toBe('The screenshot has too many pixels (at most 40 megapixels)');
    const wide = await send({ filename: 'wide.png', type: 'image/png', data: pngClaiming(2 ** 31 - 1, 1) });
    expect(wide.status).toBe(400);
    const longNote = await send(await png(), 'n'.repeat(600));
    expect(longNote.status).toBe(400);
    expect(longNote.body.fields).toHaveProperty('note');
    const hugeNote = await send(await png(), 'n'.repeat(100_000));
    expect(hugeNote.status).toBe(400);
    // Two files, or a file under another name.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/runescape/claimBingoTile',
      headers: { authorization: s.m1.token, 'content-type': 'application/json' },
      payload: JSON.stringify(s.fields(1)),
    });
    expect(form.statusCode).toBe(400);
    expect((await claimTile(t.app, s.m1, s.fields(1), { filename: 'x.png', type: 'image/png', data: Buffer.alloc(0) })).status).toBe(400);
    // Nothing of these was stored.
    expect(await t.database.db.selectFrom('runescape_bingo_claims').select('id').where('bingo_id', '=', s.bingoID).execute()).toEqual([]);
  });

  it('competition bodies: 400 with a message per field', async () => {
    const clan = await createClanWithCast(t.app, 'Old School RuneScape', 1);
    const start = t.clock.now() + HOUR;
    const base = { groupID: clan.groupID, name: 'Edges', startsAt: iso(start), endsAt: iso(start + DAY), metrics: ['overall'] };
    const cases: [Record<string, unknown>, string][] = [
      [{ metrics: [] }, 'metrics'],
      [{ metrics: Array.from({ length: 1000 }, () => 'attack') }, 'metrics'],
      [{ metrics: ['x'.repeat(10_000)] }, 'metrics'],
      [{ metrics: ['necromancy'] }, 'metrics'],
      [{ name: 'x'.repeat(100_000) }, 'name'],
      [{ kind: 'royale' }, 'kind'],
      [{ participation: 'everyone', kind: 'teams', startsAt: iso(start - 2 * HOUR) }, 'startsAt'],
      [{ endsAt: '+275760-09-13T00:00:00.000Z' }, 'endsAt'],
    ];
    for (const [change, field] of cases) {
      const res = await createCompetition(t.app, clan.admin, { ...base, ...change });
      expect(res.status, `${JSON.stringify(change).slice(0, 80)} ${JSON.stringify(res.body).slice(0, 200)}`).toBe(400);
      expect(Object.keys(res.body.fields ?? {}).join(' ')).toContain(field);
    }
  });
});
