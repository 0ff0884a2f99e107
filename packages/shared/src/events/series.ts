import { wallClockFormat } from '../wall-clock';

/** A weekly series holds 2 to 52 events (a year of weeks): enough for a season, bounded for every query. */
export const SERIES_MIN_OCCURRENCES = 2;
export const SERIES_MAX_OCCURRENCES = 52;
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export const SERIES_TOO_LONG_MESSAGE = `A weekly series can hold at most ${SERIES_MAX_OCCURRENCES} events`;
export const REPEAT_UNTIL_BEFORE_START_MESSAGE = 'Repeat until must be at least a week after the Start Date';

/** How far the zone's wall clock is ahead of UTC at the instant, in ms. */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(wallClockFormat(timeZone).formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The instant `weeks` weeks later that shows the same wall-clock time in the zone (a weekly 8 PM stays 8 PM over daylight saving). */
export function addWeeksInZone(ms: number, weeks: number, timeZone: string): number {
  const wall = ms + zoneOffsetMs(ms, timeZone) + weeks * WEEK_MS;
  const guess = wall - zoneOffsetMs(wall - zoneOffsetMs(ms, timeZone), timeZone);
  return wall - zoneOffsetMs(guess, timeZone);
}

export interface Occurrence {
  startAt: number;
  endAt: number;
}

export type Repeat = { until: number } | { count: number };

/**
 * The events of a weekly series, the first one included: same wall-clock start in the zone each
 * week, same length. `until` includes an occurrence starting at that instant. Throws a message when
 * the series would be shorter than 2 or longer than SERIES_MAX_OCCURRENCES events.
 */
export function weeklyOccurrences(first: Occurrence, repeat: Repeat, timeZone: string): Occurrence[] {
  const length = first.endAt - first.startAt;
  const at = (week: number): Occurrence => {
    const startAt = week === 0 ? first.startAt : addWeeksInZone(first.startAt, week, timeZone);
    return { startAt, endAt: startAt + length };
  };
  if ('count' in repeat) return Array.from({ length: repeat.count }, (_, week) => at(week));
  const occurrences: Occurrence[] = [];
  for (let week = 0; week <= SERIES_MAX_OCCURRENCES; week += 1) {
    const occurrence = at(week);
    if (occurrence.startAt > repeat.until) break;
    occurrences.push(occurrence);
  }
  if (occurrences.length < SERIES_MIN_OCCURRENCES) throw new RangeError(REPEAT_UNTIL_BEFORE_START_MESSAGE);
  if (occurrences.length > SERIES_MAX_OCCURRENCES) throw new RangeError(SERIES_TOO_LONG_MESSAGE);
  return occurrences;
}
