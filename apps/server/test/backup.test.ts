import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { memoryMailer, testClock } from './test-app';

// `npm run backup` and `npm run restore` (scripts/*.mjs) on SQLite, run as child processes the way
// an operator runs them, against an app writing into the same database from this process.

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** Runs scripts/<script> with DATA_DIR set (and no DATABASE_URL); resolves with its exit code and output. */
function runScript(script: string, args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', script), ...args], { cwd: repoRoot, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The app on DATA_DIR/smm.sqlite, as main.ts builds it. */
async function startApp(dataDir: string) {
  const database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'smm.sqlite') });
  await migrateToLatest(database.db);
  const app = await buildApp({
    database,
    mailer: memoryMailer(),
    clock: testClock(Date.now()),
    config: {
      publicUrl: 'http://smm.test',
      adminEmail: 'a@smm.test',
      tokenTtlSeconds: 3600,
      logLevel: 'silent',
      rateLimitPerMinute: 1_000_000,
      // The write load creates events and cards far faster than a member may.
      userWritesPerMinute: 1_000_000,
      eventLimitPerHour: 1_000_000,
    },
  });
  return { app, stop: async () => (await app.close(), await database.close()) };
}

type Kind = 'users' | 'events' | 'group_cards';
interface Ack {
  kind: Kind;
  id: string;
  /** The request was sent after the backup process had exited. */
  sentAfterBackup: boolean;
}

/** Every row id of the tables the load writes to, read straight from a database file. */
function idsIn(file: string): Record<Kind, Set<string>> & { integrity: string } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const ids = (table: Kind) => new Set(db.prepare(`select id from ${table}`).pluck().all() as string[]);
    return {
      users: ids('users'),
      events: ids('events'),
      group_cards: ids('group_cards'),
      integrity: db.pragma('integrity_check', { simple: true }) as string,
    };
  } finally {
    db.close();
  }
}

