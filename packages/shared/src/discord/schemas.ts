import { z } from 'zod';

/**
 * A Discord webhook URL as Discord hands it out (also the discordapp.com, ptb. and canary. hosts
 * and a versioned API path): https://discord.com/api/webhooks/<id>/<token>.
 */
export const DISCORD_WEBHOOK_URL =
  /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api(?:\/v\d{1,2})?\/webhooks\/(\d{15,22})\/([A-Za-z0-9_-]{20,128})\/?$/;
export const DISCORD_WEBHOOK_URL_MESSAGE = 'Enter a Discord webhook URL like https://discord.com/api/webhooks/<id>/<token>';

/** The id and token of a valid webhook URL, or null. */
export function parseDiscordWebhookUrl(url: string): { id: string; token: string } | null {
  const match = DISCORD_WEBHOOK_URL.exec(url.trim());
  return match ? { id: match[1]!, token: match[2]! } : null;
}

export const postDiscordWebhookBody = z.object({
  webhookUrl: z
    .string({ error: 'Webhook URL is required' })
    .trim()
    .min(1, 'Webhook URL is required')
    .max(300, DISCORD_WEBHOOK_URL_MESSAGE)
    .refine((url) => parseDiscordWebhookUrl(url) !== null, DISCORD_WEBHOOK_URL_MESSAGE),
});
export type PostDiscordWebhookBody = z.infer<typeof postDiscordWebhookBody>;

/** The group's webhook as it is shown again: never the whole token, e.g. "…/webhooks/1234/••••abcd". */
export const discordWebhookDto = z.object({
  webhookUrl: z.string().nullable(),
});
export type DiscordWebhookDto = z.infer<typeof discordWebhookDto>;

export const maskDiscordWebhook = (id: string, token: string) => `…/webhooks/${id}/••••${token.slice(-4)}`;
