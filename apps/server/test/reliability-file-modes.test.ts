import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { createMailer } from '../src/integrations/mailer';

// The database holds password hashes and the signing secret; the outbox holds reset links.
// Nobody but the server's own user may read them.

const posix = process.platform !== 'win32';
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
/** The mode, or null where the platform has no POSIX modes (the files must still exist). */
const mode = (file: string) => (posix ? modeOf(file) : (fs.statSync(file), null));
const PRIVATE_DIR = posix ? 0o700 : null;
const PRIVATE_FILE = posix ? 0o600 : null;

const roots: string[] = [];
const tempRoot = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smm-modes-'));
  roots.push(dir);
  return dir;
};
afterAll(() => roots.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('SQLite database', () => {
  it('creates the data dir 0700 and the database with its -wal and -shm 0600', async () => {
    const dataDir = path.join(tempRoot(), 'data', 'nested');
    const file = path.join(dataDir, 'smm.sqlite');
    const handle = openDatabase({ kind: 'sqlite', file });
    try {
      await migrateToLatest(handle.db);
      expect(fs.existsSync(`${file}-wal`)).toBe(true);
      expect(fs.existsSync(`${file}-shm`)).toBe(true);
      expect(mode(dataDir)).toBe(PRIVATE_DIR);
      expect(mode(path.dirname(dataDir))).toBe(PRIVATE_DIR);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect([f, mode(f)]).toEqual([f, PRIVATE_FILE]);
    } finally {
      await handle.close();
    }
  });

  it.skipIf(!posix)('tightens database files left readable by an older version', async () => {
    const dataDir = path.join(tempRoot(), 'data');
    const file = path.join(dataDir, 'smm.sqlite');
    const first = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(first.db);
    // Keep the -wal and -shm: a second connection holds them open while the first closes.
    const holder = openDatabase({ kind: 'sqlite', file });
    await holder.db.selectFrom('users').select('id').execute();
    await first.close();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.chmodSync(f, 0o644);

    const second = openDatabase({ kind: 'sqlite', file });
    try {
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect([f, modeOf(f)]).toEqual([f, 0o600]);
    } finally {
      await second.close();
      await holder.close();
    }
  });
});

describe('outbox mails', () => {
  it('creates the outbox dir 0700 and each .eml 0600, and tightens an existing outbox dir', async () => {
    const outbox = path.join(tempRoot(), 'data', 'outbox');
    const mailer = createMailer({ from: 'SMM <no-reply@smm.test>', outboxDir: outbox, log: pino({ level: 'silent' }) });
    await mailer.send({ to: 'player@example.com', subject: 'Reset', text: 'http://smm.test/changePassword?token=secret' });
    expect(mode(outbox)).toBe(PRIVATE_DIR);
    expect(mode(path.dirname(outbox))).toBe(PRIVATE_DIR);
    const [first] = fs.readdirSync(outbox);
    expect(mode(path.join(outbox, first!))).toBe(PRIVATE_FILE);

    if (!posix) return;
    fs.chmodSync(outbox, 0o755);
    const later = createMailer({ from: 'SMM <no-reply@smm.test>', outboxDir: outbox, log: pino({ level: 'silent' }) });
    await later.send({ to: 'player@example.com', subject: 'Reset', text: 'again' });
    expect(modeOf(outbox)).toBe(0o700);
    for (const file of fs.readdirSync(outbox)) expect(modeOf(path.join(outbox, file))).toBe(0o600);
  });
});

describe('the server process (main.ts)', () => {
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });

  it.skipIf(!posix)(
    'tightens an existing data dir at start, keeps the database 0600 and writes reset mails 0600 without logging the address',
    async () => {
      const dataDir = path.join(tempRoot(), 'data');
      fs.mkdirSync(path.join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
      fs.chmodSync(dataDir, 0o755);
      fs.chmodSync(path.join(dataDir, 'outbox'), 0o755);

      const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
      for (const key of ['DATABASE_URL', 'SMTP_URL', 'REDIS_URL', 'JWT_SECRET', 'PUBLIC_URL']) delete env[key];
      child = spawn(path.join(serverDir, '../../node_modules/.bin/tsx'), ['src/main.ts'], { cwd: serverDir, env });
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const base = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
          if (url && output.includes('SMM is ready')) {
            clearInterval(timer);
            resolve(url);
          } else if (child!.exitCode !== null) {
            clearInterval(timer);
            reject(new Error(`server exited: ${output}`));
          }
        }, 50);
      });

      expect(modeOf(dataDir)).toBe(0o700);
      const db = path.join(dataDir, 'smm.sqlite');
      for (const f of [db, `${db}-wal`, `${db}-shm`]) expect([f, modeOf(f)]).toEqual([f, 0o600]);

      const email = 'mode-check.person@example.org';
      const post = (url: string, body: unknown) =>
        fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const registered = await post('/api/users/register', {
        username: 'modecheck',
        email,
        password: 'long enough',
        password2: 'long enough',
      });
      expect(registered.status).toBe(200);
      expect((await post('/api/users/resetPassword', { email })).status).toBe(200);
      const outbox = path.join(dataDir, 'outbox');
      await expect.poll(() => fs.readdirSync(outbox).length, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => output, { timeout: 5_000 }).toContain('mail written to outbox');

      expect(modeOf(outbox)).toBe(0o700);
      const mail = path.join(outbox, fs.readdirSync(outbox)[0]!);
      expect(modeOf(mail)).toBe(0o600);
      expect(fs.readFileSync(mail, 'utf8')).toContain(email);
      expect(output).not.toContain(email);
      expect(output).not.toContain('mode-check.person');
    },
  );
});
