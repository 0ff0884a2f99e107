import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from '../fakes/osrs-hiscores-fake';
import { hiscoresJson } from '../fakes/osrs-hiscores-fixtures';
import {
  createDatabase,
  report,
  startNode,
  type ServerNode,
  type TestDatabase,
  whyNotRunnable,
} from './harness';
import { clanWithLinkedPlayers, waitFor } from './runescape-clan';

// Two server processes on one PostgreSQL database, both running the refresh job of linked
// RuneScape accounts every second: only the lease holder may ask the hiscores, and when it dies
// the other takes over.

const why = await whyNotRunnable();
if (why) report(`runescape-refresh.test.ts skipped: ${why}`);

const PLAYERS = ['Refresh A', 'Refresh B', 'Refresh C'];

/** The instance ids that logged a refresh pass, from a node's JSON log lines. */
function refresherIds(node: ServerNode): Set<string> {
  const ids = new Set<string>();
  for (const line of node.output().split('\n')) {
    if (!line.includes('"hiscores refresh"')) continue;
    try {
      const entry = JSON.parse(line) as { instanceId?: string };
      if (entry.instanceId) ids.add(entry.instanceId);
    } catch {
      // not a log line of ours
    }
  }
  return ids;
}


describe.skipIf(why !== null)('the RuneScape refresh job on two nodes sharing PostgreSQL', () => {
  let database: TestDatabase;
  let osrs: OsrsHiscoresFake;
  let a: ServerNode;
  let b: ServerNode;

  beforeAll(async () => {
    database = await createDatabase('rsrefresh');
    osrs = await createOsrsHiscoresFake();
    // Every lookup finds more experience, so every refresh stores a snapshot.
    let grinds = 0;
    for (const name of PLAYERS) osrs.setPlayer(name, () => hiscoresJson({ defaultXp: 1_000_000 + (grinds += 1) * 1000 }));
    const env = {
      DATABASE_URL: database.url,
      OSRS_HISCORES_URL: osrs.url,
      RUNESCAPE_REFRESH_SECONDS: '1',
      RUNESCAPE_JOB_INTERVAL_SECONDS: '1',
      LOG_LEVEL: 'info',
    };
    [a, b] = await Promise.all([startNode({ name: 'A', env }), startNode({ name: 'B', env })]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await osrs?.close();
    await database?.drop();
  });

  it('refreshes on exactly one node, and on the other once the first is gone', async () => {
    await clanWithLinkedPlayers(a, b, 'Refresh Clan', PLAYERS);

    const snapshots = async () =>
      Number((await database.query<{ n: string }>('select count(*) as n from runescape_snapshots'))[0]!.n);
    // Each account gets several refreshes (one at link time, then about one a second).
    await waitFor('four snapshots per account', async () => ((await snapshots()) >= PLAYERS.length * 4 ? true : undefined));

    const [lease] = await database.query<{ holder: string }>("select holder from runescape_job_lease where name = 'refresh'");
    const byA = refresherIds(a);
    const byB = refresherIds(b);
    expect(byA.size + byB.size, `A: ${[...byA].join()} B: ${[...byB].join()}`).toBe(1);
    const leader = byA.size === 1 ? a : b;
    const follower = leader === a ? b : a;
    expect([...refresherIds(leader)]).toEqual([lease!.holder]);
    report(`refresh: node ${leader.name} holds the lease and refreshed ${await snapshots()} snapshots; node ${follower.name} did none`);

    // No account was asked twice within one refresh interval, as two refreshers would.
    const perPlayer = PLAYERS.map((name) => osrs.requests.filter((r) => r.player === name).length);
    const total = await snapshots();
    expect(perPlayer.reduce((x, y) => x + y, 0)).toBe(total);

    await leader.kill9();
    const before = await snapshots();
    await waitFor('the other node to take over', async () => (refresherIds(follower).size === 1 ? true : undefined));
    await waitFor('new snapshots from the other node', async () => ((await snapshots()) >= before + PLAYERS.length ? true : undefined));
    const [taken] = await database.query<{ holder: string }>("select holder from runescape_job_lease where name = 'refresh'");
    expect([...refresherIds(follower)]).toEqual([taken!.holder]);
    report(`refresh: after node ${leader.name} was killed, node ${follower.name} took the lease over and went on refreshing`);
  }, 90_000);
});
