import type { FastifyInstance } from 'fastify';
import type { DraftDto } from '@smm/shared/civilization/draft-schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { call, type TestUser } from './groups-fixtures';

export interface DraftOptions {
  gameType?: 'ffa' | 'team';
  numCiv?: number;
  freeBans?: number;
  bansRemovePicks?: boolean;
  /** Manual teams, one per player in order; without them a team game's teams are random. */
  teams?: number[];
  teamSplit?: 'manual' | 'random' | 'balanced';
  teamCount?: number;
  anonymousMode?: boolean;
  eventID?: string;
}

/** The draftGame body for these players, as the web app sends it. */
export function draftBody(group: Pick<FullGroupDto, '_id'>, players: TestUser[], options: DraftOptions = {}) {
  const gameType = options.gameType ?? 'ffa';
  const teamSplit = options.teamSplit ?? (options.teams ? 'manual' : 'random');
  return {
    groupID: group._id,
    members: players.map((p, i) => ({ userID: p.user.id, ...(options.teams ? { team: options.teams[i] } : {}) })),
    gameType,
    numCiv: options.numCiv ?? 3,
    ...(options.freeBans === undefined ? {} : { freeBans: options.freeBans }),
    ...(options.bansRemovePicks === undefined ? {} : { bansRemovePicks: options.bansRemovePicks }),
    ...(gameType === 'team' ? { teamSplit, ...(options.teamCount === undefined ? {} : { teamCount: options.teamCount }) } : {}),
    anonymousMode: options.anonymousMode ?? false,
    ...(options.eventID ? { eventID: options.eventID } : {}),
  };
}

/**
 * A draft the server deals for these players (from their stored bans and preferences), and the createGame
 * body that makes the game from it by its draftID, as the web app sends it: players and teams, no hands.
 */
export async function draftFor(
  app: FastifyInstance,
  group: Pick<FullGroupDto, '_id'>,
  by: TestUser,
  players: TestUser[],
  options: DraftOptions = {},
): Promise<{ draft: DraftDto; body: Record<string, unknown> }> {
  const res = await call(app, '/api/civilization/draftGame', { method: 'POST', as: by, payload: draftBody(group, players, options) });
  if (res.status !== 200) throw new Error(`draftGame failed: ${JSON.stringify(res.body)}`);
  const draft = res.body as DraftDto;
  const body = {
    groupID: group._id,
    draftID: draft.draftID,
    gameName: 'Saturday game',
    gameType: draft.gameType,
    draftMode: true,
    host: players[0]!.user.id,
    members: draft.players.map((p) => ({ userID: p.userID, team: p.team })),
    ...(options.eventID ? { eventID: options.eventID } : {}),
  };
  return { draft, body };
}

export async function createGameFrom(app: FastifyInstance, by: TestUser, body: Record<string, unknown>) {
  const res = await call(app, '/api/civilization/createGame', { method: 'POST', as: by, payload: body });
  if (res.status !== 200) throw new Error(`createGame failed: ${JSON.stringify(res.body)}`);
  return res.body;
}
