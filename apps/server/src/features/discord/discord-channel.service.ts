import {
  DISCORD_OFF_MESSAGE,
  type DiscordChannelChoicesDto,
  type DiscordChannelDto,
  type PostDiscordChannelBody,
} from '@smm/shared/discord/app-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { AppError, badGateway, conflict, invalid, serviceUnavailable } from '../../errors';
import type { DiscordApiClient } from '../../integrations/discord-api';
import { UPSTREAM_LIMIT_MESSAGE, type UpstreamRateLimit } from '../../integrations/upstream';
import type { Throttle } from '../throttle/throttle.service';
import { assertCan, loadAccess } from '../groups/group-access';
import type { DiscordChannelsTable } from './discord-app.tables';
import * as repo from './discord-bot.repo';
import * as links from './discord-links.repo';
import { guildStanding as standing, manageServerNeeded } from './discord-permissions';

interface Deps {
  db: Db;
  clock: Clock;
  /** Null: the Discord application is not configured, so there is no bot to post. */
  discord: DiscordApiClient | null;
  throttle: Throttle;
  limit: UpstreamRateLimit;
}

export const CHANNEL_TAKEN_MESSAGE = 'This channel is already connected to another group';
export const CHANNEL_UNSEEN_MESSAGE =
  'The bot cannot see this channel: add the bot to your Discord server (the link above), then try again';
export const CHANNEL_NOT_TEXT_MESSAGE = 'Pick a text or announcement channel';
export const CHANNEL_LINK_FIRST_MESSAGE =
  "Link Discord on your profile first: only a member of the channel's Discord server can connect it";
export const CHANNEL_NOT_MEMBER_MESSAGE = 'Your linked Discord account is not a member of the Discord server of this channel';
export const DISCORD_UNREACHABLE_MESSAGE = 'Discord could not be reached. Please try again in a minute.';
// Discord's channel types the bot can post in: text and announcement.
const POSTABLE_TYPES = new Set([0, 5]);
/** The bot's servers looked at for the channel picker: each costs up to three calls to Discord. */
export const CHOICE_GUILDS_MAX = 20;

/** A group's channel row as Group Settings shows it; no row: no channel. */
const toChannelDto = (
  row: Pick<DiscordChannelsTable, 'channel_id' | 'channel_name' | 'guild_name' | 'paused_reason'> | undefined,
): DiscordChannelDto => ({
  channelID: row?.channel_id ?? null,
  channelName: row?.channel_name ?? null,
  guildName: row?.guild_name ?? null,
  pausedReason: row?.paused_reason ?? null,
});

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /unique|duplicate key/i.test(`${error.message} ${(error as { code?: string }).code ?? ''}`);

