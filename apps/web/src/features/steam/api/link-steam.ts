import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAppState } from '../../auth/app-state';

/** POST /api/auth/steamlink/{steamID}/{userID}: saves the Steam ID Steam confirmed; returns a token carrying it. */
export const linkSteam = (steamID: string, userID: string) =>
  api.post<{ token: string }>(`/api/auth/steamlink/${encodeURIComponent(steamID)}/${encodeURIComponent(userID)}`);

/** Links the account and signs the user in with the new token, so `user.steamID` is set everywhere. */
export function useLinkSteam() {
  const { applyToken } = useAppState();
  return useMutation({
    mutationFn: ({ steamID, userID }: { steamID: string; userID: string }) => linkSteam(steamID, userID),
    onSuccess: ({ token }) => {
      if (!applyToken(token)) throw new Error('The server sent a token that could not be read. Please log in again.');
    },
  });
}
