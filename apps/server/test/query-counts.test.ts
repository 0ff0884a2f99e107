import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { ZEZIMA } from './fakes/osrs-hiscores-fixtures';
import { createSteamApiFake, steamPlayer, type SteamApiFake } from './fakes/steam-fake';
import { createGameFrom, draftFor } from './civ-games-fixtures';
import { attend, createEvent } from './events-fixtures';
import { LARGE, READ_CALLS, readAs, seedWorld, SMALL, type World } from './read-calls-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';
import { SENT_WITH_NEXT } from '../src/db/postgres-statements';

// Every read call runs a fixed number of queries: the same for one group, member, event and game
// as for twenty groups, thirty members, twenty-five events and a dozen games.

const STEAM_KEY = 'fake-steam-key';
const queries: CompiledQuery[] = [];
// Only the queries of the request being measured count, not those of jobs running meanwhile.
const measured = new AsyncLocalStorage<true>();
let t: TestApp;
let osrs: OsrsHiscoresFake;
let steam: SteamApiFake;
let small: World;
let large: World;

beforeAll(async () => {
  osrs = await createOsrsHiscoresFake();
  steam = await createSteamApiFake({ apiKey: STEAM_KEY });
  t = await createTestApp({
    onQuery: (query) => measured.getStore() && queries.push(query),
    osrsHiscoresUrl: osrs.url,
    steamApiKey: STEAM_KEY,
    steamApiUrl: steam.url,
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
  });
  small = await seedWorld(t.app, t.clock.now(), SMALL, osrs, t.database.db);
  large = await seedWorld(t.app, t.clock.now(), LARGE, osrs, t.database.db);
}, 300_000);
afterAll(async () => {
  await t?.close();
  await osrs?.close();
  await steam?.close();
});

/** The writes that leave with the next statement of their transaction: on PostgreSQL, where each write is a round trip. */
const sentWithNext = (statements: string[]) => statements.filter((statement) => statement.startsWith(SENT_WITH_NEXT));
const HELD_ON_POSTGRES = process.env.TEST_DATABASE_URL ? 1 : 0;

/** A statement's text with the length of its lists of values left out. */
const shape = (sql: string) => sql.replace(/\$\d+/g, '?').replace(/\(\?(, \?)*\)/g, '(?…)');

/**
 * Rows kept between requests (on SQLite) lapse when their table is written to: a write that
 * changes nothing makes every request below read everything, so the count is its most.
 */
async function forgetKeptRows(): Promise<void> {
  for (const table of ['users', 'groups'] as const) {
    await t.database.db
      .updateTable(table)
      .set({ id: sql<string>`id` })
      .where(sql<boolean>`0 = 1`)
      .execute();
  }
}

/** The SQL statements one request runs. */
async function queriesOf(request: () => Promise<unknown>): Promise<string[]> {
  await forgetKeptRows();
  queries.length = 0;
  await measured.run(true, request);
  // Sorted: queries run side by side finish in any order on PostgreSQL.
  return queries.map((q) => shape(q.sql)).sort();
}

