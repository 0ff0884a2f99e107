import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttendanceRateDto, EventAttendanceResponse, MarkEventAttendanceBody } from '@smm/shared/events/schemas';
import { api } from '../../../lib/api-client';
import { eventsQueryKey } from './get-events';

/** Under the events' key, so a live change to the group's attendance reloads it. */
export const eventAttendanceQueryKey = (groupID: string, eventID: string) => [...eventsQueryKey(groupID), eventID, 'attendance'] as const;

export const getEventAttendance = (eventID: string, signal?: AbortSignal) =>
  api.get<EventAttendanceResponse>('/api/events/getEventAttendance', { eventID }, signal);

/** Who came to an ended event, for its creator and the group's Administrators. */
export const useEventAttendance = (groupID: string, eventID: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: eventAttendanceQueryKey(groupID, eventID),
      queryFn: ({ signal }) => getEventAttendance(eventID, signal),
      enabled,
    }),
  );

export const markEventAttendance = (body: MarkEventAttendanceBody) =>
  api.post<EventAttendanceResponse>('/api/events/markEventAttendance', body);

/** Marks one member as came or didn't show; the marks and the rates reload. */
export function useMarkEventAttendance(groupID: string, eventID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<MarkEventAttendanceBody, 'eventID'>) => markEventAttendance({ ...body, eventID }),
    onSuccess: (marks) => queryClient.setQueryData(eventAttendanceQueryKey(groupID, eventID), marks),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventAttendanceQueryKey(groupID, eventID) }),
        queryClient.invalidateQueries({ queryKey: attendanceRatesQueryKey(groupID) }),
      ]),
  });
}

export const attendanceRatesQueryKey = (groupID: string) => ['groups', groupID, 'attendanceRates'] as const;

export const getAttendanceRates = (groupID: string, signal?: AbortSignal) =>
  api.get<AttendanceRateDto[]>('/api/events/getAttendanceRates', { groupID }, signal);

/** Each member's attendance rate; Administrators only (the page asks only then). */
export const useAttendanceRates = (groupID: string, enabled: boolean) =>
  useQuery(
    queryOptions({ queryKey: attendanceRatesQueryKey(groupID), queryFn: ({ signal }) => getAttendanceRates(groupID, signal), enabled }),
  );
