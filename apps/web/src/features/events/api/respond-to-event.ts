import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto, RespondToEventBody } from '@smm/shared/events/schemas';
import { api } from '../../../lib/api-client';
import { eventsQueryKey } from './get-events';

export const respondToEvent = (body: RespondToEventBody) => api.post<EventDto>('/api/events/respondToEvent', body);

/** The signed-in member's answer to an event; the list reloads either way (a refusal shows the event as it is). */
export function useRespondToEvent(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondToEvent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey(groupID) }),
  });
}
