import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto, UpdateEventInput } from '@smm/shared/events/schemas';
import { api } from '../../../lib/api-client';
import { eventsQueryKey } from './get-events';

export const updateEvent = (eventID: string, body: UpdateEventInput) => api.post<EventDto>('/api/events/updateEvent', body, { eventID });

/** The creator saves changes to an event; the list reloads after it. */
export function useUpdateEvent(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventID, body }: { eventID: string; body: UpdateEventInput }) => updateEvent(eventID, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey(groupID) }),
  });
}
