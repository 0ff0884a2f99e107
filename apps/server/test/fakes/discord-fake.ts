import { appRoute, createAppState, type FakeChannelMessage, type FakeDiscordUser, type FakeGuild } from './discord-app-fake';
import { json, startFakeServer, type FakeReply } from './fake-server';

/** A valid-looking webhook: Discord ids are snowflakes, tokens 68 url-safe characters. */
export const FAKE_WEBHOOK = { id: '1187654321098765432', token: 'fAkEtOkEn_0123456789-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVW' };
export const fakeWebhookUrl = (webhook = FAKE_WEBHOOK, host = 'discord.com') =>
  `https://${host}/api/webhooks/${webhook.id}/${webhook.token}`;

export interface DiscordPost {
  webhookId: string;
  payload: {
    content?: string;
    embeds?: { title?: string; description?: string }[];
    allowed_mentions?: { parse?: string[] };
    [field: string]: unknown;
  };
}

/** What the fake does with the next calls: answer, fail with 500, rate-limit with 429, or hang until released. */
export type DiscordFakeMode = 'ok' | 500 | 429 | 'hang';

export interface DiscordFake {
  url: string;
  /** Valid posts accepted (2xx), in order. */
  posts: DiscordPost[];
  /** Every call, valid or not, answered or not. */
  calls: number;
  /** Calls being held by 'hang'. */
  readonly hanging: number;
  /** Bodies refused as malformed, with the reason. */
  rejected: string[];
  /** Webhooks that exist, id -> token. */
  webhooks: Map<string, string>;
  /**
   * The mode for every call from now on ('ok' after `times` calls when given). `only`: the mode holds
   * only for calls whose path contains it (one webhook, one channel), the others are answered as usual;
   * `global`: a 429 is Discord's global limit (body `global`, X-RateLimit-Global, X-RateLimit-Scope).
   */
  setMode(mode: DiscordFakeMode, times?: number, options?: { only?: string; global?: boolean }): void;
  /** retry_after (seconds) sent with 429s; null: a 429 says no wait (no retry_after, no Retry-After). */
  retryAfterSeconds: number | null;
  /** Lets every hanging call through (answered as usual) and leaves the hang mode. */
  release(): void;
  /** Who signs in at the authorize page next ('deny': the user presses Cancel). */
  consent: FakeDiscordUser | 'deny';
  /** Codes issued and exchanged, for tests that replay them. */
  oauthCalls: { authorize: number; token: number; tokenRefused: number; me: number };
  /** Bot messages by id, in order of creation. */
  messages: Map<string, FakeChannelMessage>;
  /** Bot calls answered (create, edit, delete, DM), in order: "POST 123", "PATCH 123/456", … */
  botCalls: string[];
  /** Channels the bot cannot see: GET /channels/{id} answers 404 Unknown Channel. */
  hiddenChannels: Set<string>;
  /** Channels the bot has lost access to: its message calls there answer 403 Missing Access (50001). */
  lockedChannels: Set<string>;
  /** The bot token was reset by the application's owner: every bot call answers 401. */
  botTokenReset: boolean;
  /** Discord users who are not members of the fake's server: GET /guilds/{id}/members/{user} answers 404. */
  strangers: Set<string>;
  /** The servers the bot is in (GET /users/@me/guilds, GET /guilds/{id}), with their channels, roles and members. */
  guilds: Map<string, FakeGuild>;
  /** The slash commands registered last. */
  readonly commands: { name: string }[];
  /** Answers put in place of deferred interactions ("thinking…"), in order. */
  followUps: { token: string; body: Record<string, unknown> }[];
  /** Resolves once `count` follow-ups have arrived. */
  waitForFollowUps(count: number): Promise<void>;
  /** Resolves once `count` posts have been accepted. */
  waitForPosts(count: number): Promise<void>;
  /** Resolves once `count` bot calls were answered with success. */
  waitForBotCalls(count: number): Promise<void>;
  /** Resolves once `count` calls are hanging. */
  waitForHanging(count: number): Promise<void>;
  close(): Promise<void>;
}

const invalidForm = (errors: Record<string, string>): FakeReply =>
  json(
    {
      message: 'Invalid Form Body',
      code: 50035,
      errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, { _errors: [{ code: 'BASE_TYPE_INVALID', message: v }] }])),
    },
    400,
  );

/** Why Discord would refuse this Execute Webhook body, or null when it is fine. */
function payloadProblem(body: unknown): Record<string, string> | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { _: 'body must be a JSON object' };
  const { content, embeds, allowed_mentions: mentions } = body as Record<string, unknown>;
  const problems: Record<string, string> = {};
  if (content !== undefined && (typeof content !== 'string' || content.length > 2000))
    problems.content = 'Must be 2000 or fewer in length.';
  if (embeds !== undefined) {
    if (!Array.isArray(embeds) || embeds.length > 10) problems.embeds = 'Must be 10 or fewer in length.';
    else
      embeds.forEach((embed: { title?: unknown; description?: unknown }, i) => {
        if (embed.title !== undefined && (typeof embed.title !== 'string' || embed.title.length > 256))
          problems[`embeds.${i}.title`] = 'Must be 256 or fewer in length.';
        if (embed.description !== undefined && (typeof embed.description !== 'string' || embed.description.length > 4096))
          problems[`embeds.${i}.description`] = 'Must be 4096 or fewer in length.';
      });
  }
  if ((typeof content !== 'string' || content === '') && (!Array.isArray(embeds) || embeds.length === 0))
    problems._ = 'Cannot send an empty message';
  if (mentions !== undefined && (typeof mentions !== 'object' || mentions === null)) problems.allowed_mentions = 'Must be an object.';
  return Object.keys(problems).length ? problems : null;
}

