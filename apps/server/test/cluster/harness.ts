/**
 * Plumbing for the cluster suites: the BUILT server (`apps/server/dist/main.js`) spawned as child
 * processes on free ports, a fresh PostgreSQL database per test file, an HTTP client that can speak
 * from any loopback address (127.x.y.z) so each scenario is its own client IP, and control of the
 * machine's PostgreSQL and Redis for fault injection. All traffic stays on the loopback interface.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';

const execFileAsync = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));

/** The built server; TEST_SERVER_MAIN may point at another build (say, of an older commit) to compare. */
export const SERVER_MAIN = process.env.TEST_SERVER_MAIN || path.resolve(here, '../../dist/main.js');
export const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Every test in this folder logs its figures with this prefix, so a CI log shows them together. */
export const report = (...parts: unknown[]) => console.log('[cluster]', ...parts);

// ---------------------------------------------------------------------------------------------
// Environment probes: the suites skip (with a message) rather than fail when a service is absent.

async function postgresReachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${redact(url)} is not reachable (${(error as Error).message}); set TEST_DATABASE_URL`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function redisPing(url = REDIS_URL, timeoutMs = 1500): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/**
 * Why the cluster suites cannot run here, or null when they can: the built server, PostgreSQL and
 * (when asked) Redis must be there. A missing build is a setup error, reported the same way.
 */
export async function whyNotRunnable(needs: { redis?: boolean } = {}): Promise<string | null> {
  if (!fs.existsSync(SERVER_MAIN)) return `${SERVER_MAIN} is missing: run \`npm run build\` first`;
  const pgProblem = await postgresReachable(PG_URL);
  if (pgProblem) return pgProblem;
  if (needs.redis && !(await redisPing()))
    return `Redis at ${redact(REDIS_URL)} is not reachable; set TEST_REDIS_URL or start redis-server`;
  return null;
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

// ---------------------------------------------------------------------------------------------
// A fresh PostgreSQL database per test file, dropped afterwards.