/** The Discord channel the bot posts a group's events in, kept by the group's Administrators. */
export function createDiscordChannelService({ db, clock, discord, throttle, limit }: Deps) {
  return {
    /**
     * The connected channel, or null, with its and its server's names when known, and why the bot
     * posts nothing new there when it does not. Administrators only.
     */
    async get(actor: UserDto, groupID: string): Promise<DiscordChannelDto> {
      assertCan(await loadAccess(db, groupID, actor), 'editGroupSettings');
      return toChannelDto(await repo.findChannelSetting(db, groupID));
    },

    /**
     * The text channels the Administrator may pick: of the bot's servers (the first
     * CHOICE_GUILDS_MAX), those their linked Discord account owns or may manage (Manage Server or
     * Administrator), as Discord asks of whoever adds a bot.
     */
    async choices(actor: UserDto, groupID: string): Promise<DiscordChannelChoicesDto> {
      if (!discord) throw serviceUnavailable(DISCORD_OFF_MESSAGE);
      assertCan(await loadAccess(db, groupID, actor), 'editGroupSettings');
      const link = await links.findLinkByUser(db, actor.id);
      if (!link) return { linked: false, guilds: [] };
      await throttle.consume(`discord-channel-choices:${actor.id}`, limit, UPSTREAM_LIMIT_MESSAGE);
      const guilds = await discord.listGuilds(CHOICE_GUILDS_MAX);
      if (!guilds.ok) throw serviceUnavailable(DISCORD_UNREACHABLE_MESSAGE);
      const found = await Promise.all(
        guilds.value.slice(0, CHOICE_GUILDS_MAX).map(async (guild) => {
          const may = await standing(discord, guild.id, link.discord_id);
          if (may === 'retry') throw serviceUnavailable(DISCORD_UNREACHABLE_MESSAGE);
          if (may === 'stranger' || !may.manager) return null;
          const channels = await discord.listGuildChannels(guild.id);
          if (!channels.ok && channels.retry) throw serviceUnavailable(DISCORD_UNREACHABLE_MESSAGE);
          if (!channels.ok) return null;
          const postable = channels.value
            .filter((channel) => POSTABLE_TYPES.has(channel.type))
            .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
            .map((channel) => ({ channelID: channel.id, name: channel.name ?? channel.id }));
          return { guildID: guild.id, name: guild.name, channels: postable };
        }),
      );
      const listed = found.filter((guild): guild is DiscordChannelChoicesDto['guilds'][number] => guild !== null);
      return { linked: true, guilds: listed.filter((guild) => guild.channels.length > 0) };
    },

    /** Connects (or changes) the channel; each new event is posted there from now on. One group per channel. */
    async connect(actor: UserDto, groupID: string, body: PostDiscordChannelBody): Promise<DiscordChannelDto> {
      if (!discord) throw serviceUnavailable(DISCORD_OFF_MESSAGE);
      assertCan(await loadAccess(db, groupID, actor), 'editGroupSettings');
      const link = await links.findLinkByUser(db, actor.id);
      if (!link) throw invalid({ channelID: CHANNEL_LINK_FIRST_MESSAGE }, CHANNEL_LINK_FIRST_MESSAGE);
      // Asks Discord whether the bot sees the channel: a call outside, so limited per user.
      await throttle.consume(`discord-channel:${actor.id}`, limit, UPSTREAM_LIMIT_MESSAGE);
      const channel = await discord.getChannel(body.channelID);
      if (!channel.ok && channel.retry) throw badGateway(DISCORD_UNREACHABLE_MESSAGE);
      if (!channel.ok) throw invalid({ channelID: CHANNEL_UNSEEN_MESSAGE }, CHANNEL_UNSEEN_MESSAGE);
      if (!POSTABLE_TYPES.has(channel.value.type)) throw invalid({ channelID: CHANNEL_NOT_TEXT_MESSAGE }, CHANNEL_NOT_TEXT_MESSAGE);
      const guildId = channel.value.guild_id ?? null;
      // The bot may be in other communities' servers too: only whoever may manage this one points it here.
      if (!guildId) throw invalid({ channelID: CHANNEL_NOT_TEXT_MESSAGE }, CHANNEL_NOT_TEXT_MESSAGE);
      const may = await standing(discord, guildId, link.discord_id);
      if (may === 'retry') throw badGateway(DISCORD_UNREACHABLE_MESSAGE);
      if (may === 'stranger') throw invalid({ channelID: CHANNEL_NOT_MEMBER_MESSAGE }, CHANNEL_NOT_MEMBER_MESSAGE);
      if (!may.manager) {
        const message = manageServerNeeded(may.name);
        throw new AppError(403, message, { channelID: message });
      }
      try {
        return await db.transaction().execute(async (tx) => {
          assertCan(await loadAccess(tx, groupID, actor, { lock: true }), 'editGroupSettings');
          const owner = await repo.findGroupByChannel(tx, body.channelID);
          if (owner && owner !== groupID) throw conflict(CHANNEL_TAKEN_MESSAGE, { channelID: CHANNEL_TAKEN_MESSAGE });
          const row = {
            group_id: groupID,
            channel_id: body.channelID,
            guild_id: guildId,
            set_by: actor.id,
            updated_at: clock.now(),
            // Just confirmed: the caller may manage the channel's server.
            checked_at: clock.now(),
            paused_reason: null,
            // As Discord just gave them, so Group Settings can say which channel this is.
            channel_name: channel.value.name ?? null,
            guild_name: may.name,
            names_read_at: clock.now(),
          } satisfies repo.NewChannel;
          await repo.upsertChannel(tx, row);
          return toChannelDto(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(CHANNEL_TAKEN_MESSAGE, { channelID: CHANNEL_TAKEN_MESSAGE });
        throw error;
      }
    },

    /** Disconnects the channel: nothing new is posted; messages already there are still kept up to date. */
    async remove(actor: UserDto, groupID: string): Promise<DiscordChannelDto> {
      return db.transaction().execute(async (tx) => {
        assertCan(await loadAccess(tx, groupID, actor, { lock: true }), 'editGroupSettings');
        await repo.deleteChannel(tx, groupID);
        return toChannelDto(undefined);
      });
    },
  };
}
export type DiscordChannelService = ReturnType<typeof createDiscordChannelService>;
