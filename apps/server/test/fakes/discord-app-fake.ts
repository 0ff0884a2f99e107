import { createHash, createPrivateKey, createPublicKey, randomBytes, sign } from 'node:crypto';
import { json, type FakeReply, type FakeRequest } from './fake-server';

// The Discord application's side of the Discord fake (discord-fake.ts serves it): OAuth2 with PKCE,
// users/@me, the bot's channel messages and DMs, slash command registration, deferred answers, and
// the key it signs interactions with.

/**
 * The application the fake knows: its id, secret and bot token, and the Ed25519 key pair it signs
 * interactions with. The key comes from a fixed seed, so a server started in another process (the
 * browser tests') can be given the public key.
 */
const appKeys = {
  privateKey: createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), createHash('sha256').update('smm discord fake').digest()]),
    format: 'der',
    type: 'pkcs8',
  }),
};
export const FAKE_APP = {
  clientId: '1190000000000000001',
  clientSecret: 'fake-client-secret',
  botToken: 'fake.bot-token',
  /** The public key as the Developer Portal shows it: 64 hex characters. */
  publicKey: createPublicKey(appKeys.privateKey).export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex'),
};

/** The one Discord server of the fake: every channel is in it. */
export const FAKE_GUILD_ID = '1290000000000000001';

/** Discord's permission bits the fake's roles use (a role's permissions travel as a decimal string). */
export const FAKE_PERMISSIONS = {
  administrator: 1n << 3n,
  manageChannels: 1n << 4n,
  manageGuild: 1n << 5n,
  /** @everyone's usual rights: view channels, send messages, read message history. */
  everyone: (1n << 10n) | (1n << 11n) | (1n << 16n),
};

/** The role every member of a fake server holds unless a test says otherwise: it grants Manage Server. */
export const FAKE_ORGANISER_ROLE = { id: '1290000000000000090', name: 'Organisers', permissions: String(FAKE_PERMISSIONS.manageGuild) };

/** A role of a Discord server. */
export interface FakeRole {
  id: string;
  name: string;
  permissions: string;
}

/** A Discord server the bot is in, with its channels (Discord's channel types: 0 text, 2 voice, 4 category, 5 announcement). */
export interface FakeGuild {
  id: string;
  name: string;
  channels: { id: string; name: string; type: number; position: number }[];
  /** Who is a member; absent: every Discord user but the strangers. */
  members?: Set<string>;
  /** Its owner's Discord user id; absent: a Discord user no test signs in as. */
  ownerId?: string;
  /** Its roles beside @everyone (whose id is the server's); absent: FAKE_ORGANISER_ROLE only. */
  roles?: FakeRole[];
  /** @everyone's permissions; absent: FAKE_PERMISSIONS.everyone. */
  everyonePermissions?: string;
  /** Members' role ids by Discord user id; anyone else holds FAKE_ORGANISER_ROLE when `roles` is absent, no role otherwise. */
  memberRoles?: Map<string, string[]>;
}

const FAKE_NOBODY = '1290000000000000099';
/** A fake server's roles as Discord lists them: @everyone first. */
const rolesOfGuild = (guild: FakeGuild): FakeRole[] => [
  { id: guild.id, name: '@everyone', permissions: guild.everyonePermissions ?? String(FAKE_PERMISSIONS.everyone) },
  ...(guild.roles ?? [FAKE_ORGANISER_ROLE]),
];
/** The role ids a member holds (not @everyone, as Discord leaves it out). */
const rolesOfMember = (guild: FakeGuild, userId: string): string[] =>
  guild.memberRoles?.get(userId) ?? (guild.roles ? [] : [FAKE_ORGANISER_ROLE.id]);

/** Headers Discord sends with an interaction: the Ed25519 signature of timestamp + body. */
export function signInteraction(body: string, timestampMs: number, privateKey = appKeys.privateKey) {
  const timestamp = String(Math.floor(timestampMs / 1000));
  return {
    'content-type': 'application/json',
    'x-signature-ed25519': sign(null, Buffer.from(timestamp + body), privateKey).toString('hex'),
    'x-signature-timestamp': timestamp,
  };
}

/** A Discord user the fake signs in. */
export interface FakeDiscordUser {
  id: string;
  username: string;
  global_name: string | null;
}

/** A message the bot posted, as the fake keeps it (deleted ones are marked, not forgotten). */
export interface FakeChannelMessage {
  id: string;
  channel_id: string;
  content?: string;
  embeds?: { title?: string; description?: string; color?: number; footer?: { text: string } }[];
  components?: {
    type: number;
    components: { type: number; style: number; label: string; custom_id?: string; url?: string; disabled?: boolean }[];
  }[];
  edits: number;
  deleted: boolean;
}

