import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  discordDmRemindersBody,
  discordLinkDto,
  discordSessionBody,
  discordSessionDto,
  discordSetPasswordBody,
  discordStartBody,
  discordStartDto,
  discordStatusDto,
} from '@smm/shared/discord/app-schemas';
import { apiErrorBody } from '@smm/shared/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { DiscordCallResult, DiscordMessageBody } from '../../integrations/discord-api';
import { isSignedByDiscord } from './discord-signature';
import {
  interactionBody,
  InteractionType,
  ResponseType,
  type DiscordInteractionsService,
  type Interaction,
  type InteractionResponse,
} from './discord-interactions.service';
import type { DiscordSignInService } from './discord-signin.service';
import type { KeyObject } from 'node:crypto';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 409: apiErrorBody, 429: apiErrorBody, 503: apiErrorBody };
const tags = ['discord'];
const security = [{ bearer: [] }];
const COOKIE = 'smm_discord_signin';
const COOKIE_PATH = '/api/auth/discord';

/** The browser secret of a Discord sign-in, from the Cookie header. */
function browserSecret(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COOKIE && value && /^[0-9a-f]{64}$/.test(value)) return value;
  }
  return undefined;
}

interface Deps {
  signIn: DiscordSignInService;
  interactions: DiscordInteractionsService;
  /** Puts a deferred interaction's answer in place; null when Discord is off. */
  followUp: ((interactionToken: string, message: DiscordMessageBody) => Promise<DiscordCallResult<true>>) | null;
  interactionDeadlineMs: number;
  /** Null: Discord is off, and the interactions endpoint refuses everything. */
  publicKey: KeyObject | null;
  installUrl: string | null;
  publicUrl: string;
  clock: Clock;
}

