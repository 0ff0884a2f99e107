import { z } from 'zod';
import { rateLimited, type DiscordPostResult } from './discord-webhook';
import { fetchUpstream, parseJson, UpstreamError } from './upstream';

/** The REST API version used for every call. */
const API = '/api/v10';
const SERVICE = 'Discord';
const USER_AGENT = 'DiscordBot (https://github.com/smm, 1.0)';

/** The installation's Discord application (all four set, or Discord is off). */
export interface DiscordAppCredentials {
  clientId: string;
  clientSecret: string;
  /** The application's Ed25519 public key, 64 hex characters. */
  publicKey: string;
  botToken: string;
}

/** A message as the bot sends it: text, embeds and rows of buttons. */
export interface DiscordMessageBody {
  content?: string;
  embeds?: { title?: string; description?: string; color?: number; url?: string; footer?: { text: string } }[];
  components?: { type: 1; components: { type: 2; style: number; label: string; custom_id?: string; url?: string; disabled?: boolean }[] }[];
  allowed_mentions: { parse: [] };
  flags?: number;
}

export type DiscordCallResult<T> = (DiscordPostResult & { ok: false }) | { ok: true; value: T };

const tokenAnswer = z.object({ access_token: z.string().min(1), token_type: z.string(), scope: z.string().optional() });
const userAnswer = z.object({ id: z.string().regex(/^\d{5,22}$/), username: z.string().min(1), global_name: z.string().nullish() });
export type DiscordUser = z.infer<typeof userAnswer>;
const messageAnswer = z.object({ id: z.string(), channel_id: z.string() });
const dmChannelAnswer = z.object({ id: z.string() });
const channelAnswer = z.object({ id: z.string(), type: z.number().int(), guild_id: z.string().optional(), name: z.string().nullish() });
export type DiscordChannel = z.infer<typeof channelAnswer>;
const guildsAnswer = z.array(z.object({ id: z.string(), name: z.string() }));
// Permissions travel as a decimal string: a bitfield wider than a JavaScript number.
const permissionBits = z.string().regex(/^\d{1,40}$/);
const guildAnswer = z.object({
  id: z.string(),
  name: z.string(),
  owner_id: z.string(),
  roles: z.array(z.object({ id: z.string(), permissions: permissionBits })),
});
export type DiscordGuild = z.infer<typeof guildAnswer>;
const guildMemberAnswer = z.object({ roles: z.array(z.string()) });
const guildChannelsAnswer = z.array(
  z.object({ id: z.string(), type: z.number().int(), name: z.string().nullish(), position: z.number().int().optional() }),
);

