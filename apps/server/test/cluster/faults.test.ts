import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkpointPostgres,
  clientAddress,
  createDatabase,
  createGroup,
  ensurePostgresRunning,
  ensureRedisRunning,
  freePort,
  localPostgresControl,
  localRedisControl,
  mapLimit,
  postEvent,
  REDIS_URL,
  redisPing,
  registerAndLogin,
  report,
  request,
  restartPostgres,
  SERVER_MAIN,
  sleep,
  startNode,
  stopRedis,
  tally,
  tempDir,
  type Answer,
  type ServerNode,
  type TestDatabase,
  whyNotRunnable,
} from './harness';

// Faults injected under load into the built server: PostgreSQL restarted, Redis gone, outside
// services unreachable or silent, and the server itself killed with SIGKILL mid-burst. Whatever a
// test does to PostgreSQL or Redis, its afterAll/finally brings them back: others use them too.

const CLIENT_TIMEOUT_MS = 10_000;

const noPostgres = await whyNotRunnable();
const pgControl = localPostgresControl();
const whyNoRestart = noPostgres ?? ('why' in pgControl ? pgControl.why : null);
const redisControl = localRedisControl();
const whyNoRedis =
  noPostgres ?? ('why' in redisControl ? redisControl.why : (await redisPing()) ? null : `Redis at ${REDIS_URL} is not reachable`);
const noBuild = fs.existsSync(SERVER_MAIN) ? null : `${SERVER_MAIN} is missing: run \`npm run build\` first`;
for (const [what, why] of [
  ['PostgreSQL restart', whyNoRestart],
  ['Redis down', whyNoRedis],
  ['outside services down', noBuild],
  ['kill -9 on PostgreSQL', noPostgres],
  ['kill -9 on SQLite', noBuild],
] as const) {
  if (why) report(`faults.test.ts: "${what}" skipped: ${why}`);
}

const isJsonError = (a: Answer) => a.json && typeof a.body?.message === 'string' && a.body.message.length > 0;

describe.skipIf(whyNoRestart !== null)('PostgreSQL restarted under load', () => {
  const version = 'version' in pgControl ? pgControl.version : '';
  let database: TestDatabase;
  let server: ServerNode;

  beforeAll(async () => {
    database = await createDatabase('pgrestart');
    // One client sends thousands of requests here: the general per-address and per-user limits are not under test.
    server = await startNode({
      name: 'P',
      env: { DATABASE_URL: database.url, RATE_LIMIT_PER_MINUTE: '1000000', USER_WRITES_PER_MINUTE: '1000000', EVENT_LIMIT_PER_HOUR: '1000000' },
    });
  });
  afterAll(async () => {
    await ensurePostgresRunning(version);
    await server?.stop();
    await database?.drop();
  });

  it('answers a clean 503 meanwhile, never hangs or crashes, and recovers by itself', async () => {
    const owner = await registerAndLogin(server);
    const group = await createGroup(server, owner, 'Restart Group');
    // A restart finishes the checkpoint in progress first; write it now, before the clock starts.
    await checkpointPostgres();
    const t0 = performance.now();
    const log: (Answer & { at: number; write: boolean })[] = [];
    const acked: string[] = [];
    let restartBegin = Infinity;
    let restartEnd = Infinity;
    let stop = false;
    let n = 0;

    const worker = async (w: number) => {
      for (let i = 0; !stop && i < 5000; i += 1) {
        const at = performance.now() - t0;
        const write = (w + i) % 3 === 0;
        const answer = write
          ? await postEvent(server, owner, group._id, { eventName: `Load ${(n += 1)}` }, CLIENT_TIMEOUT_MS)
          : await request(
              server,
              'GET',
              i % 2 ? `/api/groups/getUserGroups?userID=${owner.id}` : `/api/events/getEvents?groupID=${group._id}`,
              {
                from: owner.from,
                token: owner.token,
                timeoutMs: CLIENT_TIMEOUT_MS,
              },
            );
        log.push({ ...answer, at, write });
        if (write && answer.status === 200) acked.push(answer.body._id);
        if (answer.status !== 200) await sleep(50); // a client backing off a little, not a tight loop
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));

    try {
      await sleep(2000);
      restartBegin = performance.now() - t0;
      await restartPostgres(version); // pg_ctlcluster waits until the server accepts connections again
      restartEnd = performance.now() - t0;
      // Keep the load on until it has run clean for 3 s after the restart, 30 s at most.
      const deadline = restartEnd + 30_000;
      for (;;) {
        await sleep(250);
        const now = performance.now() - t0;
        const lastFailure = Math.max(restartEnd, ...log.filter((a) => a.status !== 200).map((a) => a.at + a.ms));
        if (now - lastFailure > 3000 || now > deadline) break;
      }
    } finally {
      stop = true;
      await load;
      await ensurePostgresRunning(version);
    }

    const during = log.filter((a) => a.at + a.ms >= restartBegin);
    const failures = log.filter((a) => a.status !== 200);
    const firstOkAfter = log.filter((a) => a.at >= restartEnd && a.status === 200).reduce((min, a) => Math.min(min, a.at + a.ms), Infinity);
    const lastFailureEnd = failures.reduce((max, a) => Math.max(max, a.at + a.ms), 0);
    report(
      `PostgreSQL restart: ${log.length} requests (8 clients, a third writes); pg_ctlcluster restart took ${Math.round(restartEnd - restartBegin)} ms; ` +
        `answers ${JSON.stringify(tally(log))}; slowest ${Math.max(...log.map((a) => a.ms))} ms; ` +
        `failures from +${Math.round(Math.min(...failures.map((a) => a.at)) - restartBegin)} to +${Math.round(lastFailureEnd - restartBegin)} ms of the restart's start, ` +
        `clean from then on (first success after pg_ctlcluster returned: +${Math.round(firstOkAfter - restartEnd)} ms); ` +
        `${acked.length} writes acknowledged`,
    );

    expect(server.alive(), `the server died:\n${server.output()}`).toBe(true);
    // The fault was felt: some requests failed while PostgreSQL was restarting.
    expect(failures.length).toBeGreaterThan(0);
    // Every answer came before the client's timeout, and every failure is a 503 with a JSON message.
    expect(
      log.filter((a) => a.status === 0),
      'requests with no answer',
    ).toEqual([]);
    expect(new Set(failures.map((a) => a.status))).toEqual(new Set([503]));
    for (const failure of failures) {
      expect(isJsonError(failure), JSON.stringify(failure.body)).toBe(true);
      expect(failure.body.message).not.toMatch(/select|insert|update|ECONN|postgres|terminat/i);
    }
    // Recovered by itself: within 5 s of PostgreSQL being back, and clean ever since.
    expect(firstOkAfter - restartEnd).toBeLessThan(5000);
    expect(lastFailureEnd - restartEnd).toBeLessThan(5000);
    expect(during.filter((a) => a.at > lastFailureEnd).length).toBeGreaterThan(20);
    expect((await request(server, 'GET', '/api/health')).status).toBe(200);
    // And every write it acknowledged, before or after the restart, is there.
    const events = await request(server, 'GET', `/api/events/getEvents?groupID=${group._id}`, { from: owner.from, token: owner.token });
    const stored = new Set((events.body as { _id: string }[]).map((e) => e._id));
    expect(acked.filter((id) => !stored.has(id))).toEqual([]);
  }, 480_000); // pg_ctl may wait minutes for a slow disk's shutdown checkpoint (harness.ts)
});

