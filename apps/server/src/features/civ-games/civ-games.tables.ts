/** Rows of the games tables (migration 0410_civ_games). Times epoch ms, booleans 0/1, lists JSON text. */
export interface CivGamesTable {
  id: string;
  group_id: string;
  game_name: string;
  /** The lobby's host: passes to the first active player when the host is eliminated. */
  host: string | null;
  /**
   * The host a manager chose, at creation or by naming a host (migration 0820): they record the
   * results, and keep that right when an elimination passes the lobby to someone else.
   */
  chosen_host: string | null;
  lobby_link: string;
  game_type: string;
  /** The winning userID (ffa) or team number (team), as text. */
  winner: string | null;
  victory_type: string | null;
  map: string | null;
  /** JSON civIDs. */
  banned_leaders: string;
  /** JSON of the game's settings by type. */
  settings: string;
  anonymous_mode: number;
  draft_mode: number;
  num_civ: number;
  event_id: string | null;
  created_by: string;
  created_at: number;
  finished_at: number | null;
  /** Soft delete (migration 0640_civ_ladder): restorable by an Administrator for 30 days. */
  deleted_at: number | null;
  deleted_by: string | null;
  /** Anonymous mode is lifted from here on, for good. */
  revealed_at: number | null;
  /** How many elimination changes have been recorded; each eliminated player keeps the step it was eliminated in. */
  elimination_steps: number;
  /**
   * Raised by every write that changes the result as every member sees it (migration 0890); a result
   * dialog sends the version it opened with, so a save over a newer result is refused (game-results.ts).
   */
  result_version: number;
}

export interface CivGameMembersTable {
  game_id: string;
  user_id: string;
  position: number;
  team: number | null;
  is_active: number;
  /** JSON civIDs. */
  civ_choices: string;
  won: number;
  /** Finishing place of the member's side, set when the game is finished. */
  placement: number | null;
  eliminated_step: number | null;
  /** The team at creation, which fixes what anonymous mode shows this player. */
  initial_team: number | null;
  civ_played: string | null;
}

/** What one counted game did to one player's rating; derived, rewritten on every recount. */
export interface CivRatingChangesTable {
  game_id: string;
  user_id: string;
  group_id: string;
  game_type: string;
  mu_before: number;
  sigma_before: number;
  mu_after: number;
  sigma_after: number;
}

export interface CivGameAuditTable {
  id: string;
  game_id: string;
  group_id: string;
  actor_id: string;
  action: string;
  /** JSON [{ field, before, after }]. */
  changes: string;
  note: string | null;
  created_at: number;
}

export interface CivGameProposalsTable {
  id: string;
  game_id: string;
  proposed_by: string;
  /** JSON of the proposed result changes. */
  changes: string;
  reason: string;
  status: string;
  decided_by: string | null;
  decided_at: number | null;
  decision_reason: string | null;
  created_at: number;
}

export interface CivGameProposalVotesTable {
  proposal_id: string;
  user_id: string;
  vote: string;
  reason: string;
  created_at: number;
}

export interface CivSeasonsTable {
  id: string;
  group_id: string;
  name: string;
  min_games: number;
  started_at: number;
  created_by: string;
}

/** A member's standing in a group's games of one type: counts and rating, derived from the finished games. */
export interface CivRatingsTable extends RankingCounts {
  group_id: string;
  game_type: string;
  user_id: string;
  mu: number;
  sigma: number;
}

export interface RankingCounts {
  games_played: number;
  score: number;
  science: number;
  diplomatic: number;
  domination: number;
  religion: number;
  culture: number;
  territorial: number;
  total: number;
}

export interface CivCommentsTable {
  id: string;
  game_id: string;
  user_id: string;
  comment: string;
  created_at: number;
  /** When its author last changed it; null if never. */
  edited_at: number | null;
  /** Deleted comments are kept, hidden, so that the deletion can be undone. */
  deleted_at: number | null;
  deleted_by: string | null;
}

export interface CivNotesTable {
  user_id: string;
  game_id: string;
  notes: string;
  updated_at: number;
}

export interface CivPlayerRelationshipsTable {
  user_id: string;
  game_id: string;
  other_user_id: string;
  relationship: string;
}

declare module '../../db/schema' {
  interface Database {
    civ_games: CivGamesTable;
    civ_game_members: CivGameMembersTable;
    civ_ratings: CivRatingsTable;
    civ_rating_changes: CivRatingChangesTable;
    civ_game_audit: CivGameAuditTable;
    civ_game_proposals: CivGameProposalsTable;
    civ_game_proposal_votes: CivGameProposalVotesTable;
    civ_seasons: CivSeasonsTable;
    civ_comments: CivCommentsTable;
    civ_notes: CivNotesTable;
    civ_player_relationships: CivPlayerRelationshipsTable;
  }
}
