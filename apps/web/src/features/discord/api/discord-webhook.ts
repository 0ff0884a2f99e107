import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscordWebhookDto } from '@smm/shared/discord/schemas';
import { api } from '../../../lib/api-client';

export const discordWebhookKey = (groupID: string) => ['groups', groupID, 'discordWebhook'] as const;

export const getDiscordWebhook = (groupID: string, signal?: AbortSignal) =>
  api.get<DiscordWebhookDto>(`/api/groups/${encodeURIComponent(groupID)}/discordWebhook`, undefined, signal);

export const discordWebhookQuery = (groupID: string) =>
  queryOptions({ queryKey: discordWebhookKey(groupID), queryFn: ({ signal }) => getDiscordWebhook(groupID, signal) });

/** The group's Discord webhook, masked (Administrators only). */
export const useDiscordWebhook = (groupID: string) => useQuery(discordWebhookQuery(groupID));

/** Sets or replaces the webhook; the answer is the masked form. */
export function useSaveDiscordWebhook(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookUrl: string) =>
      api.post<DiscordWebhookDto>(`/api/groups/${encodeURIComponent(groupID)}/discordWebhook`, { webhookUrl }),
    onSuccess: (shown) => queryClient.setQueryData(discordWebhookKey(groupID), shown),
  });
}

/** Removes the webhook: nothing more is posted. */
export function useRemoveDiscordWebhook(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DiscordWebhookDto>(`/api/groups/${encodeURIComponent(groupID)}/removeDiscordWebhook`),
    onSuccess: (shown) => queryClient.setQueryData(discordWebhookKey(groupID), shown),
  });
}
