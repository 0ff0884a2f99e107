import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendEventBody, EventDto } from '@smm/shared/events/schemas';
import { api } from '../../../lib/api-client';
import { eventsQueryKey } from './get-events';

export const attendEvent = (body: AttendEventBody) => api.post<EventDto>('/api/events/attendEvent', body);
export const unattendEvent = (body: AttendEventBody) => api.post<EventDto>('/api/events/unattendEvent', body);

/**
 * Attend or Unattend for the signed-in user. The list reloads either way: a refused attend
 * (the last seat went meanwhile) then shows the event as full.
 */
export function useAttendance(groupID: string, user: { id: string; username: string; email: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventID, attending }: { eventID: string; attending: boolean }) => {
      const body = { eventID, userID: user.id, username: user.username, email: user.email };
      return attending ? attendEvent(body) : unattendEvent(body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey(groupID) }),
  });
}
