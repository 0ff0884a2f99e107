import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import '../src/features/runescape/bingo.tables';
import { claimTile, pngScreenshot } from './runescape-bingo-fixtures';
import { createClanWithCast, DAY, HOUR, iso, linkAs, post, trainingPlayers } from './runescape-competitions-fixtures';
import { useTwoInstances } from './runescape-two-instances';

// Two server instances on one PostgreSQL database, each with its own bingo job and lease holder,
// ticking at the same moments: each member's start snapshot is asked of the hiscores once, an XP
// tile is completed once, and a screenshot uploaded to one instance is served by the other.

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('bingo on two instances sharing PostgreSQL', () => {
  const twins = useTwoInstances(url);

  it('snapshots each member once, completes a tile once and serves a screenshot from either instance', async () => {
    const { hiscores, a, b } = twins;
    const clan = await createClanWithCast(a.app, 'Old School RuneScape', 4);
    const players = trainingPlayers(hiscores);
    const names = clan.members.map((_, i) => `Bingo twin ${i}`);
    for (const [i, member] of clan.members.entries()) {
      players.osrs(names[i]!, { defaultXp: 100_000 });
      await linkAs(i % 2 ? b : a.app, member, clan.groupID, names[i]!);
    }
    const start = a.clock.now() + HOUR;
    const created = await post(b, clan.admin, 'createBingo', {
      groupID: clan.groupID,
      name: 'Twin bingo',
      startsAt: iso(start),
      endsAt: iso(start + DAY),
      size: 3,
      tiles: Array.from({ length: 9 }, (_, i) =>
        i === 0 ? { kind: 'xp', title: 'Mining', metric: 'mining', goal: 500, points: 3 } : { kind: 'task', title: `Task ${i}`, points: 1 },
      ),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const bingoID = created.body.bingo.bingoID as string;
    const [m0, m1, m2, m3] = clan.members;
    const teams = await post(a.app, clan.admin, 'setBingoTeams', {
      groupID: clan.groupID,
      bingoID,
      teams: [
        { name: 'North', userIDs: [m0!.user.id, m1!.user.id] },
        { name: 'South', userIDs: [m2!.user.id, m3!.user.id] },
      ],
    });
    expect(teams.status).toBe(200);
    hiscores.latencyMs = 30;
    hiscores.requests.length = 0;

    const both = () => Promise.all([a.app.runescapeBingo.tick(), b.runescapeBingo.tick()]);
    for (const at of [start + 5_000, start + 15_000, start + 30_000]) {
      a.clock.set(at);
      const results = await both();
      expect(results.filter((r) => r.leader).length).toBeLessThanOrEqual(1);
    }
    const asked = (name: string) => hiscores.requests.filter((r) => r.player === name).length;
    expect(names.map(asked)).toEqual(names.map(() => 1));

    players.osrs(names[0]!, { defaultXp: 100_000, xp: { Mining: 100_300 } });
    players.osrs(names[1]!, { defaultXp: 100_000, xp: { Mining: 100_200 } });
    let completed = 0;
    for (const at of [start + 2 * HOUR, start + 2 * HOUR + 15_000, start + 4 * HOUR]) {
      a.clock.set(at);
      for (const result of await both()) completed += result.completed;
    }
    expect(completed).toBe(1);
    const completions = await a.database.db.selectFrom('runescape_bingo_completions').selectAll().where('bingo_id', '=', bingoID).execute();
    expect(completions).toHaveLength(1);

    // A screenshot sent to one instance is served by the other.
    const claimed = await claimTile(
      a.app,
      m2!,
      { groupID: clan.groupID, bingoID, tileID: created.body.tiles[4].tileID },
      { filename: 'shot.png', type: 'image/png', data: await pngScreenshot() },
    );
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const served = await b.inject({ method: 'GET', url: claimed.body.proofUrl as string, headers: { authorization: m3!.token } });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  }, 60_000);
});
