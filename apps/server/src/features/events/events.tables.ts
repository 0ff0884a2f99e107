/** Rows of the events tables (migration 0200_events). Booleans are 0/1, times epoch ms. */
export interface EventsTable {
  id: string;
  group_id: string;
  /** The creator. */
  user_id: string;
  event_name: string;
  start_at: number;
  end_at: number;
  max_number_of_members: number;
  is_drafted: number;
  draft_game_id: string | null;
  created_at: number;
  updated_at: number;
  /** Plain text (migration 0630); null: none. */
  description: string | null;
  /** Sign-ups close this many minutes before the start; null: no cutoff. */
  signup_cutoff_minutes: number | null;
  /** Shared by the occurrences of a weekly series; null: a one-off event. */
  series_id: string | null;
}

export interface EventAttendeesTable {
  event_id: string;
  user_id: string;
  joined_at: number;
}

/** Members waiting for a seat on a full event, first joined first served (migration 0630). */
export interface EventWaitlistTable {
  event_id: string;
  user_id: string;
  joined_at: number;
}

declare module '../../db/schema' {
  interface Database {
    events: EventsTable;
    event_attendees: EventAttendeesTable;
    event_waitlist: EventWaitlistTable;
  }
  interface UsersTable {
    /** IANA time zone the user chose; null: follow the browser's. Optional so account code that predates it needs no change. */
    time_zone?: string | null;
  }
}
