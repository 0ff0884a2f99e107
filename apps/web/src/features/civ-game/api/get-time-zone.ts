import { useQuery } from '@tanstack/react-query';
import type { TimeZoneResponse } from '@smm/shared/events/time-zone';
import { api } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/browser-time-zone';

/** The zone game times are shown in: the one the viewer chose on their profile, else the browser's. */
export function useViewerTimeZone(userID: string): string {
  // The same key as the profile's, so a zone chosen there shows here without another call.
  const saved = useQuery({
    queryKey: ['users', userID, 'timeZone'],
    queryFn: ({ signal }) => api.get<TimeZoneResponse>('/api/users/getTimeZone', undefined, signal),
    staleTime: 5 * 60_000,
  });
  return saved.data?.timeZone ?? browserTimeZone();
}
