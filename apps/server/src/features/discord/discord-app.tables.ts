import type { Generated } from 'kysely';

/** A user's linked Discord account (linked only while signed in, or made by a first Discord sign-in). */
export interface DiscordLinksTable {
  user_id: string;
  discord_id: string;
  discord_username: string;
  /** 1: event reminders are also sent to the user by Discord DM. */
  dm_reminders: number;
  linked_at: number;
}

/** One started Discord sign-in; used once, within minutes, by the browser that started it. */
export interface DiscordOauthStatesTable {
  state_hash: string;
  browser_hash: string;
  code_verifier: string;
  /** Null: signing in (or up); a user: linking Discord to that user. */
  user_id: string | null;
  return_to: string | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** A finished Discord sign-in waiting for the browser to exchange it for a session. */
export interface DiscordLoginGrantsTable {
  grant_hash: string;
  user_id: string;
  /** SHA-256 of the secret of the browser that started the sign-in (migration 0830): only it exchanges the grant. */
  browser_hash: string | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** The Discord channel a group's events are posted to by the bot. */
export interface DiscordChannelsTable {
  group_id: string;
  channel_id: string;
  guild_id: string | null;
  set_by: string | null;
  updated_at: number;
  /** When whoever connected it was last confirmed to manage its Discord server; null: not checked yet. */
  checked_at: number | null;
  /** Why the bot posts nothing new there (they may not manage its server); null while it posts. */
  paused_reason: string | null;
  /** The channel's and its server's names as Discord last gave them (migration 1010); null: not known. */
  channel_name: string | null;
  guild_name: string | null;
  /** When the names were read (at the connection or by the bot's pass); null: still to read. */
  names_read_at: number | null;
  /** When the bot last asked Discord about the channel still to check or name and got no answer (1020); 0: never. */
  tried_at: Generated<number>;
}

/** The bot's message about one event, edited as the event changes. */
export interface DiscordEventMessagesTable {
  event_id: string;
  group_id: string;
  channel_id: string;
  message_id: string;
  updated_at: number;
}

/** An interaction already handled (migration 0851): a second delivery of its id is not acted on. */
export interface DiscordInteractionsTable {
  /** Discord's id of the interaction (a snowflake). */
  id: string;
  /** Past this, a replay of it fails the signature's timestamp check, so the id is forgotten. */
  expires_at: number;
}

declare module '../../db/schema' {
  interface Database {
    discord_links: DiscordLinksTable;
    discord_oauth_states: DiscordOauthStatesTable;
    discord_login_grants: DiscordLoginGrantsTable;
    discord_channels: DiscordChannelsTable;
    discord_event_messages: DiscordEventMessagesTable;
    discord_interactions: DiscordInteractionsTable;
  }
}
