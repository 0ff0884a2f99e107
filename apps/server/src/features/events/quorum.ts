import { AUTO_CANCEL_NEEDS_CHECK_MESSAGE, MIN_ABOVE_MAX_MESSAGE, QUORUM_CHECK_NEEDS_MIN_MESSAGE } from '@smm/shared/events/quorum';
import type { EventDto } from '@smm/shared/events/schemas';
import { invalid } from '../../errors';
import { toIso } from '../../lib/iso-time';
import type { EventRow } from './events.repo';

/** The minimum's columns of an event. */
export interface QuorumColumns {
  min_players: number | null;
  quorum_check_minutes: number | null;
  auto_cancel: number;
  quorum_check_at: number | null;
  quorum_checked_at: number | null;
  below_minimum_at: number | null;
}

interface QuorumInput {
  minPlayers?: number | null;
  quorumCheckMinutes?: number | null;
  autoCancel?: boolean;
}

/** When the minimum of an event starting at `startAt` is to be checked; null: it is not. */
export const quorumCheckAt = (startAt: number, minPlayers: number | null, checkMinutes: number | null): number | null =>
  minPlayers === null || checkMinutes === null ? null : startAt - checkMinutes * 60_000;

/** Refuses a minimum above the maximum, a check without a minimum and a cancellation without a check, per field. */
function assertQuorum(minPlayers: number | null, checkMinutes: number | null, autoCancel: boolean, maxPlayers: number): void {
  if (minPlayers !== null && minPlayers > maxPlayers) throw invalid({ minPlayers: MIN_ABOVE_MAX_MESSAGE }, MIN_ABOVE_MAX_MESSAGE);
  if (checkMinutes !== null && minPlayers === null)
    throw invalid({ quorumCheckMinutes: QUORUM_CHECK_NEEDS_MIN_MESSAGE }, QUORUM_CHECK_NEEDS_MIN_MESSAGE);
  if (autoCancel && checkMinutes === null) throw invalid({ autoCancel: AUTO_CANCEL_NEEDS_CHECK_MESSAGE }, AUTO_CANCEL_NEEDS_CHECK_MESSAGE);
}

/** The minimum's columns of a new event (each occurrence of a series gets its own check time). */
export function newQuorumColumns(body: QuorumInput & { maxNumberOfMembers: number }, startAt: number): QuorumColumns {
  const minPlayers = body.minPlayers ?? null;
  const checkMinutes = body.quorumCheckMinutes ?? null;
  const autoCancel = body.autoCancel ?? false;
  assertQuorum(minPlayers, checkMinutes, autoCancel, body.maxNumberOfMembers);
  return {
    min_players: minPlayers,
    quorum_check_minutes: checkMinutes,
    auto_cancel: autoCancel ? 1 : 0,
    quorum_check_at: quorumCheckAt(startAt, minPlayers, checkMinutes),
    quorum_checked_at: null,
    below_minimum_at: null,
  };
}

/**
 * The minimum's columns after an edit: absent fields keep their value. A change of the minimum,
 * its check or the start schedules the check again (and clears an earlier finding), so it is
 * checked against what the event now is; otherwise a check already done stays done.
 */
export function editedQuorumColumns(current: EventRow, body: QuorumInput, startAt: number, maxPlayers: number): QuorumColumns {
  const minPlayers = body.minPlayers === undefined ? (current.min_players ?? null) : body.minPlayers;
  const checkMinutes = body.quorumCheckMinutes === undefined ? (current.quorum_check_minutes ?? null) : body.quorumCheckMinutes;
  const autoCancel = body.autoCancel === undefined ? current.auto_cancel === 1 : body.autoCancel;
  assertQuorum(minPlayers, checkMinutes, autoCancel, maxPlayers);
  const unchanged =
    minPlayers === (current.min_players ?? null) && checkMinutes === (current.quorum_check_minutes ?? null) && startAt === current.start_at;
  return {
    min_players: minPlayers,
    quorum_check_minutes: checkMinutes,
    auto_cancel: autoCancel ? 1 : 0,
    quorum_check_at: unchanged ? (current.quorum_check_at ?? null) : quorumCheckAt(startAt, minPlayers, checkMinutes),
    quorum_checked_at: unchanged ? (current.quorum_checked_at ?? null) : null,
    below_minimum_at: unchanged ? (current.below_minimum_at ?? null) : null,
  };
}

/** The minimum's fields of the Event JSON, each only when set; Below minimum only while it still is. */
export function quorumDto(row: EventRow, seatTakers: number): Partial<EventDto> {
  const min = row.min_players ?? null;
  return {
    ...(min === null ? {} : { minPlayers: min }),
    ...(row.quorum_check_minutes == null ? {} : { quorumCheckMinutes: row.quorum_check_minutes }),
    ...(row.auto_cancel === 1 ? { autoCancel: true } : {}),
    ...(row.cancelled_at == null ? {} : { cancelledAt: toIso(Number(row.cancelled_at)) }),
    ...(row.below_minimum_at != null && min !== null && seatTakers < min ? { belowMinimum: true } : {}),
  };
}

/** Whether the edit changes any of the minimum's columns. */
export const quorumChanged = (current: EventRow, columns: QuorumColumns): boolean =>
  (Object.keys(columns) as (keyof QuorumColumns)[]).some((key) => columns[key] !== (current[key] ?? null));
