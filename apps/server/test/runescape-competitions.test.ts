import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPETITION_CHANGED_MESSAGE } from '@smm/shared/runescape/competition-schemas';
import { createInProcessGroupChanges } from '../src/features/live/group-changes';
import { attend, createEvent } from './events-fixtures';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { call, createGroup } from './groups-fixtures';
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
  post,
  trainingPlayers,
  type Clan,
} from './runescape-competitions-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// The competition calls' rules: who creates, edits and deletes; what may change once started;
// joining and leaving; who takes part in 'everyone' and event competitions; teams by hand or split
// evenly; and the per-field messages of invalid input.

let hiscores: OsrsHiscoresFake;
let t: TestApp;
let players: ReturnType<typeof trainingPlayers>;
let clan: Clan;
let seq = 0;
const changes = createInProcessGroupChanges();

beforeAll(async () => {
  hiscores = await createOsrsHiscoresFake();
  t = await createTestApp({
    osrsHiscoresUrl: hiscores.url,
    upstreamTimeoutMs: 2000,
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
    deps: { changes },
  });
  players = trainingPlayers(hiscores);
  clan = await createClanWithCast(t.app, 'Old School RuneScape', 4);
  const xps = [4_000_000, 3_000_000, 2_000_000, 1_000_000];
  for (const [i, member] of clan.members.entries()) {
    players.osrs(`Rules ${i}`, { defaultXp: Math.round(xps[i]! / 24) });
    await linkAs(t.app, member, clan.groupID, `Rules ${i}`);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await hiscores?.close();
});

/** A valid body starting an hour from now, lasting a day. */
function body(fields: Record<string, unknown> = {}) {
  seq += 1;
  const start = t.clock.now() + HOUR;
  return { groupID: clan.groupID, name: `Cup ${seq}`, startsAt: iso(start), endsAt: iso(start + DAY), metrics: ['overall'], ...fields };
}

async function created(fields: Record<string, unknown> = {}) {
  const res = await createCompetition(t.app, clan.admin, body(fields));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { competition: { competitionID: string; updatedAt: number; startsAt: string; endsAt: string } };
}

describe('who manages competitions', () => {
  it('Administrators and the owner create, edit and delete; members and outsiders cannot', async () => {
    const [member] = clan.members;
    expect((await createCompetition(t.app, member!, body())).status).toBe(403);
    expect((await createCompetition(t.app, clan.owner, body())).status).toBe(200);
    const outsider = await createUser(t.app);
    expect((await createCompetition(t.app, outsider, body())).status).toBe(404);
    const { competition } = await created();
    const id = competition.competitionID;
    const edit = { groupID: clan.groupID, competitionID: id, name: 'Renamed' };
    expect((await post(t.app, member!, 'updateCompetition', edit)).status).toBe(403);
    expect((await post(t.app, member!, 'deleteCompetition', { groupID: clan.groupID, competitionID: id })).status).toBe(403);
    expect((await post(t.app, clan.owner, 'updateCompetition', edit)).body.competition.name).toBe('Renamed');
    // Members see the list and the detail, with what they may do.
    const list = await call(t.app, `/api/runescape/getCompetitions?groupID=${clan.groupID}`, { as: member! });
    expect(list.status).toBe(200);
    expect(list.body.competitions.find((c: { competitionID: string }) => c.competitionID === id)).toMatchObject({
      status: 'upcoming',
      participantCount: 4,
      name: 'Renamed',
    });
    expect((await getCompetition(t.app, member!, clan.groupID, id)).body.viewer).toEqual({
      takesPart: true,
      mayJoin: false,
      mayLeave: false,
      mayManage: false,
    });
    expect((await getCompetition(t.app, clan.admin, clan.groupID, id)).body.viewer).toMatchObject({ takesPart: false, mayManage: true });
    expect((await call(t.app, `/api/runescape/getCompetitions?groupID=${clan.groupID}`, { as: outsider })).status).toBe(404);
    expect((await post(t.app, clan.admin, 'deleteCompetition', { groupID: clan.groupID, competitionID: id })).body).toEqual({
      competitionID: id,
    });
    expect((await getCompetition(t.app, member!, clan.groupID, id)).status).toBe(404);
  });

  it('is for RuneScape clans only, and a competition answers only under its own clan', async () => {
    const civ = await createGroup(t.app, clan.owner, { gameName: 'Civilization 6' });
    expect((await createCompetition(t.app, clan.owner, { ...body(), groupID: civ._id })).status).toBe(400);
    const { competition } = await created();
    const other = await createGroup(t.app, clan.owner, { gameName: 'Old School RuneScape' });
    expect((await getCompetition(t.app, clan.owner, other._id, competition.competitionID)).status).toBe(404);
  });
});

describe('invalid input', () => {
  it('answers 400 with a message under each field', async () => {
    const bad = async (fields: Record<string, unknown>) => {
      const res = await createCompetition(t.app, clan.admin, body(fields));
      expect(res.status).toBe(400);
      return res.body.fields as Record<string, string>;
    };
    expect(await bad({ name: '  ' })).toMatchObject({ name: 'Name is required' });
    expect(await bad({ name: 'x'.repeat(81) })).toMatchObject({ name: 'Name must be at most 80 characters' });
    expect(await bad({ startsAt: 'tomorrow' })).toMatchObject({ startsAt: 'Start time must be an ISO 8601 date and time' });
    expect(await bad({ endsAt: iso(t.clock.now() + 30 * MINUTE) })).toMatchObject({ endsAt: 'End time must be after the start time' });
    expect(await bad({ endsAt: iso(t.clock.now() + 100 * DAY) })).toMatchObject({ endsAt: 'A competition may last at most 90 days' });
    expect(await bad({ metrics: [] })).toMatchObject({ metrics: 'Pick at least one metric' });
    expect(await bad({ metrics: ['attack', 'attack'] })).toMatchObject({ metrics: 'Each metric may be picked once' });
    expect(await bad({ metrics: ['attack', 'necromancy'] })).toMatchObject({
      metrics: 'Unknown metric for Old School RuneScape: necromancy',
    });
    expect(await bad({ kind: 'league' })).toMatchObject({ kind: "Kind must be 'classic' or 'teams'" });
    expect(await bad({ participation: 'event' })).toMatchObject({ eventID: 'Pick the event whose attendees take part' });
    expect(await bad({ participation: 'event', eventID: 'nope' })).toMatchObject({ eventID: 'Event not found in this clan' });
    expect(await bad({ startsAt: iso(t.clock.now() - MINUTE), endsAt: iso(t.clock.now() + HOUR) })).toMatchObject({
      startsAt: 'Start time must be in the future',
    });
    const split = await post(t.app, clan.admin, 'setCompetitionTeams', {
      groupID: clan.groupID,
      competitionID: 'x',
      split: { teams: 1, by: 'xp' },
    });
    expect(split.body.fields).toMatchObject({ split: 'Number of teams must be a whole number from 2 to 20' });
  });
});

describe('editing', () => {
  it('changes anything before the start, refuses a stale edit, and after the start only the name and a future end', async () => {
    const { competition } = await created();
    const id = competition.competitionID;
    const ids = { groupID: clan.groupID, competitionID: id };
    const start = Date.parse(competition.startsAt);
    const edited = await post(t.app, clan.admin, 'updateCompetition', {
      ...ids,
      metrics: ['attack', 'zulrah'],
      kind: 'teams',
      startsAt: iso(start + HOUR),
      endsAt: iso(start + 2 * DAY),
      expectedUpdatedAt: competition.updatedAt,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.competition).toMatchObject({ metrics: ['attack', 'zulrah'], kind: 'teams', startsAt: iso(start + HOUR) });
    // Saved from a page opened before that edit: refused.
    const stale = await post(t.app, clan.owner, 'updateCompetition', { ...ids, name: 'Mine', expectedUpdatedAt: competition.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(COMPETITION_CHANGED_MESSAGE);

    t.clock.set(start + HOUR + MINUTE);
    const locked = await post(t.app, clan.admin, 'updateCompetition', { ...ids, metrics: ['overall'], startsAt: iso(start + 3 * HOUR) });
    expect(locked.status).toBe(400);
    expect(Object.keys(locked.body.fields).sort()).toEqual(['metrics', 'startsAt']);
    const past = await post(t.app, clan.admin, 'updateCompetition', { ...ids, endsAt: iso(t.clock.now() - MINUTE) });
    expect(past.body.fields).toEqual({ endsAt: 'End time must be in the future' });
    const renamed = await post(t.app, clan.admin, 'updateCompetition', { ...ids, name: 'Longer cup', endsAt: iso(start + 3 * DAY) });
    expect(renamed.body.competition).toMatchObject({ name: 'Longer cup', endsAt: iso(start + 3 * DAY), status: 'ongoing' });
    // Teams are set before the start only.
    expect((await post(t.app, clan.admin, 'setCompetitionTeams', { ...ids, split: { teams: 2, by: 'xp' } })).status).toBe(400);

    t.clock.set(start + 3 * DAY);
    const finished = await post(t.app, clan.admin, 'updateCompetition', { ...ids, name: 'Too late' });
    expect(finished.status).toBe(400);
    expect(finished.body.message).toBe('This competition has finished and can no longer be edited');
  });
});

describe('joining and leaving', () => {
  it('members with a linked account join before the end and leave before the start; after it their record stays', async () => {
    const [a, b] = clan.members;
    const { competition } = await created({ participation: 'join' });
    const ids = { groupID: clan.groupID, competitionID: competition.competitionID };
    const start = Date.parse(competition.startsAt);
    // The Administrator has no linked account.
    expect((await getCompetition(t.app, clan.admin, clan.groupID, ids.competitionID)).body.viewer.mayJoin).toBe(false);
    const unlinked = await post(t.app, clan.admin, 'joinCompetition', ids);
    expect(unlinked.status).toBe(400);
    expect(unlinked.body.message).toBe('Link your RuneScape account in this clan first');
    expect((await getCompetition(t.app, a!, clan.groupID, ids.competitionID)).body.viewer).toMatchObject({
      takesPart: false,
      mayJoin: true,
    });
    const joined = await post(t.app, a!, 'joinCompetition', ids);
    expect(joined.body.viewer).toMatchObject({ takesPart: true, mayJoin: false, mayLeave: true });
    expect(joined.body.participants.map((p: { userID: string }) => p.userID)).toEqual([a!.user.id]);
    // Joining twice changes nothing; leaving before the start removes them.
    expect((await post(t.app, a!, 'joinCompetition', ids)).body.participants).toHaveLength(1);
    expect((await post(t.app, a!, 'leaveCompetition', ids)).body.participants).toHaveLength(0);
    await post(t.app, a!, 'joinCompetition', ids);

    t.clock.set(start + 5 * MINUTE);
    const leave = await post(t.app, a!, 'leaveCompetition', ids);
    expect(leave.status).toBe(409);
    expect(leave.body.message).toBe('You can no longer leave: the competition has started');
    // A late joiner takes part from when they joined.
    expect((await post(t.app, b!, 'joinCompetition', ids)).status).toBe(200);
    await t.app.runescapeCompetitions.tick();
    const rows = await participantRows(t.database.db, ids.competitionID);
    expect([...rows.keys()].sort()).toEqual([a!.user.id, b!.user.id].sort());
    expect(rows.get(b!.user.id)!.start_status).toBe('taken');

    // 'everyone' competitions are not joined.
    const everyone = await created();
    const refused = await post(t.app, a!, 'joinCompetition', { groupID: clan.groupID, competitionID: everyone.competition.competitionID });
    expect(refused.status).toBe(400);
  });

  it("an 'everyone' competition takes every member linked at the start, including those who linked after it was created", async () => {
    const late = await createUser(t.app);
    await call(t.app, '/api/groups/joinGroup', {
      method: 'POST',
      as: late,
      payload: {
        groupID: clan.groupID,
        userID: late.user.id,
        inviteLink: (await call(t.app, `/api/groups/getFullGroup?groupID=${clan.groupID}`, { as: clan.owner })).body.inviteLink,
      },
    });
    const { competition } = await created();
    const start = Date.parse(competition.startsAt);
    expect((await getCompetition(t.app, clan.owner, clan.groupID, competition.competitionID)).body.participants).toHaveLength(4);
    players.osrs('Late Linker', { defaultXp: 10_000 });
    await linkAs(t.app, late, clan.groupID, 'Late Linker');
    t.clock.set(start + 10_000);
    await t.app.runescapeCompetitions.tick();
    const fixed = await participantRows(t.database.db, competition.competitionID);
    expect(fixed.size).toBe(5);
    expect(fixed.has(late.user.id)).toBe(true);
    // Linking after the start does not add anyone.
    const after = await createUser(t.app);
    const invite = (await call(t.app, `/api/groups/getFullGroup?groupID=${clan.groupID}`, { as: clan.owner })).body.inviteLink;
    await call(t.app, '/api/groups/joinGroup', {
      method: 'POST',
      as: after,
      payload: { groupID: clan.groupID, userID: after.user.id, inviteLink: invite },
    });
    players.osrs('Too Late', { defaultXp: 10_000 });
    await linkAs(t.app, after, clan.groupID, 'Too Late');
    expect((await getCompetition(t.app, clan.owner, clan.groupID, competition.competitionID)).body.participants).toHaveLength(5);
    // Leave the clan as it was for the other tests.
    await call(t.app, '/api/runescape/unlinkAccount', { method: 'POST', as: late, payload: { groupID: clan.groupID } });
    await call(t.app, '/api/runescape/unlinkAccount', { method: 'POST', as: after, payload: { groupID: clan.groupID } });
  });
});

describe('an event competition', () => {
  it("takes the event's attendees (Attending or Late) with a linked account, as they are at the start", async () => {
    const [a, b, c] = clan.members;
    const event = await createEvent(t.app, clan.owner, clan.groupID, t.clock.now(), { startIn: 2 * HOUR });
    expect((await attend(t.app, a!, event._id)).status).toBe(200);
    const { competition } = await created({ participation: 'event', eventID: event._id });
    const id = competition.competitionID;
    const names = async () =>
      (await getCompetition(t.app, clan.owner, clan.groupID, id)).body.participants.map((p: { userID: string }) => p.userID).sort();
    expect(await names()).toEqual([a!.user.id]);
    await attend(t.app, b!, event._id);
    expect(await names()).toEqual([a!.user.id, b!.user.id].sort());
    t.clock.set(Date.parse(competition.startsAt) + 10_000);
    await t.app.runescapeCompetitions.tick();
    await attend(t.app, c!, event._id);
    expect(await names()).toEqual([a!.user.id, b!.user.id].sort());
  });
});

describe('teams', () => {
  it('by hand, only of participants; or split evenly by experience', async () => {
    const { competition } = await created({ kind: 'teams' });
    const ids = { groupID: clan.groupID, competitionID: competition.competitionID };
    const outsider = await createUser(t.app);
    const stranger = await post(t.app, clan.admin, 'setCompetitionTeams', {
      ...ids,
      teams: [
        { name: 'A', userIDs: [outsider.user.id] },
        { name: 'B', userIDs: [] },
      ],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.fields.teams).toBe(`Not taking part in this competition: ${outsider.user.id}`);
    const both = await post(t.app, clan.admin, 'setCompetitionTeams', {
      ...ids,
      teams: [
        { name: 'A', userIDs: [] },
        { name: 'B', userIDs: [] },
      ],
      split: { teams: 2, by: 'xp' },
    });
    expect(both.body.fields).toEqual({ teams: 'Give the teams or a split, not both' });
    expect((await post(t.app, clan.members[0]!, 'setCompetitionTeams', { ...ids, split: { teams: 2, by: 'xp' } })).status).toBe(403);

    // 4M, 3M, 2M and 1M experience: 4M + 1M against 3M + 2M.
    const split = await post(t.app, clan.admin, 'setCompetitionTeams', { ...ids, split: { teams: 2, by: 'xp' } });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    const [m0, m1, m2, m3] = clan.members.map((m) => m.user.id);
    const teamOf = new Map(split.body.participants.map((p: { userID: string; team: string }) => [p.userID, p.team]));
    expect(teamOf.get(m0)).toBe(teamOf.get(m3));
    expect(teamOf.get(m1)).toBe(teamOf.get(m2));
    expect(teamOf.get(m0)).not.toBe(teamOf.get(m1));
    expect(split.body.teams.map((team: { name: string }) => team.name)).toEqual(['Team 1', 'Team 2']);
    expect(split.body.competition.teamCount).toBe(2);
    const list = await call(t.app, `/api/runescape/getCompetitions?groupID=${clan.groupID}`, { as: clan.members[0]! });
    expect(list.body.competitions.find((c: { competitionID: string }) => c.competitionID === ids.competitionID)).toMatchObject({
      teamCount: 2,
      participantCount: 4,
    });
  });
});

describe('live pages', () => {
  it("hear of each change on the clan's competitions topic", async () => {
    const heard: { topic: string; action: string }[] = [];
    const unsubscribe = changes.subscribe(clan.groupID, (change) => heard.push({ topic: change.topic, action: change.action }));
    const { competition } = await created();
    const ids = { groupID: clan.groupID, competitionID: competition.competitionID };
    await post(t.app, clan.admin, 'updateCompetition', { ...ids, name: 'Live cup' });
    t.clock.set(Date.parse(competition.startsAt) + 5_000);
    await t.app.runescapeCompetitions.tick();
    await post(t.app, clan.admin, 'deleteCompetition', ids);
    unsubscribe();
    // The tick publishes once per competition it advanced (earlier tests' competitions too).
    const actions = heard.filter((h) => h.topic === 'competitions').map((h) => h.action);
    expect(actions.filter((action, i) => action !== actions[i - 1])).toEqual(['created', 'updated', 'changed', 'deleted']);
  });

  it("hear that a running competition's standings moved when any lookup stores a new snapshot of a participant", async () => {
    const { competition } = await created();
    t.clock.set(Date.parse(competition.startsAt) + 5_000);
    await t.app.runescapeCompetitions.tick();
    const heard: { topic: string; action: string }[] = [];
    const unsubscribe = changes.subscribe(clan.groupID, (change) => heard.push({ topic: change.topic, action: change.action }));
    // Half an hour on, Rules 0 has trained, and the clan's Update (not the competitions job) looks the account up.
    t.clock.set(Date.parse(competition.startsAt) + 30 * MINUTE);
    players.osrs('Rules 0', { defaultXp: Math.round(4_000_000 / 24) + 5_000 });
    const updated = await call(t.app, '/api/runescape/updateClanStats', { method: 'POST', as: clan.members[0]!, payload: { groupID: clan.groupID } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    unsubscribe();
    expect(heard).toContainEqual({ topic: 'competitions', action: 'changed' });
    const live = await getCompetition(t.app, clan.members[1]!, clan.groupID, competition.competitionID);
    expect(live.body.participants.find((p: { userID: string }) => p.userID === clan.members[0]!.user.id).total).toBeGreaterThan(0);
  });
});
