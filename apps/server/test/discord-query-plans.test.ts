import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createEventMailJob } from '../src/features/reminders/event-mail.job';
import { createInProcessGroupChanges } from '../src/features/live/group-changes';
import '../src/features/discord/discord-app.tables';
import { createDiscordFake, type DiscordFake } from './fakes/discord-fake';
import { fakeDiscordApp, linkDiscord, nextChannelId, sendInteraction, slashCommand } from './discord-fixtures';
import { createGameFrom, draftFor } from './civ-games-fixtures';
import { playGame } from './civ-ladder-fixtures';
import { attend, createEvent } from './events-fixtures';
import { call, createCast, groupWithCast } from './groups-fixtures';
import { createTestApp, memoryMailer, TEST_APP_CONFIG, type TestApp } from './test-app';
import { VERSIONS_TABLE } from '../src/db/table-versions';
import { INTERACTION_ID_KEPT_MS } from '../src/features/discord/discord-interactions.service';

// Every statement of the Discord application that reads or changes its tables finds its rows
// through an index, on both engines: sign-in, links, channels, presses, commands, the bot's
// outbox jobs and the reminder DMs, a deleted group's removals and the forgetting of handled interactions.
// The outbox's claim, and the parking of the jobs that wait while the application is off and their
// return once it is on, go through the pending index by its time column: parked jobs cost a poll nothing.

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const captured: CompiledQuery[] = [];
let t: TestApp;
let discord: DiscordFake;

beforeAll(async () => {
  discord = await createDiscordFake();
  const changes = createInProcessGroupChanges();
  t = await createTestApp({
    onQuery: (query) => captured.push(query),
    discordApiUrl: discord.url,
    discordApp: fakeDiscordApp,
    discordDelivery: { pollMs: 3_600_000 },
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
    deps: { changes },
  });
  const cast = await createCast(t.app);
  const group = await groupWithCast(t.app, cast, true);
  const channelID = nextChannelId();
  await linkDiscord(t.app, discord, cast.admin);
  await call(t.app, `/api/groups/${group._id}/discordChannel`, { method: 'POST', as: cast.admin, payload: { channelID } });
  const memberId = await linkDiscord(t.app, discord, cast.member);
  await t.app.inject({ method: 'POST', url: '/api/auth/discord/dmReminders', headers: cast.member.auth, payload: { dmReminders: true } });
  const event = await createEvent(t.app, cast.admin, group._id, t.clock.now(), { startIn: 30 * 60_000 });
  await attend(t.app, cast.admin, event._id);
  await sendInteraction(t.app, t.clock.now(), {
    type: 3,
    channel_id: channelID,
    member: { user: { id: memberId } },
    data: { custom_id: `rsvp:attend:${event._id}` },
  });
  for (const name of ['next', 'availability', 'rankings', 'draft'])
    await sendInteraction(t.app, t.clock.now(), slashCommand(name, memberId, channelID));
  const job = createEventMailJob({
    db: t.database.db,
    clock: t.clock,
    mailer: t.mailer,
    log: t.app.log,
    publicUrl: 'http://smm.test',
    changes,
  });
  await job.tick();
  await job.stop();
  await t.app.discordDeliveries.settled();
  await call(t.app, `/api/events/deleteEvent?eventID=${event._id}`, { method: 'POST', as: cast.admin });
  await t.app.discordDeliveries.settled();
  // A game drafted by the server, announced in the channel.
  const { body } = await draftFor(t.app, group, cast.owner, [cast.owner, cast.admin]);
  await createGameFrom(t.app, cast.owner, body);
  await t.app.discordDeliveries.settled();
  // A game finished, its result announced.
  await playGame(t.app, t.clock, group, cast.owner, { players: [cast.owner, cast.member], out: [[cast.member]] });
  await t.app.discordDeliveries.settled();
  await t.app.inject({ method: 'GET', url: '/api/auth/discord', headers: cast.member.auth });
  await t.app.inject({ method: 'POST', url: '/api/auth/discord/unlink', headers: cast.member.auth });
  // A sign-in of someone new, and the exchange of its grant.
  discord.consent = { id: '123456789012345678', username: 'newcomer', global_name: null };
  const started = await t.app.inject({ method: 'POST', url: '/api/auth/discord/login', payload: {} });
  const cookie = String(started.headers['set-cookie']).split(';')[0]!;
  const back = new URL((await fetch((started.json() as { url: string }).url, { redirect: 'manual' })).headers.get('location')!);
  const landed = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
  const grant = new URLSearchParams(new URL(String(landed.headers.location)).hash.slice(1)).get('grant');
  await t.app.inject({ method: 'POST', url: '/api/auth/discord/session', payload: { grant }, headers: { cookie } });
  // A group deleted with a post in its channel: the post's removal, queued with the deletion and sent.
  const deleted = await groupWithCast(t.app, cast, true);
  await call(t.app, `/api/groups/${deleted._id}/discordChannel`, {
    method: 'POST',
    as: cast.admin,
    payload: { channelID: nextChannelId() },
  });
  await createEvent(t.app, cast.admin, deleted._id, t.clock.now());
  await t.app.discordDeliveries.settled();
  await call(t.app, `/api/groups/deleteGroup/${deleted._id}`, { method: 'POST', as: cast.owner });
  await t.app.discordDeliveries.settled();
  // The handled interactions' ids, forgotten once expired.
  t.clock.advance(INTERACTION_ID_KEPT_MS + 1);
  await t.app.discordDeliveries.tick();
  // An instance with the Discord application off parks a deleted group's removals; the bot's own
  // passes (above, and again here) bring them back.
  const parked = await groupWithCast(t.app, cast, true);
  await call(t.app, `/api/groups/${parked._id}/discordChannel`, {
    method: 'POST',
    as: cast.admin,
    payload: { channelID: nextChannelId() },
  });
  await createEvent(t.app, cast.admin, parked._id, t.clock.now());
  await t.app.discordDeliveries.settled();
  const off = await buildApp({
    database: t.database,
    mailer: memoryMailer(),
    clock: t.clock,
    changes: createInProcessGroupChanges(),
    config: { ...TEST_APP_CONFIG, discordApiUrl: discord.url, discordDelivery: { pollMs: 3_600_000 } },
  });
  await off.ready();
  try {
    await call(off, `/api/groups/deleteGroup/${parked._id}`, { method: 'POST', as: cast.owner });
    await off.discordDeliveries.tick();
  } finally {
    await off.close();
  }
  await t.app.discordDeliveries.tick();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await discord?.close();
});

