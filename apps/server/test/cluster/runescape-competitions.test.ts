import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from '../fakes/osrs-hiscores-fake';
import { hiscoresJson } from '../fakes/osrs-hiscores-fixtures';
import { createDatabase, report, request, sleep, startNode, type ServerNode, type TestDatabase, whyNotRunnable } from './harness';
import { clanWithLinkedPlayers, waitFor } from './runescape-clan';

// Two server processes on one PostgreSQL database, both running the competitions job every second:
// each participant's start and end snapshots are looked up once, by whichever process holds the lease.

const why = await whyNotRunnable();
if (why) report(`runescape-competitions.test.ts skipped: ${why}`);

const PLAYERS = ['Boundary A', 'Boundary B', 'Boundary C'];

interface Participant {
  userID: string;
  startSnapshot: string;
  endSnapshot: string;
  gains: Record<string, number | null>;
}

describe.skipIf(why !== null)('competition boundaries on two nodes sharing PostgreSQL', () => {
  let database: TestDatabase;
  let osrs: OsrsHiscoresFake;
  let a: ServerNode;
  let b: ServerNode;

  beforeAll(async () => {
    database = await createDatabase('rscompetitions');
    osrs = await createOsrsHiscoresFake();
    // Every lookup finds more Attack experience, so each boundary's gain shows which lookup it was.
    for (const name of PLAYERS) {
      let lookups = 0;
      osrs.setPlayer(name, () => hiscoresJson({ defaultXp: 1_000_000 + (lookups += 1) * 1000 }));
    }
    const env = {
      DATABASE_URL: database.url,
      OSRS_HISCORES_URL: osrs.url,
      // No regular refresh during the test: every lookup is a link or a boundary.
      RUNESCAPE_REFRESH_SECONDS: '86400',
      COMPETITIONS_JOB_INTERVAL_SECONDS: '1',
      LOG_LEVEL: 'info',
    };
    [a, b] = await Promise.all([startNode({ name: 'A', env }), startNode({ name: 'B', env })]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await osrs?.close();
    await database?.drop();
  });

  it('looks each participant up once at the start and once at the end', async () => {
    const { owner, clan } = await clanWithLinkedPlayers(a, b, 'Boundary Clan', PLAYERS);
    const lookupsAtLink = PLAYERS.map((name) => osrs.requests.filter((r) => r.player === name).length);

    const startsAt = Date.now() + 4000;
    const endsAt = startsAt + 6000;
    const competition = await request(b, 'POST', '/api/runescape/createCompetition', {
      from: owner.from,
      token: owner.token,
      body: {
        groupID: clan._id,
        name: 'Attack week',
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(endsAt).toISOString(),
        metrics: ['attack'],
        participation: 'everyone',
      },
    });
    expect(competition.status, JSON.stringify(competition.body)).toBe(200);
    const competitionID = (competition.body as { competition: { competitionID: string } }).competition.competitionID;

    const detail = async () => {
      const res = await request(a, 'GET', `/api/runescape/getCompetition?groupID=${clan._id}&competitionID=${competitionID}`, {
        from: owner.from,
        token: owner.token,
      });
      expect(res.status).toBe(200);
      return res.body as { participants: Participant[] };
    };
    const started = await waitFor(
      'every start snapshot',
      async () => {
        const { participants } = await detail();
        return participants.length === PLAYERS.length && participants.every((p) => p.startSnapshot === 'taken') ? participants : undefined;
      },
      45_000,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt);
    expect(started.every((p) => p.endSnapshot === 'pending')).toBe(true);

    const ended = await waitFor(
      'every end snapshot',
      async () => {
        const { participants } = await detail();
        return participants.every((p) => p.endSnapshot === 'taken') ? participants : undefined;
      },
      45_000,
    );
    // Each fake answer adds 1,000 experience: one lookup at the start and one at the end make a gain of exactly 1,000.
    expect(ended.map((p) => p.gains.attack)).toEqual(PLAYERS.map(() => 1000));
    // A few more ticks of both nodes: nothing more is looked up.
    await sleep(3000);
    const lookups = PLAYERS.map((name, i) => osrs.requests.filter((r) => r.player === name).length - lookupsAtLink[i]!);
    expect(lookups).toEqual(PLAYERS.map(() => 2));
    const [lease] = await database.query<{ holder: string }>("select holder from runescape_job_lease where name = 'competitions'");
    expect(lease?.holder).toBeTruthy();
    report(`competitions: ${PLAYERS.length} participants looked up once at the start and once at the end by the lease holder of two nodes`);
  }, 120_000);
});
