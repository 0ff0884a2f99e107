import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCivCatalogue } from '@smm/shared/civilization/catalogue';
import type { DraftDto } from '@smm/shared/civilization/draft-schemas';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { createGameFrom, draftBody, draftFor } from './civ-games-fixtures';
import { createEvent } from './events-fixtures';
import { call, createGroup, join, setRole, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Hidden information and records, tried from the outside: every read a member can make after every
// edit they can send, and every side effect that could take a counted result with it.

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let host: TestUser;
let mate: TestUser;
let rival: TestUser;
let rivalMate: TestUser;
let reader: TestUser;

const leaders = findCivCatalogue('Civilization 6')!.leaders;

beforeAll(async () => {
  t = await createTestApp();
  const users = await Promise.all(Array.from({ length: 7 }, () => createUser(t.app)));
  [owner, admin, host, mate, rival, rivalMate, reader] = users as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
});
afterAll(() => t.close());

async function civGroup(): Promise<FullGroupDto> {
  const group = await createGroup(t.app, owner, { isPrivate: true, groupName: 'Probe' });
  for (const user of [admin, host, mate, rival, rivalMate, reader]) await join(t.app, group, user);
  await setRole(t.app, group._id, owner, admin, 'Administrator');
  return (await call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: owner })).body;
}

const post = (path: string, as: TestUser, payload?: object) => call(t.app, `/api/civilization/${path}`, { method: 'POST', as, payload });
const update = (as: TestUser, payload: object) => post('updateGame', as, payload);
const getGame = async (as: TestUser, id: string): Promise<GameDto> =>
  (await call(t.app, `/api/civilization/game?gameID=${id}`, { as })).body;
const storedLeaders = (gameId: string) =>
  t.database.db.selectFrom('civ_game_members').select(['user_id', 'civ_played']).where('game_id', '=', gameId).orderBy('user_id').execute();

/**
 * An anonymous 2v2 from the server's draft: host and mate on one team, rival and rivalMate on the
 * other; the host made it and hosts it. Each player's hand as they alone read it from the draft.
 */
async function anonymousTeamGame(group: FullGroupDto) {
  const players = [host, mate, rival, rivalMate];
  const { draft, body } = await draftFor(t.app, group, host, players, {
    gameType: 'team',
    numCiv: 3,
    teams: [1, 1, 2, 2],
    anonymousMode: true,
  });
  const game = (await createGameFrom(t.app, host, { ...body, host: host.user.id })) as GameDto;
  const hands = new Map<string, string[]>();
  for (const player of players) {
    const own = (await call(t.app, `/api/civilization/getDraft?draftID=${draft.draftID}`, { as: player })).body as DraftDto;
    hands.set(
      player.user.id,
      own.players.find((p) => p.userID === player.user.id)!.civChoices.map((c) => c.civID),
    );
  }
  return { draft, game, hands };
}

/** What of these leaders any text carries: their ids, their names as a civ choice, their names as an audit line writes them. */
function leaked(text: string, civIDs: readonly string[]): string[] {
  return civIDs.filter((civID) => {
    const leader = leaders.find((l) => l.civID === civID)!;
    return (
      text.includes(`"${civID}"`) || text.includes(`"leader":"${leader.leader}"`) || text.includes(`${leader.leader} (${leader.nation})`)
    );
  });
}

