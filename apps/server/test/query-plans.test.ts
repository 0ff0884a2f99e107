import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { LARGE, READ_CALLS, readAs, seedWorld, SMALL, type World } from './read-calls-fixtures';
import { createTestApp, type TestApp } from './test-app';
import { VERSIONS_TABLE } from '../src/db/table-versions';

// On PostgreSQL, every query a read call runs is answered through an index: its plan scans no
// whole table. The tables are first filled far past what one group holds, and analysed.

const postgres = Boolean(process.env.TEST_DATABASE_URL);

/** Rows added beside the seeded worlds, so a whole-table scan would be the planner's costly choice. */
const FILL = {
  users: 50_000,
  groups: 10_000,
  membersPerGroup: 8,
  eventsPerGroup: 5,
  attendeesPerEvent: 3,
  players: 20_000,
  snapshotsPerPlayer: 5,
  bingoBoard: 5,
  bingoTeams: 2,
  bingoClaimsPerTeam: 4,
};
const DAY = 86_400_000;

const captured: CompiledQuery[] = [];
let capturing = false;
let t: TestApp;
let osrs: OsrsHiscoresFake;
let worlds: World[];

/** Bulk rows of other users and groups, written in a few statements. */
async function fill(app: TestApp) {
  const db = app.database.db;
  const now = app.clock.now();
  await sql`
    insert into users (id, username, username_key, email, password_hash, created_at, session_version)
    select 'fill-user-' || i, 'Filler' || i, 'filler' || i, 'filler' || i || '@example.com', 'x', ${now}, 0
    from generate_series(1, ${FILL.users}) as i`.execute(db);
  await sql`
    insert into groups (id, group_name, game_name, link_url, is_private, group_owner, invite_link, settings, created_at, time_zone)
    select 'fill-group-' || i, 'Filler group ' || i, case when i % 2 = 0 then 'Civilization 6' else 'Old School RuneScape' end,
      '', i % 2, 'fill-user-' || i, 'fill-invite-' || i, '{}', ${now}, 'UTC'
    from generate_series(1, ${FILL.groups}) as i`.execute(db);
  await sql`
    insert into group_members (group_id, user_id, role, is_active, team, receive_event_notifications, joined_at)
    select 'fill-group-' || g, 'fill-user-' || (((g * ${FILL.membersPerGroup} + m) % ${FILL.users}) + 1), 'Member', 1, null, 1, ${now}
    from generate_series(1, ${FILL.groups}) as g, generate_series(0, ${FILL.membersPerGroup - 1}) as m
    on conflict do nothing`.execute(db);
  await sql`
    insert into events (id, group_id, user_id, event_name, start_at, end_at, max_number_of_members, is_drafted, draft_game_id, created_at, updated_at)
    select 'fill-event-' || g || '-' || e, 'fill-group-' || g, 'fill-user-' || g, 'Filler event', ${now}::bigint + e * 3600000,
      ${now}::bigint + e * 3600000 + 7200000, 10, 0, null, ${now}, ${now}
    from generate_series(1, ${FILL.groups}) as g, generate_series(1, ${FILL.eventsPerGroup}) as e`.execute(db);
  await sql`
    insert into event_attendees (event_id, user_id, joined_at)
    select 'fill-event-' || g || '-' || e, 'fill-user-' || (((g * ${FILL.membersPerGroup} + a) % ${FILL.users}) + 1), ${now}
    from generate_series(1, ${FILL.groups}) as g, generate_series(1, ${FILL.eventsPerGroup}) as e,
      generate_series(0, ${FILL.attendeesPerEvent - 1}) as a
    on conflict do nothing`.execute(db);
  // Other clans' accounts, snapshots over the last days, and a finished competition each (the odd groups are clans).
  await sql`
    insert into runescape_players (id, player_key, game_mode, player_name, last_checked_at, refresh_due_at, failures, latest_snapshot_id, created_at)
    select 'fill-player-' || i, 'fill player ' || i, 'normal', 'Fill player ' || i, ${now}, ${now}::bigint + 3650 * ${DAY}::bigint, 0, null, ${now}
    from generate_series(1, ${FILL.players}) as i`.execute(db);
  await sql`
    insert into runescape_snapshots (id, player_id, taken_at, overall_xp, data)
    select 'fill-snapshot-' || i || '-' || k, 'fill-player-' || i, ${now}::bigint - k * 2 * ${DAY}::bigint, 1000, '{"skills":[],"activities":[]}'
    from generate_series(1, ${FILL.players}) as i, generate_series(0, ${FILL.snapshotsPerPlayer - 1}) as k`.execute(db);
  await sql`
    insert into runescape_accounts (group_id, user_id, player_id, linked_at)
    select 'fill-group-' || g, 'fill-user-' || (((g * ${FILL.membersPerGroup} + m) % ${FILL.users}) + 1),
      'fill-player-' || (((g * ${FILL.membersPerGroup} + m) % ${FILL.players}) + 1), ${now}
    from generate_series(1, ${FILL.groups}, 2) as g, generate_series(0, ${FILL.membersPerGroup - 1}) as m
    on conflict do nothing`.execute(db);
  await sql`
    insert into runescape_competitions (id, group_id, name, starts_at, ends_at, metrics, kind, participation, created_at, updated_at,
      participants_fixed_at, start_done_at, end_done_at, closed_at)
    select 'fill-competition-' || g, 'fill-group-' || g, 'Filler cup', ${now}::bigint - 10 * ${DAY}::bigint, ${now}::bigint - 3 * ${DAY}::bigint,
      '["overall"]', 'classic', 'everyone', ${now}, ${now}, ${now}, ${now}, ${now}, ${now}
    from generate_series(1, ${FILL.groups}, 2) as g`.execute(db);
  await sql`
    insert into runescape_competition_participants (competition_id, user_id, player_id, joined_at, start_status, start_taken_at, start_values,
      end_status, end_taken_at, end_values)
    select 'fill-competition-' || g, 'fill-user-' || (((g * ${FILL.membersPerGroup} + m) % ${FILL.users}) + 1),
      'fill-player-' || (((g * ${FILL.membersPerGroup} + m) % ${FILL.players}) + 1), ${now}, 'taken', ${now}::bigint - 10 * ${DAY}::bigint,
      '{"overall":1000}', 'taken', ${now}::bigint - 3 * ${DAY}::bigint, '{"overall":1000}'
    from generate_series(1, ${FILL.groups}, 2) as g, generate_series(0, ${FILL.membersPerGroup - 1}) as m
    on conflict do nothing`.execute(db);
  // A finished bingo of each other clan: its board, two teams of its members, claims and completed tiles.
  await sql`
    insert into runescape_bingos (id, group_id, name, starts_at, ends_at, size, bonuses, created_at, updated_at, start_done_at,
      refreshed_at, posted_end_at, closed_at)
    select 'fill-bingo-' || g, 'fill-group-' || g, 'Filler bingo', ${now}::bigint - 10 * ${DAY}::bigint, ${now}::bigint - 3 * ${DAY}::bigint,
      ${FILL.bingoBoard}, '{"row":0,"column":0,"diagonal":0,"board":0}', ${now}, ${now}, ${now}, ${now}, ${now}, ${now}
    from generate_series(1, ${FILL.groups}, 2) as g`.execute(db);
  await sql`
    insert into runescape_bingo_tiles (id, bingo_id, position, kind, title, description, metric, goal, points)
    select 'fill-bingo-' || g || '-tile-' || p, 'fill-bingo-' || g, p, case when p % 2 = 1 then 'xp' else 'task' end, 'Filler tile', '',
      case when p % 2 = 1 then 'overall' end, case when p % 2 = 1 then 5000 end, 1
    from generate_series(1, ${FILL.groups}, 2) as g, generate_series(0, ${FILL.bingoBoard * FILL.bingoBoard - 1}) as p`.execute(db);
  await sql`
    insert into runescape_bingo_teams (id, bingo_id, name, position)
    select 'fill-bingo-' || g || '-team-' || t, 'fill-bingo-' || g, 'Filler team', t
    from generate_series(1, ${FILL.groups}, 2) as g, generate_series(0, ${FILL.bingoTeams - 1}) as t`.execute(db);
  await sql`
    insert into runescape_bingo_members (bingo_id, user_id, team_id, player_id, start_status, start_attempts, start_next_at, start_taken_at,
      start_values)
    select 'fill-bingo-' || g, 'fill-user-' || (((g * ${FILL.membersPerGroup} + m) % ${FILL.users}) + 1),
      'fill-bingo-' || g || '-team-' || (m % ${FILL.bingoTeams}), 'fill-player-' || (((g * ${FILL.membersPerGroup} + m) % ${FILL.players}) + 1),
      'taken', 1, 0, ${now}::bigint - 10 * ${DAY}::bigint, '{"overall":1000}'
    from generate_series(1, ${FILL.groups}, 2) as g, generate_series(0, ${FILL.membersPerGroup - 1}) as m
    on conflict do nothing`.execute(db);
  await sql`
    insert into runescape_bingo_moderators (bingo_id, user_id)
    select 'fill-bingo-' || g, 'fill-user-' || (((g * ${FILL.membersPerGroup}) % ${FILL.users}) + 1)
    from generate_series(1, ${FILL.groups}, 2) as g`.execute(db);
  await sql`
    insert into runescape_bingo_claims (id, bingo_id, tile_id, team_id, user_id, note, status, reason, decided_by, decided_at, created_at,
      proof_type, proof_width, proof_height)
    select 'fill-bingo-' || g || '-claim-' || t || '-' || k, 'fill-bingo-' || g, 'fill-bingo-' || g || '-tile-' || (2 * k),
      'fill-bingo-' || g || '-team-' || t, 'fill-user-' || (((g * ${FILL.membersPerGroup} + t) % ${FILL.users}) + 1), '',
      (array['pending', 'held', 'accepted', 'declined'])[k % 4 + 1], '', null, null, ${now}::bigint - 9 * ${DAY}::bigint + k, 'image/png', 30, 20
    from generate_series(1, ${FILL.groups}, 2) as g, generate_series(0, ${FILL.bingoTeams - 1}) as t,
      generate_series(0, ${FILL.bingoClaimsPerTeam - 1}) as k`.execute(db);
  await sql`
    insert into runescape_bingo_proofs (claim_id, data)
    select id, 'cHJvb2Y=' from runescape_bingo_claims where id like 'fill-bingo-%'`.execute(db);
  await sql`
    insert into runescape_bingo_completions (tile_id, team_id, bingo_id, claim_id, completed_at)
    select 'fill-bingo-' || g || '-tile-' || p, 'fill-bingo-' || g || '-team-' || t, 'fill-bingo-' || g, null, ${now}::bigint - 5 * ${DAY}::bigint
    from generate_series(1, ${FILL.groups}, 2) as g, generate_series(0, ${FILL.bingoTeams - 1}) as t, generate_series(1, 3, 2) as p`.execute(
    db,
  );
  await sql`analyze`.execute(db);
}

