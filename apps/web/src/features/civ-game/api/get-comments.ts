import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { COMMENTS_PAGE, type CommentDto } from '@smm/shared/civilization/games-schemas';
import { api } from '../../../lib/api-client';
import { gameQueryKey } from './get-game';

/** One page of a game's comments, newest first: those older than `before` when given. */
export const getComments = (groupID: string, gameID: string, before?: string, signal?: AbortSignal) =>
  api.get<CommentDto[]>(
    `/api/comments/getComments/${encodeURIComponent(gameID)}/${encodeURIComponent(groupID)}${before ? `?before=${encodeURIComponent(before)}` : ''}`,
    undefined,
    signal,
  );

export const commentsQueryKey = (groupID: string, gameID: string) => [...gameQueryKey(groupID, gameID), 'comments'] as const;

/** Spec 7: shown newest first, whatever order they arrive in. */
export const newestFirst = (comments: CommentDto[]): CommentDto[] => [...comments].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));

export const commentsQueryOptions = (groupID: string, gameID: string) =>
  infiniteQueryOptions({
    queryKey: commentsQueryKey(groupID, gameID),
    queryFn: ({ signal, pageParam }) => getComments(groupID, gameID, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // A full page may have older comments behind it; a short one is the last.
    getNextPageParam: (page) => (page.length >= COMMENTS_PAGE ? page.at(-1)?._id : undefined),
    select: (data) => newestFirst(data.pages.flat()),
  });

/** The comments loaded so far (newest first) and `fetchNextPage` for older ones. */
export const useComments = (groupID: string, gameID: string) => useInfiniteQuery(commentsQueryOptions(groupID, gameID));
