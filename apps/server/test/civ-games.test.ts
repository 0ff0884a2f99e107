import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIV6_LEADERS } from '@smm/shared/civilization/leaders-civ6';
import { DRAFT_NOT_FOUND_MESSAGE, DRAFT_REQUIRED_MESSAGE } from '@smm/shared/civilization/draft-schemas';
import { createGameFrom, draftBody, draftFor } from './civ-games-fixtures';
import { call, createCast, groupWithCast, type Cast, type TestUser } from './groups-fixtures';
import { createTestApp, type TestApp } from './test-app';
import { REDRAFT_NOT_YOURS_MESSAGE } from '../src/features/civ-games/civ-games.service';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const update = (as: TestUser, payload: object) => call(t.app, '/api/civilization/updateGame', { method: 'POST', as, payload });
const gameCount = async (groupID: string) =>
  (await t.database.db.selectFrom('civ_games').select('id').where('group_id', '=', groupID).execute()).length;

const post = (path: string, as: TestUser, payload: object) => call(t.app, `/api/civilization/${path}`, { method: 'POST', as, payload });
const ban = (group: { _id: string }, as: TestUser, leader: string) =>
  call(t.app, `/api/civilization/postCivLeaderBanPreference?groupID=${group._id}`, {
    method: 'POST',
    as,
    payload: { leader, operation: 'add' },
  });
const ids = (hand: { civID: string }[]) => hand.map((c) => c.civID);

