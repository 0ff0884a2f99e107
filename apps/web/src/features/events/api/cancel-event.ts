import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto } from '@smm/shared/events/schemas';
import { api } from '../../../lib/api-client';
import { eventsQueryKey } from './get-events';

export const cancelEvent = (eventID: string) => api.post<EventDto>('/api/events/cancelEvent', { eventID });

/** The organiser cancels the event (it stays listed, marked Cancelled); the group's events reload. */
export function useCancelEvent(groupID: string, eventID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelEvent(eventID),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey(groupID) }),
  });
}
