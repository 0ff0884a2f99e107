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
  /** Minimum players and its check (migration 0710); optional so rows written before it need no change. */
  min_players?: number | null;
  /** Minutes before the start the minimum is checked; null: never. */
  quorum_check_minutes?: number | null;
  /** 1: cancel the event when below the minimum at the check; 0: only tell its creator. */
  auto_cancel?: number;
  /** When the event was cancelled; null: it was not. The row and its sign-ups stay. */
  cancelled_at?: number | null;
  /** When the pending check is due; null once checked (or without one). */
  quorum_check_at?: number | null;
  quorum_checked_at?: number | null;
  /** When the check found it below its minimum; null: it did not (or has not checked). */
  below_minimum_at?: number | null;
  /** When members who had not answered were last reminded; null: never. */
  last_nudge_at?: number | null;
}

/** When members were last reminded of a weekly series (migration 0860): one reminder a day covers all its occurrences. */
export interface EventSeriesNudgesTable {
  series_id: string;
  last_nudge_at: number;
}

export interface EventAttendeesTable {
  event_id: string;
  user_id: string;
  joined_at: number;
  /** 1: answered Late, still holding a seat (migration 0700). Optional on insert: defaults to 0. */
  late?: number;
}

/** Answers that take no seat (migration 0700); a member has at most one answer across seats, waitlist and these. */
export interface EventResponsesTable {
  event_id: string;
  user_id: string;
  response: 'maybe' | 'can_sub' | 'not_coming';
  responded_at: number;
}

/** Who came to an event, marked after its end (migration 0700); kept even if the event is deleted. */
export interface EventAttendanceTable {
  event_id: string;
  group_id: string;
  user_id: string;
  attended: number;
  marked_by: string;
  marked_at: number;
}

/** Members waiting for a seat on a full event, first joined first served (migration 0630). */
export interface EventWaitlistTable {
  event_id: string;
  user_id: string;
  joined_at: number;
  /** 1 when the member answered Late: they keep it when a seat frees up (migration 0810). */
  late: number;
}

declare module '../../db/schema' {
  interface Database {
    events: EventsTable;
    event_attendees: EventAttendeesTable;
    event_waitlist: EventWaitlistTable;
    event_responses: EventResponsesTable;
    event_attendance: EventAttendanceTable;
    event_series_nudges: EventSeriesNudgesTable;
  }
  interface UsersTable {
    /** IANA time zone the user chose; null: follow the browser's. Optional so account code that predates it needs no change. */
    time_zone?: string | null;
  }
}
