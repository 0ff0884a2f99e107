import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { draftPresetsQueryKey } from './get-draft-presets';

/** Administrators delete one of the group's presets. */
export const deleteDraftPreset = (presetID: string) => api.post<{ presetID: string }>('/api/civilization/deleteDraftPreset', { presetID });

export function useDeleteDraftPreset(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraftPreset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: draftPresetsQueryKey(groupID) }),
  });
}
