/** Rows of the competition tables (migration 0750_runescape_competitions). Times epoch ms. */
export interface RuneScapeCompetitionsTable {
  id: string;
  group_id: string;
  name: string;
  starts_at: number;
  ends_at: number;
  /** JSON array of metric ids. */
  metrics: string;
  kind: string;
  participation: string;
  event_id: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  participants_fixed_at: number | null;
  start_done_at: number | null;
  end_done_at: number | null;
  refreshed_at: number | null;
  posted_start_at: number | null;
  posted_day_at: number | null;
  posted_hour_at: number | null;
  posted_end_at: number | null;
  closed_at: number | null;
}

export type BoundaryStatus = 'pending' | 'taken' | 'failed';

export interface RuneScapeCompetitionParticipantsTable {
  competition_id: string;
  user_id: string;
  player_id: string | null;
  team: string | null;
  joined_at: number;
  start_status: BoundaryStatus;
  start_attempts: number;
  start_next_at: number;
  start_taken_at: number | null;
  /** JSON object: metric id -> value (experience, kills or score; null unranked). */
  start_values: string | null;
  end_status: BoundaryStatus;
  end_attempts: number;
  end_next_at: number;
  end_taken_at: number | null;
  end_values: string | null;
}

/** One edit of a competition that changed something (migration 0990_competition_changes). */
export interface RuneScapeCompetitionChangesTable {
  id: string;
  competition_id: string;
  group_id: string;
  /** Null once the editor's account is gone. */
  actor_id: string | null;
  changed_at: number;
  /** JSON [{ field, before, after }]: each field the edit changed; times epoch ms, metrics an array of ids. */
  changes: string;
}

declare module '../../db/schema' {
  interface Database {
    runescape_competitions: RuneScapeCompetitionsTable;
    runescape_competition_participants: RuneScapeCompetitionParticipantsTable;
    runescape_competition_changes: RuneScapeCompetitionChangesTable;
  }
}
