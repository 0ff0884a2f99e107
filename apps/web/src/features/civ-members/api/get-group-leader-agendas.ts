import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderAgendaDto } from '@smm/shared/civilization/schemas';
import { api } from '../../../lib/api-client';

/** Every member's Leader Agenda (empty text when none), for the members table; members only. */
export const getGroupLeaderAgendas = (groupID: string, signal?: AbortSignal) =>
  api.get<LeaderAgendaDto[]>(`/api/civilization/getGroupLeaderAgendas/${encodeURIComponent(groupID)}`, undefined, signal);

export const groupLeaderAgendasQueryOptions = (groupID: string) =>
  queryOptions({ queryKey: ['groups', groupID, 'leaderAgendas'], queryFn: ({ signal }) => getGroupLeaderAgendas(groupID, signal) });

export const useGroupLeaderAgendas = (groupID: string) => useQuery(groupLeaderAgendasQueryOptions(groupID));
