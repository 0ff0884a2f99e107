import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_POINTS, CHART_SLICES } from '../src/features/runescape/competitions.mapper';
import { listSnapshotsOfPlayers } from '../src/features/runescape/competitions.repo';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { HISCORES_SKILL_NAMES, hiscoresJson } from './fakes/osrs-hiscores-fixtures';
import {
  createClanWithCast,
  createCompetition,
  DAY,
  getCompetition,
  HOUR,
  iso,
  linkAs,
  participantRows,
  type Clan,
} from './runescape-competitions-fixtures';
import { createTestApp, type TestApp } from './test-app';

// A long competition refreshed every hour stores far more snapshots than a chart needs: the
// detail sends at most CHART_POINTS points per participant, from 0 at the start to the latest
// gain (the end's exact total once finished), each point the true gain at its moment, and the
// table is the same as without thinning.

const DAYS = 15;
/** Experience gained per skill and hour by each player. */
const RATES = [700, 300];
/** Experience of every skill when the clock starts. */
const BASE_XP = 1_000_000;

let hiscores: OsrsHiscoresFake;
let t: TestApp;
let clan: Clan;
let origin: number;

/** A player's Overall experience at a moment: every skill trains at the same hourly rate. */
const overallAt = (rate: number, at: number) => HISCORES_SKILL_NAMES.length * (BASE_XP + Math.floor((at - origin) / HOUR) * rate);