describe('createGame takes the server’s draft', () => {
  it('makes the game from the stored draft: its players, hands and the bans from the stored preferences', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const banned = CIV6_LEADERS[4]!.civID;
    await ban(group, cast.member, banned);
    const { draft, body } = await draftFor(t.app, group, cast.owner, [cast.owner, cast.admin, cast.member]);
    const game = await createGameFrom(t.app, cast.owner, body);
    expect(game.bannedLeaders.map((b: { civID: string }) => b.civID)).toEqual([banned]);
    expect(game.members.map((m: { userID: string }) => m.userID)).toEqual([cast.owner.user.id, cast.admin.user.id, cast.member.user.id]);
    expect(game.members.map((m: { civChoices: { civID: string }[] }) => ids(m.civChoices))).toEqual(
      draft.players.map((p) => ids(p.civChoices)),
    );
    expect(game.members.every((m: { civChoices: unknown[]; isActive: boolean }) => m.civChoices.length === 3 && m.isActive)).toBe(true);
    expect(game).toMatchObject({ host: cast.owner.user.id, isFinished: false, draftMode: true, map: draft.map?.name ?? null, numCiv: 3 });
    expect((await call(t.app, `/api/civilization/getDraft?draftID=${draft.draftID}`, { as: cast.member })).body.gameID).toBe(game._id);
  });

  it('refuses every forged hand, a hand without a draft, a hand the server did not deal, a used draft and another group’s; nothing is stored', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const banned = CIV6_LEADERS[9]!.civID;
    await ban(group, cast.admin, banned);
    for (const map of ['Pangaea', 'Continents']) {
      for (const as of [cast.owner, cast.admin]) {
        await call(t.app, `/api/civilization/postCivMapPreference?groupID=${group._id}`, {
          method: 'POST',
          as,
          payload: { map, operation: 'add' },
        });
      }
    }
    const { draft, body } = await draftFor(t.app, group, cast.owner, [cast.owner, cast.admin]);
    expect(['Pangaea', 'Continents']).toContain(draft.map?.name);
    const [mine, theirs] = draft.players.map((p) => ids(p.civChoices)) as [string[], string[]];
    const hands = (first: string[], second: string[]) => ({
      members: [
        { userID: cast.owner.user.id, civChoices: first },
        { userID: cast.admin.user.id, civChoices: second },
      ],
    });
    const unused = CIV6_LEADERS.map((l) => l.civID).filter((id) => id !== banned && !mine.includes(id) && !theirs.includes(id));
    const egypt = CIV6_LEADERS.filter((l) => l.nation === 'Egypt').map((l) => l.civID);
    const forgeries: [string, Record<string, unknown>, string][] = [
      ['3 civs for one player, 1 for the other', hands([...mine], [theirs[0]!]), 'members'],
      ['a hand the server did not deal', hands([unused[0]!, unused[1]!, unused[2]!], theirs), 'members'],
      ['a banned leader', hands([banned, ...mine.slice(1)], theirs), 'members'],
      ['two leaders of one civilization', hands([egypt[0]!, egypt[1]!, mine[2]!], theirs), 'members'],
      ['a map nobody preferred', { map: 'Fractal' }, 'map'],
      ['bans left out', { bannedLeaders: [] }, 'bannedLeaders'],
      ['another player', { members: [...(body.members as object[]), { userID: cast.member.user.id }] }, 'members'],
      ['another game type', { gameType: 'team' }, 'gameType'],
      ['another setting value', { settings: { gameSettings: [{ title: 'Game Speed', value: 'Marathon' }] } }, 'settings'],
    ];
    for (const [what, change, field] of forgeries) {
      const res = await post('createGame', cast.owner, { ...body, ...change });
      expect(res.status, what).toBe(400);
      expect(res.body.fields?.[field], what).toBeTruthy();
    }
    const forged = await post('createGame', cast.owner, { ...body, ...hands([...mine], [theirs[0]!]) });
    expect(forged.body.message).toBe("The hands do not match the server's draft");

    // Without a draftID a drafted game is refused, whatever hands it carries.
    const { draftID: _draftID, ...noDraft } = body;
    const bare = await post('createGame', cast.owner, { ...noDraft, ...hands(mine, theirs) });
    expect(bare.status).toBe(400);
    expect(bare.body.fields.draftID).toBe(DRAFT_REQUIRED_MESSAGE);
    // A draftID the server never dealt.
    expect((await post('createGame', cast.owner, { ...body, draftID: '0190a0b0-0000-7000-8000-000000000000' })).status).toBe(404);
    // Another group's draft: it does not exist here.
    const other = await groupWithCast(t.app, cast, false);
    const foreign = await draftFor(t.app, other, cast.owner, [cast.owner, cast.admin]);
    const elsewhere = await post('createGame', cast.owner, { ...foreign.body, groupID: group._id });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.fields.draftID).toBe(DRAFT_NOT_FOUND_MESSAGE);
    expect(await gameCount(group._id)).toBe(0);

    // The genuine body makes the game once; a second game from the same draft is refused.
    await createGameFrom(t.app, cast.owner, {
      ...body,
      members: draft.players.map((p) => ({ userID: p.userID, civChoices: p.civChoices })),
    });
    const again = await post('createGame', cast.admin, body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This draft was already used for a game');
    expect(await gameCount(group._id)).toBe(1);
  });

  it('with bans removing picks, a player without bans still gets the full count', async () => {
    const group = await groupWithCast(t.app, cast, true);
    for (const leader of CIV6_LEADERS.slice(20, 23)) await ban(group, cast.admin, leader.civID);
    const { draft, body } = await draftFor(t.app, group, cast.owner, [cast.owner, cast.admin], { bansRemovePicks: true, freeBans: 1 });
    // numCiv 3 - 3 bans + 1 free ban = 1 for the admin; the owner made no bans and keeps 3.
    expect(draft.players.map((p) => p.civChoices.length)).toEqual([3, 1]);
    const shortchanged = await post('createGame', cast.owner, {
      ...body,
      members: [
        { userID: cast.owner.user.id, civChoices: [ids(draft.players[0]!.civChoices)[0]] },
        { userID: cast.admin.user.id, civChoices: ids(draft.players[1]!.civChoices) },
      ],
    });
    expect(shortchanged.status).toBe(400);
    expect(shortchanged.body.fields.members).toBe("The hands do not match the server's draft");
    expect(await gameCount(group._id)).toBe(0);
  });

  it('refuses outsiders; bad input names the field; a game added by hand needs no draft', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const { body } = await draftFor(t.app, group, cast.owner, [cast.owner, cast.member]);
    expect((await post('createGame', cast.outsider, body)).status).toBe(404);
    expect((await post('draftGame', cast.outsider, draftBody(group, [cast.owner, cast.member]))).status).toBe(404);
    const open = await groupWithCast(t.app, cast, false);
    expect((await post('draftGame', cast.outsider, draftBody(open, [cast.owner, cast.member]))).status).toBe(403);
    for (const [payload, field] of [
      [{ ...body, gameName: '' }, 'gameName'],
      [{ ...body, numCiv: 6 }, 'numCiv'],
      [{ ...body, gameType: 'duel' }, 'gameType'],
      [{ ...body, members: [] }, 'members'],
    ] as const) {
      const res = await post('createGame', cast.owner, payload);
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBeTruthy();
    }
    const outsider = await post('createGame', cast.owner, {
      ...body,
      draftMode: false,
      draftID: undefined,
      members: [{ userID: cast.owner.user.id }, { userID: cast.outsider.user.id }],
    });
    expect(outsider.status).toBe(400);
    expect(outsider.body.fields.members).toBe(`Not members of this group: ${cast.outsider.user.username}`);
    expect(await gameCount(group._id)).toBe(0);
    const byHand = await createGameFrom(t.app, cast.owner, {
      groupID: group._id,
      gameName: 'By hand',
      gameType: 'ffa',
      draftMode: false,
      members: [{ userID: cast.owner.user.id }, { userID: cast.member.user.id }],
    });
    expect(byHand).toMatchObject({ draftMode: false, map: null });
    expect(byHand.members.every((m: { civChoices: unknown[] }) => m.civChoices.length === 0)).toBe(true);
  });
});