describe('anonymous mode: a hidden hand is never told, not even by whether a guess at it is accepted', () => {
  it("setting a hidden player's leader played answers the same whatever leader is guessed, and stores nothing", async () => {
    const group = await civGroup();
    const { game, hands } = await anonymousTeamGame(group);
    const rivalHand = hands.get(rival.user.id)!;
    const before = await storedLeaders(game._id);
    // A player of the other team (who may only set their own leader), the host on the other team (a
    // manager), and an Administrator who does not play: the rival's hand is hidden from all three.
    for (const prober of [mate, host, admin]) {
      expect((await getGame(prober, game._id)).members.find((m) => m.userID === rival.user.id)!.civChoicesHidden).toBe(true);
      const answers = new Set<string>();
      for (const leader of leaders) {
        const res = await update(prober, { gameID: game._id, members: [{ userID: rival.user.id, civPlayed: leader.civID }] });
        answers.add(JSON.stringify([res.status, res.body]));
      }
      // One answer for every guess, right or wrong: nothing tells which leaders are in the hand.
      expect([...answers]).toHaveLength(1);
      expect(JSON.parse([...answers][0]!)[0]).toBe(403);
      // Clearing it is refused the same way.
      expect((await update(prober, { gameID: game._id, members: [{ userID: rival.user.id, civPlayed: null }] })).status).toBe(403);
    }
    expect(await storedLeaders(game._id)).toEqual(before);
    // The rival's own team may still say what they played, and the manager may for a teammate.
    expect((await update(rival, { gameID: game._id, members: [{ userID: rival.user.id, civPlayed: rivalHand[0]! }] })).status).toBe(200);
    expect((await update(rivalMate, { gameID: game._id, members: [{ userID: rival.user.id, civPlayed: rivalHand[1]! }] })).status).toBe(
      403,
    );
    const mateHand = hands.get(mate.user.id)!;
    expect((await update(host, { gameID: game._id, members: [{ userID: mate.user.id, civPlayed: mateHand[2]! }] })).status).toBe(200);

    // Once a manager finishes the game everything is revealed, and the host may then record anyone's leader.
    await update(host, { gameID: game._id, members: [rival, rivalMate].map((u) => ({ userID: u.user.id, isActive: false })) });
    expect((await update(host, { gameID: game._id, winner: 1, victoryType: 'Science' })).status).toBe(200);
    const afterReveal = await update(host, { gameID: game._id, members: [{ userID: rival.user.id, civPlayed: rivalHand[2]! }] });
    expect(afterReveal.status).toBe(200);
    expect(afterReveal.body.members.find((m: { userID: string }) => m.userID === rival.user.id).civPlayed.civID).toBe(rivalHand[2]);
  });

  it('no read a member can make carries a hidden leader, whatever edits are sent, until a manager finishes the game', async () => {
    const group = await civGroup();
    const { draft, game, hands } = await anonymousTeamGame(group);
    const hiddenFromHostTeam = [...hands.get(rival.user.id)!, ...hands.get(rivalMate.user.id)!];
    const all = [...hands.values()].flat();
    // Counted history in the group, so the statistics, member pages and head-to-head have rows to show.
    const { body: earlierBody } = await draftFor(t.app, group, host, [host, rival], { numCiv: 1 });
    const earlier = (await createGameFrom(t.app, host, { ...earlierBody, gameName: 'Earlier' })) as GameDto;
    await update(host, { gameID: earlier._id, members: [{ userID: rival.user.id, isActive: false }] });
    expect((await update(host, { gameID: earlier._id, winner: host.user.id, victoryType: 'Score' })).status).toBe(200);
    const counted = (await getGame(host, earlier._id)).members.flatMap((m) => m.civChoices.map((c) => c.civID));
    const secrets = hiddenFromHostTeam.filter((id) => !counted.includes(id));
    const secretsFromReader = all.filter((id) => !counted.includes(id));

    const reads = async (as: TestUser) => {
      const q = `groupID=${group._id}`;
      const paths = [
        `/api/civilization/game?gameID=${game._id}`,
        `/api/civilization/getActiveGames?${q}`,
        `/api/civilization/getActiveGames?${q}&filterField=member&filterType=includes&filterValue=${rival.user.username}`,
        `/api/civilization/getFinishedGames?${q}&gameType=team`,
        `/api/civilization/getFinishedGames?${q}&gameType=ffa`,
        `/api/civilization/gameHistory?gameID=${game._id}`,
        `/api/civilization/getRankings?${q}&gameType=team&season=all`,
        `/api/civilization/getRankings?${q}&gameType=ffa&season=all`,
        `/api/civilization/getStatistics?${q}&gameType=team&season=all`,
        `/api/civilization/getStatistics?${q}&gameType=ffa&season=all`,
        `/api/civilization/getHeadToHead?${q}&gameType=team&season=all&first=${host.user.id}&second=${rival.user.id}`,
        ...[rival, rivalMate].flatMap((u) =>
          ['team', 'ffa'].map((type) => `/api/civilization/getMemberStats?${q}&userID=${u.user.id}&gameType=${type}`),
        ),
        `/api/civilization/getDraft?draftID=${draft.draftID}`,
        `/api/civilization/getOpenDrafts?${q}`,
        `/api/comments/getComments/${game._id}/${group._id}`,
        `/api/events/getEvents?${q}`,
      ];
      const bodies = await Promise.all(paths.map((path) => call(t.app, path, { as })));
      for (const [i, res] of bodies.entries()) expect(res.status, paths[i]).toBe(200);
      return bodies.map((res) => JSON.stringify(res.body)).join('\n');
    };
    const check = async () => {
      for (const as of [host, mate]) expect(leaked(await reads(as), secrets)).toEqual([]);
      expect(leaked(await reads(reader), secretsFromReader)).toEqual([]);
      expect(leaked(await reads(admin), secretsFromReader)).toEqual([]);
    };
    await check();

    // The rivals record their leaders, comment and propose; the host team tries every edit they may send.
    for (const u of [rival, rivalMate]) {
      expect((await update(u, { gameID: game._id, members: [{ userID: u.user.id, civPlayed: hands.get(u.user.id)![0]! }] })).status).toBe(
        200,
      );
    }
    await call(t.app, '/api/comments/postComment', {
      method: 'POST',
      as: rival,
      payload: { comment: 'our leaders are secret', userID: rival.user.id, groupID: group._id, gameID: game._id },
    });
    await check();
    expect((await update(mate, { gameID: game._id, members: [{ userID: mate.user.id, team: 2 }] })).status).toBe(403);
    expect((await update(mate, { gameID: game._id, gameType: 'ffa' })).status).toBe(403);
    const proposal = await post('proposeGameChange', mate, {
      gameID: game._id,
      changes: {
        members: [
          { userID: mate.user.id, team: 2 },
          { userID: rival.user.id, team: 1, civPlayed: hands.get(mate.user.id)![0] },
        ],
      },
      reason: 'seats swapped',
    });
    expect(proposal.status).toBe(200);
    await check();
    expect((await post('decideGameProposal', host, { proposalID: proposal.body._id, decision: 'accept' })).status).toBe(200);
    await check();
    // The host switches the type and back, and moves players between teams: what each sees is fixed at creation.
    expect((await update(host, { gameID: game._id, gameType: 'ffa' })).status).toBe(200);
    await check();
    expect(
      (
        await update(host, {
          gameID: game._id,
          gameType: 'team',
          members: [
            { userID: mate.user.id, team: 1 },
            { userID: rival.user.id, team: 1 },
            { userID: rivalMate.user.id, team: 2 },
          ],
        })
      ).status,
    ).toBe(200);
    await check();
    // Anonymous mode is not something an edit can turn off.
    const off = await update(host, { gameID: game._id, anonymousMode: false });
    expect([200, 400]).toContain(off.status);
    expect((await getGame(host, game._id)).anonymousMode).toBe(true);
    await check();
    // A redraft from nothing (no event) and a delete and restore reveal nothing either.
    expect((await post(`deleteGame?gameID=${game._id}`, host)).status).toBe(200);
    expect((await post(`restoreGame?gameID=${game._id}`, admin)).status).toBe(200);
    await check();

    // Finished by the host: revealed to everyone, and reopening does not hide it again.
    await update(host, { gameID: game._id, members: [{ userID: rival.user.id, team: 2 }] });
    await update(host, { gameID: game._id, members: [rival, rivalMate].map((u) => ({ userID: u.user.id, isActive: false })) });
    expect((await update(host, { gameID: game._id, winner: 1, victoryType: 'Culture' })).status).toBe(200);
    expect(leaked(await reads(mate), secrets).length).toBeGreaterThan(0);
    expect((await update(host, { gameID: game._id, winner: null })).status).toBe(200);
    expect((await getGame(reader, game._id)).members.every((m) => !m.civChoicesHidden)).toBe(true);
  });
});

