import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotesDto } from '@smm/shared/civilization/games-schemas';
import { api } from '../../../lib/api-client';
import { gameQueryKey } from './get-game';

const path = (...ids: string[]) => ids.map(encodeURIComponent).join('/');

/** The viewer's own notes and player relationships for a game; nobody else can read them. */
export const getUserNotes = (userID: string, groupID: string, gameID: string, signal?: AbortSignal) =>
  api.get<NotesDto>(`/api/notes/getUserNotes/${path(userID, groupID, gameID)}`, undefined, signal);

export const notesQueryKey = (groupID: string, gameID: string, userID: string) =>
  [...gameQueryKey(groupID, gameID), 'notes', userID] as const;

export const notesQueryOptions = (groupID: string, gameID: string, userID: string) =>
  queryOptions({
    queryKey: notesQueryKey(groupID, gameID, userID),
    queryFn: ({ signal }) => getUserNotes(userID, groupID, gameID, signal),
  });

export const useUserNotes = (groupID: string, gameID: string, userID: string) => useQuery(notesQueryOptions(groupID, gameID, userID));
