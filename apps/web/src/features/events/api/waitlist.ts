import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendEventBody, EventDto } from '@smm/shared/events/schemas';
import { api } from '../../../lib/api-client';
import { eventsQueryKey } from './get-events';

export const joinWaitlist = (body: AttendEventBody) => api.post<EventDto>('/api/events/joinWaitlist', body);
export const leaveWaitlist = (body: AttendEventBody) => api.post<EventDto>('/api/events/leaveWaitlist', body);

/** Join or leave an event's waitlist as the signed-in user; the list reloads either way. */
export function useWaitlist(groupID: string, userID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventID, join }: { eventID: string; join: boolean }) => (join ? joinWaitlist : leaveWaitlist)({ eventID, userID }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey(groupID) }),
  });
}
