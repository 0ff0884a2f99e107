import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDeps } from '../src/app';
import type { Clock } from '../src/clock';
import { openDatabase, type DatabaseHandle, type QueryListener } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { Mail, Mailer } from '../src/integrations/mailer';

/** A clock the test moves by hand. */
export function testClock(start = Date.UTC(2026, 10, 23, 12)): Clock & { advance(ms: number): void; set(ms: number): void } {
  let now = start;
  return { now: () => now, advance: (ms) => void (now += ms), set: (ms) => void (now = ms) };
}

/** Captures mails in memory; the SMTP path itself is tested against a local SMTP server. */
export function memoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return { sent, send: async (mail) => void sent.push(mail) };
}

/**
 * A fresh database for one test file: a temporary SQLite file, or a fresh schema in
 * PostgreSQL when TEST_DATABASE_URL is set. Migrated, and removed again by `destroy`.
 */
export async function testDatabase({ onQuery }: { onQuery?: QueryListener } = {}): Promise<DatabaseHandle & { destroy(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const handle = openDatabase({ kind: 'postgres', url, schema, max: 20, onQuery });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      async destroy() {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop schema ${schema} cascade`);
        await cleanup.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smm-test-'));
  const handle = openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.sqlite'), onQuery });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async destroy() {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  mailer: ReturnType<typeof memoryMailer>;
  clock: ReturnType<typeof testClock>;
  close(): Promise<void>;
}

/** buildApp on a fresh database with a memory mailer and a hand-moved clock; `onQuery` sees every query. */
/**
 * The configuration of every app the suites build: quiet, no rate limit in the way, and every
 * answer written both through zod and through its compiled serializer (plugins/response-serializer.ts).
 */
export const TEST_APP_CONFIG = {
  publicUrl: 'http://smm.test',
  adminEmail: 'admin@smm.test',
  tokenTtlSeconds: 3600,
  logLevel: 'silent',
  rateLimitPerMinute: 100_000,
  userWritesPerMinute: 100_000,
  checkResponseSerializer: true,
} satisfies AppDeps['config'];

export async function createTestApp(
  overrides: Partial<AppDeps['config']> & { deps?: Partial<AppDeps>; onQuery?: QueryListener } = {},
): Promise<TestApp> {
  const { deps, onQuery, ...config } = overrides;
  const database = await testDatabase({ onQuery });
  const mailer = memoryMailer();
  const clock = testClock();
  const app = await buildApp({
    database,
    mailer,
    clock,
    ...deps,
    config: { ...TEST_APP_CONFIG, ...config },
  });
  await app.ready();
  return {
    app,
    database,
    mailer,
    clock,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

let counter = 0;
/** Registers and logs in a new user; returns the user and the Authorization header value. */
export async function createUser(app: FastifyInstance, fields: Partial<{ username: string; email: string; password: string }> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  const username = fields.username ?? `user${tag}`;
  const email = fields.email ?? `${username.toLowerCase()}@example.com`;
  const password = fields.password ?? 'correct horse battery';
  const registered = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { username, email, password, password2: password },
  });
  if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const token = (login.json() as { token: string }).token;
  return {
    user: registered.json() as { id: string; username: string; email: string; steamID: string | null },
    token,
    password,
    auth: { authorization: token },
  };
}
