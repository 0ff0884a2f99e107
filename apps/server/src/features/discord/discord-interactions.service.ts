import { z } from 'zod';
import type { Db } from '../../db/schema';
import * as repo from './discord-links.repo';

/** Interaction types Discord sends, and the response types answered. */
export const InteractionType = { PING: 1, APPLICATION_COMMAND: 2, MESSAGE_COMPONENT: 3 } as const;
export const ResponseType = { PONG: 1, CHANNEL_MESSAGE_WITH_SOURCE: 4, UPDATE_MESSAGE: 7 } as const;
/** Message flag: only the person who pressed or asked sees the answer. */
export const EPHEMERAL = 64;

const discordUser = z.object({ id: z.string(), username: z.string().optional() });
/** The parts of an interaction the app reads; Discord sends many more fields. */
export const interactionBody = z.object({
  type: z.number().int(),
  id: z.string().optional(),
  token: z.string().optional(),
  channel_id: z.string().optional(),
  guild_id: z.string().optional(),
  member: z.object({ user: discordUser }).optional(),
  user: discordUser.optional(),
  data: z.object({ custom_id: z.string().optional(), name: z.string().optional() }).optional(),
});
export type Interaction = z.infer<typeof interactionBody>;

export interface InteractionResponse {
  type: number;
  data?: { content?: string; flags?: number; allowed_mentions?: { parse: [] } };
}

const ephemeral = (content: string): InteractionResponse => ({
  type: ResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
  data: { content, flags: EPHEMERAL, allowed_mentions: { parse: [] } },
});

interface Deps {
  db: Db;
  publicUrl: string;
}

/** Answers Discord's interactions (already verified as Discord's): PING, and presses and commands by their Discord user. */
export function createDiscordInteractionsService({ db, publicUrl }: Deps) {
  return {
    /** The answer to one interaction; Discord waits at most 3 s for it, so nothing here calls outside. */
    async answer(interaction: Interaction): Promise<InteractionResponse> {
      if (interaction.type === InteractionType.PING) return { type: ResponseType.PONG };
      const discordId = interaction.member?.user.id ?? interaction.user?.id;
      const link = discordId ? await repo.findLinkByDiscordId(db, discordId) : undefined;
      if (!link)
        return ephemeral(
          `Your Discord account is not linked to an SMM account yet. Sign in with Discord at ${publicUrl}/login, or link Discord on your profile at ${publicUrl}/profile, then try again.`,
        );
      return ephemeral(`This is not available from Discord yet. Open ${publicUrl}/dashboard to do it on the website.`);
    },
  };
}
export type DiscordInteractionsService = ReturnType<typeof createDiscordInteractionsService>;
