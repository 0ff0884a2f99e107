import type { FastifyInstance } from 'fastify';
import { CIV_CATALOGUES } from '@smm/shared/civilization/catalogue';
import { draft, seededRandom, type DraftResult } from '@smm/shared/civilization/draft';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { call, type TestUser } from './groups-fixtures';

const civ6 = CIV_CATALOGUES['Civilization 6']!;

/** A draft the web app could make for these players, with their stored bans, as createGame takes it. */
export async function draftFor(
  app: FastifyInstance,
  group: FullGroupDto,
  by: TestUser,
  players: TestUser[],
  options: { gameType?: 'ffa' | 'team'; numCiv?: number; seed?: number; randomTeams?: boolean } = {},
): Promise<{ result: DraftResult; body: Record<string, unknown> }> {
  const prefs = await call(app, `/api/civilization/getMemberCivPreferences?groupID=${group._id}`, {
    method: 'POST',
    as: by,
    payload: players.map((p) => p.user.id),
  });
  if (prefs.status !== 200) throw new Error(`getMemberCivPreferences failed: ${JSON.stringify(prefs.body)}`);
  const gameType = options.gameType ?? 'ffa';
  const result = draft(
    {
      players: prefs.body.map((p: { userID: string; username: string; leaderBans: { civID: string }[]; maps: { name: string }[] }) => ({
        userID: p.userID,
        username: p.username,
        leaderBans: p.leaderBans.map((b) => b.civID),
        maps: p.maps.map((m) => m.name),
      })),
      leaders: civ6.leaders,
      maps: civ6.maps,
      groupSettings: group.settings,
      numCiv: options.numCiv ?? 3,
      gameType,
      randomTeams: gameType === 'team' ? (options.randomTeams ?? true) : false,
    },
    seededRandom(options.seed ?? 7),
  );
  const body = {
    groupID: group._id,
    gameName: 'Saturday game',
    gameType,
    numCiv: options.numCiv ?? 3,
    draftMode: true,
    map: result.map?.name ?? null,
    bannedLeaders: result.bannedLeaders,
    settings: result.settings,
    host: players[0]!.user.id,
    members: result.players.map((p) => ({ userID: p.userID, team: p.team, civChoices: p.civChoices.map((c) => c.civID) })),
  };
  return { result, body };
}

export async function createGameFrom(app: FastifyInstance, by: TestUser, body: Record<string, unknown>) {
  const res = await call(app, '/api/civilization/createGame', { method: 'POST', as: by, payload: body });
  if (res.status !== 200) throw new Error(`createGame failed: ${JSON.stringify(res.body)}`);
  return res.body;
}
