// Soak test: `npm run build && npm run test:soak` (SOAK_SECONDS, default 300).
// Starts the built server on a throwaway SQLite data dir (or DATABASE_URL when set), on loopback,
// and runs a bounded mixed workload of 50 members in 10 groups: invite joins and leaves, events
// with attend/unattend races on small seat limits, card edits, availability clicks, leader bans
// (with races against the group's limit) and the reads of every page. It samples the server's RSS
// and fails (exit 1) on any 5xx or unexpected status, on memory growth, or on a broken invariant:
// seats over an event's limit, leader bans over a group's limit, duplicate memberships.
// The parts are in scripts/soak/: server (process, RSS, CPU), client (per-route statistics,
// violations), community, visits, clicks and scenario (the workload), checks and report.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { finalChecks } from './soak/checks.mjs';
import { createClient } from './soak/client.mjs';
import { GROUPS, MEMBERS, readCivIDs, setUpCommunity } from './soak/community.mjs';
import { round } from './soak/figures.mjs';
import { report } from './soak/report.mjs';
import { runWorkload } from './soak/scenario.mjs';
import { startServer } from './soak/server.mjs';
import { limits, SAMPLE_MS, SECONDS, WARMUP_SECONDS } from './soak/settings.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('The soak test runs the built server: run `npm run build` first (apps/server/dist/main.js or apps/web/dist is missing).');
  process.exit(1);
}
const civIDs = readCivIDs(root);
const server = await startServer(serverEntry);
const client = createClient(server.base);

let exitCode = 0;
try {
  await server.waitUntilUp();
  console.log(
    `Soak: ${MEMBERS} members, ${GROUPS} groups, ${SECONDS} s on ${server.usesPostgres ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${server.dataDir}`}, port ${server.port}`,
  );
  const community = await setUpCommunity(client, civIDs);
  console.log(`Set up in ${round(process.uptime())} s; workload running (warm-up ${WARMUP_SECONDS} s)…`);

  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const rss = server.sampleRss(elapsed, SAMPLE_MS);
  const cpuAtStart = server.cpuSeconds();
  const progress = setInterval(() => {
    console.log(`  ${Math.round(elapsed())} s: ${client.requestCount()} requests, RSS ${round(rss.samples.at(-1)[1])} MB`);
  }, 30_000);
  await runWorkload(community, { deadline: started + SECONDS * 1000, stopped: () => Boolean(server.exited) });
  rss.stop();
  clearInterval(progress);
  const workloadSeconds = elapsed();
  if (server.exited) throw new Error(`the server exited during the run (${JSON.stringify(server.exited)})`);
  rss.samples.push([round(workloadSeconds), round(server.rssMb())]);
  const serverCpuPercent = ((server.cpuSeconds() - cpuAtStart) / workloadSeconds) * 100;
  await finalChecks(community);

  const settings = { seconds: SECONDS, members: MEMBERS, groups: GROUPS, warmupSeconds: WARMUP_SECONDS, limits };
  exitCode = report({ root, settings, server, client, samples: rss.samples, workloadSeconds, serverCpuPercent });
} catch (error) {
  console.error(`Soak FAILED: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  const exit = await server.stop();
  if (exitCode !== 0 && server.log.length) console.error(`Last server log lines:\n${server.log.slice(-30).join('\n')}`);
  if (exit && exit.code !== 0 && exit.signal !== 'SIGTERM' && exitCode === 0) {
    console.error(`Soak FAILED: the server did not shut down cleanly (${JSON.stringify(exit)})`);
    exitCode = 1;
  }
  if (exitCode === 0) fs.rmSync(server.dataDir, { recursive: true, force: true });
  else console.error(`Server data kept for inspection: ${server.dataDir}`);
}
process.exit(exitCode);
