import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClanStats } from '@smm/shared/runescape/clan-schemas';
import { RS3_SKILL_NAMES } from '@smm/shared/runescape/rs3';
import { RS3_TRACKED_SKILLS, TRACKED_SKILLS } from '@smm/shared/runescape/tracked-skills';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { hiscoresJson } from './fakes/osrs-hiscores-fixtures';
import { rs3Csv } from './fakes/rs3-hiscores-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { clanStats, createClan, link } from './runescape-clan-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

const HOUR = 3_600_000;
const RS3_IDS = RS3_TRACKED_SKILLS.map((skill) => skill.id);
const OSRS_IDS = TRACKED_SKILLS.map((skill) => skill.id);

let hiscores: OsrsHiscoresFake;
let t: TestApp;
beforeAll(async () => {
  hiscores = await createOsrsHiscoresFake();
  t = await createTestApp({
    osrsHiscoresUrl: hiscores.url,
    upstreamTimeoutMs: 2000,
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
    runescape: { clanUpdateLimit: { max: 1_000, windowMs: 60_000 } },
  });
});
afterAll(async () => {
  await t?.close();
  await hiscores?.close();
});
beforeEach(() => {
  hiscores.reset();
  // Past every cached lookup of the previous test.
  t.clock.advance(24 * HOUR);
});

async function rs3Clan() {
  const owner = await createUser(t.app);
  const member = await createUser(t.app);
  const clan = await createGroup(t.app, owner, { groupName: 'Gielinor Clan', gameName: 'RuneScape', isPrivate: true });
  await join(t.app, clan, member);
  return { owner, member, clan };
}

const update = (as: TestUser, groupID: string) =>
  call(t.app, '/api/runescape/updateClanStats', { method: 'POST', as, payload: { groupID } });
const history = (as: TestUser, groupID: string, userID: string) =>
  call(t.app, `/api/runescape/getPlayerHistory?groupID=${groupID}&userID=${userID}`, { as });

// A necromancer: 120 Invention and Dungeoneering, Necromancy in training, Summoning 60, no Slayer rank.
const necromancer = (necromancyXp: number, inventionXp = 80_618_654) =>
  rs3Csv({
    defaultXp: 14_000_000,
    skills: {
      Necromancy: { xp: necromancyXp, level: 90 },
      Invention: { xp: inventionXp, level: 120 },
      Dungeoneering: { xp: 104_273_167, level: 120 },
      Summoning: { xp: 273_742, level: 60 },
      Slayer: 'unranked',
    },
    scores: { RuneScore: 21_000 },
  });

