import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameHistoryDto } from '@smm/shared/civilization/ladder-schemas';
import { api } from '../../../lib/api-client';
import { gameQueryKey } from './get-game';

/** A game's proposed corrections and its audit trail, both newest first; members of its group only. */
export const getGameHistory = (gameID: string, signal?: AbortSignal) =>
  api.get<GameHistoryDto>('/api/civilization/gameHistory', { gameID }, signal);

export const gameHistoryQueryKey = (groupID: string, gameID: string) => [...gameQueryKey(groupID, gameID), 'history'] as const;

export const gameHistoryQueryOptions = (groupID: string, gameID: string) =>
  queryOptions({ queryKey: gameHistoryQueryKey(groupID, gameID), queryFn: ({ signal }) => getGameHistory(gameID, signal) });

export const useGameHistory = (groupID: string, gameID: string) => useQuery(gameHistoryQueryOptions(groupID, gameID));
