import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyOrder, recount, skillOrdinal, type LadderGame } from '@smm/shared/civilization/ladder';
import type { DraftDto } from '@smm/shared/civilization/draft-schemas';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { createGameFrom, draftBody, draftFor } from './civ-games-fixtures';
import { call, createGroup, join, setRole, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';
import { REDRAFT_NOT_YOURS_MESSAGE, REDRAFT_REFUSED_MESSAGE } from '../src/features/civ-games/civ-games.service';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let host: TestUser;
let p2: TestUser;
let p3: TestUser;
let reader: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const users = await Promise.all(Array.from({ length: 7 }, () => createUser(t.app)));
  [owner, admin, host, p2, p3, reader, outsider] = users as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
});
afterAll(() => t.close());

async function ladderGroup(): Promise<FullGroupDto> {
  const group = await createGroup(t.app, owner, { isPrivate: true, groupName: 'Ladder' });
  for (const user of [admin, host, p2, p3, reader]) await join(t.app, group, user);
  await setRole(t.app, group._id, owner, admin, 'Administrator');
  return (await call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: owner })).body;
}

const update = (as: TestUser, payload: object) => call(t.app, '/api/civilization/updateGame', { method: 'POST', as, payload });
const getGame = async (as: TestUser, id: string): Promise<GameDto> =>
  (await call(t.app, `/api/civilization/game?gameID=${id}`, { as })).body;
const history = async (as: TestUser, id: string) => (await call(t.app, `/api/civilization/gameHistory?gameID=${id}`, { as })).body;
const post = (path: string, as: TestUser, payload: object) => call(t.app, `/api/civilization/${path}`, { method: 'POST', as, payload });
/** Each active game of the group's list with the number of result changes pending on it. */
async function listedPending(as: TestUser, groupId: string): Promise<Record<string, number>> {
  const { body } = await call(t.app, `/api/civilization/getActiveGames?groupID=${groupId}`, { as });
  return Object.fromEntries(body.games.map((g: GameDto) => [g._id, g.pendingProposals]));
}
const eliminate = (...users: TestUser[]) => users.map((u) => ({ userID: u.user.id, isActive: false }));

/** A free-for-all created by `host` (its creator and host) for these players. */
async function ffa(group: FullGroupDto, players: TestUser[], extra: object = {}) {
  const { body } = await draftFor(t.app, group, host, players, { numCiv: 1 });
  return (await createGameFrom(t.app, host, { ...body, host: host.user.id, ...extra })) as GameDto;
}