export interface AppState {
  consent: FakeDiscordUser | 'deny';
  codes: Map<string, { challenge: string; redirectUri: string; user: FakeDiscordUser; used: boolean }>;
  tokens: Map<string, FakeDiscordUser>;
  oauthCalls: { authorize: number; token: number; tokenRefused: number; me: number };
  messages: Map<string, FakeChannelMessage>;
  botCalls: string[];
  commands: { name: string }[];
  followUps: { token: string; body: Record<string, unknown> }[];
  /** Channels the bot cannot see (any other id is a text channel of the fake's server). */
  hiddenChannels: Set<string>;
  /** Channels the bot has lost access to: its message calls there answer 403 Missing Access (50001). */
  lockedChannels: Set<string>;
  /** The bot token was reset by the application's owner: every bot call answers 401. */
  botTokenReset: boolean;
  /** Discord users who are not members of the fake's server (anyone else is). */
  strangers: Set<string>;
  /** The servers the bot is in, by id, in the order Discord lists them; the first is FAKE_GUILD_ID. */
  guilds: Map<string, FakeGuild>;
  nextId: bigint;
}

const oauthError = (error: string, description: string): FakeReply => json({ error, error_description: description }, 400);
const redirect = (location: string): FakeReply => ({ status: 302, body: '', headers: { location } });
const unauthorized = (): FakeReply => json({ message: '401: Unauthorized', code: 0 }, 401);
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A channel's messages as Discord would show them, for looking at (not Discord's). */
function renderChannel(messages: FakeChannelMessage[]): string {
  const styles = ['', '#5865f2', '#4e5058', '#248046', '#da373c', '#4e5058'];
  // Discord shows <t:…> in the reader's zone; the fake draws UTC.
  const relative = (ms: number) => {
    const diff = ms - Date.now();
    const [unit, size] =
      Math.abs(diff) >= 86_400_000 ? ['day', 86_400_000] : Math.abs(diff) >= 3_600_000 ? ['hour', 3_600_000] : ['minute', 60_000];
    const n = Math.round(Math.abs(diff) / (size as number));
    const amount = `${n} ${unit}${n === 1 ? '' : 's'}`;
    return diff >= 0 ? `in ${amount}` : `${amount} ago`;
  };
  const discordTime = (text: string) =>
    text.replace(/<t:(\d+):([FRt])>/g, (_m, seconds: string, style: string) => {
      const date = new Date(Number(seconds) * 1000);
      if (style === 't') return date.toISOString().slice(11, 16);
      if (style === 'R') return relative(date.getTime());
      return date.toLocaleString('en-GB', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
      });
    });
  const markdown = (text: string) =>
    escapeHtml(discordTime(text))
      .replace(/\*\*(.+?)\*\*/g, '<b>$1</b>')
      .replace(/\\(.)/g, '$1')
      .replace(/\n/g, '<br>');
  const body = messages
    .filter((m) => !m.deleted)
    .map(
      (
        m,
      ) => `<div class="msg"><img class="avatar" alt="" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='40' height='40'%3E%3Ccircle cx='20' cy='20' r='20' fill='%235865f2'/%3E%3C/svg%3E"><div>
  <div class="author">SMM <span class="bot">APP</span> <span class="time">Today</span></div>
  ${m.content ? `<div>${markdown(m.content)}</div>` : ''}
  ${(m.embeds ?? [])
    .map(
      (e) =>
        `<div class="embed" style="border-color:#${(e.color ?? 0x5865f2).toString(16).padStart(6, '0')}">${e.title ? `<div class="title">${markdown(e.title)}</div>` : ''}${e.description ? `<div>${markdown(e.description)}</div>` : ''}${e.footer ? `<div class="footer">${markdown(e.footer.text)}</div>` : ''}</div>`,
    )
    .join('')}
  ${(m.components ?? [])
    .map(
      (row) =>
        `<div class="row">${row.components.map((b) => `<span class="button" style="background:${styles[b.style] ?? '#4e5058'}">${escapeHtml(b.label)}</span>`).join('')}</div>`,
    )
    .join('')}
</div></div>`,
    )
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>#events</title><style>
body{background:#313338;color:#dbdee1;font:16px/1.4 "gg sans","Noto Sans",Helvetica,Arial,sans-serif;margin:0;padding:16px}
.channel{color:#f2f3f5;font-weight:600;border-bottom:1px solid #1f2023;padding-bottom:12px;margin-bottom:16px}
.msg{display:flex;gap:16px;margin-bottom:16px}.avatar{width:40px;height:40px;border-radius:50%}
.author{color:#f2f3f5;font-weight:500}.bot{background:#5865f2;color:#fff;font-size:10px;padding:1px 4px;border-radius:3px}.time{color:#949ba4;font-size:12px}
.embed{background:#2b2d31;border-left:4px solid;border-radius:4px;padding:8px 16px 16px 12px;margin-top:4px;max-width:520px}
.title{color:#f2f3f5;font-weight:600;margin:8px 0}.footer{color:#b5bac1;font-size:12px;margin-top:8px}
.row{display:flex;gap:8px;margin-top:8px}.button{color:#fff;padding:2px 16px;height:32px;line-height:32px;border-radius:3px;font-size:14px;font-weight:500}
</style></head><body><div class="channel"># events</div>${body}</body></html>`;
}

/** Discord's OAuth2, users/@me, channel messages and DMs, for the application; undefined for other paths. */
export function appRoute(req: FakeRequest, state: AppState, notify: () => void): FakeReply | undefined {
  const id = () => String((state.nextId += 1n));
  if (req.method === 'GET' && req.path === '/oauth2/authorize') {
    state.oauthCalls.authorize += 1;
    const q = req.query;
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== FAKE_APP.clientId) return json({ message: 'Unknown Application', code: 10002 }, 400);
    if (!/^https?:\/\//.test(redirectUri)) return json({ message: 'Invalid OAuth2 redirect_uri', code: 50035 }, 400);
    if (q.get('response_type') !== 'code' || !(q.get('scope') ?? '').split(' ').includes('identify'))
      return json({ message: 'Invalid scope or response_type', code: 50035 }, 400);
    const back = new URL(redirectUri);
    if (q.get('state') !== null) back.searchParams.set('state', q.get('state')!);
    if (state.consent === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The resource owner or authorization server denied the request');
      return redirect(back.toString());
    }
    const challenge = q.get('code_challenge') ?? '';
    if (q.get('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(challenge))
      return json({ message: 'Invalid code_challenge', code: 50035 }, 400);
    const code = randomBytes(15).toString('base64url');
    state.codes.set(code, { challenge, redirectUri, user: state.consent, used: false });
    back.searchParams.set('code', code);
    return redirect(back.toString());
  }
  if (req.method === 'POST' && /^\/api(\/v\d+)?\/oauth2\/token$/.test(req.path)) {
    state.oauthCalls.token += 1;
    const form = new URLSearchParams(req.body);
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [clientId, clientSecret] = basic
      ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent)
      : [form.get('client_id'), form.get('client_secret')];
    const refuse = (error: string, description: string) => {
      state.oauthCalls.tokenRefused += 1;
      return oauthError(error, description);
    };
    if (clientId !== FAKE_APP.clientId || clientSecret !== FAKE_APP.clientSecret) return refuse('invalid_client', 'Invalid client');
    if (form.get('grant_type') !== 'authorization_code') return refuse('unsupported_grant_type', 'Unsupported grant type');
    const issued = state.codes.get(form.get('code') ?? '');
    if (!issued || issued.used) return refuse('invalid_grant', 'Invalid "code" in request.');
    issued.used = true;
    if (form.get('redirect_uri') !== issued.redirectUri) return refuse('invalid_grant', 'Invalid "redirect_uri" in request.');
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== issued.challenge)
      return refuse('invalid_grant', 'Invalid "code_verifier" in request.');
    const accessToken = randomBytes(20).toString('base64url');
    state.tokens.set(accessToken, issued.user);
    return json({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 604800,
      refresh_token: randomBytes(20).toString('base64url'),
      scope: 'identify',
    });
  }
  if (req.method === 'GET' && /^\/api(\/v\d+)?\/users\/@me$/.test(req.path)) {
    state.oauthCalls.me += 1;
    const user = state.tokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (!user) return unauthorized();
    return json({ ...user, discriminator: '0', avatar: null, public_flags: 0, flags: 0, mfa_enabled: false, locale: 'en-GB' });
  }
  if (req.method === 'GET' && req.path === '/__fake/channel.html') {
    const channel = req.query.get('channel');
    return {
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: renderChannel([...state.messages.values()].filter((m) => !channel || m.channel_id === channel)),
    };
  }
  if (req.method === 'GET' && req.path === '/__fake/messages') return json([...state.messages.values()]);
  // Not Discord's: a browser test chooses who "signs in" at the consent page next.
  if (req.method === 'POST' && req.path === '/__fake/consent') {
    const user = JSON.parse(req.body || '{}') as Partial<FakeDiscordUser>;
    if (typeof user.id !== 'string' || typeof user.username !== 'string') return json({ message: 'id and username are required' }, 400);
    state.consent = { id: user.id, username: user.username, global_name: user.global_name ?? null };
    return json(state.consent);
  }

  // A deferred interaction's answer: the interaction's token is the credential.
  const original = /^\/api(?:\/v\d+)?\/webhooks\/(\d+)\/([^/]+)\/messages\/@original$/.exec(req.path);
  if (req.method === 'PATCH' && original) {
    if (original[1] !== FAKE_APP.clientId) return json({ message: 'Unknown Webhook', code: 10015 }, 404);
    state.followUps.push({ token: original[2]!, body: JSON.parse(req.body || '{}') as Record<string, unknown> });
    notify();
    return json({ id: String((state.nextId += 1n)), type: 20 });
  }
  const bot = /^\/api(\/v\d+)?(\/.*)$/.exec(req.path)?.[2] ?? '';
  const isBotPath =
    /^\/(channels|users\/@me\/channels|applications|guilds)\//.test(bot) || bot === '/users/@me/channels' || bot === '/users/@me/guilds';
  if (!isBotPath) return undefined;
  if (state.botTokenReset || req.headers.authorization !== `Bot ${FAKE_APP.botToken}`) return unauthorized();
  let body: Record<string, unknown> = {};
  if (req.body) {
    try {
      body = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return json({ message: '400: Bad Request', code: 50109 }, 400);
    }
  }
  const done = (call: string, reply: FakeReply) => {
    state.botCalls.push(call);
    notify();
    return reply;
  };
  if (req.method === 'POST' && bot === '/users/@me/channels') {
    if (typeof body.recipient_id !== 'string') return json({ message: 'Invalid Form Body', code: 50035 }, 400);
    return json({ id: `9${body.recipient_id}`, type: 1, recipients: [{ id: body.recipient_id }] });
  }
  if (req.method === 'PUT' && /^\/applications\/\d+\/commands$/.test(bot)) {
    if (!Array.isArray(body)) return json({ message: 'Invalid Form Body', code: 50035 }, 400);
    state.commands = body as { name: string }[];
    return done(`PUT commands`, json(body));
  }
  if (req.method === 'GET' && bot === '/users/@me/guilds') {
    const limit = Math.min(Math.max(Number(req.query.get('limit') ?? 200) || 200, 1), 200);
    return json(
      [...state.guilds.values()]
        .slice(0, limit)
        .map((g) => ({ id: g.id, name: g.name, icon: null, banner: null, owner: false, permissions: '84992', features: [] })),
    );
  }
  const guildChannels = /^\/guilds\/(\d+)\/channels$/.exec(bot);
  if (req.method === 'GET' && guildChannels) {
    const guild = state.guilds.get(guildChannels[1]!);
    if (!guild) return json({ message: 'Unknown Guild', code: 10004 }, 404);
    return json(
      guild.channels.map((c) => ({
        ...c,
        guild_id: guild.id,
        flags: 0,
        parent_id: null,
        permission_overwrites: [],
        nsfw: false,
        ...(c.type === 0 || c.type === 5 ? { topic: null, last_message_id: null, rate_limit_per_user: 0 } : {}),
      })),
    );
  }
  const guildOnly = /^\/guilds\/(\d+)$/.exec(bot);
  if (req.method === 'GET' && guildOnly) {
    const guild = state.guilds.get(guildOnly[1]!);
    if (!guild) return json({ message: 'Unknown Guild', code: 10004 }, 404);
    return json({
      id: guild.id,
      name: guild.name,
      icon: null,
      owner_id: guild.ownerId ?? FAKE_NOBODY,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: rolesOfGuild(guild).map((role, position) => ({
        ...role,
        color: 0,
        hoist: false,
        icon: null,
        unicode_emoji: null,
        position,
        managed: false,
        mentionable: false,
        flags: 0,
      })),
      emojis: [],
      features: [],
      mfa_level: 0,
      system_channel_id: null,
      premium_tier: 0,
      preferred_locale: 'en-US',
      nsfw_level: 0,
    });
  }
  const guildMember = /^\/guilds\/(\d+)\/members\/(\d+)$/.exec(bot);
  if (req.method === 'GET' && guildMember) {
    const guild = state.guilds.get(guildMember[1]!);
    if (!guild) return json({ message: 'Unknown Guild', code: 10004 }, 404);
    const member = guild.members ? guild.members.has(guildMember[2]!) : !state.strangers.has(guildMember[2]!);
    if (!member) return json({ message: 'Unknown Member', code: 10007 }, 404);
    return json({
      user: { id: guildMember[2], username: 'member' },
      roles: rolesOfMember(guild, guildMember[2]!),
      joined_at: '2026-01-01T00:00:00.000Z',
      deaf: false,
      mute: false,
      flags: 0,
    });
  }
  const channelOnly = /^\/channels\/(\d+)$/.exec(bot);
  if (req.method === 'GET' && channelOnly) {
    if (state.hiddenChannels.has(channelOnly[1]!)) return json({ message: 'Unknown Channel', code: 10003 }, 404);
    for (const guild of state.guilds.values()) {
      const known = guild.channels.find((c) => c.id === channelOnly[1]);
      if (known) return json({ ...known, guild_id: guild.id });
    }
    return json({ id: channelOnly[1], type: 0, guild_id: FAKE_GUILD_ID, name: 'events', position: 0 });
  }
  const channelPath = /^\/channels\/(\d+)\/messages(?:\/(\d+))?$/.exec(bot);
  if (!channelPath) return json({ message: '404: Not Found', code: 0 }, 404);
  const [, channelId, messageId] = channelPath as unknown as [string, string, string | undefined];
  if (state.lockedChannels.has(channelId)) return json({ message: 'Missing Access', code: 50001 }, 403);
  const components = body.components as FakeChannelMessage['components'];
  if (
    components &&
    (!Array.isArray(components) || components.length > 5 || components.some((row) => row.type !== 1 || row.components.length > 5))
  )
    return json(
      { message: 'Invalid Form Body', code: 50035, errors: { components: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH' }] } } },
      400,
    );
  if (req.method === 'POST' && !messageId) {
    if (!body.content && !(Array.isArray(body.embeds) && body.embeds.length))
      return json({ message: 'Cannot send an empty message', code: 50006 }, 400);
    const message: FakeChannelMessage = {
      id: id(),
      channel_id: channelId,
      content: body.content as string | undefined,
      embeds: body.embeds as FakeChannelMessage['embeds'],
      components,
      edits: 0,
      deleted: false,
    };
    state.messages.set(message.id, message);
    return done(`POST ${channelId}`, json({ ...message, type: 0, author: { id: FAKE_APP.clientId, username: 'SMM', bot: true } }));
  }
  const existing = messageId ? state.messages.get(messageId) : undefined;
  if (!existing || existing.deleted || existing.channel_id !== channelId) return json({ message: 'Unknown Message', code: 10008 }, 404);
  if (req.method === 'PATCH') {
    if ('content' in body) existing.content = body.content as string;
    if ('embeds' in body) existing.embeds = body.embeds as FakeChannelMessage['embeds'];
    if ('components' in body) existing.components = components;
    existing.edits += 1;
    return done(`PATCH ${channelId}/${messageId}`, json({ ...existing, type: 0 }));
  }
  if (req.method === 'DELETE') {
    existing.deleted = true;
    return done(`DELETE ${channelId}/${messageId}`, { status: 204, body: '' });
  }
  return json({ message: '405: Method Not Allowed', code: 0 }, 405);
}

/** A fresh state: `consent` signs in first. */
export function createAppState(): AppState {
  return {
    consent: { id: '80351110224678912', username: 'nelly', global_name: 'Nelly' },
    codes: new Map(),
    tokens: new Map(),
    oauthCalls: { authorize: 0, token: 0, tokenRefused: 0, me: 0 },
    messages: new Map(),
    botCalls: [],
    commands: [],
    followUps: [],
    hiddenChannels: new Set(),
    lockedChannels: new Set(),
    botTokenReset: false,
    strangers: new Set(),
    guilds: new Map([
      [
        FAKE_GUILD_ID,
        {
          id: FAKE_GUILD_ID,
          name: 'Game Night',
          memberRoles: new Map(),
          channels: [
            { id: '1290000000000000002', name: 'Text Channels', type: 4, position: 0 },
            { id: '1290000000000000003', name: 'general', type: 0, position: 1 },
            { id: '1290000000000000004', name: 'events', type: 0, position: 2 },
            { id: '1290000000000000005', name: 'announcements', type: 5, position: 3 },
            { id: '1290000000000000006', name: 'Voice', type: 2, position: 4 },
          ],
        },
      ],
    ]),
    nextId: 1200000000000000000n,
  };
}
