import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { memoryMailer, testClock } from './test-app';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smm-restart-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Starts the app on the SQLite file under `dir`, as main.ts does, with no secret configured. */
async function start() {
  const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'smm.sqlite') });
  await migrateToLatest(database.db);
  const app = await buildApp({
    database,
    mailer: memoryMailer(),
    clock: testClock(Date.now()),
    config: { publicUrl: 'http://smm.test', adminEmail: 'a@smm.test', tokenTtlSeconds: 3600, logLevel: 'silent' },
  });
  return { app, stop: async () => (await app.close(), await database.close()) };
}

it('keeps accounts and sessions across a restart', async () => {
  const first = await start();
  const payload = { username: 'persisted', email: 'persisted@example.com', password: 'kept password', password2: 'kept password' };
  expect((await first.app.inject({ method: 'POST', url: '/api/users/register', payload })).statusCode).toBe(200);
  const { token } = (await first.app.inject({ method: 'POST', url: '/api/users/login', payload })).json();
  await first.stop();

  const second = await start();
  const login = await second.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: payload.email, password: payload.password } });
  expect(login.statusCode).toBe(200);
  // The signing secret lives in the database too, so tokens issued before the restart still work.
  const me = await second.app.inject({ method: 'GET', url: '/api/users/current', headers: { authorization: token } });
  expect(me.statusCode).toBe(200);
  expect(me.json().username).toBe('persisted');
  await second.stop();
});
