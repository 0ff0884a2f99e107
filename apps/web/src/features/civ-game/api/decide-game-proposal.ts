import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecideGameProposalBody } from '@smm/shared/civilization/ladder-schemas';
import { api } from '../../../lib/api-client';
import { refreshGameResults } from './refresh-game-results';

export const decideGameProposal = (body: DecideGameProposalBody) => api.post<unknown>('/api/civilization/decideGameProposal', body);

/** The host, the creator or an Administrator accepts (applying the changes) or rejects a proposal. */
export function useDecideGameProposal(groupID: string) {
  const queryClient = useQueryClient();
  // Settled, not only succeeded: a refusal often means someone else decided first, and the page should show it.
  return useMutation({ mutationFn: decideGameProposal, onSettled: () => refreshGameResults(queryClient, groupID) });
}
