import { AVAILABILITY_DAYS, AVAILABILITY_TIMES, slotKey, type Slot } from '@smm/shared/civilization/availability';
import type { AvailabilityDto } from '@smm/shared/civilization/schemas';

/** Every slot of the week in grid order: Sunday Morning, Sunday Afternoon, … Saturday Evening. */
export const WEEK_SLOTS: readonly Slot[] = AVAILABILITY_DAYS.flatMap((day) => AVAILABILITY_TIMES.map((time) => ({ day, time })));

/** "Saturday Evening": how a slot is named on screen and in accessible names. */
export const slotLabel = (slot: Slot): string => `${slot.day} ${slot.time}`;

/** How many shades the heat map has above 0 (nobody free). */
export const HEAT_LEVELS = 4;

/**
 * The shade of a slot, 0 (nobody free) to HEAT_LEVELS (everyone free). Measured against the whole
 * group rather than the busiest slot, so one free member of twelve never looks like a full table.
 */
export function heatLevel(count: number, memberCount: number): number {
  if (count <= 0) return 0;
  const of = Math.max(memberCount, count, 1);
  return Math.min(HEAT_LEVELS, Math.max(1, Math.ceil((count / of) * HEAT_LEVELS)));
}

export interface BestSlots {
  /** The slots most members are free in, in week order; empty while nobody is free anywhere. */
  slots: Slot[];
  /** How many members each of them has. */
  count: number;
}

/** The slot(s) with the most members free; a tie keeps them all. */
export function bestSlots(bySlot: ReadonlyMap<string, readonly unknown[]>): BestSlots {
  let count = 0;
  let slots: Slot[] = [];
  for (const slot of WEEK_SLOTS) {
    const here = bySlot.get(slotKey(slot))?.length ?? 0;
    if (here === 0 || here < count) continue;
    if (here > count) {
      count = here;
      slots = [];
    }
    slots.push(slot);
  }
  return { slots, count };
}

const members = (count: number) => `${count} member${count === 1 ? '' : 's'}`;

/** "Best times: Saturday Evening (3 members)", or null while nobody is free anywhere. */
export function bestTimesText({ slots, count }: BestSlots): string | null {
  if (slots.length === 0) return null;
  return `Best times: ${slots.map((slot) => `${slotLabel(slot)} (${members(count)})`).join(', ')}`;
}

/**
 * A member's slots with one slot set free or not: the optimistic change of a click, and its undoing.
 * Keeps week order, as the server answers.
 */
export function withSlot(
  slots: readonly AvailabilityDto[],
  slot: Slot,
  available: boolean,
  member: { userID: string; username: string },
  timeZone: string,
): AvailabilityDto[] {
  const others = slots.filter((row) => !(row.day === slot.day && row.time === slot.time));
  if (!available) return others;
  // The server moves all of a member's answers to the zone of the latest one.
  const added = [...others, { userID: member.userID, username: member.username, day: slot.day, time: slot.time, timeZone }].map((row) => ({
    ...row,
    timeZone,
  }));
  const order = (row: Slot) => WEEK_SLOTS.findIndex((s) => s.day === row.day && s.time === row.time);
  return added.sort((a, b) => order(a) - order(b));
}

/** Whether a member's slots include this one. */
export const isFreeIn = (slots: readonly Slot[] | undefined, slot: Slot): boolean =>
  slots?.some((row) => row.day === slot.day && row.time === slot.time) ?? false;
