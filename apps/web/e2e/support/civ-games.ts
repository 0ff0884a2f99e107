import { expect, type APIRequestContext } from '@playwright/test';
import { CIV_CATALOGUES } from '../../../../packages/shared/src/civilization/catalogue';

export const civ6 = CIV_CATALOGUES['Civilization 6']!;

/** A POST with a token that must succeed; the answer's JSON. */
export async function postByApi<T = unknown>(request: APIRequestContext, token: string, path: string, data?: unknown): Promise<T> {
  const res = await request.post(path, { headers: { authorization: token }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** A hand as the server dealt it. */
export interface DealtPlayer {
  userID: string;
  civChoices: { civID: string; leader: string; nation: string }[];
}

/**
 * A free-for-all drafted as the New Game form drafts it: the server deals the draft (three leaders
 * each) from the players' stored preferences, and the game is created from it by its draftID.
 */
export async function draftFfaByApi(
  request: APIRequestContext,
  token: string,
  game: { groupID: string; gameName: string; host: string; playerIDs: string[]; lobbyLink?: string },
): Promise<{ gameID: string; draft: { players: DealtPlayer[] } }> {
  const dealt = await postByApi<{ draftID: string; players: DealtPlayer[] }>(request, token, '/api/civilization/draftGame', {
    groupID: game.groupID,
    members: game.playerIDs.map((userID) => ({ userID })),
    gameType: 'ffa',
    numCiv: 3,
  });
  const created = await postByApi<{ _id: string }>(request, token, '/api/civilization/createGame', {
    groupID: game.groupID,
    draftID: dealt.draftID,
    gameName: game.gameName,
    gameType: 'ffa',
    numCiv: 3,
    draftMode: true,
    host: game.host,
    lobbyLink: game.lobbyLink ?? '',
    members: game.playerIDs.map((userID) => ({ userID })),
  });
  return { gameID: created._id, draft: dealt };
}

/**
 * A free-for-all recorded to the end by its host through the API, as the game page records it: one
 * elimination per change in `eliminated` order, the last player left declared the winner, and the
 * leader each player played.
 */
export async function playFfaByApi(
  request: APIRequestContext,
  hostToken: string,
  game: {
    groupID: string;
    gameName: string;
    host: string;
    /** Players in the order they were eliminated; the last one wins. */
    finishingOrder: { userID: string; civPlayed: string }[];
    victoryType: string;
  },
): Promise<string> {
  const created = await postByApi<{ _id: string }>(request, hostToken, '/api/civilization/createGame', {
    groupID: game.groupID,
    gameName: game.gameName,
    gameType: 'ffa',
    draftMode: false,
    host: game.host,
    members: game.finishingOrder.map((p) => ({ userID: p.userID })),
  });
  const gameID = created._id;
  const winner = game.finishingOrder.at(-1)!;
  for (const player of game.finishingOrder.slice(0, -1)) {
    await postByApi(request, hostToken, '/api/civilization/updateGame', { gameID, members: [{ userID: player.userID, isActive: false }] });
  }
  await postByApi(request, hostToken, '/api/civilization/updateGame', { gameID, winner: winner.userID, victoryType: game.victoryType });
  await postByApi(request, hostToken, '/api/civilization/updateGame', {
    gameID,
    members: game.finishingOrder.map((p) => ({ userID: p.userID, civPlayed: p.civPlayed })),
  });
  return gameID;
}
