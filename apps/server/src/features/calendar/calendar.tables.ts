/** A user's private calendar feed; only the token's SHA-256 is kept. */
export interface CalendarFeedsTable {
  user_id: string;
  token_hash: string;
  created_at: number;
}

declare module '../../db/schema' {
  interface Database {
    calendar_feeds: CalendarFeedsTable;
  }
}
