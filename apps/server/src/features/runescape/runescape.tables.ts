/** Rows of the RuneScape clan tables (migration 0610_runescape_accounts). Times epoch ms. */
export interface RuneScapePlayersTable {
  id: string;
  player_key: string;
  game_mode: string;
  player_name: string;
  last_checked_at: number | null;
  refresh_due_at: number;
  failures: number;
  latest_snapshot_id: string | null;
  created_at: number;
}

export interface RuneScapeAccountsTable {
  group_id: string;
  user_id: string;
  player_id: string;
  linked_at: number;
}

export interface RuneScapeSnapshotsTable {
  id: string;
  player_id: string;
  taken_at: number;
  overall_xp: number | null;
  /** JSON text of a SnapshotData. */
  data: string;
}

export interface RuneScapeJobLeaseTable {
  name: string;
  holder: string | null;
  lease_until: number;
}

declare module '../../db/schema' {
  interface Database {
    runescape_players: RuneScapePlayersTable;
    runescape_accounts: RuneScapeAccountsTable;
    runescape_snapshots: RuneScapeSnapshotsTable;
    runescape_job_lease: RuneScapeJobLeaseTable;
  }
}

/** Migration 0740_runescape_names: the link of a member who left, kept for a rejoin. */
export interface RuneScapeDepartedAccountsTable {
  group_id: string;
  user_id: string;
  player_id: string;
  linked_at: number;
  departed_at: number;
}

/** Migration 0740_runescape_names: a name of an imported roster, and who claimed it. */
export interface RuneScapeRosterInvitationsTable {
  id: string;
  group_id: string;
  game_mode: string;
  player_key: string;
  player_name: string;
  created_by: string | null;
  created_at: number;
  claimed_by: string | null;
  claimed_at: number | null;
}

declare module '../../db/schema' {
  interface Database {
    runescape_departed_accounts: RuneScapeDepartedAccountsTable;
    runescape_roster_invitations: RuneScapeRosterInvitationsTable;
  }
}
