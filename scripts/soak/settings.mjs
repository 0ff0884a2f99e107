// The soak's length and limits, from the environment: SOAK_SECONDS (default 300), SOAK_RSS_MAX_MB,
// SOAK_RSS_GROWTH_MB and SOAK_RSS_SLOPE_MB_PER_MIN. A value that is not a positive number stops the
// soak before it starts.
const numberFromEnv = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

export const SECONDS = numberFromEnv('SOAK_SECONDS', 300);
/**
 * RSS is compared with its level once the server has settled: for its first ~50 s under this load it
 * climbs from ~140 MB to ~300 MB (V8 heap, SQLite's 16 MB page cache, argon2 and allocator arenas).
 */
export const WARMUP_SECONDS = Math.min(60, Math.max(10, Math.round(SECONDS * 0.2)));
export const SAMPLE_MS = 2000;
export const limits = {
  /** Always: the largest RSS sample. The load benchmark (heavier data) stays under 350 MB. */
  rssMaxMb: numberFromEnv('SOAK_RSS_MAX_MB', 500),
  /** End RSS (median of the last 15 s) minus RSS after warm-up (median of the 20 s after it). */
  rssGrowthMb: numberFromEnv('SOAK_RSS_GROWTH_MB', 50),
  /** Least-squares slope of every RSS sample in the last two thirds of the run. */
  rssSlopeMbPerMin: numberFromEnv('SOAK_RSS_SLOPE_MB_PER_MIN', 8),
  /** Growth and slope are checked only in runs this long: shorter ones are mostly the start-up climb. */
  growthMinSeconds: 150,
};
