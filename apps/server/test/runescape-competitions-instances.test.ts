import { describe, expect, it } from 'vitest';
import {
  createClanWithCast,
  createCompetition,
  DAY,
  getCompetition,
  HOUR,
  iso,
  linkAs,
  MINUTE,
  participantRows,
  trainingPlayers,
} from './runescape-competitions-fixtures';
import { useTwoInstances } from './runescape-two-instances';

// Two server instances on one PostgreSQL database, each with its own competitions job, lease
// holder and hiscores queue, ticking at the same moments: each participant's start and end
// snapshot is asked of the hiscores once.

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('competitions on two instances sharing PostgreSQL', () => {
  const twins = useTwoInstances(url);

  it('takes each boundary snapshot once', async () => {
    const { hiscores, a, b } = twins;
    const clan = await createClanWithCast(a.app, 'Old School RuneScape', 6);
    const players = trainingPlayers(hiscores);
    const names = clan.members.map((_, i) => `Twin ${i}`);
    for (const [i, member] of clan.members.entries()) {
      players.osrs(names[i]!, { defaultXp: 100_000 + i });
      // Links through either instance.
      await linkAs(i % 2 ? b : a.app, member, clan.groupID, names[i]!);
    }
    const start = a.clock.now() + HOUR;
    const end = start + DAY;
    const created = await createCompetition(b, clan.admin, {
      groupID: clan.groupID,
      name: 'Twin cup',
      startsAt: iso(start),
      endsAt: iso(end),
      metrics: ['overall'],
    });
    expect(created.status).toBe(200);
    const id = created.body.competition.competitionID as string;
    // Lookups take a while, so the two instances' passes overlap.
    hiscores.latencyMs = 30;
    hiscores.requests.length = 0;

    const both = () => Promise.all([a.app.runescapeCompetitions.tick(), b.runescapeCompetitions.tick()]);
    a.clock.set(start + 5_000);
    const first = await both();
    expect(first.filter((r) => r.leader)).toHaveLength(1);
    for (const at of [start + 15_000, start + 30_000, start + 45_000]) {
      a.clock.set(at);
      await both();
    }
    const asked = (name: string) => hiscores.requests.filter((r) => r.player === name).length;
    expect(names.map(asked)).toEqual(names.map(() => 1));
    let rows = await participantRows(a.database.db, id);
    expect([...rows.values()].every((row) => row.start_status === 'taken' && row.start_taken_at! - start < MINUTE)).toBe(true);

    // The end, both instances ticking again.
    hiscores.requests.length = 0;
    for (const at of [end + 5_000, end + 15_000, end + 30_000]) {
      a.clock.set(at);
      const results = await both();
      expect(results.filter((r) => r.leader).length).toBeLessThanOrEqual(1);
    }
    expect(names.map(asked)).toEqual(names.map(() => 1));
    rows = await participantRows(a.database.db, id);
    expect([...rows.values()].every((row) => row.end_status === 'taken' && row.end_taken_at! - end < MINUTE)).toBe(true);
    const seenFromA = await getCompetition(a.app, clan.owner, clan.groupID, id);
    const seenFromB = await getCompetition(b, clan.owner, clan.groupID, id);
    expect(seenFromA.body.participants).toEqual(seenFromB.body.participants);
    expect(seenFromA.body.participants.every((p: { endSnapshot: string }) => p.endSnapshot === 'taken')).toBe(true);
  }, 60_000);
});