describe('who may change a game', () => {
  it("a player's result change is refused and proposed instead; others confirm or contest; the host accepts or rejects", async () => {
    const group = await ladderGroup();
    const game = await ffa(group, [host, p2, p3]);
    expect(game.permissions).toMatchObject({ role: 'manager', changeResult: true });
    expect((await getGame(p2, game._id)).permissions).toMatchObject({ role: 'player', changeResult: false, proposeChange: true });

    const direct = await update(p2, { gameID: game._id, members: eliminate(p3) });
    expect(direct.status).toBe(403);
    expect(direct.body.message).toMatch(/propose/);
    expect((await getGame(host, game._id)).members.every((m) => m.isActive)).toBe(true);
    // A player may still rename the game.
    expect((await update(p2, { gameID: game._id, gameName: 'Renamed by p2' })).status).toBe(200);

    const proposed = await post('proposeGameChange', p2, { gameID: game._id, changes: { members: eliminate(p3) }, reason: 'p3 rage quit' });
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({ status: 'pending', proposedBy: p2.user.id, reason: 'p3 rage quit' });
    expect(proposed.body.summary.join('\n')).toMatch(/status: Active → Eliminated/);
    expect((await getGame(host, game._id)).pendingProposals).toBe(1);
    const other = await ffa(group, [host, p2]);
    expect(await listedPending(reader, group._id)).toEqual({ [game._id]: 1, [other._id]: 0 });
    // Pending: nothing changed yet.
    expect((await getGame(host, game._id)).members.find((m) => m.userID === p3.user.id)!.isActive).toBe(true);

    const id = proposed.body._id;
    expect((await post('voteGameProposal', p2, { proposalID: id, vote: 'confirm', reason: 'mine' })).status).toBe(403);
    expect((await post('voteGameProposal', reader, { proposalID: id, vote: 'confirm', reason: 'saw it' })).status).toBe(403);
    expect((await post('decideGameProposal', p2, { proposalID: id, decision: 'accept' })).status).toBe(403);
    const contested = await post('voteGameProposal', p3, { proposalID: id, vote: 'contest', reason: 'I was still in' });
    expect(contested.status).toBe(200);
    expect(contested.body.votes).toEqual([expect.objectContaining({ userID: p3.user.id, vote: 'contest', reason: 'I was still in' })]);
    const confirmed = await post('voteGameProposal', host, { proposalID: id, vote: 'confirm', reason: 'He left at turn 80' });
    expect(confirmed.body.votes).toHaveLength(2);

    const accepted = await post('decideGameProposal', host, { proposalID: id, decision: 'accept' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', decidedByName: host.user.username });
    expect((await getGame(reader, game._id)).members.find((m) => m.userID === p3.user.id)!.isActive).toBe(false);
    expect(await listedPending(reader, group._id)).toEqual({ [game._id]: 0, [other._id]: 0 });
    expect((await post('decideGameProposal', host, { proposalID: id, decision: 'reject' })).status).toBe(409);

    // A rejected proposal changes nothing.
    const second = await post('proposeGameChange', p3, { gameID: game._id, changes: { members: eliminate(p2) }, reason: 'p2 left' });
    expect((await post('decideGameProposal', admin, { proposalID: second.body._id, decision: 'reject', reason: 'Not true' })).status).toBe(
      200,
    );
    expect((await getGame(reader, game._id)).members.find((m) => m.userID === p2.user.id)!.isActive).toBe(true);

    const { proposals, audit } = await history(reader, game._id);
    expect(proposals.map((p: { status: string }) => p.status)).toEqual(['rejected', 'accepted']);
    expect(audit.map((a: { action: string }) => a.action)).toEqual([
      'rejected',
      'proposed',
      'accepted',
      'confirmed',
      'contested',
      'proposed',
      'edited',
      'created',
    ]);
    const acceptedRow = audit.find((a: { action: string }) => a.action === 'accepted');
    expect(acceptedRow).toMatchObject({ userID: host.user.id, note: expect.stringMatching(/Proposed by .*p3 rage quit/) });
    expect(acceptedRow.changes).toContainEqual({ field: `${p3.user.username}: status`, before: 'Active', after: 'Eliminated' });
  });

  it('the lobby passing on at an elimination does not pass the right to record: only a host a manager names records', async () => {
    const group = await ladderGroup();
    // The owner deals and creates the game with `host` as its host: the host is not its creator.
    const { body } = await draftFor(t.app, group, owner, [host, p2, p3], { numCiv: 1 });
    const game = (await createGameFrom(t.app, owner, { ...body, host: host.user.id })) as GameDto;
    expect((await getGame(host, game._id)).permissions?.role).toBe('manager');

    // A manager naming another host moves the right with it, and back.
    expect((await update(owner, { gameID: game._id, host: p3.user.id })).status).toBe(200);
    expect((await getGame(p3, game._id)).permissions?.role).toBe('manager');
    expect((await getGame(host, game._id)).permissions?.role).toBe('player');
    expect((await update(owner, { gameID: game._id, host: host.user.id })).status).toBe(200);
    expect((await getGame(p3, game._id)).permissions?.role).toBe('player');

    // The host is eliminated: the lobby passes to p2 (spec 4), who is still only a player.
    expect((await update(owner, { gameID: game._id, members: eliminate(host) })).status).toBe(200);
    const passed = await getGame(p2, game._id);
    expect(passed.host).toBe(p2.user.id);
    expect(passed.permissions?.role).toBe('player');
    expect((await update(p2, { gameID: game._id, members: eliminate(p3) })).status).toBe(403);
    expect((await call(t.app, `/api/civilization/deleteGame?gameID=${game._id}`, { method: 'POST', as: p2 })).status).toBe(403);
    // Naming themselves host with an edit is a result change: proposed, not made.
    expect((await update(p2, { gameID: game._id, gameName: 'Renamed', host: p2.user.id })).status).toBe(403);
    expect((await update(p2, { gameID: game._id, gameName: 'Renamed' })).status).toBe(200);
    expect((await getGame(p2, game._id)).permissions?.role).toBe('player');

    // The chosen host, though eliminated, still records: p3 out, p2 wins.
    expect((await getGame(host, game._id)).permissions?.role).toBe('manager');
    expect((await update(host, { gameID: game._id, members: eliminate(p3) })).status).toBe(200);
    expect((await update(host, { gameID: game._id, winner: p2.user.id, victoryType: 'Science' })).status).toBe(200);
    // The winner, the lobby's host of the finished game, cannot reopen or re-finish it.
    expect((await update(p2, { gameID: game._id, winner: null })).status).toBe(403);
    expect((await update(p2, { gameID: game._id, victoryType: 'Culture' })).status).toBe(403);
    expect((await getGame(owner, game._id)).victoryType).toBe('Science');
  });

  it('the game says who records after its chosen host is eliminated; a manager hands that to the lobby holder, who then records', async () => {
    const group = await ladderGroup();
    const { body } = await draftFor(t.app, group, owner, [host, p2, p3], { numCiv: 1 });
    const game = (await createGameFrom(t.app, owner, { ...body, host: host.user.id })) as GameDto;
    expect(game).toMatchObject({ host: host.user.id, chosenHost: host.user.id });

    // The chosen host is out: the lobby passes to p2, the right to record stays, and every answer says so.
    const out = await update(owner, { gameID: game._id, members: eliminate(host) });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ host: p2.user.id, chosenHost: host.user.id });
    expect(await getGame(reader, game._id)).toMatchObject({ host: p2.user.id, chosenHost: host.user.id });
    const listed = (await call(t.app, `/api/civilization/getActiveGames?groupID=${group._id}`, { as: p3 })).body.games as GameDto[];
    expect(listed.find((g) => g._id === game._id)).toMatchObject({ host: p2.user.id, chosenHost: host.user.id });
    // The lobby holder cannot take the right for themselves.
    expect((await update(p2, { gameID: game._id, host: p2.user.id })).status).toBe(403);
    expect((await getGame(p2, game._id)).chosenHost).toBe(host.user.id);

    // A manager names the player who already holds the lobby: the lobby stays, the right moves to them.
    const handed = await update(admin, { gameID: game._id, host: p2.user.id });
    expect(handed.status).toBe(200);
    expect(handed.body).toMatchObject({ host: p2.user.id, chosenHost: p2.user.id });
    expect((await getGame(p2, game._id)).permissions).toMatchObject({ role: 'manager', changeResult: true });
    expect((await getGame(host, game._id)).permissions?.role).toBe('player');
    const { audit } = await history(reader, game._id);
    expect(audit[0].changes).toEqual([{ field: 'Records the results', before: host.user.username, after: p2.user.username }]);

    // p2 now records the result: p3 out, p2 wins; reopens and finishes it again.
    expect((await update(p2, { gameID: game._id, members: eliminate(p3) })).status).toBe(200);
    const won = await update(p2, { gameID: game._id, winner: p2.user.id, victoryType: 'Science' });
    expect(won.status).toBe(200);
    expect(won.body).toMatchObject({ isFinished: true, winner: p2.user.id, host: p2.user.id, chosenHost: p2.user.id });
    expect((await update(p2, { gameID: game._id, winner: null })).status).toBe(200);
    expect((await update(p2, { gameID: game._id, winner: p2.user.id, victoryType: 'Culture' })).status).toBe(200);
    const finished = (await call(t.app, `/api/civilization/getFinishedGames?groupID=${group._id}&gameType=ffa`, { as: reader })).body
      .games as GameDto[];
    expect(finished.find((g) => g._id === game._id)).toMatchObject({ victoryType: 'Culture', chosenHost: p2.user.id });
    // The former recorder no longer can.
    expect((await update(host, { gameID: game._id, victoryType: 'Score' })).status).toBe(403);
  });

  it('a redraft leaves a game with a recorded leader or a pending proposal, and is not for those who cannot delete it', async () => {
    const group = await ladderGroup();
    const start = t.clock.now() + 86_400_000;
    const event = await call(t.app, '/api/events/postEvent', {
      method: 'POST',
      as: host,
      payload: {
        groupID: group._id,
        userID: host.user.id,
        eventName: 'Night',
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 3_600_000).toISOString(),
      },
    });
    // Two leaders a hand, so no leader is played until someone says which.
    const fromEvent = async (by: TestUser, players: TestUser[]) =>
      (await draftFor(t.app, group, by, players, { numCiv: 2, eventID: event.body._id })).body;
    const gameFrom = async (by: TestUser, players: TestUser[], extra: object = {}) =>
      (await createGameFrom(t.app, by, { ...(await fromEvent(by, players)), host: by.user.id, ...extra })) as GameDto;
    const redraft = async (by: TestUser, players: TestUser[]) =>
      post('createGame', by, { ...(await fromEvent(by, players)), host: by.user.id });
    const deleted = async (game: GameDto) => (await getGame(owner, game._id)).dateDeleted !== null;

    // Untouched, the host's redraft replaces it.
    const untouched = await gameFrom(host, [host, p2]);
    const replacing = await redraft(host, [host, p2]);
    expect(replacing.status).toBe(200);
    expect(await deleted(untouched)).toBe(true);

    // A proposal is part of the record: refused, saying why, the game stays.
    const proposed = replacing.body as GameDto;
    expect(
      (await post('proposeGameChange', p2, { gameID: proposed._id, changes: { members: eliminate(host) }, reason: 'left' })).status,
    ).toBe(200);
    const byHost = await redraft(host, [host, p2]);
    expect(byHost.status).toBe(409);
    expect(byHost.body.message).toBe(REDRAFT_REFUSED_MESSAGE);
    expect(await deleted(proposed)).toBe(false);

    // So is a leader a player said they played.
    const played = await gameFrom(host, [host, p3], { keepEarlier: true });
    const leader = played.members.find((m) => m.userID === p3.user.id)!.civChoices[1]!.civID;
    expect((await update(p3, { gameID: played._id, members: [{ userID: p3.user.id, civPlayed: leader }] })).status).toBe(200);
    const afterLeader = await redraft(host, [host, p3]);
    expect(afterLeader.status).toBe(409);
    expect(afterLeader.body.message).toBe(REDRAFT_REFUSED_MESSAGE);
    expect(await deleted(played)).toBe(false);

    // Nothing recorded, but the redrafter may not delete it: refused for that reason, the game stays.
    const open = await gameFrom(host, [host, p2], { keepEarlier: true });
    const byReader = await redraft(reader, [reader, p2]);
    expect(byReader.status).toBe(409);
    expect(byReader.body.message).toBe(REDRAFT_NOT_YOURS_MESSAGE);
    expect(byReader.body.fields.keepEarlier).toBeTruthy();
    expect(await deleted(open)).toBe(false);
  });

  it('a member who adds a game they do not play in only reads it: its host records the result', async () => {
    const group = await ladderGroup();
    const byHand = await call(t.app, '/api/civilization/createGame', {
      method: 'POST',
      as: reader,
      payload: {
        groupID: group._id,
        gameName: 'For them',
        gameType: 'ffa',
        draftMode: false,
        members: [{ userID: p2.user.id }, { userID: p3.user.id }],
      },
    });
    expect(byHand.status).toBe(200);
    const game = byHand.body as GameDto;
    expect(game.host).toBe(p2.user.id);
    expect((await getGame(reader, game._id)).permissions?.role).toBe('reader');
    expect((await update(reader, { gameID: game._id, members: eliminate(p3) })).status).toBe(403);
    expect((await call(t.app, `/api/civilization/deleteGame?gameID=${game._id}`, { method: 'POST', as: reader })).status).toBe(403);
    expect((await update(p2, { gameID: game._id, members: eliminate(p3) })).status).toBe(200);
  });

  it('a member who did not play, and an outsider, change nothing', async () => {
    const group = await ladderGroup();
    const game = await ffa(group, [host, p2]);
    expect((await getGame(reader, game._id)).permissions).toMatchObject({ role: 'reader', editDetails: false, proposeChange: false });
    for (const payload of [{ gameName: 'Mine' }, { members: eliminate(p2) }, { winner: host.user.id, victoryType: 'Score' }]) {
      expect((await update(reader, { gameID: game._id, ...payload })).status).toBe(403);
      expect((await update(outsider, { gameID: game._id, ...payload })).status).toBe(404);
    }
    expect((await post('proposeGameChange', reader, { gameID: game._id, changes: { members: eliminate(p2) }, reason: 'x' })).status).toBe(
      403,
    );
    expect((await call(t.app, `/api/civilization/deleteGame?gameID=${game._id}`, { method: 'POST', as: reader })).status).toBe(403);
    expect((await call(t.app, `/api/civilization/deleteGame?gameID=${game._id}`, { method: 'POST', as: p2 })).status).toBe(403);
    expect((await history(outsider, game._id)).message).toBe('Game not found');
    expect((await getGame(host, game._id)).gameName).toBe(game.gameName);
  });
});

