import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/steam/start: the Steam sign-in page for this user. */
export const startSteamLink = () => api.post<{ url: string }>('/api/auth/steam/start');

/** Starts the Steam OpenID sign-in and leaves for Steam; Steam sends the browser back to /steamlink. */
export function useStartSteamLink() {
  return useMutation({
    mutationFn: startSteamLink,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
