import { DISCORD_OFF_MESSAGE, type DiscordChannelDto, type PostDiscordChannelBody } from '@smm/shared/discord/app-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { conflict, serviceUnavailable } from '../../errors';
import { assertCan, loadAccess } from '../groups/group-access';
import * as repo from './discord-bot.repo';

interface Deps {
  db: Db;
  clock: Clock;
  /** False: the Discord application is not configured, so there is no bot to post. */
  enabled: boolean;
}

export const CHANNEL_TAKEN_MESSAGE = 'This channel is already connected to another group';

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /unique|duplicate key/i.test(`${error.message} ${(error as { code?: string }).code ?? ''}`);

/** The Discord channel the bot posts a group's events in, kept by the group's Administrators. */
export function createDiscordChannelService({ db, clock, enabled }: Deps) {
  return {
    /** The connected channel, or null. Administrators only. */
    async get(actor: UserDto, groupID: string): Promise<DiscordChannelDto> {
      assertCan(await loadAccess(db, groupID, actor.id), 'editGroupSettings');
      return { channelID: (await repo.findChannel(db, groupID))?.channel_id ?? null };
    },

    /** Connects (or changes) the channel; each new event is posted there from now on. One group per channel. */
    async connect(actor: UserDto, groupID: string, body: PostDiscordChannelBody): Promise<DiscordChannelDto> {
      if (!enabled) throw serviceUnavailable(DISCORD_OFF_MESSAGE);
      try {
        return await db.transaction().execute(async (tx) => {
          assertCan(await loadAccess(tx, groupID, actor.id, { lock: true }), 'editGroupSettings');
          const owner = await repo.findGroupByChannel(tx, body.channelID);
          if (owner && owner !== groupID) throw conflict(CHANNEL_TAKEN_MESSAGE, { channelID: CHANNEL_TAKEN_MESSAGE });
          await repo.upsertChannel(tx, {
            group_id: groupID,
            channel_id: body.channelID,
            guild_id: null,
            set_by: actor.id,
            updated_at: clock.now(),
          });
          return { channelID: body.channelID };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(CHANNEL_TAKEN_MESSAGE, { channelID: CHANNEL_TAKEN_MESSAGE });
        throw error;
      }
    },

    /** Disconnects the channel: nothing new is posted; messages already there are still kept up to date. */
    async remove(actor: UserDto, groupID: string): Promise<DiscordChannelDto> {
      return db.transaction().execute(async (tx) => {
        assertCan(await loadAccess(tx, groupID, actor.id, { lock: true }), 'editGroupSettings');
        await repo.deleteChannel(tx, groupID);
        return { channelID: null };
      });
    },
  };
}
export type DiscordChannelService = ReturnType<typeof createDiscordChannelService>;
