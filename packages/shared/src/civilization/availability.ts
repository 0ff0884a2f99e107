/** Spec 9: Morning, Afternoon and Evening for each of the 7 days, Sunday first. */
export const AVAILABILITY_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type AvailabilityDay = (typeof AVAILABILITY_DAYS)[number];

export const AVAILABILITY_TIMES = ['Morning', 'Afternoon', 'Evening'] as const;
export type AvailabilityTime = (typeof AVAILABILITY_TIMES)[number];

/** The hours of each part of the day in the group's time zone; "Plan an event" proposes these. */
export const SLOT_HOURS: Record<AvailabilityTime, { start: number; end: number }> = {
  Morning: { start: 9, end: 12 },
  Afternoon: { start: 13, end: 17 },
  Evening: { start: 19, end: 23 },
};

export const DEFAULT_GROUP_TIME_ZONE = 'UTC';

export interface Slot {
  day: AvailabilityDay;
  time: AvailabilityTime;
}

export const slotKey = (slot: Slot): string => `${slot.day}:${slot.time}`;

/** The wall-clock parts of an instant in a time zone. */
function wallClock(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'long',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: get('weekday'),
  };
}

/** The instant at which the zone's clock shows the given wall time (the later one across a DST overlap). */
export function zonedTimeToInstant(timeZone: string, year: number, month: number, day: number, hour: number): number {
  const guess = Date.UTC(year, month - 1, day, hour);
  let instant = guess;
  // Two passes settle the zone's offset, also when the guess and the answer fall on different sides of a change.
  for (let pass = 0; pass < 2; pass += 1) {
    const shown = wallClock(instant, timeZone);
    const shownAsUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second);
    instant += guess - shownAsUtc;
  }
  return instant;
}

/**
 * The next occurrence of a slot after `now`, in the group's time zone: the start and end instants
 * an event planned for it gets. A slot already under way today moves to next week.
 */
export function nextSlotOccurrence(slot: Slot, timeZone: string, now: number): { startDate: number; endDate: number } {
  const today = wallClock(now, timeZone);
  const todayIndex = AVAILABILITY_DAYS.indexOf(today.weekday as AvailabilityDay);
  const targetIndex = AVAILABILITY_DAYS.indexOf(slot.day);
  const hours = SLOT_HOURS[slot.time];
  for (let ahead = (targetIndex - todayIndex + 7) % 7; ; ahead += 7) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + ahead));
    const y = date.getUTCFullYear();
    const m = date.getUTCMonth() + 1;
    const d = date.getUTCDate();
    const startDate = zonedTimeToInstant(timeZone, y, m, d, hours.start);
    if (startDate > now) return { startDate, endDate: zonedTimeToInstant(timeZone, y, m, d, hours.end) };
  }
}