beforeAll(async () => {
  osrs = await createOsrsHiscoresFake();
  t = await createTestApp({
    onQuery: (query) => capturing && captured.push(query),
    osrsHiscoresUrl: osrs.url,
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
  });
  worlds = [
    await seedWorld(t.app, t.clock.now(), SMALL, osrs, t.database.db),
    await seedWorld(t.app, t.clock.now(), LARGE, osrs, t.database.db),
  ];
  if (postgres) await fill(t);
  capturing = true;
  for (const world of worlds) for (const readCall of READ_CALLS) await readAs(t.app, world, readCall);
  capturing = false;
}, 300_000);
afterAll(async () => {
  await t?.close();
  await osrs?.close();
});

/** The nodes of a JSON plan, depth first. */
function* planNodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* planNodes(child);
}
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The tables a query's plan reads whole, besides the table versions that the caller's statement reads whole by design. */
async function seqScans(query: CompiledQuery, { indexesOnly }: { indexesOnly: boolean }): Promise<string[]> {
  return t.database.db.transaction().execute(async (tx) => {
    // With sequential scans priced out, one still chosen means no index can answer the query.
    if (indexesOnly) await sql`set local enable_seqscan = off`.execute(tx);
    const { rows } = await tx.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({ ...query, sql: `explain (format json) ${query.sql}` });
    return [...planNodes(rows[0]!['QUERY PLAN'][0].Plan)]
      .filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] !== VERSIONS_TABLE)
      .map((n) => n['Relation Name']!);
  });
}

