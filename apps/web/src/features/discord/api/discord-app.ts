import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DiscordChannelChoicesDto,
  DiscordChannelDto,
  DiscordLinkDto,
  DiscordSessionDto,
  DiscordSetPasswordBody,
  DiscordStartDto,
} from '@smm/shared/discord/app-schemas';
import { api } from '../../../lib/api-client';
import { getDiscordStatus } from './discord-sign-in';

export { getDiscordStatus, startDiscordSignIn } from './discord-sign-in';

/** Exchanges the grant a finished Discord sign-in left in the address for a session token. */
export const exchangeDiscordGrant = (grant: string) => api.post<DiscordSessionDto>('/api/auth/discord/session', { grant });

export const discordStatusQuery = () =>
  queryOptions({ queryKey: ['discord', 'status'], queryFn: ({ signal }) => getDiscordStatus(signal), staleTime: Infinity });
export const useDiscordStatus = () => useQuery(discordStatusQuery());

export const discordLinkKey = (userID: string) => ['users', userID, 'discord'] as const;
export const useDiscordLink = (userID: string) =>
  useQuery({ queryKey: discordLinkKey(userID), queryFn: ({ signal }) => api.get<DiscordLinkDto>('/api/auth/discord', undefined, signal) });

/** Starts linking Discord to the signed-in user; the browser then goes to Discord. */
export const useStartDiscordLink = () => useMutation({ mutationFn: () => api.post<DiscordStartDto>('/api/auth/discord/link') });

export function useUnlinkDiscord(userID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DiscordLinkDto>('/api/auth/discord/unlink'),
    onSuccess: (link) => queryClient.setQueryData(discordLinkKey(userID), link),
  });
}

export function useSetDmReminders(userID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dmReminders: boolean) => api.post<DiscordLinkDto>('/api/auth/discord/dmReminders', { dmReminders }),
    onSuccess: (link) => queryClient.setQueryData(discordLinkKey(userID), link),
  });
}

/** An account made by a Discord sign-in gets its email and first password; the answer is a new session token. */
export const useSetFirstPassword = () =>
  useMutation({ mutationFn: (body: DiscordSetPasswordBody) => api.post<{ token: string }>('/api/auth/discord/setPassword', body) });

export const discordChannelKey = (groupID: string) => ['groups', groupID, 'discordChannel'] as const;
export const useDiscordChannel = (groupID: string, enabled: boolean) =>
  useQuery({
    queryKey: discordChannelKey(groupID),
    queryFn: ({ signal }) => api.get<DiscordChannelDto>(`/api/groups/${encodeURIComponent(groupID)}/discordChannel`, undefined, signal),
    enabled,
  });

/** The channels the Administrator may pick (each read asks Discord, so it is kept a little while). */
export const useDiscordChannelChoices = (groupID: string, enabled: boolean) =>
  useQuery({
    queryKey: ['groups', groupID, 'discordChannelChoices'],
    queryFn: ({ signal }) =>
      api.get<DiscordChannelChoicesDto>(`/api/groups/${encodeURIComponent(groupID)}/discordChannelChoices`, undefined, signal),
    enabled,
    staleTime: 30_000,
    retry: false,
  });

export function useSaveDiscordChannel(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelID: string) =>
      api.post<DiscordChannelDto>(`/api/groups/${encodeURIComponent(groupID)}/discordChannel`, { channelID }),
    onSuccess: (shown) => queryClient.setQueryData(discordChannelKey(groupID), shown),
  });
}

export function useRemoveDiscordChannel(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DiscordChannelDto>(`/api/groups/${encodeURIComponent(groupID)}/removeDiscordChannel`),
    onSuccess: (shown) => queryClient.setQueryData(discordChannelKey(groupID), shown),
  });
}
