// Arithmetic of the report: rounding, percentiles of sorted latencies and the RSS slope.
export const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
export const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Least-squares slope of [seconds, MB] samples, in MB per minute. */
export function slopeMbPerMinute(points) {
  if (points.length < 3) return 0;
  const n = points.length;
  const meanT = points.reduce((s, [t]) => s + t, 0) / n;
  const meanY = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [t, y] of points) {
    num += (t - meanT) * (y - meanY);
    den += (t - meanT) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 60;
}