/** Discord's Execute Webhook endpoint (POST /api/webhooks/{id}/{token}[?wait=true]) on a local port. */
export async function createDiscordFake(port = 0): Promise<DiscordFake> {
  let mode: DiscordFakeMode = 'ok';
  let modeLeft = Infinity;
  let modeOptions: { only?: string; global?: boolean } = {};
  const held = new Set<() => void>();
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const check of [...waiters]) check();
  };
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!done()) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });

  const fake = {
    posts: [] as DiscordPost[],
    calls: 0,
    rejected: [] as string[],
    webhooks: new Map([[FAKE_WEBHOOK.id, FAKE_WEBHOOK.token]]),
    retryAfterSeconds: 1.5 as number | null,
  };
  const app = createAppState();

  const server = await startFakeServer(async (req) => {
    fake.calls += 1;
    const applies = modeOptions.only === undefined || req.path.includes(modeOptions.only);
    const current = applies ? mode : 'ok';
    if (applies && modeLeft !== Infinity && --modeLeft <= 0) {
      mode = 'ok';
      modeLeft = Infinity;
    }
    if (current === 'hang') {
      // Held until released, then answered like any other call.
      await new Promise<void>((resolve) => {
        held.add(resolve);
        notify();
      });
    }
    if (current === 500) return json({ message: '500: Internal Server Error', code: 0 }, 500);
    if (current === 429) {
      const seconds = fake.retryAfterSeconds;
      const global = modeOptions.global === true;
      return {
        ...json({ message: 'You are being rate limited.', ...(seconds === null ? {} : { retry_after: seconds }), global }, 429),
        headers: {
          ...(seconds === null
            ? {}
            : {
                'retry-after': String(Math.ceil(seconds)),
                'x-ratelimit-reset': String(Date.now() / 1000 + seconds),
                'x-ratelimit-reset-after': String(seconds),
              }),
          'x-ratelimit-limit': '5',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-bucket': 'fakebucket',
          'x-ratelimit-scope': global ? 'global' : 'user',
          ...(global ? { 'x-ratelimit-global': 'true' } : {}),
        },
      };
    }

    // Not Discord's: lets a browser test see what was posted.
    if (req.method === 'GET' && req.path === '/__fake/posts') return json(fake.posts);
    const answered = appRoute(req, app, notify);
    if (answered) return answered;
    const match = /^\/api\/webhooks\/(\d+)\/([^/]+)$/.exec(req.path);
    if (req.method !== 'POST' || !match) return json({ message: '404: Not Found', code: 0 }, 404);
    const [, id, token] = match;
    if (!fake.webhooks.has(id!)) return json({ message: 'Unknown Webhook', code: 10015 }, 404);
    if (fake.webhooks.get(id!) !== token) return json({ message: 'Invalid Webhook Token', code: 50027 }, 401);
    let body: unknown;
    try {
      body = JSON.parse(req.body);
    } catch {
      fake.rejected.push('not JSON');
      return json({ message: 'Cannot send an empty message', code: 50006 }, 400);
    }
    const problem = payloadProblem(body);
    if (problem) {
      fake.rejected.push(JSON.stringify(problem));
      return invalidForm(problem);
    }
    fake.posts.push({ webhookId: id!, payload: body as DiscordPost['payload'] });
    notify();
    if (req.query.get('wait') === 'true')
      return json({ id: String(Date.now()), type: 0, channel_id: '1', webhook_id: id, ...(body as object) });
    return { status: 204, body: '' };
  }, port);

  return {
    url: server.url,
    get posts() {
      return fake.posts;
    },
    get calls() {
      return fake.calls;
    },
    get hanging() {
      return held.size;
    },
    get rejected() {
      return fake.rejected;
    },
    webhooks: fake.webhooks,
    get retryAfterSeconds() {
      return fake.retryAfterSeconds;
    },
    set retryAfterSeconds(value: number | null) {
      fake.retryAfterSeconds = value;
    },
    setMode(next, times, options) {
      mode = next;
      modeLeft = times ?? Infinity;
      modeOptions = options ?? {};
    },
    release() {
      mode = 'ok';
      modeLeft = Infinity;
      modeOptions = {};
      for (const resolve of [...held]) resolve();
      held.clear();
    },
    get consent() {
      return app.consent;
    },
    set consent(value: FakeDiscordUser | 'deny') {
      app.consent = value;
    },
    oauthCalls: app.oauthCalls,
    messages: app.messages,
    botCalls: app.botCalls,
    get commands() {
      return app.commands;
    },
    followUps: app.followUps,
    hiddenChannels: app.hiddenChannels,
    lockedChannels: app.lockedChannels,
    get botTokenReset() {
      return app.botTokenReset;
    },
    set botTokenReset(value: boolean) {
      app.botTokenReset = value;
    },
    strangers: app.strangers,
    guilds: app.guilds,
    waitForFollowUps: (count) => until(() => app.followUps.length >= count),
    waitForPosts: (count) => until(() => fake.posts.length >= count),
    waitForBotCalls: (count) => until(() => app.botCalls.length >= count),
    waitForHanging: (count) => until(() => held.size >= count),
    async close() {
      for (const resolve of [...held]) resolve();
      held.clear();
      await server.close();
    },
  } as DiscordFake;
}
