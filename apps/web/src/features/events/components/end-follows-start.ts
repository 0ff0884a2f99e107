const HOUR = 60 * 60 * 1000;

/**
 * The end time after the start moves to `nextStart`, as calendar apps do: an event keeps its
 * length, a new one gets an hour, and an end the user already set after the new start stays.
 */
export function endFollowingStart(start: Date | null, end: Date | null, nextStart: Date | null): Date | null {
  if (!nextStart) return end;
  if (start && end) return new Date(nextStart.getTime() + Math.max(end.getTime() - start.getTime(), 0));
  if (!end || end.getTime() < nextStart.getTime()) return new Date(nextStart.getTime() + HOUR);
  return end;
}
