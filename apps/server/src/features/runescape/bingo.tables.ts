import type { BoundaryStatus } from './competitions.tables';

/** Rows of the bingo tables (migrations 0770_runescape_bingo, 0840_runescape_bingo_end). Times epoch ms. */
export interface RuneScapeBingosTable {
  id: string;
  group_id: string;
  name: string;
  starts_at: number;
  ends_at: number;
  size: number;
  /** JSON object: { row, column, diagonal, board } points. */
  bonuses: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  start_done_at: number | null;
  /** When every member's end values were taken or marked failed. */
  end_done_at: number | null;
  refreshed_at: number | null;
  /** When the final table was settled (posted to Discord where the clan has it): claims can no longer be decided. */
  posted_end_at: number | null;
  closed_at: number | null;
}

export interface RuneScapeBingoTilesTable {
  id: string;
  bingo_id: string;
  position: number;
  kind: string;
  title: string;
  description: string;
  metric: string | null;
  goal: number | null;
  points: number;
}

export interface RuneScapeBingoTeamsTable {
  id: string;
  bingo_id: string;
  name: string;
  position: number;
}

export interface RuneScapeBingoMembersTable {
  bingo_id: string;
  user_id: string;
  team_id: string;
  player_id: string | null;
  start_status: BoundaryStatus;
  start_attempts: number;
  start_next_at: number;
  start_taken_at: number | null;
  /** JSON object: metric id -> value (experience, kills or score; null unranked). */
  start_values: string | null;
  end_status: BoundaryStatus;
  end_attempts: number;
  end_next_at: number;
  /** When the end values were taken; for a failed end, when the last snapshot known by the end was. */
  end_taken_at: number | null;
  /** As start_values, at the end; for a failed end, the last snapshot's known by the end (null when none). */
  end_values: string | null;
}

export interface RuneScapeBingoModeratorsTable {
  bingo_id: string;
  user_id: string;
}

export interface RuneScapeBingoClaimsTable {
  id: string;
  bingo_id: string;
  tile_id: string;
  team_id: string;
  user_id: string | null;
  note: string;
  status: string;
  reason: string;
  decided_by: string | null;
  decided_at: number | null;
  created_at: number;
  proof_type: string;
  proof_width: number;
  proof_height: number;
}

export interface RuneScapeBingoProofsTable {
  claim_id: string;
  /** The re-encoded image, base64. */
  data: string;
}

export interface RuneScapeBingoCompletionsTable {
  tile_id: string;
  team_id: string;
  bingo_id: string;
  claim_id: string | null;
  completed_at: number;
}

/** One decision on a claim: held, accepted or declined (migration 0980_bingo_claim_decisions). */
export interface RuneScapeBingoClaimDecisionsTable {
  id: string;
  claim_id: string;
  bingo_id: string;
  /** 'held', 'accepted' or 'declined'. */
  decision: string;
  /** The decline reason (empty otherwise). */
  reason: string;
  /** Null once the decider's account is gone. */
  decided_by: string | null;
  decided_at: number;
}

declare module '../../db/schema' {
  interface Database {
    runescape_bingos: RuneScapeBingosTable;
    runescape_bingo_tiles: RuneScapeBingoTilesTable;
    runescape_bingo_teams: RuneScapeBingoTeamsTable;
    runescape_bingo_members: RuneScapeBingoMembersTable;
    runescape_bingo_moderators: RuneScapeBingoModeratorsTable;
    runescape_bingo_claims: RuneScapeBingoClaimsTable;
    runescape_bingo_proofs: RuneScapeBingoProofsTable;
    runescape_bingo_completions: RuneScapeBingoCompletionsTable;
    runescape_bingo_claim_decisions: RuneScapeBingoClaimDecisionsTable;
  }
}
