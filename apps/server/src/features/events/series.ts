import { MAX_BELOW_ATTENDING_MESSAGE, START_IN_PAST_MESSAGE } from '@smm/shared/events/messages';
import { startIsInPast } from '@smm/shared/events/rules';
import type { PostEventBody, UpdateEventBody } from '@smm/shared/events/schemas';
import { weeklyOccurrences, type Repeat } from '@smm/shared/events/series';
import type { Db } from '../../db/schema';
import { conflict, invalid } from '../../errors';
import { newId } from '../../lib/ids';
import { queueEventMessageRemovals } from '../discord/discord-bot.repo';
import * as outbox from '../reminders/event-mail-outbox.repo';
import * as events from './events.repo';
import { editedQuorumColumns, newQuorumColumns } from './quorum';
import * as quorum from './quorum.repo';

const repeatOf = (body: PostEventBody): Repeat | null => {
  if (body.repeatUntil !== undefined) return { until: body.repeatUntil };
  if (body.repeatCount !== undefined) return { count: body.repeatCount };
  return null;
};

/**
 * The rows a postEvent creates: one event, or every occurrence of a weekly series, each an
 * ordinary event sharing a new series id, so attendance, reminders and calendars work per occurrence.
 * A series keeps the wall-clock time of `body.timeZone`, else of the group's zone.
 */
export function newEventRows(body: PostEventBody, creatorId: string, now: number, groupTimeZone: string): events.EventRow[] {
  const base = {
    group_id: body.groupID,
    user_id: creatorId,
    event_name: body.eventName,
    max_number_of_members: body.maxNumberOfMembers,
    is_drafted: 0,
    draft_game_id: null,
    created_at: now,
    updated_at: now,
    description: body.description ?? null,
    signup_cutoff_minutes: body.signupCutoffMinutes ?? null,
  };
  const repeat = repeatOf(body);
  if (!repeat)
    return [
      { ...base, id: newId(), start_at: body.startDate, end_at: body.endDate, series_id: null, ...newQuorumColumns(body, body.startDate) },
    ];
  let occurrences;
  try {
    occurrences = weeklyOccurrences({ startAt: body.startDate, endAt: body.endDate }, repeat, body.timeZone ?? groupTimeZone);
  } catch (error) {
    const message = error instanceof RangeError ? error.message : String(error);
    throw invalid({ repeatUntil: message }, message);
  }
  const seriesId = newId();
  return occurrences.map((o) => ({
    ...base,
    id: newId(),
    start_at: o.startAt,
    end_at: o.endAt,
    series_id: seriesId,
    ...newQuorumColumns(body, o.startAt),
  }));
}

/**
 * Applies an edit of one occurrence to it and every occurrence of its series that has not started:
 * the same name, description, cutoff and maximum, the start moved by the same amount and the same
 * length. The caller has checked the edited occurrence's times; here each moved start is checked,
 * and the maximum against each occurrence's attendees. Returns the occurrences as they now are.
 */
export async function updateSeries(tx: Db, current: events.EventRow, body: UpdateEventBody, now: number): Promise<events.EventRow[]> {
  const rows = await events.lockSeries(tx, current.series_id!, now, current.id);
  const shift = body.startDate - current.start_at;
  const length = body.endDate - body.startDate;
  const max = body.maxNumberOfMembers ?? current.max_number_of_members;
  const attendees = await events.listAttendees(
    tx,
    rows.map((row) => row.id),
  );
  const updated: events.EventRow[] = [];
  // The minimum, like the other fields, is the edited occurrence's for every one of them.
  const quorumInput = {
    minPlayers: body.minPlayers === undefined ? (current.min_players ?? null) : body.minPlayers,
    quorumCheckMinutes: body.quorumCheckMinutes === undefined ? (current.quorum_check_minutes ?? null) : body.quorumCheckMinutes,
    autoCancel: body.autoCancel === undefined ? current.auto_cancel === 1 : body.autoCancel,
  };
  for (const row of rows) {
    const startAt = row.start_at + shift;
    if (shift !== 0 && startIsInPast(startAt, now)) throw invalid({ startDate: START_IN_PAST_MESSAGE }, START_IN_PAST_MESSAGE);
    if (attendees.filter((a) => a.event_id === row.id).length > max) {
      throw conflict(MAX_BELOW_ATTENDING_MESSAGE, { maxNumberOfMembers: MAX_BELOW_ATTENDING_MESSAGE });
    }
    updated.push({
      ...row,
      event_name: body.eventName,
      start_at: startAt,
      end_at: startAt + length,
      max_number_of_members: max,
      description: body.description === undefined ? current.description : body.description,
      signup_cutoff_minutes: body.signupCutoffMinutes === undefined ? current.signup_cutoff_minutes : body.signupCutoffMinutes,
      updated_at: now,
      ...editedQuorumColumns(row, quorumInput, startAt, max),
    });
  }
  for (const row of updated) {
    const { event_name, start_at, end_at, max_number_of_members, description, signup_cutoff_minutes, updated_at } = row;
    await events.update(tx, row.id, {
      event_name,
      start_at,
      end_at,
      max_number_of_members,
      description,
      signup_cutoff_minutes,
      updated_at,
    });
    await quorum.setQuorum(tx, row.id, {
      min_players: row.min_players ?? null,
      quorum_check_minutes: row.quorum_check_minutes ?? null,
      auto_cancel: row.auto_cancel ?? 0,
      quorum_check_at: row.quorum_check_at ?? null,
      quorum_checked_at: row.quorum_checked_at ?? null,
      below_minimum_at: row.below_minimum_at ?? null,
    });
    // A reminder queued for the old start would name the wrong time; the job queues one for the new start.
    if (shift !== 0) await outbox.deleteUnsentReminders(tx, row.id);
  }
  return updated;
}

/**
 * Deletes an occurrence and every occurrence of its series that has not started, with their queued
 * reminders; the bot's posts of the others are queued for removal (the named one's own change does it).
 */
export async function deleteSeries(tx: Db, current: events.EventRow, now: number): Promise<void> {
  const rows = await events.lockSeries(tx, current.series_id!, now, current.id);
  await queueEventMessageRemovals(
    tx,
    rows.filter((row) => row.id !== current.id).map((row) => row.id),
    now,
  );
  for (const row of rows) {
    await outbox.deleteUnsentReminders(tx, row.id);
    await events.deleteById(tx, row.id);
  }
}
