import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIV6_LEADERS } from '@smm/shared/civilization/leaders-civ6';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { createGameFrom, draftFor } from './civ-games-fixtures';
import { call, createCast, groupWithCast, type Cast, type TestUser } from './groups-fixtures';
import { openLiveStream, type LiveFrame, type LiveStream } from './live-stream-client';
import { createTestApp, type TestApp } from './test-app';

// Where members work together, every committed edit is heard on the group's live stream as a bare
// "this changed" (topic, action and the game's id, nothing of its content), so each open page
// refetches it through its normal, authorised read.

let t: TestApp;
let cast: Cast;
let group: FullGroupDto;
let base: string;
let stream: LiveStream;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  group = await groupWithCast(t.app, cast, true);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The member watches; others make the changes.
  stream = await openLiveStream(base, group._id, cast.member.token);
  await stream.next((frame) => frame.event === 'ready');
});
afterAll(async () => {
  stream?.close();
  await t?.close();
});

const civ = (path: string, as: TestUser, payload: object) => call(t.app, `/api/civilization/${path}`, { method: 'POST', as, payload });

/**
 * The change frames published while `act` ran and until a frame matching `until` (default: any change)
 * arrived; fails naming the wait when none comes within 2 s.
 */
async function changesOf(act: () => Promise<unknown>, until: (data: LiveFrame['data']) => boolean = () => true) {
  const from = stream.frames.length;
  await act();
  const frame = await Promise.race([
    stream.next((f) => f.event === 'change' && until(f.data)),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000)),
  ]);
  if (!frame) throw new Error('The awaited change was not published within 2 s');
  return stream.frames
    .slice(from)
    .filter((f) => f.event === 'change')
    .map((f) => f.data);
}

/** Runs `act` (which must answer 200) and returns the one change it published. */
async function onlyChangeOf(act: () => Promise<{ status: number }>) {
  const heard = await changesOf(async () => expect((await act()).status).toBe(200));
  expect(heard).toHaveLength(1);
  return heard[0];
}

async function newGame(players: TestUser[] = [cast.owner, cast.admin, cast.member]): Promise<GameDto> {
  const { body } = await draftFor(t.app, group, cast.owner, players, { numCiv: 1 });
  let game: GameDto | undefined;
  const heard = await changesOf(
    async () => (game = (await createGameFrom(t.app, cast.owner, { ...body, host: cast.owner.user.id })) as GameDto),
    (data) => data.topic === 'games',
  );
  // The draft's page turns to the game (after the dealing's own change); the game lists show it.
  expect(heard.slice(-2)).toEqual([
    { topic: 'drafts', action: 'changed', draftId: body.draftID },
    { topic: 'games', action: 'created', gameId: game!._id },
  ]);
  return game!;
}

describe('the game page', () => {
  it('hears players eliminated, details edited and the winner declared, each once committed', async () => {
    const game = await newGame();
    const eliminate = () =>
      civ('updateGame', cast.owner, {
        gameID: game._id,
        members: [
          { userID: cast.admin.user.id, isActive: false },
          { userID: cast.member.user.id, isActive: false },
        ],
      });
    expect(await onlyChangeOf(eliminate)).toEqual({ topic: 'games', action: 'changed', gameId: game._id });
    const rename = () => civ('updateGame', cast.admin, { gameID: game._id, gameName: 'Renamed by a player' });
    expect(await onlyChangeOf(rename)).toEqual({ topic: 'games', action: 'changed', gameId: game._id });
    const win = () => civ('updateGame', cast.owner, { gameID: game._id, winner: cast.owner.user.id, victoryType: 'Science' });
    // 'updated': the game finished (the Discord channel posts only these).
    expect(await onlyChangeOf(win)).toEqual({ topic: 'games', action: 'updated', gameId: game._id });

    // What the refetch reads is the committed state.
    const read = await call(t.app, `/api/civilization/game?gameID=${game._id}`, { as: cast.member });
    expect(read.body).toMatchObject({ gameName: 'Renamed by a player', winner: cast.owner.user.id, isFinished: true });
  });

  it('a refused edit publishes nothing', async () => {
    const game = await newGame([cast.owner, cast.admin]);
    const heard = await changesOf(async () => {
      // The member is not a player: read only.
      expect((await civ('updateGame', cast.member, { gameID: game._id, gameName: 'Not mine' })).status).toBe(403);
      await civ(`postUserLeaderAgenda?groupID=${group._id}`, cast.admin, { userLeaderAgenda: 'marker' });
    });
    expect(heard).toEqual([{ topic: 'preferences', action: 'changed' }]);
  });

  it('hears proposals made, voted on and decided', async () => {
    const game = await newGame();
    let proposalID = '';
    const propose = async () => {
      const proposed = await civ('proposeGameChange', cast.member, {
        gameID: game._id,
        changes: { members: [{ userID: cast.owner.user.id, isActive: false }] },
        reason: 'Olga left early',
      });
      proposalID = proposed.body._id;
      return proposed;
    };
    expect(await onlyChangeOf(propose)).toEqual({ topic: 'games', action: 'changed', gameId: game._id });
    const vote = () => civ('voteGameProposal', cast.admin, { proposalID, vote: 'confirm', reason: 'True' });
    expect(await onlyChangeOf(vote)).toEqual({ topic: 'games', action: 'changed', gameId: game._id });
    const reject = () => civ('decideGameProposal', cast.owner, { proposalID, decision: 'reject' });
    expect(await onlyChangeOf(reject)).toEqual({ topic: 'games', action: 'changed', gameId: game._id });
  });

  it('hears comments, a game deleted and restored', async () => {
    const game = await newGame();
    const comment = () =>
      call(t.app, '/api/comments/postComment', {
        method: 'POST',
        as: cast.admin,
        payload: { comment: 'GG', userID: cast.admin.user.id, groupID: group._id, gameID: game._id },
      });
    const heard = await onlyChangeOf(comment);
    expect(heard).toMatchObject({ topic: 'comments', gameId: game._id });
    // Nothing of the comment itself travels.
    expect(Object.keys(heard!).sort()).toEqual(['action', 'gameId', 'topic']);

    expect(
      await onlyChangeOf(() => call(t.app, `/api/civilization/deleteGame?gameID=${game._id}`, { method: 'POST', as: cast.owner })),
    ).toEqual({
      topic: 'games',
      action: 'deleted',
      gameId: game._id,
    });
    expect(
      await onlyChangeOf(() => call(t.app, `/api/civilization/restoreGame?gameID=${game._id}`, { method: 'POST', as: cast.owner })),
    ).toEqual({
      topic: 'games',
      action: 'restored',
      gameId: game._id,
    });
  });

  it('hears a game added by hand', async () => {
    let gameId = '';
    const create = async () => {
      const created = await civ('createGame', cast.owner, {
        groupID: group._id,
        gameName: 'By hand',
        gameType: 'ffa',
        draftMode: false,
        numCiv: 1,
        members: [cast.owner, cast.admin].map((p) => ({ userID: p.user.id, civChoices: [] })),
      });
      gameId = created.body._id;
      return created;
    };
    const heard = await onlyChangeOf(create);
    expect(heard).toEqual({ topic: 'games', action: 'created', gameId });
  });
});

