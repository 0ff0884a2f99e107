import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import type { DiscordApiClient } from '../../integrations/discord-api';
import * as repo from './discord-bot.repo';
import { guildStanding } from './discord-permissions';

/** Channels checked per pass: each costs three calls to Discord. */
export const CHANNEL_CHECKS_PER_PASS = 10;
/** Channels whose names are read per pass: each costs two calls to Discord. */
export const CHANNEL_NAMES_PER_PASS = 10;

const AGAIN = 'An Administrator who owns that Discord server, or has Manage Server or Administrator there, connects it again to resume.';

/** Why a channel connected before connecting asked who may manage its server is paused. */
export const PAUSED_UNLINKED = `Paused: whoever connected this channel has no linked Discord account, so nobody has confirmed they may manage its Discord server. ${AGAIN}`;
export const PAUSED_STRANGER = `Paused: the Discord account of whoever connected this channel is not a member of its Discord server, or the bot no longer sees that server. ${AGAIN}`;
export const pausedNotManager = (guildName: string) =>
  `Paused: whoever connected this channel cannot manage ${guildName} on Discord (it takes owning the server, Manage Server or Administrator). ${AGAIN}`;

/**
 * Connecting a channel asks that the connector may manage its Discord server. A channel connected
 * before that was asked is checked once by the bot, against its connector's linked Discord account:
 * confirmed, or paused with the reason (the bot posts nothing new there; the messages it posted are
 * still kept up to date). One Discord could not answer is checked again at a later pass, after the
 * channels waiting behind it. The check reads the channel and its server anyway, so it keeps their
 * names for Group Settings too; a channel checked before names were kept has them read once by a
 * later step of the pass.
 */
export function createDiscordChannelChecks({ db, clock, api }: { db: Db; clock: Clock; api: DiscordApiClient }) {
  /**
   * The reason to pause the channel (null to confirm it) and the names read on the way; undefined
   * when Discord could not tell.
   */
  async function verdict(
    channel: Awaited<ReturnType<typeof repo.listUncheckedChannels>>[number],
  ): Promise<{ reason: string | null; names: repo.ChannelNames } | undefined> {
    if (!channel.discord_id) return { reason: PAUSED_UNLINKED, names: {} };
    const discordId = channel.discord_id;
    // The channel is read for its name; its server's id comes from it when not stored.
    const [found, known] = await Promise.all([
      api.getChannel(channel.channel_id),
      channel.guild_id ? guildStanding(api, channel.guild_id, discordId) : undefined,
    ]);
    const names: repo.ChannelNames = found.ok && found.value.name ? { channel_name: found.value.name } : {};
    let standing = known;
    if (!standing) {
      if (!found.ok) return found.retry ? undefined : { reason: PAUSED_STRANGER, names };
      const guildId = found.value.guild_id;
      if (!guildId) return { reason: PAUSED_STRANGER, names };
      standing = await guildStanding(api, guildId, discordId);
    }
    if (standing === 'retry') return undefined;
    if (standing === 'stranger') return { reason: PAUSED_STRANGER, names };
    return { reason: standing.manager ? null : pausedNotManager(standing.name), names: { ...names, guild_name: standing.name } };
  }

  /** The channel's and its server's names as the bot reads them; undefined when Discord could not tell. */
  async function namesOf(channel: Awaited<ReturnType<typeof repo.listUnnamedChannels>>[number]): Promise<repo.ChannelNames | undefined> {
    const found = await api.getChannel(channel.channel_id);
    if (!found.ok && found.retry) return undefined;
    const guildId = channel.guild_id ?? (found.ok ? found.value.guild_id : undefined);
    const guild = guildId ? await api.getGuild(guildId) : undefined;
    if (guild && !guild.ok && guild.retry) return undefined;
    return {
      ...(found.ok && found.value.name ? { channel_name: found.value.name } : {}),
      ...(guild?.ok ? { guild_name: guild.value.name } : {}),
    };
  }

  return {
    /**
     * Checks up to CHANNEL_CHECKS_PER_PASS channels not checked yet, then reads the names of up to
     * CHANNEL_NAMES_PER_PASS channels checked before their names were kept; how many were settled.
     * A name Discord will not give (the bot no longer sees the channel) is not asked for again.
     */
    async checkSome(): Promise<number> {
      let settled = 0;
      for (const channel of await repo.listUncheckedChannels(db, CHANNEL_CHECKS_PER_PASS)) {
        const outcome = await verdict(channel);
        if (outcome === undefined) {
          await repo.markChannelTried(db, channel.group_id, channel.updated_at, clock.now());
          continue;
        }
        await repo.settleChannelCheck(db, channel.group_id, channel.updated_at, clock.now(), outcome.reason, outcome.names);
        settled += 1;
      }
      for (const channel of await repo.listUnnamedChannels(db, CHANNEL_NAMES_PER_PASS)) {
        const names = await namesOf(channel);
        if (names === undefined) {
          await repo.markChannelTried(db, channel.group_id, channel.updated_at, clock.now());
          continue;
        }
        await repo.settleChannelNames(db, channel.group_id, channel.updated_at, clock.now(), names);
        settled += 1;
      }
      return settled;
    },
  };
}
export type DiscordChannelChecks = ReturnType<typeof createDiscordChannelChecks>;
