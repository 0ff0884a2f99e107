import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommentDto } from '@smm/shared/civilization/games-schemas';
import { api } from '../../../lib/api-client';
import { gameQueryKey } from './get-game';

export const getComments = (groupID: string, gameID: string, signal?: AbortSignal) =>
  api.get<CommentDto[]>(`/api/comments/getComments/${encodeURIComponent(gameID)}/${encodeURIComponent(groupID)}`, undefined, signal);

export const commentsQueryKey = (groupID: string, gameID: string) => [...gameQueryKey(groupID, gameID), 'comments'] as const;

/** Spec 7: shown newest first, whatever order they arrive in. */
export const newestFirst = (comments: CommentDto[]): CommentDto[] => [...comments].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));

export const commentsQueryOptions = (groupID: string, gameID: string) =>
  queryOptions({
    queryKey: commentsQueryKey(groupID, gameID),
    queryFn: ({ signal }) => getComments(groupID, gameID, signal),
    select: newestFirst,
  });

export const useComments = (groupID: string, gameID: string) => useQuery(commentsQueryOptions(groupID, gameID));
