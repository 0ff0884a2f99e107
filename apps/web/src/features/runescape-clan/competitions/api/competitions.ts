import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompetitionDetail,
  CompetitionsResponse,
  CreateCompetitionInput,
  DeleteCompetitionResponse,
  SetCompetitionTeamsInput,
  UpdateCompetitionInput,
} from '@smm/shared/runescape/competition-schemas';
import { api } from '../../../../lib/api-client';

/** Every competition query of a clan starts here; the live topic 'competitions' marks it all stale. */
export const competitionsKey = (groupID: string) => ['groups', groupID, 'competitions'] as const;
export const competitionKey = (groupID: string, competitionID: string) => [...competitionsKey(groupID), competitionID] as const;

/** GET /api/runescape/getCompetitions: the clan's competitions, ongoing first. */
export const competitionsQueryOptions = (groupID: string) =>
  queryOptions({
    queryKey: competitionsKey(groupID),
    queryFn: ({ signal }) => api.get<CompetitionsResponse>('/api/runescape/getCompetitions', { groupID }, signal),
  });

export const useCompetitions = (groupID: string) => useQuery(competitionsQueryOptions(groupID));

/** GET /api/runescape/getCompetition: one competition with its standings, team totals and chart. */
export const competitionQueryOptions = (groupID: string, competitionID: string) =>
  queryOptions({
    queryKey: competitionKey(groupID, competitionID),
    queryFn: ({ signal }) => api.get<CompetitionDetail>('/api/runescape/getCompetition', { groupID, competitionID }, signal),
  });

export const useCompetition = (groupID: string, competitionID: string) => useQuery(competitionQueryOptions(groupID, competitionID));

/** After any change the list and every open competition read again. */
function useInvalidateCompetitions(groupID: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: competitionsKey(groupID) });
}

/** POST /api/runescape/createCompetition (Administrators). */
export function useCreateCompetition(groupID: string) {
  const invalidate = useInvalidateCompetitions(groupID);
  return useMutation({
    mutationFn: (body: Omit<CreateCompetitionInput, 'groupID'>) =>
      api.post<CompetitionDetail>('/api/runescape/createCompetition', { ...body, groupID }),
    onSuccess: invalidate,
  });
}

/** POST /api/runescape/updateCompetition (Administrators); a stale expectedUpdatedAt answers 409. */
export function useUpdateCompetition(groupID: string) {
  const invalidate = useInvalidateCompetitions(groupID);
  return useMutation({
    mutationFn: (body: Omit<UpdateCompetitionInput, 'groupID'>) =>
      api.post<CompetitionDetail>('/api/runescape/updateCompetition', { ...body, groupID }),
    onSuccess: invalidate,
  });
}

/** POST /api/runescape/setCompetitionTeams (Administrators, before the start): teams by hand or an even split. */
export function useSetCompetitionTeams(groupID: string) {
  const invalidate = useInvalidateCompetitions(groupID);
  return useMutation({
    mutationFn: (body: Omit<SetCompetitionTeamsInput, 'groupID'>) =>
      api.post<CompetitionDetail>('/api/runescape/setCompetitionTeams', { ...body, groupID }),
    onSuccess: invalidate,
  });
}

/** POST /api/runescape/deleteCompetition (Administrators). */
export function useDeleteCompetition(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (competitionID: string) =>
      api.post<DeleteCompetitionResponse>('/api/runescape/deleteCompetition', { groupID, competitionID }),
    onSuccess: ({ competitionID }) => {
      // The page of the deleted competition must not read it again (it would only find a 404).
      queryClient.removeQueries({ queryKey: competitionKey(groupID, competitionID) });
      return queryClient.invalidateQueries({ queryKey: competitionsKey(groupID), exact: true });
    },
  });
}

/** POST /api/runescape/joinCompetition or leaveCompetition: the caller takes part, or no longer. */
export function useJoinCompetition(groupID: string) {
  const invalidate = useInvalidateCompetitions(groupID);
  return useMutation({
    mutationFn: ({ competitionID, join }: { competitionID: string; join: boolean }) =>
      api.post<CompetitionDetail>(`/api/runescape/${join ? 'joinCompetition' : 'leaveCompetition'}`, { groupID, competitionID }),
    onSuccess: invalidate,
  });
}
