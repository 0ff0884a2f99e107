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

/** The zone event times are shown in: the one chosen on the profile, else the browser's. */
export function useViewerTimeZone(userID: string): string {
  const saved = useSavedTimeZone(userID);
  return saved.data?.timeZone ?? browserTimeZone();
}

export function useSaveTimeZone(userID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string | null) => api.post<TimeZoneResponse>('/api/users/postTimeZone', { timeZone }),
    onSuccess: (data) => queryClient.setQueryData(timeZoneKey(userID), data),
  });
}