describe('games: reading, anonymous mode, host and winner', () => {
  it('non-members cannot read a game or the lists', async () => {
    const group = await groupWithCast(t.app, cast, false);
    const game = await createGameFrom(t.app, cast.owner, (await draftFor(t.app, group, cast.owner, [cast.owner, cast.member])).body);
    expect((await call(t.app, `/api/civilization/game?gameID=${game._id}`, { as: cast.outsider })).status).toBe(404);
    expect((await call(t.app, `/api/civilization/getActiveGames?groupID=${group._id}`, { as: cast.outsider })).status).toBe(403);
    expect((await call(t.app, `/api/civilization/getRankings?groupID=${group._id}&gameType=ffa`, { as: cast.outsider })).status).toBe(403);
    expect((await update(cast.outsider, { gameID: game._id, gameName: 'Mine' })).status).toBe(404);
  });

  it("anonymous mode hides opponents' choices until the game is finished", async () => {
    const group = await groupWithCast(t.app, cast, true);
    const { body } = await draftFor(t.app, group, cast.owner, [cast.owner, cast.admin, cast.member], {
      gameType: 'team',
      teams: [1, 1, 2],
      anonymousMode: true,
    });
    // Teams other than the draft's are refused; the draft's make the game.
    const swapped = await post('createGame', cast.owner, {
      ...body,
      members: (body.members as object[]).map((m, i) => ({ ...m, team: i === 0 ? 2 : 1 })),
    });
    expect(swapped.status).toBe(400);
    expect(swapped.body.fields.members).toBe("The teams do not match the server's draft");
    const game = await createGameFrom(t.app, cast.owner, body);
    expect(game.anonymousMode).toBe(true);
    const seen = async (as: TestUser) => {
      const res = await call(t.app, `/api/civilization/game?gameID=${game._id}`, { as });
      return Object.fromEntries(res.body.members.map((m: { userID: string; civChoices: unknown[] }) => [m.userID, m.civChoices.length]));
    };
    // Owner and admin are team 1, the member team 2.
    expect(await seen(cast.owner)).toEqual({ [cast.owner.user.id]: 3, [cast.admin.user.id]: 3, [cast.member.user.id]: 0 });
    expect(await seen(cast.member)).toEqual({ [cast.owner.user.id]: 0, [cast.admin.user.id]: 0, [cast.member.user.id]: 3 });
    const list = await call(t.app, `/api/civilization/getActiveGames?groupID=${group._id}`, { as: cast.member });
    expect(list.body.games[0].members.find((m: { userID: string }) => m.userID === cast.owner.user.id).civChoices).toEqual([]);

    await update(cast.owner, { gameID: game._id, members: [{ userID: cast.member.user.id, isActive: false }] });
    const won = await update(cast.owner, { gameID: game._id, winner: 1, victoryType: 'Science' });
    expect(won.status).toBe(200);
    expect(await seen(cast.member)).toEqual({ [cast.owner.user.id]: 3, [cast.admin.user.id]: 3, [cast.member.user.id]: 3 });
  });

  it('the host is an active member; a deactivated host passes to the first active member', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const game = await createGameFrom(
      t.app,
      cast.owner,
      (await draftFor(t.app, group, cast.owner, [cast.owner, cast.admin, cast.member])).body,
    );
    // A player who is neither host, creator nor Administrator proposes instead.
    expect((await update(cast.member, { gameID: game._id, members: [{ userID: cast.owner.user.id, isActive: false }] })).status).toBe(403);
    const out = await update(cast.owner, { gameID: game._id, members: [{ userID: cast.owner.user.id, isActive: false }] });
    expect(out.status).toBe(200);
    expect(out.body.host).toBe(cast.admin.user.id);
    const bad = await update(cast.owner, { gameID: game._id, host: cast.owner.user.id });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.host).toBeTruthy();
    expect((await update(cast.owner, { gameID: game._id, host: cast.outsider.user.id })).status).toBe(400);
  });

  it('a winner only when one active member remains; declaring one archives the game', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const game = await createGameFrom(
      t.app,
      cast.owner,
      (await draftFor(t.app, group, cast.owner, [cast.owner, cast.admin, cast.member])).body,
    );
    const early = await update(cast.owner, { gameID: game._id, winner: cast.owner.user.id, victoryType: 'Score' });
    expect(early.status).toBe(409);
    await update(cast.owner, {
      gameID: game._id,
      members: [
        { userID: cast.admin.user.id, isActive: false },
        { userID: cast.member.user.id, isActive: false },
      ],
    });
    expect((await update(cast.owner, { gameID: game._id, winner: cast.admin.user.id, victoryType: 'Score' })).status).toBe(400);
    expect((await update(cast.owner, { gameID: game._id, winner: cast.owner.user.id })).status).toBe(400);
    const won = await update(cast.owner, { gameID: game._id, winner: cast.owner.user.id, victoryType: 'Domination' });
    expect(won.status).toBe(200);
    expect(won.body).toMatchObject({ isFinished: true, winner: cast.owner.user.id, victoryType: 'Domination' });
    const active = await call(t.app, `/api/civilization/getActiveGames?groupID=${group._id}`, { as: cast.member });
    expect(active.body.total).toBe(0);
    const archived = await call(t.app, `/api/civilization/getFinishedGames?groupID=${group._id}&gameType=ffa`, { as: cast.member });
    expect(archived.body.games.map((g: { _id: string }) => g._id)).toEqual([game._id]);
    expect(
      (await call(t.app, `/api/civilization/getFinishedGames?groupID=${group._id}&gameType=team`, { as: cast.member })).body.total,
    ).toBe(0);
  });
});

