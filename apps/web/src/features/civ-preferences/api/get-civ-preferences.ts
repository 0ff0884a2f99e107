import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CivPreferencesDto } from '@smm/shared/civilization/schemas';
import { api } from '../../../lib/api-client';

export const civPreferencesKey = (groupID: string, userID: string) => ['groups', groupID, 'civPreferences', userID] as const;

/** One member's preferences in a group: agenda, every leader ban (also past a lowered limit), maps and settings. */
export const getCivPreferences = (groupID: string, userID: string, signal?: AbortSignal) =>
  api.get<CivPreferencesDto>('/api/civilization/getCivPreferences', { groupID, userID }, signal);

export const civPreferencesQueryOptions = (groupID: string, userID: string) =>
  queryOptions({ queryKey: civPreferencesKey(groupID, userID), queryFn: ({ signal }) => getCivPreferences(groupID, userID, signal) });

/** `enabled` false for games without a catalogue: the server has no preferences for them. */
export const useCivPreferences = (groupID: string, userID: string, enabled = true) =>
  useQuery({ ...civPreferencesQueryOptions(groupID, userID), enabled });
