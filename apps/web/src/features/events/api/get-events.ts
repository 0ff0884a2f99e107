import { queryOptions, useQuery } from '@tanstack/react-query';
import { sortByStartDate } from '@smm/shared/events/rules';
import type { EventDto } from '@smm/shared/events/schemas';
import { api } from '../../../lib/api-client';

/** The group's events; members only. */
export const getEvents = (groupID: string, signal?: AbortSignal) => api.get<EventDto[]>('/api/events/getEvents', { groupID }, signal);

export const eventsQueryKey = (groupID: string) => ['groups', groupID, 'events'] as const;

/** Spec 7: the list is sorted client-side by startDate ascending. */
export const eventsQueryOptions = (groupID: string) =>
  queryOptions({ queryKey: eventsQueryKey(groupID), queryFn: ({ signal }) => getEvents(groupID, signal), select: sortByStartDate });

export const useEvents = (groupID: string) => useQuery(eventsQueryOptions(groupID));
