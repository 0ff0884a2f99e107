import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/schema';
import type { EventRow } from './events.repo';
import type { QuorumColumns } from './quorum';

/** A member of the event's group, whether they have answered it (a seat, the waitlist or another answer). */
export interface MemberAnswerRow {
  user_id: string;
  username: string;
  email: string;
  time_zone: string | null;
  receive_event_notifications: number;
  answered: number;
}

/** The tables in which a member's answer to an event is kept: a seat, the waitlist, or another answer. */
const ANSWER_TABLES = ['event_attendees', 'event_waitlist', 'event_responses'] as const;

/** Whether the group member of the row has a row of `table` for the event. */
const hasAnswer = (eb: ExpressionBuilder<Database, 'group_members' | 'users'>, table: (typeof ANSWER_TABLES)[number], eventId: string) =>
  eb.exists(
    eb.selectFrom(table).select(sql.lit(1).as('one')).where('event_id', '=', eventId).whereRef('user_id', '=', 'group_members.user_id'),
  );

/** Someone to mail about an event. */
export interface QuorumRecipientRow {
  user_id: string;
  username: string;
  email: string;
  time_zone: string | null;
}

export async function setQuorum(db: Db, id: string, columns: QuorumColumns): Promise<void> {
  await db.updateTable('events').set(columns).where('id', '=', id).execute();
}

/** The events whose minimum check has come due, earliest first (events_quorum_check_idx). */
export const listDueChecks = (db: Db, now: number, limit: number): Promise<{ id: string }[]> =>
  db.selectFrom('events').select('id').where('quorum_check_at', '<=', now).orderBy('quorum_check_at').limit(limit).execute();

/**
 * Takes the due check of one event: clears it in one conditional write, so of several instances
 * exactly one gets the row back, and holds the event's row lock until the transaction ends.
 */
export const claimCheck = (db: Db, id: string, now: number): Promise<EventRow | undefined> =>
  db
    .updateTable('events')
    .set({ quorum_check_at: null, quorum_checked_at: now })
    .where('id', '=', id)
    .where('quorum_check_at', '<=', now)
    .returningAll()
    .executeTakeFirst();

export async function markBelowMinimum(db: Db, id: string, now: number, cancel: boolean): Promise<void> {
  await db
    .updateTable('events')
    .set(cancel ? { below_minimum_at: now, cancelled_at: now, updated_at: now } : { below_minimum_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Marks the event cancelled by its organiser; nothing is deleted. */
export async function cancel(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('events').set({ cancelled_at: now, quorum_check_at: null, updated_at: now }).where('id', '=', id).execute();
}

/** The event's creator, to be told of it (whatever their notification setting: it is their event). */
export const findCreator = (db: Db, event: Pick<EventRow, 'user_id' | 'group_id'>): Promise<QuorumRecipientRow | undefined> =>
  db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .select(['users.id as user_id', 'users.username', 'users.email', 'users.time_zone'])
    .where('group_members.group_id', '=', event.group_id)
    .where('group_members.user_id', '=', event.user_id)
    .executeTakeFirst() as Promise<QuorumRecipientRow | undefined>;

/** Everyone holding a seat on the event or waiting for one, still members of its group. */
export const listSignedUp = (db: Db, event: Pick<EventRow, 'id' | 'group_id'>): Promise<QuorumRecipientRow[]> =>
  db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .select(['users.id as user_id', 'users.username', 'users.email', 'users.time_zone'])
    .where('group_members.group_id', '=', event.group_id)
    .where((eb) => eb.or([hasAnswer(eb, 'event_attendees', event.id), hasAnswer(eb, 'event_waitlist', event.id)]))
    .orderBy('users.id')
    .execute() as Promise<QuorumRecipientRow[]>;

/** Every member of the event's group, by name, each with whether they have answered it: one query. */
export const listMemberAnswers = (db: Db, event: Pick<EventRow, 'id' | 'group_id'>): Promise<MemberAnswerRow[]> =>
  db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .select((eb) => [
      'users.id as user_id',
      'users.username',
      'users.email',
      'users.time_zone',
      'group_members.receive_event_notifications',
      sql<number>`case when ${eb.or(ANSWER_TABLES.map((table) => hasAnswer(eb, table, event.id)))} then 1 else 0 end`.as('answered'),
    ])
    .where('group_members.group_id', '=', event.group_id)
    .orderBy('users.username')
    .orderBy('users.id')
    .execute() as Promise<MemberAnswerRow[]>;

/**
 * Records a reminder at `now` unless one went out since `since`: a conditional write, so two
 * organisers pressing at once send one reminder. False when refused.
 */
export async function claimNudge(db: Db, id: string, now: number, since: number): Promise<boolean> {
  const result = await db
    .updateTable('events')
    .set({ last_nudge_at: now })
    .where('id', '=', id)
    .where((w) => w.or([w('last_nudge_at', 'is', null), w('last_nudge_at', '<=', since)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An event with when its series was last reminded (null: a one-off event, or a series never reminded). */
export type EventWithSeriesNudgeRow = EventRow & { series_last_nudge_at: number | null };

/** The event, with when members were last reminded of its series: one query (the series by its primary key). */
export const findWithSeriesNudge = (db: Db, id: string): Promise<EventWithSeriesNudgeRow | undefined> =>
  db
    .selectFrom('events')
    .leftJoin('event_series_nudges', 'event_series_nudges.series_id', 'events.series_id')
    .selectAll('events')
    .select('event_series_nudges.last_nudge_at as series_last_nudge_at')
    .where('events.id', '=', id)
    .executeTakeFirst();

/** When members were last reminded of the series; null: never. */
export async function findSeriesNudge(db: Db, seriesId: string): Promise<number | null> {
  const row = await db.selectFrom('event_series_nudges').select('last_nudge_at').where('series_id', '=', seriesId).executeTakeFirst();
  return row?.last_nudge_at ?? null;
}

/**
 * Records a reminder of the series at `now` unless one went out since `since`, in one upsert: of two
 * organisers reminding two weeks of the series at once, the second waits for the first and is
 * refused. False when refused.
 */
export async function claimSeriesNudge(db: Db, seriesId: string, now: number, since: number): Promise<boolean> {
  const row = await db
    .insertInto('event_series_nudges')
    .values({ series_id: seriesId, last_nudge_at: now })
    .onConflict((oc) => oc.column('series_id').doUpdateSet({ last_nudge_at: now }).where('event_series_nudges.last_nudge_at', '<=', since))
    .returning('series_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Forgets when the series was last reminded once none of its occurrences is still to start (the
 * series deleted, or its last week to come): no week is left to remind. One statement, so an
 * occurrence still to come keeps the series' reminder however the deletions interleave.
 */
export async function deleteSeriesNudgeIfDone(db: Db, seriesId: string, now: number): Promise<void> {
  await db
    .deleteFrom('event_series_nudges')
    .where('series_id', '=', seriesId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('events').select(sql.lit(1).as('one')).where('series_id', '=', seriesId).where('start_at', '>', now))),
    )
    .execute();
}

/** Forgets the last reminders of a group's weekly series, before the group's deletion takes its events. */
export async function deleteGroupSeriesNudges(db: Db, groupId: string): Promise<void> {
  await db
    .deleteFrom('event_series_nudges')
    .where('series_id', 'in', (eb) =>
      eb.selectFrom('events').select('series_id').where('group_id', '=', groupId).where('series_id', 'is not', null),
    )
    .execute();
}
