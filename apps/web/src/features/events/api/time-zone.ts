import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TimeZoneResponse } from '@smm/shared/events/time-zone';
import { api } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/browser-time-zone';

export { browserTimeZone };

const timeZoneKey = (userID: string) => ['users', userID, 'timeZone'] as const;

export const timeZoneQueryOptions = (userID: string) =>
  queryOptions({
    queryKey: timeZoneKey(userID),
    queryFn: ({ signal }) => api.get<TimeZoneResponse>('/api/users/getTimeZone', undefined, signal),
    staleTime: 5 * 60_000,
  });

/** The user's chosen time zone (null: none chosen). */
export const useSavedTimeZone = (userID: string) => useQuery(timeZoneQueryOptions(userID));

/**
 * The zone every time of the app is shown in: the one the viewer chose on their profile, else the
 * browser's (also for a visitor who is not signed in: no userID).
 */
export function useViewerTimeZone(userID: string | undefined): string {
  const saved = useQuery({ ...timeZoneQueryOptions(userID ?? ''), enabled: userID !== undefined });
  return saved.data?.timeZone ?? browserTimeZone();
}

export function useSaveTimeZone(userID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string | null) => api.post<TimeZoneResponse>('/api/users/postTimeZone', { timeZone }),
    onSuccess: (data) => queryClient.setQueryData(timeZoneKey(userID), data),
  });
}