describe('rankings and ratings', () => {
  async function finishedFfa(group: { _id: string }, winner: TestUser, players: TestUser[], victoryType: string) {
    const full = (await call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: cast.owner })).body;
    const game = await createGameFrom(t.app, cast.owner, (await draftFor(t.app, full, cast.owner, players)).body);
    await update(cast.owner, {
      gameID: game._id,
      members: players.filter((p) => p !== winner).map((p) => ({ userID: p.user.id, isActive: false })),
    });
    const res = await update(cast.owner, { gameID: game._id, winner: winner.user.id, victoryType });
    expect(res.status).toBe(200);
    return game._id as string;
  }

  it('counts games and wins per victory type; ratings move and are recomputed after an edit or a delete', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const players = [cast.owner, cast.admin, cast.member];
    const first = await finishedFfa(group, cast.member, players, 'Science');
    await finishedFfa(group, cast.member, players, 'Culture');
    await finishedFfa(group, cast.admin, players, 'Science');
    const rankings = async () =>
      Object.fromEntries(
        (await call(t.app, `/api/civilization/getRankings?groupID=${group._id}&gameType=ffa`, { as: cast.admin })).body.map(
          (r: { username: string }) => [r.username, r],
        ),
      );
    const before = await rankings();
    expect(before[cast.member.user.username]).toMatchObject({ gamesPlayed: 3, science: 1, culture: 1, total: 2 });
    expect(before[cast.admin.user.username]).toMatchObject({ gamesPlayed: 3, science: 1, total: 1 });
    expect(before[cast.owner.user.username]).toMatchObject({ gamesPlayed: 3, total: 0 });
    expect(before[cast.member.user.username].rating.ordinal).toBeGreaterThan(before[cast.owner.user.username].rating.ordinal);

    // Recomputing everything from the history (an edit of a finished game does) gives what the
    // incremental updates gave.
    expect((await update(cast.owner, { gameID: first, lobbyLink: 'steam://joinlobby/1', members: [] })).status).toBe(200);
    const recomputed = await rankings();
    for (const name of Object.keys(before)) {
      expect(recomputed[name]).toMatchObject({ ...before[name], rating: expect.anything() });
      expect(recomputed[name].rating.mu).toBeCloseTo(before[name].rating.mu, 9);
      expect(recomputed[name].rating.sigma).toBeCloseTo(before[name].rating.sigma, 9);
    }

    // The first game's winner is changed: the counts and the ratings follow the history.
    await update(cast.owner, { gameID: first, winner: null });
    await update(cast.owner, {
      gameID: first,
      members: [
        { userID: cast.owner.user.id, isActive: true },
        { userID: cast.member.user.id, isActive: false },
      ],
    });
    await update(cast.owner, { gameID: first, members: [{ userID: cast.admin.user.id, isActive: false }] });
    expect((await update(cast.owner, { gameID: first, winner: cast.owner.user.id, victoryType: 'Religion' })).status).toBe(200);
    const edited = await rankings();
    expect(edited[cast.owner.user.username]).toMatchObject({ religion: 1, total: 1 });
    expect(edited[cast.member.user.username]).toMatchObject({ science: 0, culture: 1, total: 1 });
    expect(edited[cast.owner.user.username].rating.mu).not.toBeCloseTo(before[cast.owner.user.username].rating.mu, 6);

    // Recomputing from history gives the same as the incremental path.
    const stored = await t.database.db.selectFrom('civ_ratings').selectAll().where('group_id', '=', group._id).execute();
    expect(stored).toHaveLength(3);

    const del = await call(t.app, `/api/civilization/deleteGame?gameID=${first}`, { method: 'POST', as: cast.admin });
    expect(del.status).toBe(200);
    const after = await rankings();
    expect(after[cast.owner.user.username]).toMatchObject({ gamesPlayed: 2, total: 0 });
  });
});

