import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProposalDto, ProposeGameChangeBody } from '@smm/shared/civilization/ladder-schemas';
import { api } from '../../../lib/api-client';
import { refreshGameResults } from './refresh-game-results';

export const proposeGameChange = (body: ProposeGameChangeBody) => api.post<ProposalDto>('/api/civilization/proposeGameChange', body);

/** A player of the game proposes a result change; it shows as pending on the game until a manager decides. */
export function useProposeGameChange(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: proposeGameChange, onSuccess: () => refreshGameResults(queryClient, groupID) });
}
