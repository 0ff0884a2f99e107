const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What a new event lasts until its end is picked. */
export const NEW_EVENT_LENGTH_MS = HOUR;

/**
 * The start and end the dialog shows, and how long the event lasts. The length changes only when
 * the user picks an end, so clearing the start and typing it again cannot move the end. `length`
 * is null while the end is pinned: an end picked before any start, or one picked before the start.
 */
export interface EventTimes {
  start: Date | null;
  end: Date | null;
  length: number | null;
}

/** The times as a dialog opens: an existing event keeps its length, a new one gets an hour. */
export function initialEventTimes(start: Date | null, end: Date | null): EventTimes {
  if (start && end) return { start, end, length: lengthBetween(start, end) };
  return { start, end, length: end ? null : NEW_EVENT_LENGTH_MS };
}

/** The start moved: the end follows it by the kept length; a pinned end stays unless the start passes it. */
export function startPicked(times: EventTimes, start: Date | null): EventTimes {
  if (!start) return { ...times, start: null };
  if (times.length !== null) return { start, end: new Date(start.getTime() + times.length), length: times.length };
  if (times.end && times.end.getTime() >= start.getTime()) return { ...times, start };
  return { start, end: new Date(start.getTime() + NEW_EVENT_LENGTH_MS), length: null };
}

/** The user picked an end: from now on the event lasts from the start to that end. */
export function endPicked(times: EventTimes, end: Date | null): EventTimes {
  return { ...times, end, length: times.start && end ? lengthBetween(times.start, end) : null };
}

function lengthBetween(start: Date, end: Date): number | null {
  const length = end.getTime() - start.getTime();
  return length >= 0 ? length : null;
}

/** A length as people say it: "3 h", "1 day 1 h", "45 min", "2 days 30 min". */
export function formatLength(ms: number): string {
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.round((ms % HOUR) / MINUTE);
  const parts = [days > 0 && `${days} ${days === 1 ? 'day' : 'days'}`, hours > 0 && `${hours} h`, minutes > 0 && `${minutes} min`];
  const text = parts.filter(Boolean).join(' ');
  return text || '0 min';
}

/**
 * The sentence an edit shows when saving would change how long the event lasts, or null when the
 * length stays (or the times are not both set, or the end is before the start).
 */
export function lengthChangeMessage(savedStart: string, savedEnd: string, start: Date | null, end: Date | null): string | null {
  if (!start || !end) return null;
  const before = Date.parse(savedEnd) - Date.parse(savedStart);
  const after = end.getTime() - start.getTime();
  if (after < 0 || after === before) return null;
  return `This will change the event's length from ${formatLength(before)} to ${formatLength(after)}.`;
}
