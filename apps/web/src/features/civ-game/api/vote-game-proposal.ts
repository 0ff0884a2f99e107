import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoteGameProposalBody } from '@smm/shared/civilization/ladder-schemas';
import { api } from '../../../lib/api-client';
import { refreshGameResults } from './refresh-game-results';

export const voteGameProposal = (body: VoteGameProposalBody) => api.post<unknown>('/api/civilization/voteGameProposal', body);

/** Another player of the game confirms or contests a pending proposal, with a reason. */
export function useVoteGameProposal(groupID: string) {
  const queryClient = useQueryClient();
  // Settled, not only succeeded: a refusal often means the proposal was decided meanwhile.
  return useMutation({ mutationFn: voteGameProposal, onSettled: () => refreshGameResults(queryClient, groupID) });
}