describe('each read call runs a fixed number of queries', () => {
  it.each(READ_CALLS.map((readCall) => [readCall.name, readCall] as const))('%s', async (_name, readCall) => {
    const forSmall = await queriesOf(() => readAs(t.app, small, readCall));
    const forLarge = await queriesOf(() => readAs(t.app, large, readCall));
    expect(forLarge.length, `small: ${forSmall.length}, large: ${forLarge.length}\n${forLarge.join('\n')}`).toBe(forSmall.length);
    expect(forLarge).toEqual(forSmall);
    expect(forSmall.length).toBeLessThanOrEqual(8);
  });

  it('an event list reads its events and their people in one statement on PostgreSQL, where each is a round trip', async () => {
    const statements = await queriesOf(() =>
      readAs(
        t.app,
        large,
        READ_CALLS.find((c) => c.name === 'events/getEvents')!,
      ),
    );
    const eventReads = statements.filter((statement) => /\bevents\b/.test(statement));
    expect(eventReads, statements.join('\n')).toHaveLength(process.env.TEST_DATABASE_URL ? 1 : 2);
  });

  it('the seeded worlds really differ in size', async () => {
    const [smallEvents, largeEvents] = await Promise.all(
      [small, large].map(
        async (w) =>
          (
            await readAs(
              t.app,
              w,
              READ_CALLS.find((c) => c.name === 'events/getEvents')!,
            )
          ).json().length,
      ),
    );
    expect([smallEvents, largeEvents]).toEqual([SMALL.events, LARGE.events]);
    const groups = (
      await readAs(
        t.app,
        large,
        READ_CALLS.find((c) => c.name === 'groups/getUserGroups')!,
      )
    ).json();
    // Its groups and the clan.
    expect(groups).toHaveLength(LARGE.groups + 1);
    const full = (
      await readAs(
        t.app,
        large,
        READ_CALLS.find((c) => c.name === 'groups/getFullGroup')!,
      )
    ).json();
    expect(full.members).toHaveLength(LARGE.members);
    // The clan's competitions: everyone takes part, the chart draws the top ten.
    const finishedCup = READ_CALLS.find((c) => c.name === 'runescape/getCompetition, finished')!;
    const [smallCup, largeCup] = await Promise.all([small, large].map(async (w) => (await readAs(t.app, w, finishedCup)).json()));
    expect([smallCup.participants.length, largeCup.participants.length]).toEqual([SMALL.members, LARGE.members]);
    expect([smallCup.chart.length, largeCup.chart.length]).toEqual([SMALL.members, 10]);
    expect([smallCup.history.length, largeCup.history.length]).toEqual([SMALL.competitionSnapshots, LARGE.competitionSnapshots]);
    // The clan's bingos: the board, its teams and every team's claims grow with the world.
    const bingoCall = (name: string) => READ_CALLS.find((c) => c.name === name)!;
    const [smallBoard, largeBoard] = await Promise.all(
      [small, large].map(async (w) =>
        (await readAs(t.app, w, bingoCall('runescape/getBingo, ongoing, as an Administrator on a team'))).json(),
      ),
    );
    expect([smallBoard.tiles.length, largeBoard.tiles.length]).toEqual([SMALL.bingoBoard ** 2, LARGE.bingoBoard ** 2]);
    expect([smallBoard.teams.length, largeBoard.teams.length]).toEqual([SMALL.bingoTeams, LARGE.bingoTeams]);
    const states = (board: { tiles: { state: string }[] }) => new Set(board.tiles.map((tile) => tile.state));
    expect(states(largeBoard)).toEqual(new Set(['done', 'pending', 'held', 'open']));
    const [smallQueue, largeQueue] = await Promise.all(
      [small, large].map(async (w) =>
        (await readAs(t.app, w, bingoCall("runescape/getBingoClaims, every team's, as an Administrator"))).json(),
      ),
    );
    expect([smallQueue.claims.length, largeQueue.claims.length]).toEqual([
      SMALL.bingoTeams * SMALL.bingoClaims,
      LARGE.bingoTeams * LARGE.bingoClaims,
    ]);
    // Each claim with its own history, read in one statement for the whole list.
    const histories = (claims: { status: string; history: { decision: string }[] }[]) =>
      new Set(claims.map((c) => `${c.status}:${c.history.map((d) => d.decision).join(',')}`));
    expect(histories(largeQueue.claims)).toEqual(new Set(['pending:', 'held:held', 'accepted:held,accepted', 'declined:held,declined']));
    const ownTeam = (await readAs(t.app, large, bingoCall("runescape/getBingoClaims, a member's own team's"))).json();
    expect(ownTeam.claims).toHaveLength(LARGE.bingoClaims);
    // A member sees their own team's board and rights; an appointed moderator every team's claims.
    const memberBoard = (await readAs(t.app, large, bingoCall('runescape/getBingo, ongoing, as a member of another team'))).json();
    expect(memberBoard.viewer).toMatchObject({ isModerator: false, mayManage: false, mayClaim: true });
    expect(memberBoard.viewer.teamID).not.toBe(largeBoard.viewer.teamID);
    expect(states(memberBoard)).toEqual(new Set(['done', 'pending', 'held', 'open']));
    const moderated = bingoCall("runescape/getBingoClaims, every team's, as an appointed moderator");
    expect((await readAs(t.app, large, moderated)).json().claims).toHaveLength(LARGE.bingoTeams * LARGE.bingoClaims);
  });

  it("reads the caller, the group the call names and their membership in one statement before the call's own reads", async () => {
    const call = (name: string) => READ_CALLS.find((c) => c.name === name)!;
    const cards = await queriesOf(() => readAs(t.app, large, call('components/getGroupCards')));
    expect(cards, cards.join('\n')).toHaveLength(2);
    // On PostgreSQL the callers of requests that arrive together are read by one statement, from lists.
    const callers = process.env.TEST_DATABASE_URL
      ? /^\s*select c\.position, u\.id, u\.username, .*g\.id as g_id/
      : /from "users" left join "groups" as "g"/;
    expect(
      cards.filter((statement) => callers.test(statement)),
      cards.join('\n'),
    ).toHaveLength(1);
    expect(callers.test(cards[0]!), cards.join('\n')).toBe(true);
    // What a request needs of its caller's account, and never the password hash.
    expect(cards[0]).not.toMatch(/password_hash|u\.\*|"users"\.\*/);
    // A call naming no group reads the caller alone (on PostgreSQL the same statement, with no group to join).
    const own = await queriesOf(() => readAs(t.app, large, call('events/getMyUpcomingEvents')));
    expect(own.filter((statement) => /left join "groups" as "g"/.test(statement))).toEqual([]);
    if (process.env.TEST_DATABASE_URL) expect(callers.test(own[0]!), own.join('\n')).toBe(true);
  });

  it('the calls with nothing stored to read, and those answered by an outside service', async () => {
    const { auth } = await createUser(t.app);
    osrs.setPlayer('Zezima', ZEZIMA, 'hiscore_oldschool');
    osrs.setPlayer('Lynx Titan', ZEZIMA, 'hiscore_oldschool');
    steam.players.set('76561197960287930', steamPlayer('76561197960287930', 'Rabscuttle'));
    steam.players.set('76561197960287931', steamPlayer('76561197960287931', 'Gabe'));
    steam.games.set('76561197960287930', []);
    steam.games.set('76561197960287931', []);
    const get = (url: string) => async () => {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    };
    for (const [first, second] of [
      ['/api/health', '/api/health'],
      ['/api/games/getGames', '/api/games/getGames'],
      ['/api/runescape/getOSRSDetails/Zezima/normal', '/api/runescape/getOSRSDetails/Lynx%20Titan/normal'],
      ['/api/steam/getProfile/76561197960287930', '/api/steam/getProfile/76561197960287931'],
      ['/api/steam/getGames/76561197960287930', '/api/steam/getGames/76561197960287931'],
    ] as const) {
      const one = await queriesOf(get(first));
      const other = await queriesOf(get(second));
      expect(other, `${second}\n${other.join('\n')}\n\n${one.join('\n')}`).toEqual(one);
      expect(one.length, first).toBeLessThanOrEqual(4);
    }
  });
});

