import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeriesScope } from '@smm/shared/events/schemas';
import { api } from '../../../lib/api-client';
import { eventsQueryKey } from './get-events';

/** Deletes the event; scope 'series' also deletes every later occurrence of its weekly series. */
export const deleteEvent = (eventID: string, scope?: SeriesScope) =>
  api.post<{ message: string }>('/api/events/deleteEvent', {}, scope ? { eventID, scope } : { eventID });

/** The creator (or, once the creator has left, the group's owner or an Administrator) deletes an event; the list reloads after it. */
export function useDeleteEvent(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventID, scope }: { eventID: string; scope?: SeriesScope }) => deleteEvent(eventID, scope),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey(groupID) }),
  });
}
