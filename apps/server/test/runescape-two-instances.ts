import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { createTestApp, memoryMailer, TEST_APP_CONFIG, type TestApp } from './test-app';

export interface TwoInstances {
  hiscores: OsrsHiscoresFake;
  /** The first instance, with the test database and clock. */
  a: TestApp;
  /** A second instance on the same PostgreSQL schema and clock, with its own jobs and lease holder. */
  b: Awaited<ReturnType<typeof buildApp>>;
}

/**
 * Two server instances on one PostgreSQL database (`url`) and one hiscores fake, built before the
 * calling describe's tests and closed after them. The fields are set once the tests run.
 */
export function useTwoInstances(url: string | undefined): TwoInstances {
  const twins = {} as TwoInstances;
  let bDatabase: DatabaseHandle | undefined;

  beforeAll(async () => {
    twins.hiscores = await createOsrsHiscoresFake();
    const config = {
      osrsHiscoresUrl: twins.hiscores.url,
      upstreamTimeoutMs: 2000,
      upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
    };
    twins.a = await createTestApp(config);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(twins.a.database.db);
    bDatabase = openDatabase({ kind: 'postgres', url: url!, schema: rows[0]!.schema, max: 10 });
    twins.b = await buildApp({
      database: bDatabase,
      mailer: memoryMailer(),
      clock: twins.a.clock,
      config: { ...TEST_APP_CONFIG, ...config },
    });
    await twins.b.ready();
  }, 60_000);

  afterAll(async () => {
    await twins.b?.close();
    await bDatabase?.close();
    await twins.a?.close();
    await twins.hiscores?.close();
  });

  return twins;
}
