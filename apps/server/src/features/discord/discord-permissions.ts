import type { DiscordApiClient, DiscordGuild } from '../../integrations/discord-api';

// Discord's permission bits (a bitfield sent as a decimal string).
export const ADMINISTRATOR = 1n << 3n;
export const MANAGE_GUILD = 1n << 5n;

/**
 * Whether a member may manage a Discord server, the right Discord asks for to add a bot to it: they
 * own it, or @everyone (whose role id is the server's) or one of their roles grants Administrator or
 * Manage Server. Channel overwrites do not touch these server-wide rights.
 */
export function canManageGuild(guild: DiscordGuild, userId: string, memberRoles: readonly string[]): boolean {
  if (guild.owner_id === userId) return true;
  const held = new Set([guild.id, ...memberRoles]);
  let permissions = 0n;
  for (const role of guild.roles) if (held.has(role.id)) permissions |= BigInt(role.permissions);
  return (permissions & (ADMINISTRATOR | MANAGE_GUILD)) !== 0n;
}

/** Why a person may not connect a server's channels. */
export const manageServerNeeded = (guildName: string) =>
  `You need Manage Server (or to own the server) in ${guildName} to connect its channels`;

/** A Discord user's standing in a server, as connecting its channels asks. */
export type GuildStanding = 'retry' | 'stranger' | { manager: boolean; name: string };

/**
 * Whether a Discord user may connect the channels of a server: a member who owns it or may manage
 * it (two calls, asked together). `retry`: Discord could not be reached; `stranger`: not a member,
 * or the bot no longer sees the server.
 */
export async function guildStanding(api: DiscordApiClient, guildId: string, discordId: string): Promise<GuildStanding> {
  const [member, guild] = await Promise.all([api.getGuildMember(guildId, discordId), api.getGuild(guildId)]);
  if ((!member.ok && member.retry) || (!guild.ok && guild.retry)) return 'retry';
  if (!member.ok || !guild.ok) return 'stranger';
  return { manager: canManageGuild(guild.value, discordId, member.value.roles), name: guild.value.name };
}