describe('drafting from an event', () => {
  it('marks the event drafted; a redraft never replaces a game whose recording has started, and replaces one that has not', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const start = t.clock.now() + 86_400_000;
    const event = await call(t.app, '/api/events/postEvent', {
      method: 'POST',
      as: cast.owner,
      payload: {
        groupID: group._id,
        userID: cast.owner.user.id,
        eventName: 'Game night',
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 3_600_000).toISOString(),
      },
    });
    expect(event.status).toBe(200);
    const { body } = await draftFor(t.app, group, cast.owner, [cast.owner, cast.member], { eventID: event.body._id });
    const first = await createGameFrom(t.app, cast.owner, body);
    const drafted = (await call(t.app, `/api/events/getEvents?groupID=${group._id}`, { as: cast.member })).body[0];
    expect(drafted).toMatchObject({ isDrafted: true, draftGameID: first._id });
    await call(t.app, '/api/comments/postComment', {
      method: 'POST',
      as: cast.member,
      payload: { comment: 'gl hf', userID: cast.member.user.id, groupID: group._id, gameID: first._id },
    });

    // A redraft that fails the checks leaves the earlier game in place.
    const redraft = await draftFor(t.app, group, cast.owner, [cast.owner, cast.member], { eventID: event.body._id });
    const forged = await call(t.app, '/api/civilization/createGame', {
      method: 'POST',
      as: cast.owner,
      payload: { ...redraft.body, map: 'Earth' },
    });
    expect(forged.status).toBe(400);
    expect((await call(t.app, `/api/civilization/game?gameID=${first._id}`, { as: cast.owner })).status).toBe(200);

    // The first game has a comment: the redraft is refused, saying why, and the game survives.
    const redraftBody = redraft.body;
    const refused = await call(t.app, '/api/civilization/createGame', { method: 'POST', as: cast.owner, payload: redraftBody });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/already started recording/);
    expect(refused.body.fields.keepEarlier).toBeTruthy();
    expect((await call(t.app, `/api/civilization/game?gameID=${first._id}`, { as: cast.owner })).status).toBe(200);
    expect(await gameCount(group._id)).toBe(1);

    // Added beside it: both games stand, the event points at the new one.
    const beside = await createGameFrom(t.app, cast.owner, { ...redraftBody, keepEarlier: true });
    expect((await call(t.app, `/api/civilization/game?gameID=${first._id}`, { as: cast.owner })).status).toBe(200);
    expect((await call(t.app, `/api/events/getEvents?groupID=${group._id}`, { as: cast.member })).body[0]).toMatchObject({
      isDrafted: true,
      draftGameID: beside._id,
    });

    // Nothing is recorded in that one yet, so a redraft replaces it (a restorable soft delete), when made by
    // someone who may delete it: its host, its creator or an Administrator, not only the draft's owner.
    const next = (await draftFor(t.app, group, cast.owner, [cast.owner, cast.member], { eventID: event.body._id })).body;
    const notTheirs = await call(t.app, '/api/civilization/createGame', { method: 'POST', as: cast.member, payload: next });
    expect(notTheirs.status).toBe(409);
    expect(notTheirs.body.message).toBe(REDRAFT_NOT_YOURS_MESSAGE);
    expect(notTheirs.body.fields.keepEarlier).toBeTruthy();
    const second = await createGameFrom(t.app, cast.admin, next);
    expect((await call(t.app, `/api/civilization/game?gameID=${beside._id}`, { as: cast.member })).status).toBe(404);
    const active = (await call(t.app, `/api/civilization/getActiveGames?groupID=${group._id}`, { as: cast.member })).body;
    expect(active.games.map((g: { _id: string }) => g._id).sort()).toEqual([first._id, second._id].sort());
    const redrafted = (await call(t.app, `/api/events/getEvents?groupID=${group._id}`, { as: cast.member })).body[0];
    expect(redrafted).toMatchObject({ isDrafted: true, draftGameID: second._id });

    await call(t.app, `/api/civilization/deleteGame?gameID=${second._id}`, { method: 'POST', as: cast.owner });
    expect((await call(t.app, `/api/events/getEvents?groupID=${group._id}`, { as: cast.member })).body[0]).toMatchObject({
      isDrafted: false,
      draftGameID: null,
    });
  });
});

