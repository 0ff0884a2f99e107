import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventsQueryKey } from './get-events';

export const deleteEvent = (eventID: string) => api.post<{ message: string }>('/api/events/deleteEvent', {}, { eventID });

/** The creator (or, once the creator has left, the group's owner or an Administrator) deletes an event; the list reloads after it. */
export function useDeleteEvent(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEvent, onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey(groupID) }) });
}
