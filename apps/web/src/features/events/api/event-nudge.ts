import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventNudgeDto, type EventNudgeDto, type RemindEventMembersResponse } from '@smm/shared/events/quorum';
import { api } from '../../../lib/api-client';

/** Who has answered the event and whether a reminder may go now; for its creator and Administrators. */
export const getEventNudge = async (eventID: string, signal?: AbortSignal): Promise<EventNudgeDto> => {
  const parsed = eventNudgeDto.safeParse(await api.get<unknown>('/api/events/getEventNudge', { eventID }, signal));
  if (!parsed.success) throw new Error('Who has answered could not be read. Please reload the page.');
  return parsed.data;
};

/** Under the group's events, so a live change to the events reloads it too. */
export const eventNudgeQueryKey = (groupID: string, eventID: string) => ['groups', groupID, 'events', eventID, 'nudge'] as const;

export const eventNudgeQueryOptions = (groupID: string, eventID: string) =>
  queryOptions({ queryKey: eventNudgeQueryKey(groupID, eventID), queryFn: ({ signal }) => getEventNudge(eventID, signal) });

export const useEventNudge = (groupID: string, eventID: string, enabled = true) =>
  useQuery({ ...eventNudgeQueryOptions(groupID, eventID), enabled });

export const remindEventMembers = (eventID: string) => api.post<RemindEventMembersResponse>('/api/events/remindEventMembers', { eventID });

/** Reminds the members who have not answered; the answer carries the new state, and a refusal reloads it. */
export function useRemindEventMembers(groupID: string, eventID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => remindEventMembers(eventID),
    onSuccess: (result) => queryClient.setQueryData(eventNudgeQueryKey(groupID, eventID), result.nudge),
    onError: () => queryClient.invalidateQueries({ queryKey: eventNudgeQueryKey(groupID, eventID) }),
  });
}
