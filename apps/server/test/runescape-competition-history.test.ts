import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompetitionHistoryEntry } from '@smm/shared/runescape/competition-schemas';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { createEvent } from './events-fixtures';
import { call } from './groups-fixtures';
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
import { createTestApp, createUser, type TestApp } from './test-app';

// A competition's history: every edit that changes something is kept (who, when, each field from
// what to what), in the transaction of the edit; an edit that changes nothing, or is refused, is not.
// Whoever may read the competition reads its history, newest first.

let hiscores: OsrsHiscoresFake;
let t: TestApp;
let clan: Clan;
let seq = 0;

beforeAll(async () => {
  hiscores = await createOsrsHiscoresFake();
  t = await createTestApp({
    osrsHiscoresUrl: hiscores.url,
    upstreamTimeoutMs: 2000,
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
  });
  const players = trainingPlayers(hiscores);
  clan = await createClanWithCast(t.app, 'Old School RuneScape', 2);
  for (const [i, member] of clan.members.entries()) {
    players.osrs(`History ${i}`, { defaultXp: 100_000 * (i + 1) });
    await linkAs(t.app, member, clan.groupID, `History ${i}`);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await hiscores?.close();
});

interface Created {
  competitionID: string;
  name: string;
  startsAt: string;
  endsAt: string;
  updatedAt: number;
}

/** A competition starting an hour from now, lasting a day. */
async function created(): Promise<Created> {
  seq += 1;
  const start = t.clock.now() + HOUR;
  const res = await createCompetition(t.app, clan.admin, {
    groupID: clan.groupID,
    name: `History cup ${seq}`,
    startsAt: iso(start),
    endsAt: iso(start + DAY),
    metrics: ['overall'],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.history).toEqual([]);
  return res.body.competition as Created;
}

const storedRows = (competitionId: string) =>
  t.database.db.selectFrom('runescape_competition_changes').selectAll().where('competition_id', '=', competitionId).execute();

async function historyAs(as: Clan['owner'], competitionID: string): Promise<CompetitionHistoryEntry[]> {
  const res = await getCompetition(t.app, as, clan.groupID, competitionID);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.history;
}

describe('the history of a competition', () => {
  it('records who moved the end of a running competition, from when to when, and a member reads it', async () => {
    const competition = await created();
    const ids = { groupID: clan.groupID, competitionID: competition.competitionID };
    const start = Date.parse(competition.startsAt);
    t.clock.set(start + MINUTE);
    const movedAt = t.clock.now();
    const newEnd = Date.parse(competition.endsAt) + DAY;
    const moved = await post(t.app, clan.admin, 'updateCompetition', { ...ids, endsAt: iso(newEnd) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const entry = {
      at: iso(movedAt),
      actorID: clan.admin.user.id,
      actorUsername: clan.admin.user.username,
      changes: [{ field: 'endsAt', before: competition.endsAt, after: iso(newEnd) }],
    };
    // The edit's own answer carries it, and so does the detail a member reads.
    expect(moved.body.history).toEqual([entry]);
    const [member] = clan.members;
    expect(await historyAs(member!, competition.competitionID)).toEqual([entry]);
    // Stored once, naming the clan, in epoch ms.
    const rows = await storedRows(competition.competitionID);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ group_id: clan.groupID, actor_id: clan.admin.user.id, changed_at: movedAt });
    expect(JSON.parse(rows[0]!.changes)).toEqual([{ field: 'endsAt', before: Date.parse(competition.endsAt), after: newEnd }]);

    // A later rename by the owner comes first.
    t.clock.advance(MINUTE);
    const renamed = await post(t.app, clan.owner, 'updateCompetition', { ...ids, name: 'Longer cup', endsAt: iso(newEnd) });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.history).toEqual([
      {
        at: iso(t.clock.now()),
        actorID: clan.owner.user.id,
        actorUsername: clan.owner.user.username,
        changes: [{ field: 'name', before: competition.name, after: 'Longer cup' }],
      },
      entry,
    ]);
    // Outsiders read neither the competition nor its history; the list carries no history.
    const outsider = await createUser(t.app);
    expect((await getCompetition(t.app, outsider, clan.groupID, competition.competitionID)).status).toBe(404);
    const list = await call(t.app, `/api/runescape/getCompetitions?groupID=${clan.groupID}`, { as: member! });
    expect(list.body.competitions.find((c: Created) => c.competitionID === competition.competitionID)).not.toHaveProperty('history');
  });

  it('records every field an edit before the start changes: a rename, the times, the metrics, the kind, who takes part', async () => {
    const competition = await created();
    const ids = { groupID: clan.groupID, competitionID: competition.competitionID };
    t.clock.advance(MINUTE);
    const renamed = await post(t.app, clan.admin, 'updateCompetition', { ...ids, name: 'Renamed cup' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.history).toEqual([
      {
        at: iso(t.clock.now()),
        actorID: clan.admin.user.id,
        actorUsername: clan.admin.user.username,
        changes: [{ field: 'name', before: competition.name, after: 'Renamed cup' }],
      },
    ]);

    const start = Date.parse(competition.startsAt);
    const edited = await post(t.app, clan.admin, 'updateCompetition', {
      ...ids,
      name: 'Renamed cup',
      startsAt: iso(start + HOUR),
      endsAt: iso(start + 2 * DAY),
      metrics: ['attack', 'zulrah'],
      kind: 'teams',
      participation: 'join',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.history).toHaveLength(2);
    expect(edited.body.history[0].changes).toEqual([
      { field: 'startsAt', before: competition.startsAt, after: iso(start + HOUR) },
      { field: 'endsAt', before: competition.endsAt, after: iso(start + 2 * DAY) },
      { field: 'metrics', before: ['overall'], after: ['attack', 'zulrah'] },
      { field: 'kind', before: 'classic', after: 'teams' },
      { field: 'participation', before: 'everyone', after: 'join' },
    ]);
    // Each edit stamped apart, even within one millisecond: the newest is first.
    expect(Date.parse(edited.body.history[0].at)).toBeGreaterThan(Date.parse(edited.body.history[1].at));
    expect(await storedRows(competition.competitionID)).toHaveLength(2);
  });

  it('names the events of a change of event as they were called at the edit, and keeps those names after a rename', async () => {
    const competition = await created();
    const ids = { groupID: clan.groupID, competitionID: competition.competitionID };
    const raid = await createEvent(t.app, clan.admin, clan.groupID, t.clock.now(), { eventName: 'Raid night' });
    const boss = await createEvent(t.app, clan.admin, clan.groupID, t.clock.now(), { eventName: 'Boss night' });
    t.clock.advance(MINUTE);
    const toRaid = await post(t.app, clan.admin, 'updateCompetition', { ...ids, participation: 'event', eventID: raid._id });
    expect(toRaid.status, JSON.stringify(toRaid.body)).toBe(200);
    expect(toRaid.body.history[0].changes).toEqual([
      { field: 'participation', before: 'everyone', after: 'event' },
      { field: 'eventID', before: null, after: raid._id, beforeName: null, afterName: 'Raid night' },
    ]);
    t.clock.advance(MINUTE);
    const toBoss = await post(t.app, clan.admin, 'updateCompetition', { ...ids, eventID: boss._id });
    expect(toBoss.status, JSON.stringify(toBoss.body)).toBe(200);
    const moved = { field: 'eventID', before: raid._id, after: boss._id, beforeName: 'Raid night', afterName: 'Boss night' };
    expect(toBoss.body.history[0].changes).toEqual([moved]);

    // The history tells what the events were called then, whatever they are called now.
    const renamed = await call(t.app, `/api/events/updateEvent?eventID=${raid._id}`, {
      method: 'POST',
      as: clan.admin,
      payload: {
        groupID: clan.groupID,
        userID: clan.admin.user.id,
        eventName: 'Raid night (moved)',
        startDate: raid.startDate,
        endDate: raid.endDate,
        maxNumberOfMembers: raid.maxNumberOfMembers,
      },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await historyAs(clan.members[0]!, competition.competitionID))[0]!.changes).toEqual([moved]);
  });

  it('reads an edit kept before events were named as a change of event with no names', async () => {
    const competition = await created();
    await t.database.db
      .insertInto('runescape_competition_changes')
      .values({
        id: `old-${competition.competitionID}`,
        competition_id: competition.competitionID,
        group_id: clan.groupID,
        actor_id: clan.admin.user.id,
        changed_at: t.clock.now(),
        changes: JSON.stringify([{ field: 'eventID', before: 'e1', after: 'e2' }]),
      })
      .execute();
    expect((await historyAs(clan.admin, competition.competitionID))[0]!.changes).toEqual([
      { field: 'eventID', before: 'e1', after: 'e2', beforeName: null, afterName: null },
    ]);
  });

  it('records nothing for an edit that changes nothing, nor for a refused one', async () => {
    const competition = await created();
    const ids = { groupID: clan.groupID, competitionID: competition.competitionID };
    // The edit dialog sends every field back: unchanged, it is no change.
    const same = await post(t.app, clan.admin, 'updateCompetition', {
      ...ids,
      name: competition.name,
      startsAt: competition.startsAt,
      endsAt: competition.endsAt,
      metrics: ['overall'],
      kind: 'classic',
      participation: 'everyone',
      eventID: null,
      expectedUpdatedAt: competition.updatedAt,
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.history).toEqual([]);

    const [member] = clan.members;
    expect((await post(t.app, member!, 'updateCompetition', { ...ids, name: 'Mine' })).status).toBe(403);
    const stale = await post(t.app, clan.admin, 'updateCompetition', { ...ids, name: 'Stale', expectedUpdatedAt: competition.updatedAt });
    expect(stale.status).toBe(409);
    const tooLong = await post(t.app, clan.admin, 'updateCompetition', {
      ...ids,
      name: 'Long',
      endsAt: iso(Date.parse(competition.startsAt) + 400 * DAY),
    });
    expect(tooLong.status).toBe(400);

    const start = Date.parse(competition.startsAt);
    t.clock.set(start + MINUTE);
    const locked = await post(t.app, clan.admin, 'updateCompetition', { ...ids, name: 'Locked', metrics: ['attack'] });
    expect(locked.status).toBe(400);
    expect(locked.body.message).toBe('Once a competition has started only its name and end time can change');
    const past = await post(t.app, clan.admin, 'updateCompetition', { ...ids, endsAt: iso(start) });
    expect(past.status).toBe(400);
    t.clock.set(Date.parse(competition.endsAt));
    expect((await post(t.app, clan.admin, 'updateCompetition', { ...ids, name: 'Too late' })).status).toBe(400);

    expect(await storedRows(competition.competitionID)).toEqual([]);
    expect(await historyAs(clan.owner, competition.competitionID)).toEqual([]);
  });

  it("keeps an edit once its editor's account is gone, naming nobody, and goes with the competition", async () => {
    // An account that made an edit, then is deleted (the edit is handed to it here: its rights do not matter).
    const editor = await createUser(t.app);
    const competition = await created();
    const ids = { groupID: clan.groupID, competitionID: competition.competitionID };
    expect((await post(t.app, clan.admin, 'updateCompetition', { ...ids, name: 'Kept cup' })).status).toBe(200);
    const db = t.database.db;
    await db
      .updateTable('runescape_competition_changes')
      .set({ actor_id: editor.user.id })
      .where('competition_id', '=', ids.competitionID)
      .execute();
    await db.deleteFrom('users').where('id', '=', editor.user.id).execute();
    const [entry] = await historyAs(clan.owner, competition.competitionID);
    expect(entry).toMatchObject({ actorID: null, actorUsername: null, changes: [{ field: 'name', after: 'Kept cup' }] });

    expect((await post(t.app, clan.admin, 'deleteCompetition', ids)).status).toBe(200);
    expect(await storedRows(competition.competitionID)).toEqual([]);
  });
});
