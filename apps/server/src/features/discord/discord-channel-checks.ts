import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import type { DiscordApiClient } from '../../integrations/discord-api';
import * as repo from './discord-bot.repo';
import { guildStanding } from './discord-permissions';

/** Channels checked per pass: each costs two or three calls to Discord. */
export const CHANNEL_CHECKS_PER_PASS = 10;

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
 * still kept up to date). One Discord could not answer is checked again at a later pass.
 */
export function createDiscordChannelChecks({ db, clock, api }: { db: Db; clock: Clock; api: DiscordApiClient }) {
  /** The reason to pause the channel, null to confirm it, undefined when Discord could not tell. */
  async function verdict(channel: Awaited<ReturnType<typeof repo.listUncheckedChannels>>[number]): Promise<string | null | undefined> {
    if (!channel.discord_id) return PAUSED_UNLINKED;
    let guildId = channel.guild_id;
    if (!guildId) {
      const found = await api.getChannel(channel.channel_id);
      if (!found.ok) return found.retry ? undefined : PAUSED_STRANGER;
      guildId = found.value.guild_id ?? null;
      if (!guildId) return PAUSED_STRANGER;
    }
    const standing = await guildStanding(api, guildId, channel.discord_id);
    if (standing === 'retry') return undefined;
    if (standing === 'stranger') return PAUSED_STRANGER;
    return standing.manager ? null : pausedNotManager(standing.name);
  }

  return {
    /** Checks up to CHANNEL_CHECKS_PER_PASS channels not checked yet; how many were settled. */
    async checkSome(): Promise<number> {
      let settled = 0;
      for (const channel of await repo.listUncheckedChannels(db, CHANNEL_CHECKS_PER_PASS)) {
        const reason = await verdict(channel);
        if (reason === undefined) continue;
        await repo.settleChannelCheck(db, channel.group_id, channel.updated_at, clock.now(), reason);
        settled += 1;
      }
      return settled;
    },
  };
}
export type DiscordChannelChecks = ReturnType<typeof createDiscordChannelChecks>;
