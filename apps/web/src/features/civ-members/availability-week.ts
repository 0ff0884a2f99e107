import {
  AVAILABILITY_DAYS,
  AVAILABILITY_TIMES,
  SLOT_HOURS,
  slotKey,
  wallClock,
  zonedTimeToInstant,
  type AvailabilityDay,
  type FreeTime,
  type Slot,
} from '@smm/shared/civilization/availability';

// The group's free times arrive as instants; everything here lays them out on the viewer's clock.

const HOUR_MS = 3_600_000;

/** A calendar day on the viewer's clock. */
export interface ViewerDay {
  year: number;
  month: number;
  day: number;
  weekday: AvailabilityDay;
  /** The instant the day starts and the next one starts (23 or 25 hours apart on a change day). */
  start: number;
  end: number;
}

/** A member free in a cell; `hours` says which part of it when they are free for only part. */
export interface FreeMember {
  userID: string;
  username: string;
  hours?: string;
}

const dayAt = (timeZone: string, year: number, month: number, day: number): ViewerDay => {
  const date = new Date(Date.UTC(year, month - 1, day));
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: AVAILABILITY_DAYS[date.getUTCDay()]!,
    start: zonedTimeToInstant(timeZone, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), 0),
    end: zonedTimeToInstant(timeZone, next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0),
  };
};

/** The viewer's today and the 6 days after it; the first starts the week the server is asked for (weekOf). */
export function viewerWeek(timeZone: string, now: number): ViewerDay[] {
  const today = wallClock(now, timeZone);
  return Array.from({ length: 7 }, (_, ahead) => dayAt(timeZone, today.year, today.month, today.day + ahead));
}

/** "13:00" on the viewer's clock. */
export const clockTime = (instant: number, timeZone: string): string =>
  `${String(wallClock(instant, timeZone).hour).padStart(2, '0')}:${String(wallClock(instant, timeZone).minute).padStart(2, '0')}`;

/** The members free at some time in [start, end), each once, by username; partly free ones say when. */
export function membersFreeIn(freeTimes: readonly FreeTime[], start: number, end: number, timeZone: string, minOverlap = 1): FreeMember[] {
  const byUser = new Map<string, { username: string; from: number; to: number; covered: number }>();
  for (const free of freeTimes) {
    const from = Math.max(free.start, start);
    const to = Math.min(free.end, end);
    if (to - from < Math.min(minOverlap, end - start)) continue;
    const seen = byUser.get(free.userID);
    if (seen) {
      seen.from = Math.min(seen.from, from);
      seen.to = Math.max(seen.to, to);
      seen.covered += to - from;
    } else byUser.set(free.userID, { username: free.username, from, to, covered: to - from });
  }
  return [...byUser.entries()]
    .map(([userID, seen]) => ({
      userID,
      username: seen.username,
      ...(seen.covered < end - start ? { hours: `${clockTime(seen.from, timeZone)}–${clockTime(seen.to, timeZone)}` } : {}),
    }))
    .sort((a, b) => a.username.localeCompare(b.username));
}

/**
 * The Morning/Afternoon/Evening grid of the viewer's coming week on the viewer's clock: who is free
 * for at least an hour of each slot, keyed by slotKey; empty slots are absent.
 */
export function membersBySlotInZone(
  freeTimes: readonly FreeTime[],
  days: readonly ViewerDay[],
  timeZone: string,
): Map<string, FreeMember[]> {
  const bySlot = new Map<string, FreeMember[]>();
  for (const day of days) {
    for (const time of AVAILABILITY_TIMES) {
      const hours = SLOT_HOURS[time];
      const start = zonedTimeToInstant(timeZone, day.year, day.month, day.day, hours.start);
      const end = zonedTimeToInstant(timeZone, day.year, day.month, day.day, hours.end);
      const free = membersFreeIn(freeTimes, start, end, timeZone, HOUR_MS);
      if (free.length > 0) bySlot.set(slotKey({ day: day.weekday, time }), free);
    }
  }
  return bySlot;
}

/** One hour of the heat map: the instants it covers (two hours when the clock goes back), null when the clock skips it. */
export interface HourCell {
  hour: number;
  start: number;
  end: number;
  members: FreeMember[];
}

/** A day's 24 hours on the viewer's clock, found by walking the day's instants hour by hour. */
export function hourCells(freeTimes: readonly FreeTime[], day: ViewerDay, timeZone: string): (HourCell | null)[] {
  const cells: (HourCell | null)[] = Array.from({ length: 24 }, () => null);
  for (let at = day.start; at < day.end; at += HOUR_MS) {
    const { hour } = wallClock(at, timeZone);
    const cell = cells[hour];
    if (cell) cell.end = at + HOUR_MS;
    else cells[hour] = { hour, start: at, end: at + HOUR_MS, members: [] };
  }
  for (const cell of cells) if (cell) cell.members = membersFreeIn(freeTimes, cell.start, cell.end, timeZone);
  return cells;
}

const PLAN_STEP_MS = 5 * 60_000;

/**
 * When an event planned from an hour starts: at the hour, or, for an hour already under way, at the
 * next five minutes (the server refuses a start more than 15 minutes past). Null once too little of
 * the hour is left to plan from.
 */
export function planStart(cell: Pick<HourCell, 'start' | 'end'>, now: number): number | null {
  const start = cell.start >= now ? cell.start : Math.ceil(now / PLAN_STEP_MS) * PLAN_STEP_MS;
  return start < cell.end ? start : null;
}

/**
 * What "Plan an event" from an hour proposes: from its start (or now, for the hour under way) while
 * everyone free then stays free, to at most 6 hours after the hour began. Null for an hour that has passed.
 */
export function planFromHour(
  freeTimes: readonly FreeTime[],
  cell: HourCell,
  timeZone: string,
  now: number,
): { startDate: number; endDate: number; eventName: string } | null {
  const startDate = planStart(cell, now);
  if (startDate === null) return null;
  const everyone = cell.members.map((member) => member.userID);
  let endDate = cell.start + HOUR_MS;
  const freeAt = (userID: string, from: number, to: number) =>
    freeTimes.some((free) => free.userID === userID && free.start <= from && free.end >= to);
  while (
    everyone.length > 0 &&
    endDate - cell.start < 6 * HOUR_MS &&
    everyone.every((userID) => freeAt(userID, endDate, endDate + HOUR_MS))
  ) {
    endDate += HOUR_MS;
  }
  const { weekday } = wallClock(startDate, timeZone);
  return { startDate, endDate, eventName: `${weekday} ${clockTime(startDate, timeZone)} game` };
}

/** The coming occurrence of a slot of the viewer's own week, on the viewer's clock. */
export function slotInWeek(slot: Slot, days: readonly ViewerDay[], timeZone: string): { startDate: number; endDate: number } | null {
  const day = days.find((d) => d.weekday === slot.day);
  if (!day) return null;
  const hours = SLOT_HOURS[slot.time];
  return {
    startDate: zonedTimeToInstant(timeZone, day.year, day.month, day.day, hours.start),
    endDate: zonedTimeToInstant(timeZone, day.year, day.month, day.day, hours.end),
  };
}