describe('finishing order and ratings', () => {
  it('placements follow the reverse elimination order; ties within one step can be ordered; a rule-breaking order is refused', async () => {
    const group = await ladderGroup();
    const game = await ffa(group, [host, p2, p3, admin]);
    await update(host, { gameID: game._id, members: eliminate(admin) });
    await update(host, { gameID: game._id, members: eliminate(p2, p3) });
    const finished = await update(host, { gameID: game._id, winner: host.user.id, victoryType: 'Science' });
    expect(finished.status).toBe(200);
    const place = (g: GameDto) => Object.fromEntries(g.members.map((m) => [m.userID, m.placement]));
    expect(place(finished.body)).toEqual({ [host.user.id]: 1, [p2.user.id]: 2, [p3.user.id]: 2, [admin.user.id]: 4 });
    const steps = Object.fromEntries(finished.body.members.map((m: GameDto['members'][number]) => [m.userID, m.eliminationStep]));
    expect(steps).toMatchObject({ [admin.user.id]: 1, [p2.user.id]: 2, [p3.user.id]: 2 });

    // p2 and p3 went out together: the recorder orders them.
    const ordered = await update(host, {
      gameID: game._id,
      placements: [
        { userID: host.user.id, placement: 1 },
        { userID: p3.user.id, placement: 2 },
        { userID: p2.user.id, placement: 3 },
        { userID: admin.user.id, placement: 4 },
      ],
    });
    expect(ordered.status).toBe(200);
    expect(place(ordered.body)).toEqual({ [host.user.id]: 1, [p3.user.id]: 2, [p2.user.id]: 3, [admin.user.id]: 4 });
    // The first out cannot be placed above a player eliminated after them.
    const wrong = await update(host, {
      gameID: game._id,
      placements: [
        { userID: host.user.id, placement: 1 },
        { userID: admin.user.id, placement: 2 },
        { userID: p3.user.id, placement: 3 },
        { userID: p2.user.id, placement: 4 },
      ],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.placements).toMatch(/eliminated later/);

    // Every player sees what the game did to their rating; the order matters.
    const rated = await getGame(p2, game._id);
    const delta = Object.fromEntries(rated.members.map((m) => [m.userID, m.ratingChange!.delta]));
    expect(delta[host.user.id]).toBeGreaterThan(0);
    expect(delta[p3.user.id]).toBeGreaterThan(delta[p2.user.id]!);
    expect(delta[admin.user.id]).toBeLessThan(0);
  });

  it('a corrected victory type alone moves the win to the new type in the rankings', async () => {
    const group = await ladderGroup();
    const game = await ffa(group, [host, p2]);
    await update(host, { gameID: game._id, members: eliminate(p2) });
    await update(host, { gameID: game._id, winner: host.user.id, victoryType: 'Science' });
    expect((await update(host, { gameID: game._id, victoryType: 'Culture' })).status).toBe(200);
    const rows = (await call(t.app, `/api/civilization/getRankings?groupID=${group._id}&gameType=ffa&season=all`, { as: p2 })).body;
    expect(rows.find((r: { userID: string }) => r.userID === host.user.id)).toMatchObject({ science: 0, culture: 1, total: 1 });
  });

  it('any sequence of finishes and corrections ends exactly where a recount from history ends', async () => {
    const players = () => [host, p2, p3, admin];
    const finish = fc.record({
      kind: fc.constant('finish' as const),
      winner: fc.nat(3),
      order: fc.shuffledSubarray([0, 1, 2, 3], { minLength: 3, maxLength: 3 }),
    });
    const op = fc.oneof(
      finish,
      fc.record({ kind: fc.constant('victory' as const), index: fc.nat(20), victory: fc.constantFrom('Science', 'Culture', 'Score') }),
      fc.record({ kind: fc.constant('reopen' as const), index: fc.nat(20) }),
      fc.record({ kind: fc.constant('delete' as const), index: fc.nat(20) }),
      fc.record({ kind: fc.constant('restore' as const), index: fc.nat(20) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.tuple(finish, fc.array(op, { minLength: 2, maxLength: 8 })), async ([first, more]) => {
        const ops = [first, ...more];
        const group = await ladderGroup();
        const made: string[] = [];
        for (const step of ops) {
          t.clock.advance(60_000);
          if (step.kind === 'finish') {
            const all = players();
            const winner = all[step.winner]!;
            const game = await ffa(group, all);
            made.push(game._id);
            // Losers go out one at a time in the drawn order.
            for (const i of step.order.filter((i) => all[i] !== winner))
              await update(host, { gameID: game._id, members: eliminate(all[i]!) });
            const rest = all.filter((u) => u !== winner);
            await update(host, { gameID: game._id, members: eliminate(...rest) });
            expect((await update(host, { gameID: game._id, winner: winner.user.id, victoryType: 'Score' })).status).toBe(200);
          } else if (made.length) {
            const id = made[step.index % made.length]!;
            if (step.kind === 'victory') await update(admin, { gameID: id, victoryType: step.victory });
            else if (step.kind === 'reopen') await update(admin, { gameID: id, winner: null });
            else if (step.kind === 'delete') await call(t.app, `/api/civilization/deleteGame?gameID=${id}`, { method: 'POST', as: admin });
            else await call(t.app, `/api/civilization/restoreGame?gameID=${id}`, { method: 'POST', as: admin });
          }
        }
        // The recount, computed here from what the API shows of the finished games.
        const finished: GameDto[] = (
          await call(t.app, `/api/civilization/getFinishedGames?groupID=${group._id}&gameType=ffa&pageSize=100`, { as: reader })
        ).body.games;
        const games: LadderGame[] = finished
          .map((g) => ({
            gameID: g._id,
            gameType: 'ffa',
            victoryType: g.victoryType,
            finishedAt: Date.parse(g.dateFinished!),
            members: g.members.map((m) => ({ userID: m.userID, team: null, placement: m.placement })),
          }))
          .sort(historyOrder);
        const { standings, changes } = recount(games);
        const rankings = (await call(t.app, `/api/civilization/getRankings?groupID=${group._id}&gameType=ffa&season=all`, { as: reader }))
          .body;
        expect(rankings).toHaveLength(standings.size);
        for (const row of rankings) {
          const s = standings.get(row.userID)!;
          expect(row).toMatchObject({
            gamesPlayed: s.gamesPlayed,
            total: s.total,
            science: s.wins.Science,
            culture: s.wins.Culture,
            score: s.wins.Score,
          });
          expect(row.rating.mu).toBeCloseTo(s.skill.mu, 9);
          expect(row.rating.sigma).toBeCloseTo(s.skill.sigma, 9);
        }
        for (const g of finished) {
          for (const m of g.members) {
            const c = changes.find((x) => x.gameID === g._id && x.userID === m.userID)!;
            expect(m.ratingChange!.delta).toBeCloseTo(skillOrdinal(c.after) - skillOrdinal(c.before), 1);
          }
        }
      }),
      { numRuns: 6 },
    );
  });
});

describe('rules that keep the ladder honest', () => {
  it('someone always remains: eliminating everyone, at once or one by one, or by an accepted proposal, is refused', async () => {
    const group = await ladderGroup();
    const last = 'Someone must remain in the game: declare the last player or team standing the winner instead';
    const game = await ffa(group, [host, p2, p3]);
    const atOnce = await update(host, { gameID: game._id, members: eliminate(host, p2, p3) });
    expect(atOnce.status).toBe(400);
    expect(atOnce.body.fields.members).toBe(last);
    expect((await update(host, { gameID: game._id, members: eliminate(p2) })).status).toBe(200);
    // Nor can a player propose eliminating the two who remain.
    const proposed = await post('proposeGameChange', p3, {
      gameID: game._id,
      changes: { members: eliminate(host, p3) },
      reason: 'We both quit',
    });
    expect(proposed.status).toBe(400);
    expect(proposed.body.fields.members).toBe(last);
    expect((await update(host, { gameID: game._id, members: eliminate(p3) })).status).toBe(200);
    const alone = await update(host, { gameID: game._id, members: eliminate(host) });
    expect(alone.status).toBe(400);
    expect(alone.body.fields.members).toBe(last);
    const stored = await getGame(p2, game._id);
    expect(stored.members.filter((m) => m.isActive).map((m) => m.userID)).toEqual([host.user.id]);
    expect(stored.host).toBe(host.user.id);
  });

  it('an edit names each member once: eliminating and reactivating one in the same edit is refused', async () => {
    const group = await ladderGroup();
    const game = await ffa(group, [host, p2, p3]);
    const twice = await update(host, {
      gameID: game._id,
      members: [
        { userID: p2.user.id, isActive: false },
        { userID: p2.user.id, isActive: true },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.fields.members).toBe('Each member can be changed once per edit');
    expect((await getGame(host, game._id)).members.every((m) => m.isActive)).toBe(true);
  });

  it("a manager corrects a finished game's winner in one change: it keeps its place in time, and the placements follow", async () => {
    const group = await ladderGroup();
    const game = await ffa(group, [host, p2, p3]);
    await update(host, { gameID: game._id, members: eliminate(p3) });
    await update(host, { gameID: game._id, members: eliminate(p2) });
    const finished = (await update(host, { gameID: game._id, winner: host.user.id, victoryType: 'Science' })).body as GameDto;
    t.clock.advance(3_600_000);
    const corrected = await update(host, {
      gameID: game._id,
      members: [
        { userID: host.user.id, isActive: false },
        { userID: p2.user.id, isActive: true },
      ],
      winner: p2.user.id,
      victoryType: 'Culture',
      expectedResultVersion: finished.resultVersion,
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    const after = corrected.body as GameDto;
    expect(after.dateFinished).toBe(finished.dateFinished);
    const place = Object.fromEntries(after.members.map((m) => [m.userID, m.placement]));
    expect(place).toEqual({ [p2.user.id]: 1, [host.user.id]: 2, [p3.user.id]: 3 });
    expect(after.members.find((m) => m.userID === p2.user.id)!.ratingChange!.delta).toBeGreaterThan(0);
  });

  it('one-player and one-team games are refused; a finished game cannot be edited so its winner is eliminated', async () => {
    const group = await ladderGroup();
    const byHand = (members: object[], gameType = 'ffa') =>
      call(t.app, '/api/civilization/createGame', {
        method: 'POST',
        as: host,
        payload: { groupID: group._id, gameName: 'By hand', gameType, draftMode: false, members },
      });
    const solo = await byHand([{ userID: host.user.id }]);
    expect(solo.status).toBe(400);
    expect(solo.body.fields.members).toMatch(/at least two players/);
    const soloDraft = await post('draftGame', host, draftBody(group, [host]));
    expect(soloDraft.status).toBe(400);
    expect(soloDraft.body.fields.members).toBeTruthy();
    const oneTeam = await byHand(
      [host, p2, p3].map((u) => ({ userID: u.user.id, team: 1 })),
      'team',
    );
    expect(oneTeam.status).toBe(400);
    expect(oneTeam.body.fields.members).toMatch(/two teams/);
    const oneTeamDraft = await post('draftGame', host, draftBody(group, [host, p2, p3], { gameType: 'team', teams: [1, 1, 1] }));
    expect(oneTeamDraft.status).toBe(400);
    expect(oneTeamDraft.body.fields.members).toMatch(/2 teams/);

    const game = await ffa(group, [host, p2]);
    await update(host, { gameID: game._id, members: eliminate(p2) });
    await update(host, { gameID: game._id, winner: host.user.id, victoryType: 'Score' });
    const swap = await update(host, {
      gameID: game._id,
      members: [
        { userID: host.user.id, isActive: false },
        { userID: p2.user.id, isActive: true },
      ],
    });
    expect(swap.status).toBe(400);
    expect((await update(host, { gameID: game._id, members: [{ userID: p2.user.id, isActive: true }] })).status).toBe(409);
    expect((await getGame(host, game._id)).winner).toBe(host.user.id);
  });
});

describe('anonymous mode holds', () => {
  it("an opponent's choices reach no response, whatever edits a player sends, until a manager finishes the game", async () => {
    const group = await ladderGroup();
    const teams = [1, 1, 2, 2];
    const { draft, body } = await draftFor(t.app, group, host, [host, p2, p3, reader], {
      gameType: 'team',
      numCiv: 2,
      teams,
      anonymousMode: true,
    });
    const game = (await createGameFrom(t.app, host, body)) as GameDto;
    const order = draft.players.map((p) => p.userID);
    // Each player reads their own hand from the draft; together they are every hand dealt.
    const hands = new Map<string, string[]>();
    for (const player of [host, p2, p3, reader]) {
      const seen = (await call(t.app, `/api/civilization/getDraft?draftID=${draft.draftID}`, { as: player })).body as DraftDto;
      hands.set(
        player.user.id,
        seen.players.find((p) => p.userID === player.user.id)!.civChoices.map((c) => c.civID),
      );
    }
    const hiddenFrom = (user: TestUser) => {
      const mine = teams[order.indexOf(user.user.id)];
      return order.filter((_, i) => teams[i] !== mine).flatMap((id) => hands.get(id)!);
    };
    const teamOf = (user: TestUser) => teams[order.indexOf(user.user.id)]!;
    // A player of the team the host is not on: they must never see the other team's leaders.
    const opponent = [p2, p3, reader].find((u) => teamOf(u) !== teamOf(host))!;
    const rival = [p2, p3, reader].find((u) => teamOf(u) === teamOf(host))!;
    const own = teamOf(opponent);
    const other = own === 1 ? 2 : 1;
    const secrets = hiddenFrom(opponent);
    expect(secrets.length).toBe(4);
    const leak = async () => {
      const bodies = [
        await call(t.app, `/api/civilization/game?gameID=${game._id}`, { as: opponent }),
        await call(t.app, `/api/civilization/getActiveGames?groupID=${group._id}`, { as: opponent }),
        await call(t.app, `/api/civilization/getFinishedGames?groupID=${group._id}&gameType=team`, { as: opponent }),
        await call(t.app, `/api/civilization/getFinishedGames?groupID=${group._id}&gameType=ffa`, { as: opponent }),
        await call(t.app, `/api/civilization/gameHistory?gameID=${game._id}`, { as: opponent }),
        await call(t.app, `/api/events/getEvents?groupID=${group._id}`, { as: opponent }),
        await call(t.app, `/api/civilization/getDraft?draftID=${draft.draftID}`, { as: opponent }),
      ];
      const text = bodies.map((b) => JSON.stringify(b.body)).join('\n');
      return secrets.filter((civID) => text.includes(`"${civID}"`));
    };
    expect(await leak()).toEqual([]);

    // Move to the other team, switch the type, eliminate everyone and win: refused for a player.
    expect((await update(opponent, { gameID: game._id, members: [{ userID: opponent.user.id, team: other }] })).status).toBe(403);
    expect((await update(opponent, { gameID: game._id, gameType: 'ffa' })).status).toBe(403);
    expect((await update(opponent, { gameID: game._id, members: eliminate(host, rival) })).status).toBe(403);
    // Setting the leader one played is theirs, and reveals nothing of others.
    const mine = hands.get(opponent.user.id)![0]!;
    expect((await update(opponent, { gameID: game._id, members: [{ userID: opponent.user.id, civPlayed: mine }] })).status).toBe(200);
    expect(await leak()).toEqual([]);

    // The host accepts a team switch and a type switch: what the opponent sees is fixed at creation.
    const swap = await post('proposeGameChange', opponent, {
      gameID: game._id,
      changes: {
        members: [
          { userID: opponent.user.id, team: other },
          { userID: rival.user.id, team: own },
        ],
      },
      reason: 'we swapped seats',
    });
    expect(swap.status).toBe(200);
    expect((await post('decideGameProposal', host, { proposalID: swap.body._id, decision: 'accept' })).status).toBe(200);
    expect(await leak()).toEqual([]);
    expect((await update(host, { gameID: game._id, gameType: 'ffa' })).status).toBe(200);
    expect(await leak()).toEqual([]);
    const back = await update(host, {
      gameID: game._id,
      gameType: 'team',
      members: [
        { userID: opponent.user.id, team: own },
        { userID: rival.user.id, team: other },
      ],
    });
    expect(back.status).toBe(200);

    // A manager finishes it: revealed, and reopening does not hide it again.
    const losers = [p2, p3, reader].filter((u) => teamOf(u) === own);
    await update(host, { gameID: game._id, members: eliminate(...losers) });
    expect((await update(host, { gameID: game._id, winner: teamOf(host), victoryType: 'Science' })).status).toBe(200);
    expect((await leak()).sort()).toEqual([...secrets].sort());
    expect((await update(host, { gameID: game._id, winner: null })).status).toBe(200);
    expect((await getGame(opponent, game._id)).members.every((m) => !m.civChoicesHidden)).toBe(true);
  });
});

describe('who hosts and who records, in anonymous mode', () => {
  it('chosenHost is masked exactly when host is: anonymous mode withholds leaders, not who hosts or records', async () => {
    const group = await ladderGroup();
    const { body } = await draftFor(t.app, group, owner, [host, p2, p3], { gameType: 'team', teams: [1, 1, 2], anonymousMode: true });
    const game = (await createGameFrom(t.app, owner, { ...body, host: host.user.id })) as GameDto;
    const stored = () =>
      t.database.db.selectFrom('civ_games').select(['host', 'chosen_host']).where('id', '=', game._id).executeTakeFirstOrThrow();
    const answers = async (as: TestUser): Promise<GameDto[]> => {
      const lists = await Promise.all(
        ['getActiveGames?', 'getFinishedGames?gameType=team&'].map(
          async (path) => (await call(t.app, `/api/civilization/${path}groupID=${group._id}`, { as })).body.games as GameDto[],
        ),
      );
      return [await getGame(as, game._id), ...lists.flat().filter((g) => g._id === game._id)];
    };
    // Every reader, in every answer: a teammate of the chosen host, an opponent, a member who did not play, an Administrator.
    const check = async (...edited: GameDto[]) => {
      const row = await stored();
      const seen = [...edited, ...(await Promise.all([host, p2, p3, reader, admin].map(answers))).flat()];
      expect(seen.length).toBeGreaterThan(5);
      for (const dto of seen) {
        expect(dto.chosenHost === row.chosen_host).toBe(dto.host === row.host);
        expect({ host: dto.host, chosenHost: dto.chosenHost }).toEqual({ host: row.host, chosenHost: row.chosen_host });
      }
    };
    await check(game);

    // The chosen host is eliminated: the lobby passes to their teammate p2, the right to record does not.
    const out = await update(owner, { gameID: game._id, members: eliminate(host) });
    expect(out.body).toMatchObject({ host: p2.user.id, chosenHost: host.user.id });
    await check(out.body);
    // The opponent tries to take either for themselves: refused, and nothing moves.
    expect((await update(p3, { gameID: game._id, host: p3.user.id })).status).toBe(403);
    expect((await update(p3, { gameID: game._id, gameName: 'Ours', host: p3.user.id })).status).toBe(403);
    await check();
    // A manager hands the right to the lobby holder, who finishes the game and reopens it.
    const handed = await update(owner, { gameID: game._id, host: p2.user.id });
    expect(handed.body).toMatchObject({ host: p2.user.id, chosenHost: p2.user.id });
    await check(handed.body);
    await update(p2, { gameID: game._id, members: eliminate(p3) });
    const won = await update(p2, { gameID: game._id, winner: 1, victoryType: 'Science' });
    expect(won.status).toBe(200);
    await check(won.body);
    const reopened = await update(p2, { gameID: game._id, winner: null });
    expect(reopened.status).toBe(200);
    await check(reopened.body);
  });
});

describe('deleting is soft and restorable', () => {
  it('a deleted game leaves lists and rankings with its comments kept; an Administrator restores it within 30 days', async () => {
    const group = await ladderGroup();
    const game = await ffa(group, [host, p2]);
    await call(t.app, '/api/comments/postComment', {
      method: 'POST',
      as: p2,
      payload: { comment: 'gg', userID: p2.user.id, groupID: group._id, gameID: game._id },
    });
    await update(host, { gameID: game._id, members: eliminate(p2) });
    await update(host, { gameID: game._id, winner: host.user.id, victoryType: 'Score' });
    const ranked = async () =>
      (await call(t.app, `/api/civilization/getRankings?groupID=${group._id}&gameType=ffa&season=all`, { as: p2 })).body.length;
    expect(await ranked()).toBe(2);

    expect((await call(t.app, `/api/civilization/deleteGame?gameID=${game._id}`, { method: 'POST', as: host })).status).toBe(200);
    expect(await ranked()).toBe(0);
    expect((await call(t.app, `/api/civilization/game?gameID=${game._id}`, { as: p2 })).status).toBe(404);
    expect((await call(t.app, `/api/comments/getComments/${game._id}/${group._id}`, { as: p2 })).status).toBe(404);
    const stored = await t.database.db.selectFrom('civ_comments').select('comment').where('game_id', '=', game._id).execute();
    expect(stored).toEqual([{ comment: 'gg' }]);

    const deleted = await call(t.app, `/api/civilization/getDeletedGames?groupID=${group._id}`, { as: admin });
    expect(deleted.body).toEqual([
      expect.objectContaining({ _id: game._id, deletedByName: host.user.username, comments: 1, isFinished: true }),
    ]);
    expect((await call(t.app, `/api/civilization/getDeletedGames?groupID=${group._id}`, { as: host })).status).toBe(403);
    expect((await call(t.app, `/api/civilization/restoreGame?gameID=${game._id}`, { method: 'POST', as: host })).status).toBe(404);
    // Administrators still open it, with its history and comments, to decide whether to restore it.
    expect((await getGame(admin, game._id)).dateDeleted).toBeTruthy();
    expect((await history(admin, game._id)).audit[0]).toMatchObject({ action: 'deleted' });
    expect((await call(t.app, `/api/comments/getComments/${game._id}/${group._id}`, { as: admin })).body).toHaveLength(1);
    expect((await history(p2, game._id)).message).toBe('Game not found');
    expect(
      (
        await call(t.app, '/api/comments/postComment', {
          method: 'POST',
          as: admin,
          payload: { comment: 'late', userID: admin.user.id, groupID: group._id, gameID: game._id },
        })
      ).status,
    ).toBe(404);

    const restored = await call(t.app, `/api/civilization/restoreGame?gameID=${game._id}`, { method: 'POST', as: admin });
    expect(restored.status).toBe(200);
    expect(restored.body.dateDeleted).toBeNull();
    expect(await ranked()).toBe(2);
    expect((await call(t.app, `/api/comments/getComments/${game._id}/${group._id}`, { as: p2 })).body).toHaveLength(1);
    expect((await history(p2, game._id)).audit.map((a: { action: string }) => a.action).slice(0, 2)).toEqual(['restored', 'deleted']);

    // After 30 days it can no longer be restored (and is still kept).
    await call(t.app, `/api/civilization/deleteGame?gameID=${game._id}`, { method: 'POST', as: admin });
    t.clock.advance(31 * 24 * 3_600_000);
    expect((await call(t.app, `/api/civilization/restoreGame?gameID=${game._id}`, { method: 'POST', as: admin })).status).toBe(409);
    expect(await t.database.db.selectFrom('civ_games').select('id').where('id', '=', game._id).executeTakeFirst()).toBeTruthy();
  });
});