it('restores a backup made under write load with every write acknowledged before it started', { timeout: 90_000 }, async () => {
  const liveDir = tempDir('smm-backup-live-');
  const live = await startApp(liveDir);
  const { app } = live;
  const owner = { username: 'backupowner', email: 'backupowner@example.com', password: 'owner password', password2: 'owner password' };
  expect((await app.inject({ method: 'POST', url: '/api/users/register', payload: owner })).statusCode).toBe(200);
  const { token } = (await app.inject({ method: 'POST', url: '/api/users/login', payload: owner })).json();
  const ownerId = (await app.inject({ method: 'GET', url: '/api/users/current', headers: { authorization: token } })).json().id;
  const group = (
    await app.inject({
      method: 'POST',
      url: '/api/groups/createGroup',
      headers: { authorization: token },
      payload: { groupName: 'Backups', gameName: 'Civilization 6' },
    })
  ).json();

  // ---- Write load: 4 writers of events, cards and (every 20th write) registrations.
  const acked: Ack[] = [];
  const failures: string[] = [];
  let backupDone = false;
  let stop = false;
  const start = Date.now() + 24 * 3600_000;
  async function write(writer: number, n: number): Promise<{ kind: Kind; id: string } | undefined> {
    const headers = { authorization: token };
    const [kind, res] =
      n % 20 === 0
        ? ([
            'users',
            await app.inject({
              method: 'POST',
              url: '/api/users/register',
              payload: {
                username: `w${writer}n${n}`,
                email: `w${writer}n${n}@example.com`,
                password: 'load password',
                password2: 'load password',
              },
            }),
          ] as const)
        : n % 4 === 1
          ? ([
              'group_cards',
              await app.inject({
                method: 'POST',
                url: '/api/components/postGroupCard',
                headers,
                payload: { groupID: group._id, title: `Card ${writer}-${n}` },
              }),
            ] as const)
          : ([
              'events',
              await app.inject({
                method: 'POST',
                url: '/api/events/postEvent',
                headers,
                payload: {
                  groupID: group._id,
                  userID: ownerId,
                  eventName: `Event ${writer}-${n}`,
                  startDate: new Date(start + n * 60_000).toISOString(),
                  endDate: new Date(start + n * 60_000 + 3600_000).toISOString(),
                },
              }),
            ] as const);
    if (res.statusCode !== 200) {
      failures.push(`${kind}: ${res.statusCode} ${res.body}`);
      return undefined;
    }
    const body = res.json();
    return { kind, id: kind === 'users' ? body.id : body._id };
  }
  const writers = [0, 1, 2, 3].map(async (writer) => {
    for (let n = 0; !stop; n += 1) {
      const sentAfterBackup = backupDone;
      const ack = await write(writer, n);
      if (ack) acked.push({ ...ack, sentAfterBackup });
    }
  });

  while (acked.length < 200 && failures.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  // Everything acknowledged so far is committed before the backup process even starts.
  const beforeBackup = acked.slice();
  const backupDir = path.join(liveDir, 'backups');
  const backup = await runScript('backup.mjs', [], liveDir);
  backupDone = true;
  const duringBackup = acked.length - beforeBackup.length;
  await new Promise((resolve) => setTimeout(resolve, 300));
  stop = true;
  await Promise.all(writers);

  expect(failures).toEqual([]);
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  // The load really ran while the backup was taken.
  expect(duringBackup).toBeGreaterThan(0);
  const [backupName] = fs.readdirSync(backupDir);
  expect(backupName).toMatch(/^smm-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.sqlite$/);
  const backupFile = path.join(backupDir, backupName!);
  expect(backup.stdout).toContain(`Backup written: ${backupFile}`);
  expect(fs.statSync(backupDir).mode & 0o777).toBe(0o700);
  expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);

  // ---- While the app still has the database open, restore refuses and changes nothing.
  const refused = await runScript('restore.mjs', [backupFile], liveDir);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/in use by another process: the SMM server is probably running/);
  const liveIds = idsIn(path.join(liveDir, 'smm.sqlite'));
  expect(acked.every((a) => liveIds[a.kind].has(a.id))).toBe(true);
  expect(fs.readdirSync(liveDir).filter((name) => name.includes('restore'))).toEqual([]);
  await live.stop();

  // ---- Restore into a fresh data dir.
  const restoredDir = tempDir('smm-backup-restored-');
  const restore = await runScript('restore.mjs', [backupFile], restoredDir);
  expect(restore.stderr).toBe('');
  expect(restore.code).toBe(0);
  expect(fs.readdirSync(restoredDir)).toEqual(['smm.sqlite']);
  const restored = idsIn(path.join(restoredDir, 'smm.sqlite'));
  expect(restored.integrity).toBe('ok');
  const missing = beforeBackup.filter((a) => !restored[a.kind].has(a.id));
  expect(missing).toEqual([]);
  // A snapshot: writes sent after the backup had finished are not in it.
  const sentAfter = acked.filter((a) => a.sentAfterBackup);
  expect(sentAfter.length).toBeGreaterThan(0);
  expect(sentAfter.filter((a) => restored[a.kind].has(a.id))).toEqual([]);

  // ---- The server starts on the restored copy and serves the data written before the backup.
  const second = await startApp(restoredDir);
  try {
    const address = await second.app.listen({ port: 0, host: '127.0.0.1' });
    expect((await fetch(`${address}/api/health`)).status).toBe(200);
    const login = await fetch(`${address}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    expect(login.status).toBe(200);
    const { token: restoredToken } = (await login.json()) as { token: string };
    const events = await fetch(`${address}/api/events/getEvents?groupID=${group._id}`, { headers: { authorization: restoredToken } });
    expect(events.status).toBe(200);
    const listed = new Set(((await events.json()) as { _id: string }[]).map((e) => e._id));
    expect(beforeBackup.filter((a) => a.kind === 'events' && !listed.has(a.id))).toEqual([]);
  } finally {
    await second.stop();
  }
});

it('restores over a crashed server: the old WAL is kept with the replaced database and never applied to the restored one', async () => {
  const dir = tempDir('smm-backup-crash-');
  const first = await startApp(dir);
  const payload = { username: 'crashowner', email: 'crashowner@example.com', password: 'crash password', password2: 'crash password' };
  expect((await first.app.inject({ method: 'POST', url: '/api/users/register', payload })).statusCode).toBe(200);
  await first.stop();
  const backupFile = path.join(tempDir('smm-backup-files-'), 'before-crash.sqlite');
  const backup = await runScript('backup.mjs', [backupFile], dir);
  expect(backup.code).toBe(0);

  // A server killed mid-flight: a committed write that lives only in smm.sqlite-wal.
  const crash = spawn(
    process.execPath,
    [
      '-e',
      `const db = new (require('better-sqlite3'))(process.argv[1]);
       db.pragma('journal_mode = WAL');
       db.prepare("insert into app_secrets (name, value) values ('after-backup', 'x')").run();
       process.kill(process.pid, 'SIGKILL');`,
      path.join(dir, 'smm.sqlite'),
    ],
    { cwd: repoRoot },
  );
  await new Promise((resolve) => crash.once('close', resolve));
  expect(fs.statSync(path.join(dir, 'smm.sqlite-wal')).size).toBeGreaterThan(0);

  const restore = await runScript('restore.mjs', [backupFile], dir);
  expect(restore.code).toBe(0);
  expect(fs.readdirSync(dir).filter((name) => name.startsWith('smm.sqlite'))).toEqual(['smm.sqlite']);
  const marker = (file: string) => {
    const db = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      return {
        integrity: db.pragma('integrity_check', { simple: true }),
        rows: db.prepare("select count(*) from app_secrets where name = 'after-backup'").pluck().get(),
      };
    } finally {
      db.close();
    }
  };
  expect(marker(path.join(dir, 'smm.sqlite'))).toEqual({ integrity: 'ok', rows: 0 });
  const [kept] = fs.readdirSync(path.join(dir, 'backups')).filter((name) => name.startsWith('smm-pre-restore-'));
  expect(restore.stdout).toContain(`kept at ${path.join(dir, 'backups', kept!)}`);
  expect(marker(path.join(dir, 'backups', kept!))).toEqual({ integrity: 'ok', rows: 1 });

  const second = await startApp(dir);
  const login = await second.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: payload.email, password: payload.password },
  });
  expect(login.statusCode).toBe(200);
  await second.stop();
});
