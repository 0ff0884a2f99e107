export const DISCORD_DEFAULT_URL = 'https://discord.com';

/** The JSON body of an "Execute Webhook" call, as far as we use it. */
export interface DiscordWebhookPayload {
  content?: string;
  embeds?: { title?: string; description?: string; color?: number; timestamp?: string; footer?: { text: string } }[];
  allowed_mentions: { parse: [] };
}

export type DiscordPostResult =
  | { ok: true }
  /** Worth trying again: 429 (after `retryAfterMs` when Discord said), 5xx, timeout or network. */
  | { ok: false; retry: true; retryAfterMs?: number; error: string }
  /** Trying again will not help: the webhook is gone or the token is wrong. */
  | { ok: false; retry: false; error: string };

interface Deps {
  /** Discord's origin; tests point it at a local fake. */
  baseUrl: string;
  timeoutMs: number;
}

/** Seconds from a 429: the JSON `retry_after` (may be fractional), else the Retry-After header. */
async function retryAfterMs(res: Response): Promise<number | undefined> {
  try {
    const body = (await res.json()) as { retry_after?: unknown };
    if (typeof body.retry_after === 'number' && body.retry_after >= 0) return Math.ceil(body.retry_after * 1000);
  } catch {
    // not JSON: fall back to the header
  }
  const header = Number(res.headers.get('retry-after'));
  return Number.isFinite(header) && header >= 0 ? Math.ceil(header * 1000) : undefined;
}

/** Posts to Discord webhooks. Never throws: every outcome is a result, and the token never reaches an error text. */
export function createDiscordWebhookClient({ baseUrl, timeoutMs }: Deps) {
  const origin = baseUrl.replace(/\/$/, '');
  return {
    async post(webhook: { id: string; token: string }, payload: DiscordWebhookPayload, signal?: AbortSignal): Promise<DiscordPostResult> {
      const url = `${origin}/api/webhooks/${encodeURIComponent(webhook.id)}/${encodeURIComponent(webhook.token)}`;
      const timeout = AbortSignal.timeout(timeoutMs);
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'SMM (group events)' },
          body: JSON.stringify(payload),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          redirect: 'error',
        });
      } catch (error) {
        const timedOut = timeout.aborted;
        return { ok: false, retry: true, error: timedOut ? `no answer within ${timeoutMs} ms` : `network error: ${(error as Error).name}` };
      }
      if (res.ok) {
        await res.body?.cancel().catch(() => undefined);
        return { ok: true };
      }
      if (res.status === 429)
        return { ok: false, retry: true, retryAfterMs: await retryAfterMs(res), error: 'Discord said 429 Too Many Requests' };
      await res.body?.cancel().catch(() => undefined);
      if (res.status >= 500) return { ok: false, retry: true, error: `Discord answered ${res.status}` };
      return { ok: false, retry: false, error: `Discord answered ${res.status}` };
    },
  };
}
export type DiscordWebhookClient = ReturnType<typeof createDiscordWebhookClient>;