describe('a sign-up and its withdrawal', () => {
  it("read the event with its group and the caller's membership in one statement, its people once, and write only what changes", async () => {
    const event = await createEvent(t.app, large.viewer, large.group._id, t.clock.now(), { eventName: 'Counted', maxNumberOfMembers: 12 });
    await attend(t.app, large.other, event._id);
    const toggle = (path: 'attendEvent' | 'unattendEvent') => async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/events/${path}`,
        headers: { authorization: large.viewer.token },
        payload: { eventID: event._id, userID: large.viewer.user.id },
      });
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body}`);
    };
    const own = (statements: string[]) => statements.filter((statement) => !/^(begin|commit|savepoint|release)/i.test(statement));
    const attended = own(await queriesOf(toggle('attendEvent')));
    // The caller, the member's count of sign-up changes, the event with its group and membership, the people, the seat.
    expect(attended, attended.join('\n')).toHaveLength(5);
    expect(
      attended.filter((statement) => /insert into "throttle"/.test(statement)),
      attended.join('\n'),
    ).toHaveLength(1);
    expect(
      attended.filter((statement) => /from "events" inner join "groups"/.test(statement)),
      attended.join('\n'),
    ).toHaveLength(1);
    expect(
      attended.filter((statement) => /with wanted as/.test(statement)),
      attended.join('\n'),
    ).toHaveLength(1);
    // The seat leaves with the count: its answer is not read.
    expect(sentWithNext(attended).map((statement) => /insert into "event_attendees"/.test(statement))).toEqual(
      HELD_ON_POSTGRES ? [true] : [],
    );
    const unattended = own(await queriesOf(toggle('unattendEvent')));
    // The caller, the count of sign-up changes, the event with its group and membership, the people,
    // the seat and its reminder (one statement on PostgreSQL, where each is a round trip).
    expect(unattended, unattended.join('\n')).toHaveLength(process.env.TEST_DATABASE_URL ? 5 : 6);
    expect(
      unattended.filter((statement) => /delete from "event_mail_outbox"/.test(statement)),
      unattended.join('\n'),
    ).toHaveLength(1);
    expect(sentWithNext(unattended), unattended.join('\n')).toHaveLength(HELD_ON_POSTGRES);
  });

  it('answer with the event as a read right after shows it, through answers, the waitlist and a promotion', async () => {
    const { viewer, other } = large;
    const event = await createEvent(t.app, viewer, large.group._id, t.clock.now(), { eventName: 'Answered', maxNumberOfMembers: 1 });
    const read = async (as: typeof viewer) =>
      (await t.app.inject({ method: 'GET', url: `/api/events/getEvents?groupID=${large.group._id}`, headers: { authorization: as.token } }))
        .json()
        .find((e: { _id: string }) => e._id === event._id);
    const post = async (as: typeof viewer, path: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/events/${path}`, headers: { authorization: as.token }, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const own = (as: typeof viewer) => ({ eventID: event._id, userID: as.user.id });
    expect(await post(viewer, 'respondToEvent', { eventID: event._id, response: 'maybe' })).toEqual(await read(viewer));
    // A Maybe becomes a seat, then nothing, then Can sub, then a seat again.
    expect(await post(viewer, 'attendEvent', own(viewer))).toEqual(await read(viewer));
    expect(await post(viewer, 'unattendEvent', own(viewer))).toEqual(await read(viewer));
    expect(await post(viewer, 'respondToEvent', { eventID: event._id, response: 'can_sub' })).toEqual(await read(viewer));
    const seated = await post(viewer, 'attendEvent', own(viewer));
    expect(seated).toEqual(await read(viewer));
    expect(seated.attendingMembers.map((m: { userID: string }) => m.userID)).toEqual([viewer.user.id]);
    // The other waits; the viewer leaves and the seat goes to them in the same answer.
    expect(await post(other, 'joinWaitlist', own(other))).toEqual(await read(other));
    const left = await post(viewer, 'unattendEvent', own(viewer));
    expect(left).toEqual(await read(viewer));
    expect(left.attendingMembers.map((m: { userID: string }) => m.userID)).toEqual([other.user.id]);
    // Attending again while full: refused, nothing changes.
    const full = await t.app.inject({
      method: 'POST',
      url: '/api/events/attendEvent',
      headers: { authorization: viewer.token },
      payload: own(viewer),
    });
    expect(full.statusCode).toBe(409);
    expect(await read(viewer)).toEqual(left);
  });
});

describe('a game edit', () => {
  it("reads the game under its lock with its group and the caller's membership in one statement", async () => {
    const rename = (gameName: string) => async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/civilization/updateGame',
        headers: { authorization: large.viewer.token },
        payload: { gameID: large.gameID, gameName },
      });
      if (res.statusCode !== 200) throw new Error(`updateGame answered ${res.statusCode}: ${res.body}`);
    };
    const statements = await queriesOf(rename('Counted game'));
    const locks = statements.filter((statement) => /from "civ_games" inner join "groups"/.test(statement));
    expect(locks, statements.join('\n')).toHaveLength(1);
    expect(locks[0]).toMatch(/left join "group_members" as "m"/);
    // The group and the membership are not read again on their own.
    expect(
      statements.filter((statement) => /^select .* from "groups" where/.test(statement)),
      statements.join('\n'),
    ).toEqual([]);
    expect(await queriesOf(rename('Counted again'))).toHaveLength(statements.length);
  });

  it('reads the game and its players once and answers with the game as a read right after shows it, through an elimination, a win and a reopening', async () => {
    const { viewer, other, group } = small;
    const game = await createGameFrom(t.app, viewer, (await draftFor(t.app, group, viewer, [viewer, other])).body);
    const readGame = async () => {
      const res = await t.app.inject({ url: `/api/civilization/game?gameID=${game._id}`, headers: { authorization: viewer.token } });
      return res.json();
    };
    const edit = async (changes: Record<string, unknown>) => {
      let answer: unknown;
      const statements = await queriesOf(async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/civilization/updateGame',
          headers: { authorization: viewer.token },
          payload: { gameID: game._id, ...changes },
        });
        if (res.statusCode !== 200) throw new Error(`updateGame answered ${res.statusCode}: ${res.body}`);
        answer = res.json();
      });
      const memberReads = statements.filter((statement) => /from "civ_game_members" as "gm" inner join "users"/.test(statement));
      expect(memberReads, statements.join('\n')).toHaveLength(1);
      // Nor is the game read again after its write.
      expect(statements.filter((statement) => /^select \* from "civ_games" where "id" = \?/.test(statement))).toEqual([]);
      expect(answer).toEqual(await readGame());
      return answer as { isFinished: boolean };
    };
    await edit({ gameName: 'Read once', lobbyLink: 'steam://read-once' });
    await edit({ members: [{ userID: other.user.id, isActive: false }] });
    expect(await edit({ winner: viewer.user.id, victoryType: 'Science' })).toMatchObject({ isFinished: true });
    await edit({ members: [{ userID: other.user.id, civPlayed: null }] });
    expect(await edit({ winner: null })).toMatchObject({ isFinished: false });
  });
});

describe('an availability tick', () => {
  it("reads the caller's zone and slots once and writes only the slot, answering the slots as it left them", async () => {
    const { viewer } = large;
    const tick = (payload: object) => async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/civilization/postPlayerAvailability/${large.group._id}/${viewer.user.id}`,
        headers: { authorization: viewer.token },
        payload,
      });
      if (res.statusCode !== 200) throw new Error(`postPlayerAvailability answered ${res.statusCode}: ${res.body}`);
      answers.push(res.json());
    };
    const answers: unknown[] = [];
    const read = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/civilization/getPlayerAvailability?groupID=${large.group._id}&userID=${viewer.user.id}`,
          headers: { authorization: viewer.token },
        })
      ).json();
    const own = (statements: string[]) => statements.filter((statement) => !/^(begin|commit|savepoint|release)/i.test(statement));
    const ticked = own(await queriesOf(tick({ day: 'Friday', time: 'Evening' })));
    // The caller with the group its path names and the membership, the caller's slots with the profile's zone, the slot.
    expect(ticked, ticked.join('\n')).toHaveLength(3);
    // The slot leaves with the commit.
    expect(sentWithNext(ticked), ticked.join('\n')).toHaveLength(HELD_ON_POSTGRES);
    expect(answers.at(-1)).toEqual(await read());
    const again = own(await queriesOf(tick({ day: 'Friday', time: 'Evening', available: true })));
    // Already ticked: nothing to write.
    expect(again, again.join('\n')).toHaveLength(2);
    expect(answers.at(-1)).toEqual(await read());
    await queriesOf(tick({ day: 'Friday', time: 'Evening' }));
    expect(answers.at(-1)).toEqual(await read());
  });
});