describe.skipIf(whyNoRedis !== null)('Redis down', () => {
  const limit = 40;
  let database: TestDatabase;
  let nodes: ServerNode[] = [];
  let whileDown: Promise<Answer[]> | undefined;

  /** 3 x limit requests from one new address, spread over both nodes. */
  const burst = (count = 3 * limit) => {
    const from = clientAddress();
    return mapLimit(Array.from({ length: count }), 10, (_, i) =>
      request(nodes[i % 2]!, 'GET', '/api/games/getGames', { from, timeoutMs: CLIENT_TIMEOUT_MS }),
    );
  };
  /** Stops Redis once and fires the burst at the nodes; the tests below read the same answers. */
  const burstWhileDown = () =>
    (whileDown ??= (async () => {
      await stopRedis();
      const answers = await burst();
      report(
        `Redis down: ${answers.length} requests from one address over 2 nodes (limit ${limit}/min) -> ${JSON.stringify(tally(answers))}, slowest ${Math.max(...answers.map((a) => a.ms))} ms`,
      );
      return answers;
    })());

  beforeAll(async () => {
    database = await createDatabase('redis');
    const env = { DATABASE_URL: database.url, REDIS_URL, RATE_LIMIT_PER_MINUTE: String(limit), EVENT_LIMIT_PER_HOUR: '1000000' };
    nodes = await Promise.all([startNode({ name: 'R1', env }), startNode({ name: 'R2', env })]);
  });
  afterAll(async () => {
    await ensureRedisRunning();
    await Promise.all(nodes.map((n) => n.stop()));
    await database?.drop();
  });

  it('shares the limit while Redis is up', async () => {
    const answers = await burst(2 * limit);
    expect(tally(answers)).toEqual({ 200: limit, 429: limit });
  });

  it('keeps serving while Redis is down: no 5xx, no hang, the process stays up', async () => {
    const answers = await burstWhileDown();
    expect(
      answers.filter((a) => a.status === 0),
      'requests with no answer',
    ).toEqual([]);
    expect(answers.filter((a) => a.status >= 500).map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    expect(nodes.every((n) => n.alive())).toBe(true);
    // Work that needs no rate-limit counter at all goes on too.
    expect((await request(nodes[0]!, 'GET', '/api/health')).status).toBe(200);
  });

  it('degrades the limit to per node while Redis is down (at most nodes x limit accepted)', async () => {
    const answers = await burstWhileDown();
    const accepted = answers.filter((a) => a.status === 200).length;
    expect(accepted).toBeGreaterThanOrEqual(limit);
    expect(accepted).toBeLessThanOrEqual(2 * limit);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);
  });

  it('shares the limit again once Redis is back', async () => {
    await burstWhileDown();
    await ensureRedisRunning();
    // ioredis reconnects with a back-off of up to 2 s: wait until both nodes count in Redis again.
    const deadline = Date.now() + 20_000;
    let answers: Answer[] = [];
    do {
      await sleep(1000);
      answers = await burst(2 * limit);
    } while (tally(answers)['200'] !== limit && Date.now() < deadline);
    expect(tally(answers)).toEqual({ 200: limit, 429: limit });
    expect(nodes.every((n) => n.alive())).toBe(true);
    report(`Redis back: the shared limit holds again (${limit} of ${answers.length} accepted)`);
  });
});

