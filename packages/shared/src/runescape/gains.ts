/** A value of one stat at one moment (epoch ms); null = unranked then. */
export interface TimedValue {
  at: number;
  value: number | null;
}

/** What was gained from `start` to `end`; null when either is unknown (unranked or no snapshot). */
export function gainBetween(start: number | null | undefined, end: number | null | undefined): number | null {
  if (start === null || start === undefined || end === null || end === undefined) return null;
  return Math.max(0, end - start);
}

/**
 * The largest gain measured inside any window of `windowMs`: for each point, the gain since the
 * earliest point no older than the window. Points must be in time order. Null when no window
 * holds two known values.
 */
export function largestGain(points: readonly TimedValue[], windowMs: number): { gained: number; endedAt: number } | null {
  const known = points.filter((p): p is { at: number; value: number } => p.value !== null);
  let best: { gained: number; endedAt: number } | null = null;
  let start = 0;
  for (let end = 0; end < known.length; end += 1) {
    const last = known[end]!;
    while (known[start]!.at < last.at - windowMs) start += 1;
    if (start === end) continue;
    const gained = last.value - known[start]!.value;
    if (gained > 0 && (!best || gained > best.gained)) best = { gained, endedAt: last.at };
  }
  return best;
}
