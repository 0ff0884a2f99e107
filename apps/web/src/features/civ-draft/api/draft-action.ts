import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DraftPlayerAction } from '@smm/shared/civilization/draft-machine-schemas';
import type { DraftDto } from '@smm/shared/civilization/draft-schemas';
import { api } from '../../../lib/api-client';
import { draftQueryKey } from './get-draft';

/**
 * One step of a live draft by the caller: a blind pick, a captain's ban or pick, ban proposals, a
 * redraft vote. The server answers with the draft as it now stands, or 400 with the reason it refused.
 */
export const draftAction = (draftID: string, action: DraftPlayerAction) =>
  api.post<DraftDto>('/api/civilization/draftAction', { draftID, action });

/** The answer is the new state: it replaces the cached draft at once, without waiting for the live stream. */
export function useDraftAction(groupID: string, draftID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: DraftPlayerAction) => draftAction(draftID, action),
    onSuccess: (draft) => queryClient.setQueryData(draftQueryKey(groupID, draftID), draft),
  });
}