describe('the stats of a RuneScape 3 clan', () => {
  it("list every member in RuneScape 3's 29 skills, with its combat formula and total level, and none of Old School's Sailing", async () => {
    const { owner, member, clan } = await rs3Clan();
    hiscores.setRs3Player('Necro Queen', necromancer(5_346_332));
    hiscores.setRs3Player(
      'Iron Pure',
      rs3Csv({
        defaultXp: 0,
        defaultLevel: 1,
        skills: { Attack: { xp: 37_224, level: 40 }, Strength: { xp: 37_224, level: 40 }, Constitution: 'unranked' },
      }),
      'hiscore_ironman',
    );
    expect((await link(t.app, owner, clan._id, 'Necro Queen', 'rs3')).status).toBe(200);
    expect((await link(t.app, member, clan._id, 'Iron Pure', 'rs3Ironman')).status).toBe(200);

    const res = await clanStats(t.app, member, clan._id);
    expect(res.status).toBe(200);
    expect(res.body.game).toBe('rs3');
    const members = (res as { body: ClanStats }).body.members;
    const byName = new Map(members.map((m) => [m.playerName, m]));
    const queen = byName.get('Necro Queen')!;
    expect(Object.keys(queen.skills)).toEqual(RS3_IDS);
    expect(Object.keys(queen.gained.skills)).toEqual(RS3_IDS);
    expect(queen.skills).not.toHaveProperty('sailing');
    expect(queen.skills.necromancy).toEqual({ level: 90, experience: 5_346_332 });
    expect(queen.skills.invention).toEqual({ level: 120, experience: 80_618_654 });
    expect(queen.skills.dungeoneering).toEqual({ level: 120, experience: 104_273_167 });
    expect(queen.skills.summoning).toEqual({ level: 60, experience: 273_742 });
    expect(queen.skills.slayer).toEqual({ level: null, experience: null });
    // The total is the hiscores' Overall line: 24 skills at 99, Necromancy 90, Invention and
    // Dungeoneering 120, Summoning 60 (Slayer unranked).
    expect(queen.totalLevel).toBe(24 * 99 + 90 + 120 + 120 + 60);
    expect(queen.totalExperience).toBe(24 * 14_000_000 + 5_346_332 + 80_618_654 + 104_273_167 + 273_742);
    // RuneScape 3's formula: 13/10 of twice Magic (99s everywhere else), plus Defence, Constitution,
    // half Prayer and half Summoning, over 4: (13 * 198 + 10 * (99 + 99 + 49 + 30)) / 40 = 133.
    expect(queen.combatLevel).toBe(133);
    // Nothing gained yet: the only snapshot is the link's.
    expect(queen.gained.overall).toBe(0);

    // Unranked Constitution counts at its starting 10, as in the game: 40 Attack and 40 Strength,
    // (13 * 80 + 10 * (1 + 10)) / 40 = 28.
    const pure = byName.get('Iron Pure')!;
    expect(pure.gameMode).toBe('rs3Ironman');
    expect(pure.combatLevel).toBe(28);
  });

  it("counts each RuneScape 3 skill's gains over the period from the clan's snapshots, and ranks the top gainers by them", async () => {
    const { owner, member, clan } = await rs3Clan();
    hiscores.setRs3Player('Grind Necro', necromancer(1_000_000));
    await link(t.app, member, clan._id, 'Grind Necro', 'rs3');
    t.clock.advance(2 * HOUR);
    hiscores.setRs3Player('Grind Necro', necromancer(1_750_000, 80_700_000));
    const refreshed = await update(owner, clan._id);
    expect(refreshed.body).toEqual({ updated: 1, skipped: 0, failed: 0 });
    expect(hiscores.requests.map((r) => r.url.split('?')[0])).toEqual(['/m=hiscore/index_lite.ws', '/m=hiscore/index_lite.ws']);

    const week = await clanStats(t.app, owner, clan._id, 'week');
    const [grinder] = week.body.members;
    expect(grinder.gained.skills.necromancy).toBe(750_000);
    expect(grinder.gained.skills.invention).toBe(81_346);
    expect(grinder.gained.skills.attack).toBe(0);
    expect(grinder.gained.overall).toBe(750_000 + 81_346);
    expect(week.body.topGainers).toEqual([
      { userID: member.user.id, username: member.user.username, playerName: 'Grind Necro', gained: 831_346 },
    ]);
  });

  it("gives a member's page RuneScape 3's latest skills with ranks, the chart's points from the link on, and records per RuneScape 3 skill", async () => {
    const { owner, member, clan } = await rs3Clan();
    hiscores.setRs3Player('Chart Necro', necromancer(2_000_000));
    await link(t.app, member, clan._id, 'Chart Necro', 'rs3');
    const linkedAt = t.clock.now();

    // Linking takes the first snapshot at once: the chart starts at the link.
    const first = await history(owner, clan._id, member.user.id);
    expect(first.status).toBe(200);
    expect(first.body.game).toBe('rs3');
    expect(first.body.points).toHaveLength(1);
    expect(first.body.points[0].takenAt).toBe(new Date(linkedAt).toISOString());
    expect(Object.keys(first.body.points[0].skills)).toEqual(RS3_IDS);

    for (const [hours, xp] of [
      [6, 2_400_000],
      [30, 3_000_000],
    ] as const) {
      t.clock.advance(hours * HOUR);
      hiscores.setRs3Player('Chart Necro', necromancer(xp));
      expect((await update(owner, clan._id)).body.updated).toBe(1);
    }
    const res = await history(owner, clan._id, member.user.id);
    expect(res.body.points.map((p: { skills: { necromancy: number } }) => p.skills.necromancy)).toEqual([2_000_000, 2_400_000, 3_000_000]);
    const records = new Map(res.body.records.map((r: { stat: string }) => [r.stat, r]));
    expect([...records.keys()]).toEqual(['overall', ...RS3_IDS]);
    expect(records.get('necromancy')).toMatchObject({ day: { gained: 400_000 }, week: { gained: 1_000_000 } });
    expect(records.get('invention')).toEqual({ stat: 'invention', day: null, week: null });
    expect(records.has('sailing')).toBe(false);

    const latest = res.body.latest;
    expect(latest.takenAt).toBe(res.body.points.at(-1).takenAt);
    expect(latest.combatLevel).toBe(133);
    expect(Object.keys(latest.skills)).toEqual(RS3_IDS);
    expect(latest.skills.necromancy).toEqual({ level: 90, rank: 10_000 + 28 * 137, experience: 3_000_000 });
    expect(latest.skills.constitution).toMatchObject({ level: 99, rank: 10_000 + 3 * 137 });
    expect(latest.skills.slayer).toEqual({ level: null, rank: null, experience: null });
    expect(latest.overall).toMatchObject({ rank: 24_133 });
    expect(latest.activities.find((a: { name: string }) => a.name === 'RuneScore')).toEqual({
      name: 'RuneScore',
      rank: 524,
      score: 21_000,
    });
    expect(latest.activities.find((a: { name: string }) => a.name === 'Bounty Hunter')).toEqual({
      name: 'Bounty Hunter',
      rank: null,
      score: null,
    });
  });
});

describe('the stats of an Old School clan', () => {
  it("keep Old School's skills (Hitpoints read as Constitution, and Sailing), its combat formula, and none of RuneScape 3's own", async () => {
    const owner = await createUser(t.app);
    const clan = await createClan(t.app, owner);
    hiscores.setPlayer('Old Timer', hiscoresJson({ defaultXp: 13_034_431 }));
    expect((await link(t.app, owner, clan._id, 'Old Timer')).status).toBe(200);
    const res = await clanStats(t.app, owner, clan._id);
    expect(res.body.game).toBe('osrs');
    const [oldTimer] = res.body.members;
    expect(Object.keys(oldTimer.skills)).toEqual(OSRS_IDS);
    expect(oldTimer.skills).not.toHaveProperty('necromancy');
    expect(oldTimer.skills.constitution.experience).toBe(13_034_431);
    expect(oldTimer.combatLevel).toBe(126);
    const own = await history(owner, clan._id, owner.user.id);
    expect(own.body.game).toBe('osrs');
    expect(own.body.records.map((r: { stat: string }) => r.stat)).toEqual(['overall', ...OSRS_IDS]);
    expect(own.body.latest.combatLevel).toBe(126);
  });
});

it('reads the CSV lines by position under the names the skill list expects', () => {
  expect(RS3_TRACKED_SKILLS.map((skill) => skill.hiscoresName)).toEqual(RS3_SKILL_NAMES.slice(1));
});
