import { Migrator, PostgresAdapter, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './schema';
import * as m0001 from './migrations/0001_accounts';
import * as m0002 from './migrations/0002_password_changed_at';
import * as m0100 from './migrations/0100_groups';
import * as m0200 from './migrations/0200_events';
import * as m0250 from './migrations/0250_events_end_idx';
import * as m0300 from './migrations/0300_steam_link';
import * as m0400 from './migrations/0400_civilization';
import * as m0410 from './migrations/0410_civ_games';
import * as m0500 from './migrations/0500_session_version';
import * as m0600 from './migrations/0600_read_indexes';
import * as m0610 from './migrations/0610_runescape_accounts';
import * as m0620 from './migrations/0620_discord_webhooks';
import * as m0630 from './migrations/0630_event_waitlist_series';
import * as m0640 from './migrations/0640_civ_ladder';
import * as m0650 from './migrations/0650_civ_drafts';
import * as m0660 from './migrations/0660_civ_draft_modes';
import * as m0670 from './migrations/0670_discord_app';
import * as m0680 from './migrations/0680_comment_edits';
import * as m0690 from './migrations/0690_availability_time_zones';
import * as m0720 from './migrations/0720_edit_versions';
import * as m0700 from './migrations/0700_event_rsvp_attendance';
import * as m0710 from './migrations/0710_event_quorum';
import * as m0740 from './migrations/0740_runescape_names';
import * as m0750 from './migrations/0750_runescape_competitions';
import * as m0770 from './migrations/0770_runescape_bingo';
import * as m0780 from './migrations/0780_civ_game_list_indexes';
import * as m0790 from './migrations/0790_table_versions';
import * as m0800 from './migrations/0800_group_table_versions';
import * as m0810 from './migrations/0810_waitlist_late';
import * as m0820 from './migrations/0820_civ_game_chosen_host';
import * as m0830 from './migrations/0830_discord_grant_browser';
import * as m0840 from './migrations/0840_runescape_bingo_end';
import * as m0850 from './migrations/0850_discord_removals_outlive_group';
import * as m0851 from './migrations/0851_discord_interactions';
import * as m0860 from './migrations/0860_event_series_nudges';
import * as m0870 from './migrations/0870_series_nudges_of_deleted_series';
import * as m0880 from './migrations/0880_discord_rate_limits';
import * as m0890 from './migrations/0890_civ_game_result_version';
import * as m0930 from './migrations/0930_civ_draft_deals';
import * as m0980 from './migrations/0980_bingo_claim_decisions';
import * as m0990 from './migrations/0990_competition_changes';
import * as m1000 from './migrations/1000_discord_channel_checks';
import * as m1010 from './migrations/1010_discord_channel_names';
import * as m1020 from './migrations/1020_discord_channel_tries';

/** Every migration, in order. Listed statically so the bundled server carries them. */
const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_password_changed_at': m0002,
  '0100_groups': m0100,
  '0200_events': m0200,
  '0250_events_end_idx': m0250,
  '0300_steam_link': m0300,
  '0400_civilization': m0400,
  '0410_civ_games': m0410,
  '0500_session_version': m0500,
  '0600_read_indexes': m0600,
  '0610_runescape_accounts': m0610,
  '0620_discord_webhooks': m0620,
  '0630_event_waitlist_series': m0630,
  '0640_civ_ladder': m0640,
  '0650_civ_drafts': m0650,
  '0660_civ_draft_modes': m0660,
  '0670_discord_app': m0670,
  '0680_comment_edits': m0680,
  '0690_availability_time_zones': m0690,
  '0720_edit_versions': m0720,
  '0700_event_rsvp_attendance': m0700,
  '0710_event_quorum': m0710,
  '0740_runescape_names': m0740,
  '0750_runescape_competitions': m0750,
  '0770_runescape_bingo': m0770,
  '0780_civ_game_list_indexes': m0780,
  '0790_table_versions': m0790,
  '0800_group_table_versions': m0800,
  '0810_waitlist_late': m0810,
  '0820_civ_game_chosen_host': m0820,
  '0830_discord_grant_browser': m0830,
  '0840_runescape_bingo_end': m0840,
  '0850_discord_removals_outlive_group': m0850,
  '0851_discord_interactions': m0851,
  '0860_event_series_nudges': m0860,
  '0870_series_nudges_of_deleted_series': m0870,
  '0880_discord_rate_limits': m0880,
  '0890_civ_game_result_version': m0890,
  '0930_civ_draft_deals': m0930,
  '0980_bingo_claim_decisions': m0980,
  '0990_competition_changes': m0990,
  '1000_discord_channel_checks': m1000,
  '1010_discord_channel_names': m1010,
  '1020_discord_channel_tries': m1020,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// Kysely looks for its migration tables in every schema unless told one; on PostgreSQL that is
// the connection's own schema, or a database with several schemas would skip creating them.
async function migrationTableSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Features are numbered in blocks and may land out of order: a database that already has a
  // later block still gets an earlier one that arrived after it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, migrationTableSchema: await migrationTableSchema(db) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
}
