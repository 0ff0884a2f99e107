import { wallClockFormat } from '../wall-clock';

/** Spec 9: Morning, Afternoon and Evening for each of the 7 days, Sunday first. */
export const AVAILABILITY_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type AvailabilityDay = (typeof AVAILABILITY_DAYS)[number];

export const AVAILABILITY_TIMES = ['Morning', 'Afternoon', 'Evening'] as const;
export type AvailabilityTime = (typeof AVAILABILITY_TIMES)[number];

/** The hours of each part of a member's own day, in the zone they answered in; "Plan an event" proposes these. */
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
export function wallClock(instant: number, timeZone: string) {
  const shown = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, weekday: '' };
  for (const { type, value } of wallClockFormat(timeZone).formatToParts(instant)) {
    if (type === 'weekday') shown.weekday = value;
    else if (type in shown) (shown as Record<string, number | string>)[type] = Number(value);
  }
  return shown;
}

/** Instants already found by zonedTimeToInstant, per zone and wall time: a zone's rules do not change while the process runs. */
const instantsShown = new Map<string, number>();
const INSTANTS_KEPT = 20_000;

/** The instant at which the zone's clock shows the given wall time (the later one across a DST overlap). */
export function zonedTimeToInstant(timeZone: string, year: number, month: number, day: number, hour: number): number {
  const key = `${timeZone} ${year} ${month} ${day} ${hour}`;
  let instant = instantsShown.get(key);
  if (instant === undefined) {
    instant = findInstant(timeZone, year, month, day, hour);
    if (instantsShown.size >= INSTANTS_KEPT) instantsShown.clear();
    instantsShown.set(key, instant);
  }
  return instant;
}

function findInstant(timeZone: string, year: number, month: number, day: number, hour: number): number {
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

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How far a week of free times reaches: 7 days, and an hour more so a viewer's 7 calendar days
 * stay whole in a week whose clocks go back.
 */
export const AVAILABILITY_WEEK_MS = 7 * DAY_MS + HOUR_MS;

/** One stretch a member is free, as instants: a slot of their own day in their own zone, on a date. */
export interface FreeTime {
  userID: string;
  username: string;
  start: number;
  end: number;
}

/**
 * Every occurrence of a slot of a member's typical week, kept in `timeZone`, that overlaps
 * [from, to): on each date whose weekday matches, from the slot's start to its end on that zone's
 * clock. Each date is converted on its own, so a week with a daylight-saving change keeps the
 * member's wall-clock hours and moves the instants.
 */
export function slotOccurrences(slot: Slot, timeZone: string, from: number, to: number): { start: number; end: number }[] {
  return occurrencesFrom(wallClock(from - DAY_MS, timeZone), slot, timeZone, from, to);
}

/** slotOccurrences, counting dates from `first`: the zone's wall clock a day before `from`. */
function occurrencesFrom(
  first: { year: number; month: number; day: number },
  slot: Slot,
  timeZone: string,
  from: number,
  to: number,
): { start: number; end: number }[] {
  const hours = SLOT_HOURS[slot.time];
  const target = AVAILABILITY_DAYS.indexOf(slot.day);
  const found: { start: number; end: number }[] = [];
  const days = Math.ceil((to - from) / DAY_MS) + 2;
  // From the first date of the slot's weekday, a week at a time.
  const firstWeekday = new Date(Date.UTC(first.year, first.month - 1, first.day)).getUTCDay();
  for (let ahead = (target - firstWeekday + 7) % 7; ahead <= days; ahead += 7) {
    const date = new Date(Date.UTC(first.year, first.month - 1, first.day + ahead));
    const y = date.getUTCFullYear();
    const m = date.getUTCMonth() + 1;
    const d = date.getUTCDate();
    const start = zonedTimeToInstant(timeZone, y, m, d, hours.start);
    const end = zonedTimeToInstant(timeZone, y, m, d, hours.end);
    if (end > from && start < to) found.push({ start, end });
  }
  return found;
}

/** Members' slots (each in the zone it was given in) as free times between `from` and `to`, earliest first. */
export function freeTimesBetween(
  slots: readonly (Slot & { userID: string; username: string; timeZone: string })[],
  from: number,
  to: number,
): FreeTime[] {
  // Members mostly share a few zones: each zone's first date is read once.
  const firsts = new Map<string, ReturnType<typeof wallClock>>();
  const firstIn = (timeZone: string) => {
    let first = firsts.get(timeZone);
    if (!first) firsts.set(timeZone, (first = wallClock(from - DAY_MS, timeZone)));
    return first;
  };
  return slots
    .flatMap((slot) =>
      occurrencesFrom(firstIn(slot.timeZone), slot, slot.timeZone, from, to).map((at) => ({
        userID: slot.userID,
        username: slot.username,
        ...at,
      })),
    )
    .sort((a, b) => a.start - b.start || a.username.localeCompare(b.username) || a.userID.localeCompare(b.userID));
}
