import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAppState } from '../../auth/app-state';

/** POST /api/auth/steamunlink: removes the caller's Steam link; returns a token without it. */
export const unlinkSteam = () => api.post<{ token: string }>('/api/auth/steamunlink');

export function useUnlinkSteam(steamID: string) {
  const { applyToken } = useAppState();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkSteam,
    onSuccess: ({ token }) => {
      if (!applyToken(token)) throw new Error('The server sent a token that could not be read. Please log in again.');
      queryClient.removeQueries({ queryKey: ['steam', steamID] });
    },
  });
}
