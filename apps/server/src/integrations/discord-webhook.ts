export const DISCORD_DEFAULT_URL = 'https://discord.com';

/** The JSON body of an "Execute Webhook" call, as far as we use it. */
export interface DiscordWebhookPayload {
  content?: string;
  embeds?: { title?: string; description?: string; color?: number; timestamp?: string; footer?: { text: string } }[];
  allowed_mentions: { parse: [] };
}

export type DiscordPostResult =
  | { ok: true }
  /** Worth trying again: 5xx, timeout or network. */
  | { ok: false; retry: true; error: string }
  /**
   * Worth trying again: a 429, after `retryAfterMs` (undefined when Discord did not say). `global`: the
   * limit is the whole application's, not only this webhook's or channel's.
   */
  | { ok: false; retry: true; retryAfterMs: number | undefined; global: boolean; error: string }
  /**
   * Trying again will not help: the webhook is gone or the token is wrong. The bot's calls say what
   * Discord answered: the HTTP `status` and the JSON error `code` (10008 Unknown Message, 50001
   * Missing Access, …) when its body had one.
   */
  | { ok: false; retry: false; error: string; status?: number; code?: number };

interface Deps {
  /** Discord's origin; tests point it at a local fake. */
  baseUrl: string;
  timeoutMs: number;
}

/** The outcome of a 429: how long Discord asked to wait (undefined when it did not say), and whether the limit is global. */
export function rateLimited(text: string, headers: Headers): Extract<DiscordPostResult, { global: boolean }> {
  let body: { retry_after?: unknown; global?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) body = parsed;
  } catch {
    // not JSON: the headers say it
  }
  const global =
    body.global === true ||
    headers.get('x-ratelimit-global')?.toLowerCase() === 'true' ||
    headers.get('x-ratelimit-scope')?.toLowerCase() === 'global';
  return {
    ok: false,
    retry: true,
    retryAfterMs: retryAfterMs(body.retry_after, headers),
    global,
    error: 'Discord said 429 Too Many Requests',
  };
}

/** Milliseconds from the JSON `retry_after` (seconds, may be fractional), else Retry-After, else X-RateLimit-Reset-After. */
function retryAfterMs(retryAfter: unknown, headers: Headers): number | undefined {
  if (typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter >= 0) return Math.ceil(retryAfter * 1000);
  for (const name of ['retry-after', 'x-ratelimit-reset-after']) {
    const header = headers.get(name);
    // An absent header names no wait (Number(null) would make it 0 ms): the caller's backoff applies.
    if (header === null || header.trim() === '') continue;
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  }
  return undefined;
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
      if (res.status === 429) return rateLimited(await res.text().catch(() => ''), res.headers);
      await res.body?.cancel().catch(() => undefined);
      if (res.status >= 500) return { ok: false, retry: true, error: `Discord answered ${res.status}` };
      return { ok: false, retry: false, error: `Discord answered ${res.status}` };
    },
  };
}
export type DiscordWebhookClient = ReturnType<typeof createDiscordWebhookClient>;
