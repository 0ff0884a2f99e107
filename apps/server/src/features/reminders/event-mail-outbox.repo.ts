import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { skipLockedRows } from '../../db/row-locks';
import type { EventWithGroupRow } from '../events/events.repo';
import type { EventMailOutboxTable } from './event-mail-outbox.tables';

export type OutboxRow = EventMailOutboxTable;
export type RecipientRow = { user_id: string; username: string; email: string; time_zone: string | null };
export type DueReminderRow = EventWithGroupRow & { attendee_id: string; username: string; email: string; time_zone: string | null };

// SQLite allows 32,766 bound values per statement and PostgreSQL 65,535; with 17 columns a row,
// 500 rows a statement stays well inside both, whatever the size of the group.
const ROWS_PER_INSERT = 500;

/** Queues mails; a row whose dedupe key is already queued (or sent) is left out. */
export async function insertMany(db: Db, rows: readonly OutboxRow[]): Promise<number> {
  let count = 0;
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const inserted = await db
      .insertInto('event_mail_outbox')
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .execute();
    count += inserted.length;
  }
  return count;
}

/** Members of the group who keep Event Notifications on, except `exceptUserId` (who made the change). */
export const listNotificationRecipients = (db: Db, groupId: string, exceptUserId: string): Promise<RecipientRow[]> =>
  db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .select(['users.id as user_id', 'users.username', 'users.email', 'users.time_zone'])
    .where('group_members.group_id', '=', groupId)
    .where('group_members.receive_event_notifications', '=', 1)
    .where('users.id', '<>', exceptUserId)
    .orderBy('users.id')
    .execute() as Promise<RecipientRow[]>;

/**
 * Attendees owed a reminder: the event starts within the lead time and has not started, the
 * attendee is still a member with Event Notifications on, and no reminder for this start is queued.
 */
export const listDueReminders = (db: Db, now: number, leadMs: number, limit: number): Promise<DueReminderRow[]> =>
  db
    .selectFrom('events')
    .innerJoin('groups', 'groups.id', 'events.group_id')
    .innerJoin('event_attendees', 'event_attendees.event_id', 'events.id')
    .innerJoin('group_members', (join) =>
      join.onRef('group_members.group_id', '=', 'events.group_id').onRef('group_members.user_id', '=', 'event_attendees.user_id'),
    )
    .innerJoin('users', 'users.id', 'event_attendees.user_id')
    .selectAll('events')
    .select(['groups.group_name', 'groups.link_url', 'users.id as attendee_id', 'users.username', 'users.email', 'users.time_zone'])
    .where('group_members.receive_event_notifications', '=', 1)
    .where('events.cancelled_at', 'is', null)
    .where('events.start_at', '>', now)
    .where('events.start_at', '<=', now + leadMs)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('event_mail_outbox')
            .select(sql.lit(1).as('one'))
            .where('event_mail_outbox.kind', '=', 'reminder')
            .whereRef('event_mail_outbox.event_id', '=', 'events.id')
            .whereRef('event_mail_outbox.user_id', '=', 'event_attendees.user_id')
            .whereRef('event_mail_outbox.event_start_at', '=', 'events.start_at'),
        ),
      ),
    )
    .orderBy('events.start_at')
    .limit(limit)
    .execute() as Promise<DueReminderRow[]>;

/**
 * Claims up to `limit` due, unsent mails for this sender in one statement and returns them. On
 * PostgreSQL the sub-select passes over rows another claim has locked, so parallel senders take
 * disjoint batches and never deadlock; the conditions stand on the updated rows too, so a row
 * taken meanwhile is never claimed twice.
 */
export async function claimDue(db: Db, claimant: string, now: number, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  const stale = now - leaseMs;
  return db
    .updateTable('event_mail_outbox')
    .set((eb) => ({ claimed_by: claimant, claimed_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      skipLockedRows(db, eb
        .selectFrom('event_mail_outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('due_at', '<=', now)
        .where((w) => w.or([w('claimed_at', 'is', null), w('claimed_at', '<', stale)]))
        .orderBy('due_at')
        .orderBy('id')
        .limit(limit)),
    )
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where((w) => w.or([w('claimed_at', 'is', null), w('claimed_at', '<', stale)]))
    .returningAll()
    .execute();
}

/** Marks a claimed mail sent; false when the claim was lost meanwhile. */
export async function markSent(db: Db, id: string, claimant: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('event_mail_outbox')
    .set({ sent_at: now })
    .where('id', '=', id)
    .where('claimed_by', '=', claimant)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a claimed mail back after a failed send, or gives up on it for good. */
export async function release(db: Db, id: string, claimant: string, error: string, giveUpAt: number | null): Promise<void> {
  await db
    .updateTable('event_mail_outbox')
    .set({ claimed_by: null, claimed_at: null, last_error: error.slice(0, 500), failed_at: giveUpAt })
    .where('id', '=', id)
    .where('claimed_by', '=', claimant)
    .execute();
}

/** Drops the unsent reminders of an event: it moved, was cancelled or was deleted (a withdrawal drops one with its seat: events.repo). */
export async function deleteUnsentReminders(db: Db, eventId: string): Promise<void> {
  const query = db
    .deleteFrom('event_mail_outbox')
    .where('event_id', '=', eventId)
    .where('kind', '=', 'reminder')
    .where('sent_at', 'is', null);
  await query.execute();
}

/** Forgets mails sent (or given up on) before `before`. */
export async function pruneFinished(db: Db, before: number): Promise<void> {
  await db.deleteFrom('event_mail_outbox').where('sent_at', '<', before).execute();
  await db.deleteFrom('event_mail_outbox').where('failed_at', '<', before).execute();
}

/** Drops the reminders still queued for a member of the group's events (they left or were kicked). */
export async function deleteUnsentRemindersInGroup(db: Db, groupId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('event_mail_outbox')
    .where('user_id', '=', userId)
    .where('kind', '=', 'reminder')
    .where('sent_at', 'is', null)
    .where('event_id', 'in', db.selectFrom('events').select('id').where('group_id', '=', groupId))
    .execute();
}
