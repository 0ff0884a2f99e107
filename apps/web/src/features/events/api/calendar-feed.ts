import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedCreated, CalendarFeedStatus } from '@smm/shared/events/calendar';
import { api } from '../../../lib/api-client';

const feedKey = (userID: string) => ['users', userID, 'calendarFeed'] as const;

/** Whether the user has a private calendar link; the link itself is shown only when made. */
export const useCalendarFeedStatus = (userID: string) =>
  useQuery({
    queryKey: feedKey(userID),
    queryFn: ({ signal }) => api.get<CalendarFeedStatus>('/api/calendar/feedToken', undefined, signal),
  });

/** Makes the link, or a new one that replaces the old. */
export function useCreateCalendarFeed(userID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedCreated>('/api/calendar/feedToken'),
    onSuccess: (created) => queryClient.setQueryData(feedKey(userID), { active: true, createdAt: created.createdAt }),
  });
}

export function useRevokeCalendarFeed(userID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/calendar/revokeFeedToken'),
    onSuccess: () => queryClient.setQueryData(feedKey(userID), { active: false, createdAt: null }),
  });
}