describe('Preferences and the group game settings', () => {
  const pref = (path: string, payload: object) => civ(`${path}?groupID=${group._id}`, cast.admin, payload);

  it.each([
    ['postCivLeaderBanPreference', () => ({ leader: CIV6_LEADERS[0]!.civID, operation: 'add' })],
    ['postCivMapPreference', () => ({ map: 'Earth', operation: 'add' })],
    ['postGameSettingPreference', () => ({ title: 'Game Speed', value: 'Quick', settingType: 'gameSettings' })],
    ['postUserLeaderAgenda', () => ({ userLeaderAgenda: 'Wonders first' })],
    ['postOwnedPacks', () => ({ groupID: group._id, ownedPacks: null })],
  ] as const)('%s by one member is heard by the others', async (path, payload) => {
    // No user id, no content: the Members and Preferences pages refetch what their reader may see.
    expect(await onlyChangeOf(() => pref(path, payload()))).toEqual({ topic: 'preferences', action: 'changed' });
  });

  it('a refused preference write publishes nothing', async () => {
    const heard = await changesOf(async () => {
      expect((await pref('postCivMapPreference', { map: 'Atlantis', operation: 'add' })).status).toBe(400);
      await pref('postUserLeaderAgenda', { userLeaderAgenda: 'marker' });
    });
    expect(heard).toEqual([{ topic: 'preferences', action: 'changed' }]);
  });

  it('the Game Settings dialog and one entry changed are heard as gameSettings', async () => {
    const save = () => civ(`updateGroup?groupID=${group._id}`, cast.owner, { settings: { maxNumberOfLeaderBans: 4 } });
    expect(await onlyChangeOf(save)).toEqual({ topic: 'gameSettings', action: 'changed' });
    const lock = () =>
      civ(`postGroupGameSetting?groupID=${group._id}`, cast.owner, {
        title: 'Game Speed',
        settingType: 'gameSettings',
        property: 'isEnabled',
        isEnabled: false,
      });
    expect(await onlyChangeOf(lock)).toEqual({ topic: 'gameSettings', action: 'changed' });
    // A member may not change them, and nothing is published.
    const heard = await changesOf(async () => {
      expect((await civ(`updateGroup?groupID=${group._id}`, cast.member, { settings: { maxNumberOfLeaderBans: 2 } })).status).toBe(403);
      await pref('postUserLeaderAgenda', { userLeaderAgenda: 'marker 2' });
    });
    expect(heard).toEqual([{ topic: 'preferences', action: 'changed' }]);
  });
});

describe('welcome cards', () => {
  it('adding, editing, reordering and deleting a card are each heard', async () => {
    const cardsChanged = { topic: 'cards', action: 'changed' };
    const postCard = (as: TestUser, payload: object) =>
      call(t.app, '/api/components/postGroupCard', { method: 'POST', as, payload: { groupID: group._id, ...payload } });
    let added = { _id: '', updatedAt: 0 };
    const add = async () => {
      const res = await postCard(cast.admin, { title: 'Schedule', body: 'Saturdays' });
      added = res.body;
      return res;
    };
    expect(await onlyChangeOf(add)).toEqual(cardsChanged);
    const edit = () => postCard(cast.owner, { _id: added._id, title: 'Schedule', body: 'Sundays', expectedUpdatedAt: added.updatedAt });
    expect(await onlyChangeOf(edit)).toEqual(cardsChanged);
    const cards = (await call(t.app, `/api/components/getGroupCards?groupID=${group._id}`, { as: cast.owner })).body as { _id: string }[];
    const reorder = () =>
      call(t.app, `/api/components/postGroupCardOrder?groupID=${group._id}`, {
        method: 'POST',
        as: cast.owner,
        payload: [...cards].reverse().map((c, cardOrder) => ({ _id: c._id, cardOrder })),
      });
    expect(await onlyChangeOf(reorder)).toEqual(cardsChanged);
    const remove = () =>
      call(t.app, '/api/components/postRemoveGroupCard', {
        method: 'POST',
        as: cast.owner,
        payload: { groupID: group._id, _id: added._id },
      });
    expect(await onlyChangeOf(remove)).toEqual(cardsChanged);
  });
});