describe.skipIf(noBuild !== null)('outside services down', () => {
  let closed: ServerNode;
  let silent: ServerNode;
  let blackHole: net.Server;
  const sockets = new Set<net.Socket>();
  const timeoutMs = 1500;

  beforeAll(async () => {
    const closedPort = await freePort(); // nothing listens there: connection refused
    blackHole = net.createServer((socket) => {
      sockets.add(socket); // accepts and never answers
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const silentPort = (blackHole.address() as net.AddressInfo).port;
    const upstream = (port: number) => ({
      OSRS_HISCORES_URL: `http://127.0.0.1:${port}`,
      STEAM_API_URL: `http://127.0.0.1:${port}`,
      STEAM_API_KEY: 'cluster-test-key',
      UPSTREAM_TIMEOUT_MS: String(timeoutMs),
    });
    [closed, silent] = await Promise.all([
      startNode({ name: 'closed-upstream', env: upstream(closedPort) }),
      startNode({ name: 'silent-upstream', env: upstream(silentPort) }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([closed?.stop(), silent?.stop()]);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => blackHole?.close(resolve));
  });

  const lookups = (as: { from: string; token: string }, node: ServerNode) => [
    request(node, 'GET', '/api/runescape/getOSRSDetails/Zezima/normal', { from: as.from, token: as.token }),
    request(node, 'GET', '/api/steam/getProfile/76561197960287930', { from: as.from, token: as.token }),
    request(node, 'GET', '/api/steam/getGames/76561197960287930', { from: as.from, token: as.token }),
  ];

  it('answers 502 with a clear JSON message when the service refuses connections', async () => {
    const user = await registerAndLogin(closed);
    const answers = await Promise.all(lookups(user, closed));
    expect(answers.map((a) => a.status)).toEqual([502, 502, 502]);
    expect(answers.map((a) => a.body.message)).toEqual([
      'The RuneScape hiscores are not available right now. Please try again later.',
      'Steam is not available right now. Please try again later.',
      'Steam is not available right now. Please try again later.',
    ]);
    for (const a of answers) expect(a.ms).toBeLessThan(timeoutMs + 2000);
    expect(closed.alive()).toBe(true);
  });

  it('answers 504 after the timeout when the service never answers, while the rest of the app is unaffected', async () => {
    const user = await registerAndLogin(silent);
    const pending = Promise.all([...lookups(user, silent), ...lookups(user, silent)]);
    const started = performance.now();
    // Meanwhile the app's own work goes on at its usual speed.
    const other = await registerAndLogin(silent);
    const group = await createGroup(silent, other, 'Unaffected');
    const reads = await Promise.all([
      request(silent, 'GET', `/api/groups/getUserGroups?userID=${other.id}`, { from: other.from, token: other.token }),
      request(silent, 'GET', `/api/events/getEvents?groupID=${group._id}`, { from: other.from, token: other.token }),
      request(silent, 'GET', '/api/games/getGames', { from: other.from }),
    ]);
    const ownWorkMs = performance.now() - started;
    expect(tally(reads)).toEqual({ 200: 3 });
    const answers = await pending;
    expect(answers.map((a) => a.status)).toEqual([504, 504, 504, 504, 504, 504]);
    expect(answers[0]!.body.message).toBe('The RuneScape hiscores did not answer in time. Please try again later.');
    expect(answers[1]!.body.message).toBe('Steam did not answer in time. Please try again later.');
    for (const a of answers) {
      expect(a.ms).toBeGreaterThanOrEqual(timeoutMs - 100);
      expect(a.ms).toBeLessThan(timeoutMs + 2000);
    }
    // The app's own requests finished before the outside calls gave up: nothing waited on them.
    expect(ownWorkMs).toBeLessThan(Math.min(...answers.map((a) => a.ms)));
    expect(silent.alive()).toBe(true);
    report(
      `outside services: refused -> 502 x3; silent -> 504 x6 after ~${Math.round(Math.min(...answers.map((a) => a.ms)))} ms ` +
        `(timeout ${timeoutMs} ms) while register+login+createGroup+3 reads took ${Math.round(ownWorkMs)} ms`,
    );
  });
});

/**
 * Fires concurrent writes (event creations, and registrations on two of the clients), SIGKILLs
 * the server mid-burst, restarts it on the same data and checks every write that was answered 200.
 */
async function killDuringBurst(engine: 'sqlite' | 'postgres', env: Record<string, string>, dataDir: string) {
  const first = await startNode({ name: `${engine}-before-kill`, env, dataDir });
  const owner = await registerAndLogin(first);
  const group = await createGroup(first, owner, 'Burst Group');
  const ackedEvents: string[] = [];
  const ackedUsers: { email: string; password: string }[] = [];
  const answers: Answer[] = [];
  let killed = false;
  let n = 0;

  const worker = async (w: number) => {
    for (let i = 0; !killed && i < 400; i += 1) {
      if (w < 2) {
        const tag = `k${engine[0]}${Date.now().toString(36)}${w}x${i}`;
        const body = { username: tag, email: `${tag}@example.com`, password: 'burst password', password2: 'burst password' };
        const answer = await request(first, 'POST', '/api/users/register', { from: clientAddress(), body, timeoutMs: CLIENT_TIMEOUT_MS });
        answers.push(answer);
        if (answer.status === 200) ackedUsers.push({ email: body.email, password: body.password });
      } else {
        const answer = await postEvent(first, owner, group._id, { eventName: `Burst ${(n += 1)}` }, CLIENT_TIMEOUT_MS);
        answers.push(answer);
        if (answer.status === 200) ackedEvents.push(answer.body._id);
      }
    }
  };
  const burst = Promise.all(Array.from({ length: 16 }, (_, w) => worker(w)));
  await sleep(1500);
  killed = true;
  await first.kill9();
  await burst;
  const inFlight = answers.filter((a) => a.status === 0).length;
  expect(first.exit?.signal).toBe('SIGKILL');
  expect(
    answers.filter((a) => a.status !== 200 && a.status !== 0),
    'answers other than 200 before the kill',
  ).toEqual([]);
  expect(ackedEvents.length).toBeGreaterThan(20);
  expect(ackedUsers.length).toBeGreaterThan(0);
  expect(inFlight, 'requests cut off by the kill').toBeGreaterThan(0);

  const second = await startNode({ name: `${engine}-after-kill`, env, dataDir });
  try {
    const events = await request(second, 'GET', `/api/events/getEvents?groupID=${group._id}`, { from: owner.from, token: owner.token });
    expect(events.status).toBe(200);
    const stored = new Set((events.body as { _id: string }[]).map((e) => e._id));
    const lostEvents = ackedEvents.filter((id) => !stored.has(id));
    const logins = await mapLimit(ackedUsers, 4, (u) => request(second, 'POST', '/api/users/login', { from: clientAddress(), body: u }));
    const lostUsers = ackedUsers.filter((_, i) => logins[i]!.status !== 200);
    report(
      `kill -9 on ${engine}: ${answers.length} writes sent by 16 clients, ${ackedEvents.length} events + ${ackedUsers.length} registrations acknowledged, ` +
        `${inFlight} cut off in flight; after restart: ${lostEvents.length + lostUsers.length} acknowledged writes lost, ` +
        `${stored.size - ackedEvents.length} unacknowledged events found committed`,
    );
    expect(lostEvents).toEqual([]);
    expect(lostUsers).toEqual([]);
  } finally {
    await second.stop();
  }
}

describe('kill -9 during a burst of writes keeps every acknowledged write', () => {
  // The burst is one owner's writes, far faster than anyone may make them: the limits on them are not under test.
  const unlimited = { EVENT_LIMIT_PER_HOUR: '1000000', USER_WRITES_PER_MINUTE: '1000000' };
  it.skipIf(noBuild !== null)('on SQLite (temporary DATA_DIR)', async () => {
    const dataDir = tempDir('kill-sqlite');
    try {
      await killDuringBurst('sqlite', unlimited, dataDir);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(noPostgres !== null)('on PostgreSQL', async () => {
    const database = await createDatabase('kill');
    const dataDir = tempDir('kill-pg');
    try {
      await killDuringBurst('postgres', { DATABASE_URL: database.url, ...unlimited }, dataDir);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
