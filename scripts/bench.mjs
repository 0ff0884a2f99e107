// npm run bench: the built server under load, beside a bare Fastify route serving the same JSON,
// on SQLite and (when DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL, on a small and a large
// data set, plus the web app's first-load sizes. Prints one table, writes bench/results/*.json.
// BENCH_SECONDS (default 5) sets each measurement's length, BENCH_WARMUP_SECONDS (default 1) the
// app's warm-up before it; BENCH_SERVER another build's entry to measure instead of
// apps/server/dist/main.js; BENCH_DATA_SETS (small,large) and BENCH_CALLS (part of a call's name)
// narrow a run, BENCH_SERVER_NODE_ARGS passes Node flags to the app server only (a
// --cpu-prof, say). See bench/README.md.
import fs from 'node:fs';
import os from 'node:os';
import { apiClient } from './bench/api.mjs';
import { benchCalls } from './bench/calls.mjs';
import { postgresDatabase, sqliteDatabase } from './bench/databases.mjs';
import { freshCalls, freshWorld } from './bench/fresh.mjs';
import { CONNECTIONS, measureCalls } from './bench/measure.mjs';
import { measureFresh, measureMixedDay } from './bench/measure-scenarios.mjs';
import { mixedDayWorld } from './bench/mixed-day.mjs';
import { cleanUp, freePort, residentMemory, startNode, waitUntilUp } from './bench/processes.mjs';
import { checkTargets, compareSizes, printSummary, printTable, TARGETS, writeResult } from './bench/report.mjs';
import { computeRatings, LARGE, loadRows, WORLD } from './bench/seed.mjs';
import { writeTemplates } from './bench/templates.mjs';
import { SERVER_NODE_ARGS as LAUNCH_NODE_ARGS, serverEnv } from './server-node-args.mjs';
import { buildFirstLoad, indexHtmlFirstLoad, pagesFirstLoad, webBuildReady } from './bench/web-sizes.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const POSTGRES_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
const SERVER_ENTRY = process.env.BENCH_SERVER || 'apps/server/dist/main.js';
const DATA_SETS = (process.env.BENCH_DATA_SETS || 'small,large').split(',').map((name) => name.trim());
const CALLS = process.env.BENCH_CALLS?.toLowerCase();
const SCENARIOS = (process.env.BENCH_SCENARIOS || 'calls,fresh,mixed').split(',').map((name) => name.trim());
// The flags `npm start` gives the server, then any of BENCH_SERVER_NODE_ARGS.
const SERVER_NODE_ARGS = [...LAUNCH_NODE_ARGS, ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)];

if (!fs.existsSync(SERVER_ENTRY) || !fs.existsSync('apps/web/dist')) {
  console.error('Build first: npm run build');
  process.exit(1);
}