export interface TestDatabase {
  url: string;
  name: string;
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function createDatabase(label: string): Promise<TestDatabase> {
  const name = `smm_cluster_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdmin((c) => c.query(`create database "${name}"`));
  const parsed = new URL(PG_URL);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  return {
    url,
    name,
    async query(text, values) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      client.on('error', () => undefined);
      await client.connect();
      try {
        return (await client.query(text, values as unknown[])).rows;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    async drop() {
      await withAdmin((c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Server processes.

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `smm-cluster-${label}-`));
}

export interface ServerNode {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  readonly pid: number;
  readonly exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  alive(): boolean;
  output(): string;
  /** SIGKILL, no chance to flush or close anything; resolves once the process is gone. */
  kill9(): Promise<void>;
  /** SIGTERM (graceful close), SIGKILL after 10 s; removes the data dir unless the test passed one in. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// Never leave a server behind, whatever happens to the test run.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface StartOptions {
  name: string;
  env?: Record<string, string | undefined>;
  dataDir?: string;
  port?: number;
  readyTimeoutMs?: number;
}

/** Spawns the built server with a clean environment and waits until /api/health answers 200. */
export async function startNode(options: StartOptions): Promise<ServerNode> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? tempDir(options.name);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  for (const [key, value] of Object.entries(options.env ?? {})) if (value !== undefined) env[key] = value;
  const child = spawn(process.execPath, [SERVER_MAIN], { env, cwd: path.dirname(SERVER_MAIN), stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(line.slice(0, 2000));
    if (lines.length > 400) lines.splice(0, lines.length - 400);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exit: ServerNode['exit'] = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      running.delete(child);
      resolve();
    }),
  );

  const node: ServerNode = {
    name: options.name,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    get pid() {
      return child.pid ?? -1;
    },
    get exit() {
      return exit;
    },
    alive: () => exit === null,
    output: () => lines.join('\n'),
    async kill9() {
      if (exit) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!exit) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      // A data dir the harness made is removed with its node; one passed in belongs to the test.
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (exit) throw new Error(`${options.name} exited during start-up (${JSON.stringify(exit)}):\n${node.output()}`);
    const health = await request(node, 'GET', '/api/health', { timeoutMs: 2000 });
    if (health.status === 200) return node;
    await sleep(100);
  }
  await node.kill9();
  throw new Error(`${options.name} did not become healthy in time:\n${node.output()}`);
}

// ---------------------------------------------------------------------------------------------
// HTTP client: one fresh connection per request, from a chosen loopback address, with a deadline.

// Response bodies are read field by field, whatever their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

export interface Answer {
  status: number; // 0: no answer (timeout, refused, reset)
  body: Body;
  json: boolean;
  ms: number;
  error?: string;
  node: string;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  from?: string;
  timeoutMs?: number;
}

export function request(
  node: Pick<ServerNode, 'port' | 'name'>,
  method: 'GET' | 'POST',
  urlPath: string,
  options: RequestOptions = {},
): Promise<Answer> {
  const started = performance.now();
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  return new Promise<Answer>((resolve) => {
    let settled = false;
    const finish = (answer: Omit<Answer, 'ms' | 'node'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, ms: Math.round(performance.now() - started), node: node.name });
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port: node.port,
        method,
        path: urlPath,
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...(options.token ? { authorization: options.token } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => finish({ status: 0, body: null, json: false, error: error.message }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: Body = text;
          let json = false;
          if ((res.headers['content-type'] ?? '').includes('json')) {
            try {
              body = JSON.parse(text);
              json = true;
            } catch {
              // left as text: the assertions say it was not JSON
            }
          }
          finish({ status: res.statusCode ?? 0, body, json });
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error('timeout'));
      finish({ status: 0, body: null, json: false, error: `no answer within ${options.timeoutMs ?? 10_000} ms` });
    }, options.timeoutMs ?? 10_000);
    req.on('error', (error: NodeJS.ErrnoException) => finish({ status: 0, body: null, json: false, error: error.code ?? error.message }));
    req.end(payload);
  });
}

// A random start, so a second run within the same minute does not meet the first one's counters.
let addressCounter = Math.floor(Math.random() * 60_000);
const addressBase = 16 + Math.floor(Math.random() * 200);
/**
 * A loopback client address of its own (127.x.y.z, never 127.0.0.1): the server sees it as the
 * client IP, so every scenario has its own rate-limit and throttle counters, also in a shared Redis.
 */
export function clientAddress(): string {
  addressCounter += 1;
  return `127.${addressBase}.${Math.floor(addressCounter / 250) % 256}.${(addressCounter % 250) + 1}`;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index]!, index);
      }
    }),
  );
  return results;
}

/** Counts of each status, e.g. { '200': 5, '409': 25 }. */
export function tally(answers: readonly Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[String(a.status)] = (counts[String(a.status)] ?? 0) + 1;
  return counts;
}

// ---------------------------------------------------------------------------------------------
// The product's API, as a client uses it.

export interface Account {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
  from: string;
}

let userCounter = 0;
const runTag = `${Date.now().toString(36)}${process.pid.toString(36)}`;

export async function registerAndLogin(node: ServerNode, from = clientAddress()): Promise<Account> {
  userCounter += 1;
  const username = `c${runTag}${userCounter}`;
  const email = `${username}@example.com`;
  const password = 'cluster test password';
  const registered = await request(node, 'POST', '/api/users/register', { from, body: { username, email, password, password2: password } });
  if (registered.status !== 200) throw new Error(`register on ${node.name}: ${registered.status} ${JSON.stringify(registered.body)}`);
  const login = await request(node, 'POST', '/api/users/login', { from, body: { email, password } });
  if (login.status !== 200) throw new Error(`login on ${node.name}: ${login.status} ${JSON.stringify(login.body)}`);
  return { id: registered.body.id, username, email, password, token: login.body.token, from };
}

export async function createGroup(node: ServerNode, owner: Account, groupName = 'Cluster Group') {
  const res = await request(node, 'POST', '/api/groups/createGroup', {
    from: owner.from,
    token: owner.token,
    body: { groupName, gameName: 'Civilization 6', isPrivate: true },
  });
  if (res.status !== 200) throw new Error(`createGroup on ${node.name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { _id: string; inviteLink: string };
}

export async function joinGroup(node: ServerNode, group: { _id: string; inviteLink: string }, user: Account) {
  const res = await request(node, 'POST', '/api/groups/joinGroup', {
    from: user.from,
    token: user.token,
    body: { groupID: group._id, userID: user.id, inviteLink: group.inviteLink },
  });
  if (res.status !== 200) throw new Error(`joinGroup on ${node.name}: ${res.status} ${JSON.stringify(res.body)}`);
}

export const HOUR = 3600_000;

export function postEvent(
  node: ServerNode,
  as: Account,
  groupID: string,
  fields: { eventName: string; maxNumberOfMembers?: number; startIn?: number },
  timeoutMs?: number,
) {
  const start = Date.now() + (fields.startIn ?? 48 * HOUR);
  return request(node, 'POST', '/api/events/postEvent', {
    from: as.from,
    token: as.token,
    timeoutMs,
    body: {
      groupID,
      userID: as.id,
      eventName: fields.eventName,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * HOUR).toISOString(),
      ...(fields.maxNumberOfMembers ? { maxNumberOfMembers: fields.maxNumberOfMembers } : {}),
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The machine's PostgreSQL and Redis (node-svc machines: local Debian services, run as root).

const isLocalHost = (url: string) => ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(new URL(url).hostname);

/** The local cluster's version (from /etc/postgresql), or why it cannot be restarted from here. */
export function localPostgresControl(): { version: string } | { why: string } {
  if (!isLocalHost(PG_URL)) return { why: `TEST_DATABASE_URL points at ${new URL(PG_URL).hostname}, not this machine` };
  if (process.getuid?.() !== 0) return { why: 'restarting PostgreSQL needs root' };
  let versions: string[] = [];
  try {
    versions = fs.readdirSync('/etc/postgresql').filter((v) => /^\d+$/.test(v));
  } catch {
    return { why: 'no /etc/postgresql: not a Debian PostgreSQL cluster' };
  }
  if (versions.length !== 1) return { why: `expected one cluster version in /etc/postgresql, found ${versions.join(', ') || 'none'}` };
  return { version: versions[0]! };
}

/**
 * How long pg_ctl may wait for the cluster to stop or start. A shutdown first finishes any
 * checkpoint in progress, which after the integration suites can mean tens of thousands of files to
 * write and sync: pg_ctl's own 60 s is not always enough on a slow disk.
 */
const PG_CTL_WAIT_SECONDS = 180;

async function pgCtl(version: string, action: 'start' | 'stop' | 'restart'): Promise<void> {
  await execFileAsync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action, '--', '-t', String(PG_CTL_WAIT_SECONDS)], {
    timeout: (PG_CTL_WAIT_SECONDS + 30) * 1000,
  });
}

/**
 * Writes every dirty buffer now, so that a restart right after has little left to write: what the
 * fault suite restarts is then PostgreSQL, not the checkpoint the earlier suites left behind.
 */
export async function checkpointPostgres(): Promise<void> {
  await withAdmin((c) => c.query('checkpoint'));
}

export async function restartPostgres(version: string): Promise<void> {
  await pgCtl(version, 'restart');
}

/**
 * Starts the cluster unless it answers; safe to call at any time (used in every `finally`). A
 * cluster still shutting down refuses to start, so it tries again until it answers.
 */
export async function ensurePostgresRunning(version: string): Promise<void> {
  const deadline = Date.now() + PG_CTL_WAIT_SECONDS * 1000;
  let lastProblem = await postgresReachable(PG_URL);
  while (lastProblem !== null) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL did not come back within ${PG_CTL_WAIT_SECONDS} s: ${lastProblem}`);
    await pgCtl(version, 'start').catch(() => undefined); // "already running" (or still stopping) exits non-zero
    lastProblem = await postgresReachable(PG_URL);
    if (lastProblem !== null) await sleep(1000);
  }
}

/** How the machine's Redis is started (the env doc's command); only for the default local Redis. */
const REDIS_START = [
  '--daemonize',
  'yes',
  '--bind',
  '127.0.0.1',
  '-::1',
  '--port',
  '6379',
  '--save',
  '',
  '--appendonly',
  'no',
  '--dir',
  '/var/lib/redis',
  '--logfile',
  '/var/log/redis/ci.log',
];

export function localRedisControl(): { ok: true } | { why: string } {
  const url = new URL(REDIS_URL);
  if (!isLocalHost(REDIS_URL) || (url.port || '6379') !== '6379') return { why: `TEST_REDIS_URL is not this machine's Redis on port 6379` };
  return { ok: true };
}

export async function stopRedis(): Promise<void> {
  // SHUTDOWN closes the connection instead of answering; redis-cli then exits non-zero.
  await execFileAsync('redis-cli', ['-u', REDIS_URL, 'shutdown', 'nosave'], { timeout: 10_000 }).catch(() => undefined);
  for (let i = 0; i < 50 && (await redisPing(REDIS_URL, 300)); i += 1) await sleep(100);
  if (await redisPing(REDIS_URL, 300)) throw new Error('Redis is still up after shutdown');
}

export async function ensureRedisRunning(): Promise<void> {
  if (await redisPing()) return;
  fs.mkdirSync('/var/lib/redis', { recursive: true });
  fs.mkdirSync('/var/log/redis', { recursive: true });
  await execFileAsync('redis-server', REDIS_START, { timeout: 10_000 });
  for (let i = 0; i < 50; i += 1) {
    if (await redisPing()) return;
    await sleep(100);
  }
  throw new Error('Redis did not come back');
}
