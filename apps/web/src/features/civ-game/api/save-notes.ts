import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotesDto, PlayerRelationship } from '@smm/shared/civilization/games-schemas';
import { api } from '../../../lib/api-client';
import { notesQueryKey } from './get-notes';

interface NotesTarget {
  groupID: string;
  gameID: string;
  userID: string;
}

/** expectedUpdatedAt: the version the editor opened (null before any save); a newer save answers 409. */
export const postUserNotes = ({ groupID, gameID, userID }: NotesTarget, notes: string, expectedUpdatedAt?: number | null) =>
  api.post<NotesDto>('/api/notes/postUserNotes/', { userID, gameID, groupID, notes, ...(expectedUpdatedAt !== undefined && { expectedUpdatedAt }) });

export const postPlayerRelationship = (
  { groupID, gameID, userID }: NotesTarget,
  other: { userID: string; username: string; relationship: PlayerRelationship },
) => api.post<NotesDto>(`/api/notes/postPlayerRelationship/${[userID, groupID, gameID].map(encodeURIComponent).join('/')}`, other);

/** Saves the viewer's notes; the answer (notes and relationships) replaces the cached copy. */
export function useSaveNotes(target: NotesTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notes, expectedUpdatedAt }: { notes: string; expectedUpdatedAt: number | null }) => postUserNotes(target, notes, expectedUpdatedAt),
    onSuccess: (saved) => queryClient.setQueryData(notesQueryKey(target.groupID, target.gameID, target.userID), saved),
  });
}

/** Records how the viewer feels about another player of the game. */
export function useSavePlayerRelationship(target: NotesTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (other: { userID: string; username: string; relationship: PlayerRelationship }) => postPlayerRelationship(target, other),
    onSuccess: (saved) => queryClient.setQueryData(notesQueryKey(target.groupID, target.gameID, target.userID), saved),
  });
}
