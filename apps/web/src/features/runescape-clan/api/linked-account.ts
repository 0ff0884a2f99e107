import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkAccountBody, LinkedAccountResponse, RenameAccountBody } from '@smm/shared/runescape/clan-schemas';
import { api } from '../../../lib/api-client';

const accountKey = (groupID: string) => ['groups', groupID, 'runescape', 'account'];

/** GET /api/runescape/getLinkedAccount: the caller's in-game account in the clan, or null. */
export const linkedAccountQueryOptions = (groupID: string) =>
  queryOptions({
    queryKey: accountKey(groupID),
    queryFn: ({ signal }) => api.get<LinkedAccountResponse>('/api/runescape/getLinkedAccount', { groupID }, signal),
  });

export const useLinkedAccount = (groupID: string) => useQuery(linkedAccountQueryOptions(groupID));

/** POST /api/runescape/linkAccount (checked on the hiscores) and POST /api/runescape/unlinkAccount. */
export function useLinkAccount(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<LinkAccountBody, 'groupID'> | null) =>
      body
        ? api.post<LinkedAccountResponse>('/api/runescape/linkAccount', { ...body, groupID })
        : api.post<LinkedAccountResponse>('/api/runescape/unlinkAccount', { groupID }),
    onSuccess: (data) => {
      queryClient.setQueryData(accountKey(groupID), data);
      return queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'runescape'] });
    },
  });
}

/** POST /api/runescape/renameAccount: the linked account's new in-game name (same mode); its history carries over. */
export function useRenameAccount(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<RenameAccountBody, 'groupID'>) => api.post<LinkedAccountResponse>('/api/runescape/renameAccount', { ...body, groupID }),
    onSuccess: (data) => {
      queryClient.setQueryData(accountKey(groupID), data);
      return queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'runescape'] });
    },
  });
}