/** Rows per table, as ANALYZE counted them. */
async function tableSizes(): Promise<Map<string, number>> {
  const { rows } = await sql<{ name: string; n: number }>`
    select relname as name, reltuples::int as n from pg_class where relkind = 'r' and relnamespace = current_schema()::regnamespace`.execute(
    t.database.db,
  );
  return new Map(rows.map((r) => [r.name, r.n]));
}

/** A query named by its first words, for the failure message. */
const short = (query: CompiledQuery) => query.sql.replace(/\s+/g, ' ').slice(0, 160);

describe.skipIf(!postgres)('query plans on PostgreSQL', () => {
  const selects = () => [...new Map(captured.filter((q) => /^\s*select/i.test(q.sql)).map((q) => [q.sql, q])).values()];

  it('captured the queries of every read call', () => {
    expect(selects().length).toBeGreaterThan(READ_CALLS.length);
  });

  it('scans no large table whole', async () => {
    const sizes = await tableSizes();
    expect(sizes.get('users')).toBeGreaterThanOrEqual(FILL.users);
    const found: string[] = [];
    for (const query of selects()) {
      for (const table of await seqScans(query, { indexesOnly: false })) {
        if ((sizes.get(table) ?? 0) >= 1000) found.push(`${table} (${sizes.get(table)} rows): ${short(query)}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('has an index for every query, whatever the size of its tables', async () => {
    const found: string[] = [];
    for (const query of selects())
      for (const table of await seqScans(query, { indexesOnly: true })) found.push(`${table}: ${short(query)}`);
    expect(found).toEqual([]);
  });
});

/**
 * The games filters by player name ("Includes" any part of a name) match users by a substring, which
 * no b-tree index can answer: SQLite reads the users' names whole (PostgreSQL starts from the group's
 * games instead, as the test above shows). Every other query must find its rows through an index.
 */
const NAME_SEARCH = /lower\("x"\."username"\) (like|=) \?/;

describe.skipIf(postgres)('query plans on SQLite', () => {
  it('has an index for every query: no plan scans a table', async () => {
    const selects = [...new Map(captured.filter((q) => /^\s*select/i.test(q.sql)).map((q) => [q.sql, q])).values()];
    expect(selects.length).toBeGreaterThan(READ_CALLS.length);
    const found: string[] = [];
    for (const query of selects) {
      const { rows } = await t.database.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
      // "SCAN users" reads the table whole, and so does "SCAN users USING INDEX ..." (the whole index);
      // "SEARCH ..." reads only the rows it looks up.
      for (const { detail } of rows) {
        if (/^SCAN (?!\()/.test(detail) && !(detail === 'SCAN x' && NAME_SEARCH.test(query.sql))) found.push(`${detail}: ${short(query)}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('counts and pages a games list from the index alone', async () => {
    const lists = [...new Map(captured.filter((q) => q.sql.includes('"page_total"')).map((q) => [q.sql, q])).values()];
    expect(lists.length).toBeGreaterThanOrEqual(2);
    for (const query of lists) {
      const { rows } = await t.database.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
      // The page's ids and the count search the group's games; only the page's rows are read by id.
      const groupSearches = rows.map((r) => r.detail).filter((detail) => /^SEARCH g USING/.test(detail) && !/\(id=\?\)/.test(detail));
      expect(groupSearches, short(query)).toHaveLength(2);
      for (const detail of groupSearches)
        expect(detail, short(query)).toMatch(/^SEARCH g USING COVERING INDEX civ_games_(active|finished)_idx/);
    }
  });
});
