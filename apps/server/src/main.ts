import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { systemClock } from './clock';
import { lockDataDir } from './db/data-dir-lock';
import { openDatabase, preparePrivateDir } from './db/database';
import { migrateToLatest } from './db/migrate';
import { readEnv } from './env';
import { createInProcessGroupChanges } from './features/live/group-changes';
import { createPostgresGroupChanges } from './features/live/postgres-group-changes';
import { createEventMailJob } from './features/reminders/event-mail.job';
import { createMailer } from './integrations/mailer';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const env = readEnv();
  const log = pino({ level: env.LOG_LEVEL });
  // A forgotten catch somewhere must not take every request down with it: logged, and serving goes on.
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));
  process.on('uncaughtException', (error) => {
    log.fatal({ err: error }, 'uncaught exception, exiting');
    process.exit(1);
  });
  // The data dir holds the SQLite database and the outbox; one made by an older version may be readable by all.
  if (!env.DATABASE_URL || !env.SMTP_URL) {
    try {
      preparePrivateDir(env.DATA_DIR);
    } catch (error) {
      // A dir owned by another user cannot be changed by us; say so rather than refuse to start.
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
      log.warn({ dataDir: env.DATA_DIR }, 'the data dir is not owned by this user and stays readable by others; give it mode 0700');
    }
  }
  // One server per SQLite database: a second would keep answers and rows the first changes behind its back.
  const releaseDataDir = env.DATABASE_URL ? undefined : lockDataDir(env.DATA_DIR);
  const onConnectionError = (error: Error) =>
    log.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'PostgreSQL connection lost');
  const database = openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, max: env.DATABASE_POOL_SIZE, onConnectionError }
      : { kind: 'sqlite', file: path.join(env.DATA_DIR, 'smm.sqlite') },
  );
  await migrateToLatest(database.db);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(env.DATA_DIR, 'outbox'), log });
  // Live pages and Discord posts hear of changes from every instance through PostgreSQL, or in process on SQLite.
  const changes = env.DATABASE_URL
    ? await createPostgresGroupChanges({ db: database.db, url: env.DATABASE_URL, log })
    : createInProcessGroupChanges((error) => log.error({ err: error }, 'group change listener failed'));
  const app = await buildApp({
    database,
    clock: systemClock,
    mailer,
    changes,
    config: {
      publicUrl: env.PUBLIC_URL,
      adminEmail: env.ADMIN_EMAIL,
      tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
      jwtSecret: env.JWT_SECRET,
      redisUrl: env.REDIS_URL,
      logLevel: env.LOG_LEVEL,
      osrsHiscoresUrl: env.OSRS_HISCORES_URL,
      steamApiKey: env.STEAM_API_KEY,
      steamApiUrl: env.STEAM_API_URL,
      steamOpenIdUrl: env.STEAM_OPENID_URL,
      upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
      runescape: {
        refreshEveryMs: env.RUNESCAPE_REFRESH_SECONDS * 1000,
        // Renewed every tick; a leader that dies is replaced after three missed ticks.
        refreshLeaseMs: 3 * env.RUNESCAPE_JOB_INTERVAL_SECONDS * 1000,
      },
      rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
      userWritesPerMinute: env.USER_WRITES_PER_MINUTE,
      eventLimitPerHour: env.EVENT_LIMIT_PER_HOUR,
      signupChangesPerHour: env.SIGNUP_CHANGES_PER_HOUR,
      eventReminderLeadMs: env.EVENT_REMINDER_MINUTES * 60_000,
      trustProxy: env.TRUST_PROXY,
      discordApiUrl: env.DISCORD_API_URL,
      discordApp:
        env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET && env.DISCORD_PUBLIC_KEY && env.DISCORD_BOT_TOKEN
          ? {
              clientId: env.DISCORD_CLIENT_ID,
              clientSecret: env.DISCORD_CLIENT_SECRET,
              publicKey: env.DISCORD_PUBLIC_KEY,
              botToken: env.DISCORD_BOT_TOKEN,
            }
          : undefined,
      // Both src/ and dist/ sit one level below apps/server.
      webRoot: path.resolve(here, '../../web/dist'),
    },
  });
  // Event notifications and reminders: queued in the database, sent by every instance's job.
  const eventMails = createEventMailJob({
    db: database.db,
    clock: systemClock,
    mailer,
    log: app.log,
    publicUrl: env.PUBLIC_URL,
    reminderLeadMs: env.EVENT_REMINDER_MINUTES * 60_000,
    changes,
  });
  app.addHook('onClose', async () => {
    await eventMails.stop();
    await changes.close();
    await database.close();
    releaseDataDir?.();
  });

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  eventMails.start(env.EVENT_MAIL_INTERVAL_SECONDS * 1000);
  // Live drafts' timers: every instance looks once a second; each timeout is applied once (draft-steps.service.ts).
  app.draftTimers.start(1000);
  // Linked RuneScape accounts: refreshed by whichever instance holds the lease.
  app.runescapeRefresh.start(env.RUNESCAPE_JOB_INTERVAL_SECONDS * 1000);
  // Competitions: boundary snapshots within the interval (a quarter minute by default), by whichever instance holds their lease.
  app.runescapeCompetitions.start(env.COMPETITIONS_JOB_INTERVAL_SECONDS * 1000);
  // Bingo: members' start snapshots, refreshes and self-completing tiles, by whichever instance holds the lease.
  app.runescapeBingo.start(15_000);
  app.log.info({ engine: database.kind, publicUrl: env.PUBLIC_URL }, 'SMM is ready');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