/** Starts the built server on `database`, with the general rate limit out of the way of the load. */
async function startServer(database) {
  const port = await freePort();
  const server = startNode(
    SERVER_ENTRY,
    {
      ...serverEnv(process.env),
      // Not inherited: the SQLite run must not pick up a DATABASE_URL, nor any run a Redis.
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      ...database.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      // The sign-up rounds are one member's thousands of changes a second.
      SIGNUP_CHANGES_PER_HOUR: '1000000000',
      USER_WRITES_PER_MINUTE: '1000000000',
    },
    SERVER_NODE_ARGS,
  );
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/api/health`, server);
  return { server, base };
}

/** The caller's upcoming events in all their groups: the attend/unattend rounds go through them. */
async function callerEventIds(database, callerId) {
  const rows = await database.all(
    'select e.id from events e join group_members m on m.group_id = e.group_id where m.user_id = ? and e.start_at > ? order by e.id',
    [callerId, Date.now()],
  );
  return rows.map((row) => row.id);
}

/**
 * Templates through the API, the bulk load with the server stopped (it would wait on the long
 * write transactions), then a fresh server on the loaded database.
 */
async function seedDataSet(dataSet, database) {
  const first = await startServer(database);
  const setup = await writeTemplates(apiClient(first.base), database);
  await first.server.stopNow();
  const loaded = await loadRows(dataSet, setup, database);
  const started = await startServer(database);
  await computeRatings(apiClient(started.base), setup);
  return { ...setup, ...loaded, ...started };
}

async function benchDataSet(engine, dataSet, { bareBase, barePid }, measurePages) {
  const database = engine === 'sqlite' ? sqliteDatabase(dataSet) : await postgresDatabase(POSTGRES_URL, dataSet);
  let server;
  let pages;
  try {
    console.log(`\n${engine}, ${dataSet} data set: loading`);
    const seeded = await seedDataSet(dataSet, database);
    server = seeded.server;
    const engineVersion = (await database.one(engine === 'sqlite' ? 'select sqlite_version() as v' : 'show server_version')) ?? {};
    console.log(`  loaded in ${seeded.loadSeconds.toFixed(1)} s: ${JSON.stringify(seeded.counts)}`);
    const eventIds = await callerEventIds(database, seeded.caller.id);
    const calls = benchCalls({ caller: seeded.caller, groupId: seeded.groupId, eventIds, loginEmails: seeded.loginEmails }).filter(
      (call) => !CALLS || call.name.toLowerCase().includes(CALLS),
    );
    const timing = { appBase: seeded.base, appPid: server.pid, bareBase, barePid, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
    const rows = SCENARIOS.includes('calls') ? await measureCalls(calls, timing) : [];
    if (SCENARIOS.includes('fresh')) {
      const fresh = freshCalls(await freshWorld(database, seeded, eventIds)).filter(
        (call) => !CALLS || call.name.toLowerCase().includes(CALLS),
      );
      console.log('  fresh answers: each read right after a write to what it reads');
      rows.push(...(await measureFresh(fresh, timing)));
    }
    if (SCENARIOS.includes('mixed')) {
      const world = await mixedDayWorld(database, apiClient(seeded.base), seeded.caller);
      console.log(`  mixed day: ${world.members.length} members of ${world.groupIds.length} groups, each with their own token`);
      // On PostgreSQL a second server process on the same database (SQLite refuses one).
      const second = engine === 'postgres' ? await startServer(database) : undefined;
      rows.push(...(await measureMixedDay(world, { ...timing, second: second && { base: second.base, pid: second.server.pid } })));
      await second?.server.stopNow();
    }
    const memory = residentMemory(server.pid);
    if (measurePages)
      pages = await pagesFirstLoad(seeded.base, seeded.caller.token).catch((error) =>
        console.error(`web pages not measured: ${error.message}`),
      );
    return {
      pages,
      engine,
      engineVersion: Object.values(engineVersion)[0],
      dataSet,
      counts: seeded.counts,
      loadSeconds: seeded.loadSeconds,
      rows,
      rssMb: memory.rssMb,
      anonMb: memory.anonMb,
      fileMb: memory.fileMb,
    };
  } finally {
    await server?.stopNow();
    await database.destroy();
  }
}

try {
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = os.loadavg()[0];
  const engines = POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  console.log(
    `Bench: ${engines.join(' and ')}, ${CONNECTIONS} connections, ${SECONDS} s per measurement (+${WARMUP_SECONDS} s app warm-up)`,
  );
  const barePort = await freePort();
  const bare = startNode('scripts/bench/bare-server.mjs', { PORT: String(barePort) });
  const bareBase = `http://127.0.0.1:${barePort}`;
  await waitUntilUp(`${bareBase}/health`, bare);

  const results = [];
  for (const engine of engines) {
    for (const dataSet of DATA_SETS) {
      results.push(await benchDataSet(engine, dataSet, { bareBase, barePid: bare.pid }, engine === 'sqlite' && dataSet === 'small'));
    }
  }
  if (!(await webBuildReady())) throw new Error('apps/web/dist/index.html is missing: npm run build');
  const web = { indexHtml: indexHtmlFirstLoad(), pages: results[0]?.pages ?? [], build: buildFirstLoad() };
  for (const result of results) delete result.pages;
  compareSizes(results);
  const checks = checkTargets(results, web);
  console.log('');
  printTable(results);
  printSummary(results, web, checks);
  const file = writeResult({
    startedAt,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      // One-minute load average: how busy the machine was with other work besides the bench.
      loadAverage: { atStart: loadAverageAtStart, atEnd: os.loadavg()[0] },
    },
    settings: { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, world: WORLD, large: LARGE },
    targets: TARGETS,
    results,
    web,
    checks,
  });
  console.log(`\nResults written to ${file} and bench/results/latest.json`);
} catch (error) {
  console.error(`Bench failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