describe('comments and notes', () => {
  it('comments are for members, newest first, written as oneself', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const game = await createGameFrom(t.app, cast.owner, (await draftFor(t.app, group, cast.owner, [cast.owner, cast.member])).body);
    const post = (as: TestUser, comment: string, userID = as.user.id) =>
      call(t.app, '/api/comments/postComment', {
        method: 'POST',
        as,
        payload: { comment, userID, username: 'someone else', groupID: group._id, gameID: game._id, date: '2000-01-01' },
      });
    expect((await post(cast.member, 'first')).body).toMatchObject({ username: cast.member.user.username, userID: cast.member.user.id });
    t.clock.advance(1000);
    await post(cast.owner, 'second');
    expect((await post(cast.owner, 'forged', cast.member.user.id)).status).toBe(403);
    expect((await post(cast.outsider, 'spam')).status).toBe(404);
    const empty = await post(cast.member, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.fields.comment).toBe('Comment field is required');
    const list = await call(t.app, `/api/comments/getComments/${game._id}/${group._id}`, { as: cast.admin });
    expect(list.body.map((c: { comment: string }) => c.comment)).toEqual(['second', 'first']);
    expect((await call(t.app, `/api/comments/getComments/${game._id}/${group._id}`, { as: cast.outsider })).status).toBe(404);
  });

  it('notes and player relationships are private to their writer', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const game = await createGameFrom(t.app, cast.owner, (await draftFor(t.app, group, cast.owner, [cast.owner, cast.member])).body);
    const path = `${cast.member.user.id}/${group._id}/${game._id}`;
    const saved = await call(t.app, '/api/notes/postUserNotes/', {
      method: 'POST',
      as: cast.member,
      payload: { userID: cast.member.user.id, groupID: group._id, gameID: game._id, notes: 'Owner rushes early.' },
    });
    expect(saved.status).toBe(200);
    const rel = await call(t.app, `/api/notes/postPlayerRelationship/${path}`, {
      method: 'POST',
      as: cast.member,
      payload: { userID: cast.owner.user.id, relationship: 'Seeking Revenge' },
    });
    expect(rel.body.playerRelationships).toEqual([
      { userID: cast.owner.user.id, username: cast.owner.user.username, relationship: 'Seeking Revenge' },
    ]);
    expect(
      (
        await call(t.app, `/api/notes/postPlayerRelationship/${path}`, {
          method: 'POST',
          as: cast.member,
          payload: { userID: cast.owner.user.id, relationship: 'Besties' },
        })
      ).status,
    ).toBe(400);
    const mine = await call(t.app, `/api/notes/getUserNotes/${path}`, { as: cast.member });
    expect(mine.body).toMatchObject({ notes: 'Owner rushes early.' });
    for (const other of [cast.owner, cast.admin, cast.outsider]) {
      const res = await call(t.app, `/api/notes/getUserNotes/${path}`, { as: other });
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('rushes');
      const write = await call(t.app, '/api/notes/postUserNotes/', {
        method: 'POST',
        as: other,
        payload: { userID: cast.member.user.id, groupID: group._id, gameID: game._id, notes: 'x' },
      });
      expect(write.status).toBe(403);
    }
    // The owner's own notes for the same game are empty: notes never mix.
    const owners = await call(t.app, `/api/notes/getUserNotes/${cast.owner.user.id}/${group._id}/${game._id}`, { as: cast.owner });
    expect(owners.body).toMatchObject({ notes: '', playerRelationships: [] });
  });
});

