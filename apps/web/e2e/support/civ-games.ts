import { expect, type APIRequestContext } from '@playwright/test';
import { CIV_CATALOGUES } from '../../../../packages/shared/src/civilization/catalogue';
import { draft, seededRandom, type DraftResult } from '../../../../packages/shared/src/civilization/draft';
import type { GroupSettings } from '../../../../packages/shared/src/groups/settings';

export const civ6 = CIV_CATALOGUES['Civilization 6']!;

/** A POST with a token that must succeed; the answer's JSON. */
export async function postByApi<T = unknown>(request: APIRequestContext, token: string, path: string, data?: unknown): Promise<T> {
  const res = await request.post(path, { headers: { authorization: token }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** A GET with a token that must succeed; the answer's JSON. */
export async function getByApi<T = unknown>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(path, { headers: { authorization: token } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/**
 * A free-for-all drafted as the New Game form drafts it: the group's settings and the players'
 * leader bans and maps, dealt by a seeded draft so the civ choices are known to the test.
 */
export async function draftFfaByApi(
  request: APIRequestContext,
  token: string,
  game: { groupID: string; gameName: string; host: string; playerIDs: string[]; seed?: number; lobbyLink?: string },
): Promise<{ gameID: string; draft: DraftResult }> {
  const { settings } = await getByApi<{ settings: GroupSettings }>(request, token, `/api/groups/getFullGroup?groupID=${game.groupID}`);
  const prefs = await postByApi<{ userID: string; username: string; leaderBans: { civID: string }[]; maps: { name: string }[] }[]>(
    request,
    token,
    `/api/civilization/getMemberCivPreferences?groupID=${game.groupID}`,
    game.playerIDs,
  );
  const result = draft(
    {
      players: prefs.map((p) => ({
        userID: p.userID,
        username: p.username,
        leaderBans: p.leaderBans.map((b) => b.civID),
        maps: p.maps.map((m) => m.name),
      })),
      leaders: civ6.leaders,
      maps: civ6.maps,
      groupSettings: settings,
      numCiv: 3,
      gameType: 'ffa',
    },
    seededRandom(game.seed ?? 11),
  );
  const created = await postByApi<{ _id: string }>(request, token, '/api/civilization/createGame', {
    groupID: game.groupID,
    gameName: game.gameName,
    gameType: 'ffa',
    numCiv: 3,
    draftMode: true,
    map: result.map?.name ?? null,
    bannedLeaders: result.bannedLeaders,
    settings: result.settings,
    host: game.host,
    lobbyLink: game.lobbyLink ?? '',
    members: result.players.map((p) => ({ userID: p.userID, team: p.team, civChoices: p.civChoices.map((c) => c.civID) })),
  });
  return { gameID: created._id, draft: result };
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
