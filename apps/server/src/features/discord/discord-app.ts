import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { createDiscordApiClient, type DiscordAppCredentials } from '../../integrations/discord-api';
import type { UpstreamRateLimit } from '../../integrations/upstream';
import type { Throttle } from '../throttle/throttle.service';
import { createRankingsService } from '../civ-games/rankings.service';
import type { AvailabilityService } from '../civilization/availability.service';
import type { EventsService } from '../events/events.service';
import { discordAppRoutes } from './discord-app.routes';
import { createDiscordBotDeliveries, type DiscordBotDeliveries } from './discord-bot.deliveries';
import { discordChannelRoutes } from './discord-channel.routes';
import { createDiscordCommands, SLASH_COMMANDS } from './discord-commands';
import { createDiscordChannelService } from './discord-channel.service';
import { createDiscordInteractionsService } from './discord-interactions.service';
import { discordPublicKey } from './discord-signature';
import { createDiscordSignInService } from './discord-signin.service';

/** View Channel, Send Messages, Embed Links, Read Message History: what the bot needs in the group's channel. */
export const BOT_PERMISSIONS = String((1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 16n));

interface Deps {
  db: Db;
  /** The events service of the website: a press on a button signs up with exactly its rules. */
  events: EventsService;
  /** The website's availability: /availability answers what the Members page shows. */
  availability: AvailabilityService;
  clock: Clock;
  throttle: Throttle;
  limit: UpstreamRateLimit;
  publicUrl: string;
  /** Discord's origin (DISCORD_API_URL). */
  baseUrl: string;
  /** Undefined: Discord is off; sign-in answers 503 and the interactions endpoint 401. */
  credentials: DiscordAppCredentials | undefined;
  timeoutMs: number;
  /** How long an interaction may take before it is answered "thinking…" and followed up (Discord allows 3 s). */
  interactionDeadlineMs?: number;
  /** How long before an event its reminders go out (EVENT_REMINDER_MINUTES): DMs keep the mails' time. */
  reminderLeadMs?: number;
}

/** The installation's Discord application: sign-in with Discord, account links, the interactions endpoint and groups' channels; returns the bot's deliveries (null when off). */
export async function registerDiscordApp(
  app: FastifyInstance,
  { db, clock, events, availability, throttle, limit, publicUrl, baseUrl, credentials, timeoutMs, interactionDeadlineMs = 2500, reminderLeadMs }: Deps,
): Promise<{ bot: DiscordBotDeliveries | null }> {
  const discord = credentials ? createDiscordApiClient({ baseUrl, credentials, timeoutMs }) : null;
  const origin = baseUrl.replace(/\/$/, '');
  const installUrl = credentials
    ? `${origin}/oauth2/authorize?${new URLSearchParams({ client_id: credentials.clientId, scope: 'bot applications.commands', permissions: BOT_PERMISSIONS }).toString()}`
    : null;
  await app.register(
    discordAppRoutes({
      signIn: createDiscordSignInService({ db, clock, discord, publicUrl, throttle, limit, signToken: (user) => app.signToken(user) }),
      interactions: createDiscordInteractionsService({
        db,
        clock,
        publicUrl,
        events,
        commands: createDiscordCommands({
          db,
          clock,
          publicUrl,
          events,
          availability,
          rankings: createRankingsService({ db }),
        }),
      }),
      followUp: discord ? (token, message) => discord.editOriginalResponse(token, message) : null,
      interactionDeadlineMs,
      publicKey: credentials ? discordPublicKey(credentials.publicKey) : null,
      installUrl,
      publicUrl,
      clock,
    }),
  );
  if (discord) {
    // Registered at every start (Discord's bulk overwrite changes nothing when they are the same);
    // the start does not wait for it.
    app.addHook('onReady', async () => {
      void discord.registerCommands([...SLASH_COMMANDS]).then((result) => {
        if (!result.ok) app.log.warn({ error: result.error }, 'Discord slash commands not registered');
      });
    });
  }
  await app.register(discordChannelRoutes(createDiscordChannelService({ db, clock, discord, throttle, limit })));
  return { bot: discord ? createDiscordBotDeliveries({ db, clock, api: discord, publicUrl, ...(reminderLeadMs ? { reminderLeadMs } : {}) }) : null };
}