export const discordAppRoutes =
  ({ signIn, interactions, followUp, interactionDeadlineMs, publicKey, installUrl, publicUrl, clock }: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const secure = publicUrl.startsWith('https://');
    const cookie = (value: string, maxAge: number) =>
      `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

    app.get(
      '/api/discord/status',
      {
        schema: {
          tags,
          description: 'Whether this installation has a Discord application, and the link that adds its bot to a server.',
          response: { 200: discordStatusDto },
        },
      },
      () => ({ enabled: signIn.enabled, installUrl }),
    );

    app.post(
      '/api/auth/discord/login',
      {
        schema: {
          tags,
          summary: 'Start signing in (or up) with Discord',
          description:
            "Returns Discord's consent page to open in this browser, and sets a cookie the callback needs: a sign-in finishes only in the browser that started it. Discord sends the browser back to /api/auth/discord/callback, which redirects to /discordSignIn#grant=… or /login?discordError=<cancelled|expired|foreign|invalid|unavailable>. 503 when Discord is off.",
          body: discordStartBody,
          response: { 200: discordStartDto, ...errors },
        },
      },
      async (req, reply) => {
        const { url, browserSecret: secret } = await signIn.startSignIn(req.ip, req.body?.returnTo);
        reply.header('set-cookie', cookie(secret, 600)).header('cache-control', 'no-store');
        return { url };
      },
    );

    app.post(
      '/api/auth/discord/link',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          summary: 'Start linking Discord to the caller',
          description:
            "Returns Discord's consent page; the callback links the Discord account to the caller and redirects to /profile?discord=linked, or /profile?discordError=<…|taken>.",
          response: { 200: discordStartDto, ...errors },
        },
      },
      async (req, reply) => {
        const { url, browserSecret: secret } = await signIn.startLink(req.actor);
        reply.header('set-cookie', cookie(secret, 600)).header('cache-control', 'no-store');
        return { url };
      },
    );

    app.get(
      '/api/auth/discord/callback',
      {
        schema: {
          tags,
          summary: 'Discord OAuth2 redirect URL (browser redirect, not for API clients)',
          querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
          response: {
            302: z.null().describe('Redirect to /discordSignIn#grant=…, /profile?discord=linked, or the page with ?discordError=…'),
          },
        },
      },
      async (req, reply) => {
        const outcome = await signIn.callback(req.query, browserSecret(req.headers.cookie));
        if (outcome.problem) req.log.warn({ problem: outcome.problem }, 'Discord sign-in refused');
        // A sign-in's grant needs this browser's secret once more, to be exchanged; anything else ends here.
        if (!outcome.grant) reply.header('set-cookie', cookie('', 0));
        return reply.header('cache-control', 'no-store').redirect(outcome.location, 302);
      },
    );

    app.post(
      '/api/auth/discord/session',
      {
        schema: {
          tags,
          summary: 'Exchange a finished Discord sign-in for a session',
          description:
            'The grant from /discordSignIn#grant=… works once, for two minutes, and only in the browser that started the sign-in (its sign-in cookie).',
          body: discordSessionBody,
          response: { 200: discordSessionDto, ...errors },
        },
      },
      async (req, reply) => {
        const session = await signIn.session(req.body.grant, browserSecret(req.headers.cookie));
        reply.header('set-cookie', cookie('', 0)).header('cache-control', 'no-store');
        return session;
      },
    );

    app.get(
      '/api/auth/discord',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "The caller's linked Discord account, or null.",
          response: { 200: discordLinkDto, ...errors },
        },
      },
      (req) => signIn.getLink(req.actor),
    );

    app.post(
      '/api/auth/discord/unlink',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "Removes the caller's Discord link. 400 for an account that has no password yet (it could not sign in again).",
          response: { 200: discordLinkDto, ...errors },
        },
      },
      (req) => signIn.unlink(req.actor),
    );

    app.post(
      '/api/auth/discord/dmReminders',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'Turns event reminders by Discord DM on or off (beside the reminder mail). 400 without a linked Discord account.',
          body: discordDmRemindersBody,
          response: { 200: discordLinkDto, ...errors },
        },
      },
      (req) => signIn.setDmReminders(req.actor, req.body.dmReminders),
    );

    app.post(
      '/api/auth/discord/setPassword',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'For an account made by a Discord sign-in: sets its email and first password, so it can also sign in with them. 400 when the account has a password already; 409 when the email is taken. Returns a new token.',
          body: discordSetPasswordBody,
          response: { 200: z.object({ token: z.string() }), ...errors },
        },
      },
      (req) => signIn.setPassword(req.actor, req.body),
    );

    /**
     * The answer, or "thinking…" (type 5) when it takes longer than the deadline: Discord gives up
     * after 3 s, and the answer then replaces the placeholder once it is ready.
     */
    async function answerInTime(interaction: Interaction, log: FastifyBaseLogger): Promise<InteractionResponse> {
      const work = interactions.answer(interaction);
      // PING is answered as it is; no time at all (0) defers everything else.
      if (interaction.type === InteractionType.PING) return work;
      let timer: NodeJS.Timeout | undefined;
      const late =
        interactionDeadlineMs <= 0
          ? Promise.resolve('late' as const)
          : new Promise<'late'>((resolve) => {
              timer = setTimeout(() => resolve('late'), interactionDeadlineMs);
            });
      const first = await Promise.race([work, late]);
      clearTimeout(timer);
      if (first !== 'late') return first;
      const token = interaction.token;
      void work
        .then(async (answer) => {
          if (!followUp || !token) return;
          const { flags: _flags, ...message } = answer.data ?? { content: 'Done.', allowed_mentions: { parse: [] } };
          const sent = await followUp(token, message);
          if (!sent.ok) log.warn({ error: sent.error }, 'Discord interaction follow-up not delivered');
        })
        .catch((error: unknown) => log.error({ err: error }, 'Discord interaction failed after deferring'));
      return {
        type: ResponseType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
        data: { flags: interactions.deferredFlags(interaction), allowed_mentions: { parse: [] } },
      };
    }

    // Discord signs the exact bytes it sent, so this route keeps the body raw and checks the
    // signature before anything reads it.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      raw.post(
        '/api/discord/interactions',
        {
          schema: {
            tags,
            summary: 'Discord interactions endpoint (for Discord only)',
            description:
              "Requests must carry Discord's Ed25519 signature (X-Signature-Ed25519 over X-Signature-Timestamp + body, by the application's public key); anything else is refused with 401. PING is answered with PONG. Each interaction (by its id) is acted on once: a repeated delivery is answered with a message only its sender sees, saying it was already handled.",
          },
        },
        async (req, reply) => {
          const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const signature = req.headers['x-signature-ed25519'];
          const timestamp = req.headers['x-signature-timestamp'];
          if (
            !publicKey ||
            !isSignedByDiscord(
              publicKey,
              typeof signature === 'string' ? signature : undefined,
              typeof timestamp === 'string' ? timestamp : undefined,
              body,
              clock.now(),
            )
          )
            return reply.status(401).send({ message: 'invalid request signature' });
          let parsed: unknown;
          try {
            parsed = JSON.parse(body.toString('utf8'));
          } catch {
            return reply.status(400).send({ message: 'Body is not JSON' });
          }
          const interaction = interactionBody.safeParse(parsed);
          if (!interaction.success) return reply.status(400).send({ message: 'Not an interaction' });
          // A signed copy replayed within the signature's minutes, on this instance or another.
          if (!(await interactions.firstDelivery(interaction.data))) return reply.send(interactions.alreadyHandled());
          return reply.send(await answerInTime(interaction.data, req.log));
        },
      );
    });
  };
