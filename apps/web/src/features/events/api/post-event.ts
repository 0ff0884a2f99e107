import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto, PostEventInput } from '@smm/shared/events/schemas';
import { api } from '../../../lib/api-client';
import { eventsQueryKey } from './get-events';

export const postEvent = (body: PostEventInput) => api.post<EventDto>('/api/events/postEvent', body);

/** Creates an event; the list reloads after it, whatever the outcome (spec 4: any event change reloads the list). */
export function usePostEvent(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postEvent, onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey(groupID) }) });
}
