// The soak's report: a table per route, a summary (requests, latencies, RSS after warm-up, at the end,
// its maximum and slope, server CPU), the checks with pass or FAIL, and bench/results/soak-*.json.
// The soak fails (exit 1) on any 5xx or unexpected status, on memory growth, or on a violation.
import fs from 'node:fs';
import path from 'node:path';
import { VIOLATION_CHECKS } from './checks.mjs';
import { median, percentile, round, slopeMbPerMinute } from './figures.mjs';

/** RSS after warm-up (median of the 20 s after it), at the end (median of the last 15 s), its maximum and its slope over the last 2/3. */
function rssFigures(samples, workloadSeconds, warmupSeconds) {
  const windowStart = workloadSeconds / 3;
  return {
    rssAfterWarmup: median(samples.filter(([t]) => t >= warmupSeconds && t < warmupSeconds + 20).map(([, mb]) => mb)),
    rssEnd: median(samples.filter(([t]) => t >= workloadSeconds - 15).map(([, mb]) => mb)),
    rssMax: Math.max(...samples.map(([, mb]) => mb)),
    slope: slopeMbPerMinute(samples.filter(([t]) => t >= windowStart)),
    windowSeconds: workloadSeconds - windowStart,
  };
}

function soakChecks({ count5xx, unexpectedCount, rss, client, settings: { seconds, warmupSeconds, limits } }) {
  const { rssAfterWarmup, rssEnd, rssMax, slope, windowSeconds } = rss;
  const growthChecked = seconds >= limits.growthMinSeconds;
  const notChecked = growthChecked ? '' : ` (runs under ${limits.growthMinSeconds} s: reported, not checked)`;
  return [
    { name: 'zero 5xx responses and network errors', ok: count5xx === 0, detail: `${count5xx}` },
    { name: 'every status was one the workload expects', ok: unexpectedCount === 0, detail: `${unexpectedCount} unexpected` },
    { name: `RSS never above ${limits.rssMaxMb} MB`, ok: rssMax <= limits.rssMaxMb, detail: `max ${round(rssMax)} MB` },
    {
      name: `RSS growth after the ${warmupSeconds} s warm-up <= ${limits.rssGrowthMb} MB`,
      ok: !growthChecked || rssEnd - rssAfterWarmup <= limits.rssGrowthMb,
      detail: `${round(rssAfterWarmup)} -> ${round(rssEnd)} MB (${round(rssEnd - rssAfterWarmup)} MB)${notChecked}`,
    },
    {
      name: `RSS slope over the last 2/3 <= ${limits.rssSlopeMbPerMin} MB/min`,
      ok: !growthChecked || slope <= limits.rssSlopeMbPerMin,
      detail: `${round(slope, 2)} MB/min over ${Math.round(windowSeconds)} s${notChecked}`,
    },
    ...VIOLATION_CHECKS.map((name) => {
      const count = client.violationCounts[name] ?? 0;
      const first = client.violations.filter((v) => v.check === name).slice(0, 3);
      return { name, ok: count === 0, detail: count ? `${count}: ${first.map((v) => v.detail).join('; ')}` : 'ok' };
    }),
  ];
}

function routeRows(routes) {
  return [...routes.entries()]
    .sort(([, a], [, b]) => b.count - a.count)
    .map(([route, r]) => {
      const sorted = [...r.ms].sort((a, b) => a - b);
      return {
        route,
        requests: r.count,
        statuses: Object.entries(r.statuses)
          .map(([s, n]) => `${s}:${n}`)
          .join(' '),
        p50: round(percentile(sorted, 50)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.at(-1)),
      };
    });
}

/**
 * Prints the report of a finished workload, writes it to bench/results and says whether the soak
 * passed; returns the exit code (0 passed, 1 failed).
 */
export function report({ root, settings, server, client, samples, workloadSeconds, serverCpuPercent }) {
  const { routes, unexpected, violations } = client;
  const all = [...routes.values()].flatMap((r) => r.ms).sort((a, b) => a - b);
  const statuses = {};
  for (const r of routes.values()) for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  const count5xx = Object.entries(statuses).reduce((sum, [s, n]) => sum + (Number(s) >= 500 || s === 'network error' ? n : 0), 0);
  const unexpectedCount = [...routes.values()].reduce((sum, r) => sum + (r.unexpected ?? 0), 0);
  const rss = rssFigures(samples, workloadSeconds, settings.warmupSeconds);
  const checks = soakChecks({ count5xx, unexpectedCount, rss, client, settings });
  const rows = routeRows(routes);

  console.table(rows.map(({ route, requests, statuses: s, p50, p99 }) => ({ route, requests, statuses: s, 'p50 ms': p50, 'p99 ms': p99 })));
  const outbox = path.join(server.dataDir, 'outbox');
  const summary = {
    requests: all.length,
    'requests/s': round(all.length / workloadSeconds),
    statuses: JSON.stringify(statuses),
    'p50 ms': round(percentile(all, 50)),
    'p99 ms': round(percentile(all, 99)),
    'RSS after warm-up MB': round(rss.rssAfterWarmup),
    'RSS end MB': round(rss.rssEnd),
    'RSS max MB': round(rss.rssMax),
    'RSS slope MB/min': round(rss.slope, 2),
    'server CPU % (of one core)': Math.round(serverCpuPercent),
    'server error log lines': server.errorLogLines,
    // Without SMTP_URL the event-mail job writes each mail here: shows whether it kept up with the events.
    'mails written to the outbox': fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0,
  };
  console.table(summary);
  console.table(checks.map(({ name, ok, detail }) => ({ check: name, result: ok ? 'pass' : 'FAIL', detail })));
  if (unexpected.length) console.log('Unexpected responses (first ones):', unexpected.slice(0, 10));

  const result = {
    startedAt: new Date(Date.now() - workloadSeconds * 1000).toISOString(),
    engine: server.usesPostgres ? 'postgres' : 'sqlite',
    seconds: settings.seconds,
    workloadSeconds: round(workloadSeconds),
    members: settings.members,
    groups: settings.groups,
    warmupSeconds: settings.warmupSeconds,
    limits: settings.limits,
    summary: { ...summary, statuses },
    checks,
    routes: rows,
    rssSamples: samples,
    unexpected,
    violations,
  };
  const resultsDir = path.join(root, 'bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `soak-${new Date().toISOString().replaceAll(':', '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Results written to ${path.relative(root, file)}`);

  const failed = checks.filter((c) => !c.ok);
  if (failed.length) {
    console.error(`Soak FAILED: ${failed.map((c) => c.name).join('; ')}`);
    return 1;
  }
  console.log('Soak passed: every check holds.');
  return 0;
}
