export interface DiscordWebhooksTable {
  group_id: string;
  webhook_id: string;
  /** Secret: used to post, never sent to a client. */
  webhook_token: string;
  set_by: string | null;
  updated_at: number;
}

/**
 * One post to a group's webhook or one job of the bot, fully written when queued; the webhook itself
 * is read when sending.
 */
export interface DiscordDeliveriesTable {
  id: string;
  /**
   * The group the job goes with its deletion (cascade); null (migration 0850) for the removal of a
   * bot message queued as its group is deleted, which must outlive the group.
   */
  group_id: string | null;
  dedupe_key: string;
  /** The JSON body sent to Discord. */
  payload: string;
  /** Tries that failed (or are under way); a 429 from Discord gives its try back. */
  attempts: number;
  /** How many times Discord's rate limit (429) turned the job back (migration 0880); bounded on its own. */
  rate_limits: number;
  next_attempt_at: number;
  claimed_by: string | null;
  lease_until: number | null;
  sent_at: number | null;
  failed_at: number | null;
  last_error: string | null;
  created_at: number;
}

declare module '../../db/schema' {
  interface Database {
    discord_webhooks: DiscordWebhooksTable;
    discord_deliveries: DiscordDeliveriesTable;
  }
}
