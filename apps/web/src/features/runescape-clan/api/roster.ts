import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportRosterBody, ImportRosterResponse, LinkedAccountResponse, RosterInvitations } from '@smm/shared/runescape/clan-schemas';
import { api } from '../../../lib/api-client';

const rosterKey = (groupID: string) => ['groups', groupID, 'runescape', 'roster'];

/** GET /api/runescape/listRosterInvitations: the clan's imported names and who claimed each. */
export const rosterQueryOptions = (groupID: string) =>
  queryOptions({
    queryKey: rosterKey(groupID),
    queryFn: ({ signal }) => api.get<RosterInvitations>('/api/runescape/listRosterInvitations', { groupID }, signal),
  });

export const useRoster = (groupID: string) => useQuery(rosterQueryOptions(groupID));

/** POST /api/runescape/importRoster (Administrators). */
export function useImportRoster(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ImportRosterBody, 'groupID'>) =>
      api.post<ImportRosterResponse>('/api/runescape/importRoster', { ...body, groupID }),
    onSuccess: (data) => queryClient.setQueryData(rosterKey(groupID), { invitations: data.invitations }),
  });
}

/** POST /api/runescape/claimRosterInvitation: links the claimed name to the caller. */
export function useClaimInvitation(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationID: string) =>
      api.post<LinkedAccountResponse>('/api/runescape/claimRosterInvitation', { groupID, invitationID }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'runescape'] }),
  });
}