/** The statements that look rows up in the Discord application's tables (inserts look nothing up). */
const DISCORD_TABLES = /discord_(links|oauth_states|login_grants|channels|event_messages|deliveries|interactions)/;
// The announcements of a drafted game and of a result read the game and its players.
const DRAFTED_GAME =
  /from "civ_drafts" inner join "civ_games"|from "civ_games" inner join "groups"|from "civ_game_members" inner join "users"/;
const statements = () => [
  ...new Map(
    captured
      .filter((q) => (DISCORD_TABLES.test(q.sql) || DRAFTED_GAME.test(q.sql)) && /^\s*(select|update|delete)/i.test(q.sql))
      .map((q) => [q.sql, q]),
  ).values(),
];
const short = (query: CompiledQuery) => query.sql.replace(/\s+/g, ' ').slice(0, 160);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
function* planNodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* planNodes(child);
}

describe('Discord application query plans', () => {
  it('captured the statements of every part', () => {
    const text = statements()
      .map((q) => q.sql)
      .join('\n');
    expect(text).toMatch(DRAFTED_GAME);
    for (const table of [
      'discord_links',
      'discord_oauth_states',
      'discord_login_grants',
      'discord_channels',
      'discord_event_messages',
      'discord_deliveries',
      'discord_interactions',
    ])
      expect(text).toContain(table);
  });

  /** The outbox's claim, its parking of waiting jobs and their return: each reads by next_attempt_at. */
  const byDueTime = () => {
    const found = statements().filter((q) => /^\s*update "discord_deliveries" set "(claimed_by|next_attempt_at)"/.test(q.sql));
    const [claim, park, unpark] = [/"attempts" = "attempts" \+/, /"dedupe_key" like/, /"next_attempt_at" = \$?\d*\??$/m].map((re) =>
      found.filter((q) => re.test(q.sql.replace(/\s+$/, ''))),
    );
    expect([claim!.length, park!.length, unpark!.length]).toEqual([1, 1, 1]);
    return [...claim!, ...park!, ...unpark!];
  };

  it.skipIf(postgres)("SQLite: the outbox's claim, parking and return find their rows by the pending index's time", async () => {
    const found: string[] = [];
    for (const query of byDueTime()) {
      const { rows } = await t.database.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
      const details = rows.map((r) => r.detail).join(' | ');
      if (!/USING INDEX discord_deliveries_pending_idx \(sent_at=\? AND failed_at=\? AND next_attempt_at[<=]\?\)/.test(details))
        found.push(`${details}: ${short(query)}`);
    }
    expect(found).toEqual([]);
  });

  it.skipIf(!postgres)("PostgreSQL: the outbox's claim, parking and return find their rows by the pending index's time", async () => {
    const found: string[] = [];
    for (const query of byDueTime()) {
      const nodes = await t.database.db.transaction().execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx);
        const { rows } = await tx.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({
          ...query,
          sql: `explain (format json) ${query.sql}`,
        });
        return [...planNodes(rows[0]!['QUERY PLAN'][0].Plan)];
      });
      const byTime = nodes.some(
        (n) => n['Index Name'] === 'discord_deliveries_pending_idx' && /next_attempt_at/.test(n['Index Cond'] ?? ''),
      );
      if (!byTime) found.push(`${JSON.stringify(nodes.map((n) => [n['Node Type'], n['Index Name'], n['Index Cond']]))}: ${short(query)}`);
    }
    expect(found).toEqual([]);
  });

  it.skipIf(postgres)('SQLite: no statement scans a table whole', async () => {
    const found: string[] = [];
    for (const query of statements()) {
      const { rows } = await t.database.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
      for (const { detail } of rows) if (/^SCAN (?!\()/.test(detail)) found.push(`${detail}: ${short(query)}`);
    }
    expect(found).toEqual([]);
  });

  it.skipIf(!postgres)('PostgreSQL: every statement has an index, whatever the size of its tables', async () => {
    const found: string[] = [];
    for (const query of statements()) {
      const scans = await t.database.db.transaction().execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx);
        const { rows } = await tx.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({
          ...query,
          sql: `explain (format json) ${query.sql}`,
        });
        return [...planNodes(rows[0]!['QUERY PLAN'][0].Plan)]
          .filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] !== VERSIONS_TABLE)
          .map((n) => n['Relation Name']!);
      });
      for (const table of scans) found.push(`${table}: ${short(query)}`);
    }
    expect(found).toEqual([]);
  });
});
