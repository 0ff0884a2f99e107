import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { AppError } from '../../errors';
import type { EventsService } from '../events/events.service';
import { toUserDto } from '../users/users.mapper';
import * as users from '../users/users.repo';
import type { DiscordMessageBody } from '../../integrations/discord-api';
import { parseRsvpCustomId } from './discord-bot.messages';
import { isSlashCommand, PRIVATE_COMMANDS, type DiscordCommands, type SlashCommandName } from './discord-commands';
import * as links from './discord-links.repo';
import { rememberInteraction } from './discord-interactions.repo';
import { MAX_SKEW_SECONDS } from './discord-signature';

/** Interaction types Discord sends, and the response types answered. */
export const InteractionType = { PING: 1, APPLICATION_COMMAND: 2, MESSAGE_COMPONENT: 3 } as const;
export const ResponseType = { PONG: 1, CHANNEL_MESSAGE_WITH_SOURCE: 4, DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: 5 } as const;
/** Message flag: only the person who pressed or asked sees the answer. */
export const EPHEMERAL = 64;

const discordUser = z.object({ id: z.string(), username: z.string().optional() });
/** The parts of an interaction the app reads; Discord sends many more fields. */
export const interactionBody = z
  .object({
    type: z.number().int(),
    /** Discord's id of this interaction (a snowflake): each press or command has its own. */
    id: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
    token: z.string().optional(),
    channel_id: z.string().optional(),
    guild_id: z.string().optional(),
    member: z.object({ user: discordUser }).optional(),
    user: discordUser.optional(),
    data: z.object({ custom_id: z.string().optional(), name: z.string().optional() }).optional(),
  })
  // Only an interaction with its id can be handled once.
  .refine((interaction) => interaction.type === InteractionType.PING || interaction.id !== undefined);
export type Interaction = z.infer<typeof interactionBody>;

/**
 * How long a handled interaction's id is remembered: a signature passes the timestamp check up to
 * five minutes either side of its timestamp, so a copy of it can pass until ten minutes after it
 * first arrived at the latest; five more for instances whose clocks differ.
 */
export const INTERACTION_ID_KEPT_MS = (2 * MAX_SKEW_SECONDS + 5 * 60) * 1000;

export interface InteractionResponse {
  type: number;
  data?: DiscordMessageBody;
}

/** Members' own text (an event's name) is shown as written, not as Discord markdown: no masked links. */
const plain = (text: string) => text.replace(/([\\*_~`|>#[\]()-])/g, '\\$1');

const ephemeral = (content: string): InteractionResponse => ({
  type: ResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
  data: { content, flags: EPHEMERAL, allowed_mentions: { parse: [] } },
});

interface Deps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  events: EventsService;
  commands: DiscordCommands;
}

export const CHANNEL_NOT_CONNECTED_ANSWER =
  'This channel is not connected to an SMM group. An Administrator of the group connects it in Group Settings.';
/** The answer to a second delivery of an interaction (a replayed copy): nothing was done again. */
export const ALREADY_HANDLED_ANSWER = 'This was already handled; nothing was changed again.';

/** Answers Discord's interactions (already verified as Discord's): PING, and presses and commands by their Discord user. */
export function createDiscordInteractionsService({ db, clock, publicUrl, events, commands }: Deps) {
  const notLinked = () =>
    ephemeral(
      `Your Discord account is not linked to an SMM account yet. Sign in with Discord at ${publicUrl}/login (or link Discord on your profile at ${publicUrl}/profile), then press again.`,
    );

  /** A press on an event's button: the same sign-up as on the website, with the same rules. */
  async function press(userId: string, choice: 'attend' | 'maybe' | 'unattend', eventId: string): Promise<InteractionResponse> {
    const user = await users.findById(db, userId);
    if (!user) return notLinked();
    const actor = toUserDto(user);
    try {
      if (choice === 'attend') {
        const event = await events.attendEvent(actor, { eventID: eventId, userID: actor.id });
        return ephemeral(`You are attending ${plain(event.eventName)}.`);
      }
      // Maybe and Not coming are answers of their own, as on the website; Not coming gives a seat up.
      const event = await events.respondToEvent(actor, { eventID: eventId, response: choice === 'maybe' ? 'maybe' : 'not_coming' });
      const name = plain(event.eventName);
      return ephemeral(choice === 'maybe' ? `You answered Maybe to ${name}.` : `You are not coming to ${name}.`);
    } catch (error) {
      // The website's refusals (full, closed, not a member…), said only to the presser.
      if (error instanceof AppError && error.statusCode < 500) return ephemeral(error.message);
      throw error;
    }
  }

  /** A slash command, answered as the linked user with the website's access rules. */
  async function command(userId: string, name: SlashCommandName, channelId: string | undefined): Promise<InteractionResponse> {
    const user = await users.findById(db, userId);
    if (!user) return notLinked();
    try {
      const answer = await commands.run(name, toUserDto(user), channelId);
      if (!answer) return ephemeral(CHANNEL_NOT_CONNECTED_ANSWER);
      return {
        type: ResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
        data: { ...answer, allowed_mentions: { parse: [] }, ...(PRIVATE_COMMANDS.has(name) ? { flags: EPHEMERAL } : {}) },
      };
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return ephemeral(error.message);
      throw error;
    }
  }

  return {
    /**
     * Whether this is the first delivery of the interaction, on any instance: its id is remembered
     * until a copy of it could no longer pass the signature check. A PING changes nothing and is
     * always answered.
     */
    async firstDelivery(interaction: Interaction): Promise<boolean> {
      if (interaction.type === InteractionType.PING || interaction.id === undefined) return true;
      return rememberInteraction(db, interaction.id, clock.now() + INTERACTION_ID_KEPT_MS);
    },

    /** The answer to a repeated delivery: only its sender sees it, and nothing is done. */
    alreadyHandled: (): InteractionResponse => ephemeral(ALREADY_HANDLED_ANSWER),

    /** Flags of the "thinking…" answer when the real one takes too long: private unless a public command. */
    deferredFlags(interaction: Interaction): number {
      const name = interaction.data?.name;
      return interaction.type === InteractionType.APPLICATION_COMMAND && isSlashCommand(name) && !PRIVATE_COMMANDS.has(name)
        ? 0
        : EPHEMERAL;
    },

    /** The answer to one interaction; Discord waits at most 3 s for it, so nothing here calls outside. */
    async answer(interaction: Interaction): Promise<InteractionResponse> {
      if (interaction.type === InteractionType.PING) return { type: ResponseType.PONG };
      const discordId = interaction.member?.user.id ?? interaction.user?.id;
      const link = discordId ? await links.findLinkByDiscordId(db, discordId) : undefined;
      if (!link) return notLinked();
      const rsvp = interaction.type === InteractionType.MESSAGE_COMPONENT ? parseRsvpCustomId(interaction.data?.custom_id) : null;
      if (rsvp) return press(link.user_id, rsvp.choice, rsvp.eventId);
      const name = interaction.data?.name;
      if (interaction.type === InteractionType.APPLICATION_COMMAND && isSlashCommand(name))
        return command(link.user_id, name, interaction.channel_id);
      return ephemeral(`This is not available from Discord yet. Open ${publicUrl}/dashboard to do it on the website.`);
    },
  };
}
export type DiscordInteractionsService = ReturnType<typeof createDiscordInteractionsService>;
