import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import { api } from '../../../lib/api-client';

/** One Civilization game; members of its group only. Anonymous mode withholds opponents' civ choices. */
export const getGame = (gameID: string, signal?: AbortSignal) => api.get<GameDto>('/api/civilization/game', { gameID }, signal);

/** Every query about a group's games starts here, so one invalidation reaches lists, games, comments and notes. */
export const groupGamesKey = (groupID: string) => ['groups', groupID, 'games'] as const;
export const gameQueryKey = (groupID: string, gameID: string) => [...groupGamesKey(groupID), gameID] as const;

export const gameQueryOptions = (groupID: string, gameID: string) =>
  queryOptions({ queryKey: gameQueryKey(groupID, gameID), queryFn: ({ signal }) => getGame(gameID, signal) });

export const useGame = (groupID: string, gameID: string) => useQuery(gameQueryOptions(groupID, gameID));
