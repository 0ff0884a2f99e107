import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { draftPresetBody, DraftPresetDto } from '@smm/shared/civilization/draft-schemas';
import { api } from '../../../lib/api-client';
import { draftPresetsQueryKey } from './get-draft-presets';

/** What the form sends, before the server fills in its defaults. */
export type DraftPresetInput = z.input<typeof draftPresetBody>;

/** Administrators save a preset; saving under an existing name replaces it. At most 20 per group. */
export const saveDraftPreset = (body: DraftPresetInput) => api.post<DraftPresetDto>('/api/civilization/postDraftPreset', body);

export function useSaveDraftPreset(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDraftPreset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: draftPresetsQueryKey(groupID) }),
  });
}
