import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { CivPreferencesDto } from '@smm/shared/civilization/schemas';
import { ApiError } from '../../../lib/api-client';
import { civPreferencesKey } from './get-civ-preferences';

export type PreferenceWriteKind = 'leaderAgenda' | 'mapChoice' | 'leaderBan' | 'settingPreference' | 'ownedPacks';

export interface PreferenceWriteCallbacks<V, R> {
  onSuccess?: (result: R, variables: V) => void;
  onError?: (error: unknown, variables: V) => void;
}

const writeKey = (groupID: string, userID: string, kind: PreferenceWriteKind) => [...civPreferencesKey(groupID, userID), kind] as const;

/**
 * A write of the member's own preferences. All of a member's writes share one mutation scope, so
 * they reach the server one after another and the last answer is always the newest state; the
 * answer replaces the cached preferences. Callbacks sit on the hook, not on mutate(), because
 * TanStack calls mutate()'s callbacks only for the latest call and every click needs its toast.
 */
export function usePreferenceWrite<V, R>(
  groupID: string,
  userID: string,
  kind: PreferenceWriteKind,
  post: (variables: V) => Promise<R>,
  store: (cached: CivPreferencesDto, result: R) => CivPreferencesDto,
  callbacks: PreferenceWriteCallbacks<V, R>,
) {
  const queryClient = useQueryClient();
  const key = civPreferencesKey(groupID, userID);
  return useMutation({
    mutationKey: writeKey(groupID, userID, kind),
    scope: { id: key.join('\u0000') },
    mutationFn: post,
    onSuccess: (result, variables) => {
      queryClient.setQueryData<CivPreferencesDto>(key, (cached) => (cached ? store(cached, result) : cached));
      callbacks.onSuccess?.(result, variables);
    },
    onError: (error, variables) => {
      // A 409 means the group's rules changed under the page (a setting locked, the ban limit
      // lowered): read the group again so the page shows them.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'full'] });
      callbacks.onError?.(error, variables);
    },
  });
}

/**
 * The variables of this kind of write still waiting for the server, oldest first. The page shows
 * them on top of the saved preferences; a failed write drops out, so the page is back at the saved state.
 */
export const usePendingWrites = <V>(groupID: string, userID: string, kind: PreferenceWriteKind): V[] =>
  useMutationState({
    filters: { mutationKey: writeKey(groupID, userID, kind), status: 'pending' },
    select: (mutation) => mutation.state.variables as V,
  });

/** The answer of the ban, map, setting and pack writes is the caller's whole preferences. */
export const replaceWith = (_cached: CivPreferencesDto, answer: CivPreferencesDto) => answer;