/** The JSON error code of Discord's answer (`{"message": "Unknown Message", "code": 10008}`), when it has one. */
function errorCode(text: string): number | undefined {
  try {
    const body: unknown = JSON.parse(text);
    const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
    return typeof code === 'number' && Number.isInteger(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

interface Deps {
  /** Discord's origin (DISCORD_API_URL); tests point it at a local fake. */
  baseUrl: string;
  credentials: DiscordAppCredentials;
  timeoutMs: number;
}

/**
 * The calls the app makes to Discord's API: the OAuth2 code exchange and `users/@me` for signing
 * in, and the bot's channel messages and DMs. Bot calls never throw: every outcome is a result a
 * delivery can retry (429 after Discord's wait, 5xx, network) or give up on; the bot token never
 * reaches an error text.
 */
export function createDiscordApiClient({ baseUrl, credentials, timeoutMs }: Deps) {
  const origin = baseUrl.replace(/\/$/, '');

  async function bot<T>(method: string, path: string, body: unknown, parse: (json: unknown) => T): Promise<DiscordCallResult<T>> {
    const signal = AbortSignal.timeout(timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${origin}${API}${path}`, {
        method,
        headers: {
          authorization: `Bot ${credentials.botToken}`,
          'user-agent': USER_AGENT,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        redirect: 'error',
      });
      text = await res.text();
    } catch (error) {
      return {
        ok: false,
        retry: true,
        error: signal.aborted ? `no answer within ${timeoutMs} ms` : `network error: ${(error as Error).name}`,
      };
    }
    if (res.status === 429) return rateLimited(text, res.headers);
    if (res.status >= 500) return { ok: false, retry: true, error: `Discord answered ${res.status}` };
    if (!res.ok) {
      const code = errorCode(text);
      return {
        ok: false,
        retry: false,
        status: res.status,
        ...(code === undefined ? {} : { code }),
        error: `Discord answered ${res.status}: ${text.slice(0, 200)}`,
      };
    }
    try {
      return { ok: true, value: parse(res.status === 204 || text === '' ? null : JSON.parse(text)) };
    } catch {
      return { ok: false, retry: false, error: 'Discord answered something unexpected' };
    }
  }

  return {
    /** Where the browser signs in: Discord's consent page for scope `identify`, with PKCE (S256). */
    authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string {
      const params = new URLSearchParams({
        response_type: 'code',
        client_id: credentials.clientId,
        scope: 'identify',
        state: input.state,
        redirect_uri: input.redirectUri,
        code_challenge: input.codeChallenge,
        code_challenge_method: 'S256',
        prompt: 'none',
      });
      return `${origin}/oauth2/authorize?${params.toString()}`;
    },

    /** Exchanges an authorisation code (with its PKCE verifier) and reads who signed in. Throws UpstreamError. */
    async identify(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<DiscordUser> {
      const basic = Buffer.from(`${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`).toString(
        'base64',
      );
      const token = await fetchUpstream(
        SERVICE,
        `${origin}${API}/oauth2/token`,
        {
          method: 'POST',
          headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', 'user-agent': USER_AGENT },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: input.code,
            redirect_uri: input.redirectUri,
            code_verifier: input.codeVerifier,
          }).toString(),
        },
        timeoutMs,
      );
      if (token.status !== 200) throw new UpstreamError(SERVICE, 'status', `token exchange answered ${token.status}`, token.status);
      const granted = tokenAnswer.safeParse(parseJson(SERVICE, token.text));
      if (!granted.success) throw new UpstreamError(SERVICE, 'malformed', 'token answer without access_token');
      const me = await fetchUpstream(
        SERVICE,
        `${origin}${API}/users/@me`,
        { headers: { authorization: `Bearer ${granted.data.access_token}`, 'user-agent': USER_AGENT } },
        timeoutMs,
      );
      if (me.status !== 200) throw new UpstreamError(SERVICE, 'status', `users/@me answered ${me.status}`, me.status);
      const user = userAnswer.safeParse(parseJson(SERVICE, me.text));
      if (!user.success) throw new UpstreamError(SERVICE, 'malformed', 'users/@me answer without id and username');
      return user.data;
    },

    /** A channel as the bot sees it; 404 (or 403) when the bot is not in its server or may not view it. */
    getChannel: (channelId: string) =>
      bot('GET', `/channels/${encodeURIComponent(channelId)}`, undefined, (json) => channelAnswer.parse(json)),

    /** A Discord user's membership of a server (the bot must be in it), with their roles' ids: 404 when not a member. */
    getGuildMember: (guildId: string, userId: string) =>
      bot('GET', `/guilds/${encodeURIComponent(guildId)}/members/${encodeURIComponent(userId)}`, undefined, (json) =>
        guildMemberAnswer.parse(json),
      ),

    /** A server the bot is in: its owner and its roles with their permissions (@everyone's id is the server's). */
    getGuild: (guildId: string) => bot('GET', `/guilds/${encodeURIComponent(guildId)}`, undefined, (json) => guildAnswer.parse(json)),

    /** The servers the bot is in (at most `limit`, oldest first). */
    listGuilds: (limit: number) => bot('GET', `/users/@me/guilds?limit=${limit}`, undefined, (json) => guildsAnswer.parse(json)),

    /** A server's channels (every type), as the bot sees them. */
    listGuildChannels: (guildId: string) =>
      bot('GET', `/guilds/${encodeURIComponent(guildId)}/channels`, undefined, (json) => guildChannelsAnswer.parse(json)),

    /** Posts a message in a channel; its id is what later edits and deletes name. */
    createMessage: (channelId: string, message: DiscordMessageBody) =>
      bot('POST', `/channels/${encodeURIComponent(channelId)}/messages`, message, (json) => messageAnswer.parse(json).id),

    editMessage: (channelId: string, messageId: string, message: DiscordMessageBody) =>
      bot('PATCH', `/channels/${encodeURIComponent(channelId)}/messages/${encodeURIComponent(messageId)}`, message, () => true),

    deleteMessage: (channelId: string, messageId: string) =>
      bot('DELETE', `/channels/${encodeURIComponent(channelId)}/messages/${encodeURIComponent(messageId)}`, undefined, () => true),

    /** Sends a direct message: opens (or finds) the DM channel, then posts in it. */
    async sendDm(recipientId: string, message: DiscordMessageBody): Promise<DiscordCallResult<string>> {
      const channel = await bot('POST', '/users/@me/channels', { recipient_id: recipientId }, (json) => dmChannelAnswer.parse(json).id);
      if (!channel.ok) return channel;
      return bot('POST', `/channels/${encodeURIComponent(channel.value)}/messages`, message, (json) => messageAnswer.parse(json).id);
    },

    /**
     * Puts the answer of a deferred interaction in place (its token is the credential, valid 15
     * minutes); a delivery that fails is logged by the caller, as Discord already shows "thinking".
     */
    async editOriginalResponse(interactionToken: string, message: DiscordMessageBody): Promise<DiscordCallResult<true>> {
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const res = await fetch(
          `${origin}${API}/webhooks/${encodeURIComponent(credentials.clientId)}/${encodeURIComponent(interactionToken)}/messages/@original`,
          {
            method: 'PATCH',
            headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
            body: JSON.stringify(message),
            signal,
            redirect: 'error',
          },
        );
        const text = await res.text();
        if (res.ok) return { ok: true, value: true };
        if (res.status === 429) return rateLimited(text, res.headers);
        const error = `Discord answered ${res.status}`;
        return res.status >= 500 ? { ok: false, retry: true, error } : { ok: false, retry: false, error };
      } catch (error) {
        return {
          ok: false,
          retry: true,
          error: signal.aborted ? `no answer within ${timeoutMs} ms` : `network error: ${(error as Error).name}`,
        };
      }
    },

    /** Replaces the application's global slash commands with `commands`. */
    registerCommands: (commands: unknown[]) =>
      bot('PUT', `/applications/${encodeURIComponent(credentials.clientId)}/commands`, commands, () => true),
  };
}
export type DiscordApiClient = ReturnType<typeof createDiscordApiClient>;
