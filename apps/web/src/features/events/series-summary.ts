import type { EventDto } from '@smm/shared/events/schemas';
import { zoneAbbreviation } from './event-time';

const weekdayAndTime = (startDate: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(startDate),
  );

/**
 * A weekly series as one line in the viewer's zone: "every Friday 20:00 GMT+1, next 28 Nov". A
 * series keeps the wall-clock time of the zone it was made in, so where the viewer's clocks change
 * on other dates (or the day shifts) its occurrences fall at different times for them: then the line
 * says so and names only the next one, "next Friday 19 Mar 16:00 EDT (the time shifts with daylight saving)".
 */
export function seriesSummary(occurrences: readonly Pick<EventDto, 'startDate'>[], timeZone: string): string {
  const next = occurrences[0]!;
  const at = new Date(next.startDate);
  const weekday = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long' }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short' }).format(at);
  const zone = zoneAbbreviation(next.startDate, timeZone);
  const first = weekdayAndTime(next.startDate, timeZone);
  if (occurrences.every((o) => weekdayAndTime(o.startDate, timeZone) === first)) return `every ${weekday} ${time} ${zone}, next ${day}`;
  return `next ${weekday} ${day} ${time} ${zone} (the time shifts with daylight saving)`;
}

/** One entry of the upcoming list: a one-off event, or the upcoming occurrences of a weekly series (earliest first). */
export type UpcomingEntry = { kind: 'event'; event: EventDto } | { kind: 'series'; seriesID: string; occurrences: EventDto[] };

/**
 * Groups the upcoming events (sorted by start) so each weekly series with two or more of them left
 * shows once, where its next occurrence falls; a series down to its last occurrence shows as that event.
 */
export function groupUpcoming(upcoming: readonly EventDto[]): UpcomingEntry[] {
  const bySeries = new Map<string, EventDto[]>();
  for (const event of upcoming) if (event.seriesID) bySeries.set(event.seriesID, [...(bySeries.get(event.seriesID) ?? []), event]);
  const entries: UpcomingEntry[] = [];
  for (const event of upcoming) {
    const occurrences = event.seriesID ? bySeries.get(event.seriesID)! : [];
    if (occurrences.length < 2) entries.push({ kind: 'event', event });
    else if (occurrences[0] === event) entries.push({ kind: 'series', seriesID: event.seriesID!, occurrences });
  }
  return entries;
}