beforeAll(async () => {
  hiscores = await createOsrsHiscoresFake();
  t = await createTestApp({
    osrsHiscoresUrl: hiscores.url,
    upstreamTimeoutMs: 2000,
    upstreamRateLimit: { max: 100_000, windowMs: 60_000 },
  });
  origin = t.clock.now();
  clan = await createClanWithCast(t.app, 'Old School RuneScape', RATES.length);
  for (const [i, rate] of RATES.entries()) {
    const name = `Chart ${i}`;
    // The hiscores answer as of the test's clock: each refresh finds more experience.
    hiscores.setPlayer(name, () => hiscoresJson({ defaultXp: overallAt(rate, t.clock.now()) / HISCORES_SKILL_NAMES.length }));
    await linkAs(t.app, clan.members[i]!, clan.groupID, name);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await hiscores?.close();
});

async function tickAt(at: number) {
  t.clock.set(at);
  return t.app.runescapeCompetitions.tick();
}

interface Series {
  userID: string;
  points: { at: string; total: number }[];
}
interface Standing {
  userID: string;
  total: number;
  rank: number;
  gains: Record<string, number | null>;
}

/** Each point of a line is the participant's true gain at that moment, in time order. */
function expectTrueGains(series: Series, rate: number, startAt: number) {
  const times = series.points.map((p) => Date.parse(p.at));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(new Set(times).size).toBe(times.length);
  for (const point of series.points) expect(point.total).toBe(overallAt(rate, Date.parse(point.at)) - overallAt(rate, startAt));
}

describe('the chart of a long competition', () => {
  it('sends at most CHART_POINTS points per participant, ending at the latest gain, and leaves the table as it is', async () => {
    const start = t.clock.now() + HOUR;
    const end = start + DAYS * DAY;
    const created = await createCompetition(t.app, clan.admin, {
      groupID: clan.groupID,
      name: 'Fortnight of skilling',
      startsAt: iso(start),
      endsAt: iso(end),
      metrics: ['overall'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.competition.competitionID as string;
    const members = clan.members.slice(0, RATES.length);

    await tickAt(start + 10_000);
    // Refreshed every hour until just before the end.
    for (let at = start + HOUR + 10_000; at < end; at += HOUR) await tickAt(at);

    const rows = await participantRows(t.database.db, id);
    const playerIds = members.map((m) => rows.get(m.user.id)!.player_id!);
    const startOf = (userID: string) => rows.get(userID)!.start_taken_at!;
    const stored = await t.database.db
      .selectFrom('runescape_snapshots')
      .select(['player_id', (s) => s.fn.countAll<number>().as('n'), (s) => s.fn.max('taken_at').as('latest')])
      .where('player_id', 'in', playerIds)
      .groupBy('player_id')
      .execute();
    expect(stored).toHaveLength(RATES.length);
    for (const row of stored) expect(Number(row.n)).toBeGreaterThan(2 * CHART_POINTS);

    // The query itself returns at most one snapshot per slice and player.
    const thinned = await listSnapshotsOfPlayers(t.database.db, playerIds, start, t.clock.now(), CHART_SLICES);
    for (const playerId of playerIds) {
      const mine = thinned.filter((s) => s.player_id === playerId).length;
      expect(mine).toBeLessThanOrEqual(CHART_SLICES);
      expect(mine).toBeGreaterThan(CHART_SLICES - 5);
    }

    // Ongoing: from 0 at the start to the latest gain, which is the table's total.
    const live = await getCompetition(t.app, members[0]!, clan.groupID, id);
    expect(live.status).toBe(200);
    expect(live.body.competition.status).toBe('ongoing');
    const liveTable = live.body.participants as Standing[];
    for (const [i, member] of members.entries()) {
      const series = (live.body.chart as Series[]).find((s) => s.userID === member.user.id)!;
      const latest = Number(stored.find((s) => s.player_id === playerIds[i])!.latest);
      expect(series.points.length).toBeLessThanOrEqual(CHART_POINTS);
      expect(series.points.length).toBeGreaterThan(CHART_POINTS - 10);
      expect(series.points[0]).toEqual({ at: iso(startOf(member.user.id)), total: 0 });
      expect(series.points.at(-1)).toEqual({ at: iso(latest), total: liveTable.find((p) => p.userID === member.user.id)!.total });
      expectTrueGains(series, RATES[i]!, startOf(member.user.id));
      // Spread over the whole competition: no gap much wider than a slice.
      const times = series.points.map((p) => Date.parse(p.at));
      const widest = Math.max(...times.slice(1).map((at, k) => at - times[k]!));
      expect(widest).toBeLessThanOrEqual(2 * ((latest - start) / CHART_SLICES) + HOUR);
    }

    // Finished: the table is each end snapshot minus the start, and each line ends exactly there.
    await tickAt(end + 15_000);
    const final = await getCompetition(t.app, members[0]!, clan.groupID, id);
    expect(final.body.competition.status).toBe('finished');
    const ended = await participantRows(t.database.db, id);
    const table = (final.body.participants as Standing[]).map(({ userID, total, rank, gains }) => ({ userID, total, rank, gains }));
    const expected = members.map((member, i) => {
      const row = ended.get(member.user.id)!;
      expect(row.end_status).toBe('taken');
      const total = overallAt(RATES[i]!, row.end_taken_at!) - overallAt(RATES[i]!, row.start_taken_at!);
      const stored = JSON.parse(row.end_values!).overall - JSON.parse(row.start_values!).overall;
      expect(total).toBe(stored);
      return { userID: member.user.id, total, rank: i + 1, gains: { overall: total } };
    });
    expect(table).toEqual(expected);
    for (const [i, member] of members.entries()) {
      const series = (final.body.chart as Series[]).find((s) => s.userID === member.user.id)!;
      expect(series.points.length).toBeLessThanOrEqual(CHART_POINTS);
      expect(series.points[0]).toEqual({ at: iso(startOf(member.user.id)), total: 0 });
      expect(series.points.at(-1)).toEqual({ at: iso(ended.get(member.user.id)!.end_taken_at!), total: expected[i]!.total });
      expectTrueGains(series, RATES[i]!, startOf(member.user.id));
    }

    // Snapshots after the end change neither the table nor the chart.
    await tickAt(end + 3 * HOUR);
    await linkAs(t.app, members[1]!, clan.groupID, 'Chart 1');
    const kept = await getCompetition(t.app, members[0]!, clan.groupID, id);
    expect(kept.body.participants).toEqual(final.body.participants);
    expect(kept.body.chart).toEqual(final.body.chart);
  }, 240_000);
});
