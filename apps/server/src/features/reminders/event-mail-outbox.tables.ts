/** The kinds of event mail, each sent at most once per recipient and dedupe key. */
export const EVENT_MAIL_KINDS = ['created', 'updated', 'deleted', 'reminder', 'waitlistPromoted'] as const;
export type EventMailKind = (typeof EVENT_MAIL_KINDS)[number];

/**
 * One mail to one member about one event, fully written when queued. A sender claims a row
 * (claimed_by/claimed_at) before sending and marks it sent after; a claim older than the lease
 * is taken to be from a sender that died, and the row is claimed again.
 */
export interface EventMailOutboxTable {
  id: string;
  /** Unique: a reminder's key is (event, user, start), so a second insert of it changes nothing. */
  dedupe_key: string;
  kind: string;
  event_id: string;
  event_start_at: number;
  user_id: string;
  to_email: string;
  subject: string;
  body: string;
  due_at: number;
  claimed_by: string | null;
  claimed_at: number | null;
  attempts: number;
  sent_at: number | null;
  failed_at: number | null;
  last_error: string | null;
  created_at: number;
}

declare module '../../db/schema' {
  interface Database {
    event_mail_outbox: EventMailOutboxTable;
  }
}
