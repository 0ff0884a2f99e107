import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UpcomingEventDto } from '@smm/shared/dashboard/schemas';
import { api } from '../../../lib/api-client';

/** "Your next events": the soonest events across the user's groups they attend or could attend. */
export const getMyUpcomingEvents = (signal?: AbortSignal) => api.get<UpcomingEventDto[]>('/api/events/getMyUpcomingEvents', undefined, signal);

// Attending elsewhere changes this list: read afresh on every visit.
export const myUpcomingEventsQueryOptions = (userID: string) =>
  queryOptions({ queryKey: ['users', userID, 'upcomingEvents'], queryFn: ({ signal }) => getMyUpcomingEvents(signal), staleTime: 0 });

export const useMyUpcomingEvents = (userID: string) => useQuery(myUpcomingEventsQueryOptions(userID));
