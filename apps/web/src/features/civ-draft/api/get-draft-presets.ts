import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DraftPresetDto } from '@smm/shared/civilization/draft-schemas';
import { api } from '../../../lib/api-client';

/** The group's draft presets (members read them; Administrators save and delete them). */
export const getDraftPresets = (groupID: string, signal?: AbortSignal) =>
  api.get<DraftPresetDto[]>('/api/civilization/getDraftPresets', { groupID }, signal);

export const draftPresetsQueryKey = (groupID: string) => ['groups', groupID, 'draftPresets'] as const;

export const draftPresetsQueryOptions = (groupID: string) =>
  queryOptions({ queryKey: draftPresetsQueryKey(groupID), queryFn: ({ signal }) => getDraftPresets(groupID, signal) });

export const useDraftPresets = (groupID: string) => useQuery(draftPresetsQueryOptions(groupID));