describe('game lists', () => {
  it('pages newest first and filters with Is or Includes on a column, also the winner of team games', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const names = ['Alpha 100%', 'Bravo', 'Charlie', 'Alpha two'];
    for (const gameName of names) {
      t.clock.advance(60_000);
      await createGameFrom(t.app, cast.owner, {
        groupID: group._id,
        gameName,
        gameType: 'team',
        draftMode: false,
        members: [
          { userID: cast.owner.user.id, team: 1 },
          { userID: cast.member.user.id, team: 2 },
        ],
      });
    }
    const list = (query: string) => call(t.app, `/api/civilization/getActiveGames?groupID=${group._id}&${query}`, { as: cast.member });
    const page1 = await list('pageSize=3');
    expect(page1.body).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(page1.body.games.map((g: { gameName: string }) => g.gameName)).toEqual(['Alpha two', 'Charlie', 'Bravo']);
    expect((await list('pageSize=3&page=2')).body.games.map((g: { gameName: string }) => g.gameName)).toEqual(['Alpha 100%']);
    expect((await list('')).body.games).toHaveLength(4);
    const names_ = async (query: string) => (await list(query)).body.games.map((g: { gameName: string }) => g.gameName);
    expect(await names_('filterField=gameName&filterType=includes&filterValue=alpha')).toEqual(['Alpha two', 'Alpha 100%']);
    expect(await names_('filterField=gameName&filterType=is&filterValue=bravo')).toEqual(['Bravo']);
    expect(await names_('filterField=gameName&filterType=includes&filterValue=100%25')).toEqual(['Alpha 100%']);
    expect(await names_('filterField=gameName&filterType=includes&filterValue=%25')).toEqual(['Alpha 100%']);
    expect(await names_(`filterField=member&filterType=is&filterValue=${cast.member.user.username}`)).toHaveLength(4);
    expect(await names_(`filterField=host&filterType=is&filterValue=${cast.member.user.username}`)).toEqual([]);
    // Games added without a draft have no map unless one was chosen.
    expect((await list('')).body.games.every((g: { map: string | null }) => g.map === null)).toBe(true);

    const bravo = (await list('filterField=gameName&filterType=is&filterValue=Bravo')).body.games[0];
    await update(cast.owner, { gameID: bravo._id, members: [{ userID: cast.owner.user.id, isActive: false }] });
    expect((await update(cast.owner, { gameID: bravo._id, winner: 2, victoryType: 'Culture' })).status).toBe(200);
    const finished = (query: string) =>
      call(t.app, `/api/civilization/getFinishedGames?groupID=${group._id}&gameType=team&${query}`, { as: cast.member });
    expect(
      (await finished('filterField=winner&filterType=is&filterValue=Team 2')).body.games.map((g: { gameName: string }) => g.gameName),
    ).toEqual(['Bravo']);
    expect((await finished('filterField=winner&filterType=is&filterValue=Team 1')).body.total).toBe(0);
    expect((await finished('filterField=victoryType&filterType=is&filterValue=culture')).body.total).toBe(1);

    for (const bad of ['page=0', 'pageSize=1000', 'filterField=colour&filterValue=x', 'filterType=like&filterField=map&filterValue=x']) {
      const res = await list(bad);
      expect(res.status, bad).toBe(400);
    }
    expect((await call(t.app, `/api/civilization/getFinishedGames?groupID=${group._id}`, { as: cast.member })).status).toBe(400);
  });
});

describe('payload shapes', () => {
  it('createGame takes the draft as the web app holds it: leader and map objects, members with extra fields', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const { body, draft } = await draftFor(t.app, group, cast.owner, [cast.owner, cast.member]);
    const res = await call(t.app, '/api/civilization/createGame', {
      method: 'POST',
      as: cast.owner,
      payload: {
        ...body,
        map: draft.map,
        bannedLeaders: draft.bannedLeaders,
        members: draft.players.map((p) => ({ ...p, isActive: true })),
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.map).toBe(draft.map?.name ?? null);
    expect(res.body.members[0].civChoices).toEqual(draft.players[0]!.civChoices);
  });

  it('postUserNotes answers with and without the trailing slash', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const game = await createGameFrom(t.app, cast.owner, (await draftFor(t.app, group, cast.owner, [cast.owner, cast.member])).body);
    for (const path of ['/api/notes/postUserNotes/', '/api/notes/postUserNotes']) {
      const res = await call(t.app, path, {
        method: 'POST',
        as: cast.owner,
        payload: { userID: cast.owner.user.id, groupID: group._id, gameID: game._id, notes: path },
      });
      expect(res.status).toBe(200);
      expect(res.body.notes).toBe(path);
    }
  });
});