describe('records survive every side effect', () => {
  it("a finished, ranked game from an event keeps its result, placements and everyone's rating through a redraft, a kick, a leave and the event's deletion", async () => {
    const group = await civGroup();
    const event = await createEvent(t.app, owner, group._id, t.clock.now());
    const players = [host, mate, rival, rivalMate];
    const { body } = await draftFor(t.app, group, host, players, { numCiv: 2, eventID: event._id });
    const game = (await createGameFrom(t.app, host, { ...body, host: host.user.id })) as GameDto;
    for (const out of [rivalMate, rival, mate]) {
      t.clock.advance(60_000);
      expect((await update(host, { gameID: game._id, members: [{ userID: out.user.id, isActive: false }] })).status).toBe(200);
    }
    expect((await update(host, { gameID: game._id, winner: host.user.id, victoryType: 'Domination' })).status).toBe(200);
    const finished = await getGame(owner, game._id);
    const result = (g: GameDto) => ({
      winner: g.winner,
      victoryType: g.victoryType,
      isFinished: g.isFinished,
      dateDeleted: g.dateDeleted,
      members: g.members.map((m) => ({ userID: m.userID, placement: m.placement, ratingChange: m.ratingChange })),
    });
    const rankings = async () =>
      (await call(t.app, `/api/civilization/getRankings?groupID=${group._id}&gameType=ffa&season=all`, { as: owner })).body as {
        userID: string;
        rating: object;
        gamesPlayed: number;
      }[];
    const ratingOf = (rows: Awaited<ReturnType<typeof rankings>>, user: TestUser) => rows.find((r) => r.userID === user.user.id);
    const before = await rankings();
    expect(before).toHaveLength(4);
    const auditCount = async () => (await call(t.app, `/api/civilization/gameHistory?gameID=${game._id}`, { as: owner })).body.audit.length;
    const audited = await auditCount();
    expect(audited).toBe(5); // created, three eliminations, finished

    // A redraft from the event, by the host and by a plain player, is refused and replaces nothing; the plain
    // player's own deal for the same players is refused while the host's stands.
    const { body: again } = await draftFor(t.app, group, host, players, { numCiv: 2, eventID: event._id });
    for (const by of [host, mate]) expect((await post('createGame', by, { ...again, host: by.user.id })).status).toBe(409);
    expect((await post('draftGame', mate, draftBody(group, players, { numCiv: 2, eventID: event._id }))).status).toBe(409);
    // A plain player cannot delete it, nor reopen it, nor switch its type.
    expect((await post(`deleteGame?gameID=${game._id}`, mate)).status).toBe(403);
    expect((await update(mate, { gameID: game._id, winner: null })).status).toBe(403);
    // (a type switch of a finished game is refused as such before who sends it is asked)
    expect([403, 409]).toContain((await update(mate, { gameID: game._id, gameType: 'team' })).status);
    // The host may not switch the type of a finished game without reopening it first.
    expect(
      (
        await update(host, {
          gameID: game._id,
          gameType: 'team',
          members: players.map((p, i) => ({ userID: p.user.id, team: 1 + (i % 2) })),
        })
      ).status,
    ).toBe(409);
    expect(result(await getGame(owner, game._id))).toEqual(result(finished));
    expect(await rankings()).toEqual(before);

    // A player leaves; another is kicked; the event is deleted.
    expect(
      (
        await call(t.app, '/api/groups/leaveGroup', {
          method: 'POST',
          as: rivalMate,
          payload: { groupID: group._id, userID: rivalMate.user.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(t.app, '/api/groups/kickMember', { method: 'POST', as: owner, payload: { groupID: group._id, userID: rival.user.id } }))
        .status,
    ).toBe(200);
    expect((await call(t.app, `/api/events/deleteEvent?eventID=${event._id}`, { method: 'POST', as: owner })).status).toBe(200);

    expect(result(await getGame(owner, game._id))).toEqual(result(finished));
    const finishedList = (await call(t.app, `/api/civilization/getFinishedGames?groupID=${group._id}&gameType=ffa`, { as: mate })).body;
    expect(finishedList.games.map((g: GameDto) => g._id)).toEqual([game._id]);
    const after = await rankings();
    for (const user of [host, mate]) expect(ratingOf(after, user)).toEqual(ratingOf(before, user));
    // Nothing above changed the result, so the trail has no new entry; each refused attempt left it as it was.
    expect(await auditCount()).toBe(audited);

    // The host reopens and corrects it: each change of the result is one more entry in the trail.
    expect((await update(host, { gameID: game._id, winner: null })).status).toBe(200);
    expect((await update(host, { gameID: game._id, winner: host.user.id, victoryType: 'Science' })).status).toBe(200);
    const trail = (await call(t.app, `/api/civilization/gameHistory?gameID=${game._id}`, { as: mate })).body.audit as { action: string }[];
    expect(trail.slice(0, 2).map((a) => a.action)).toEqual(['finished', 'reopened']);
    expect(trail).toHaveLength(audited + 2);
  });
});
