/** Rows of the games tables (migration 0410_civ_games). Times epoch ms, booleans 0/1, lists JSON text. */
export interface CivGamesTable {
  id: string;
  group_id: string;
  game_name: string;
  host: string | null;
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
    civ_comments: CivCommentsTable;
    civ_notes: CivNotesTable;
    civ_player_relationships: CivPlayerRelationshipsTable;
  }
}
