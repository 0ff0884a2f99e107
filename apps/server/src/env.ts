import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL').optional(),
  /** PostgreSQL connections this process keeps open (docs/decisions/performance-day.md). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('SMM <no-reply@localhost>'),
  ADMIN_EMAIL: z.string().default('admin@localhost'),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OSRS_HISCORES_URL: z.url().default('https://secure.runescape.com'),
  STEAM_API_KEY: z.string().optional(),
  STEAM_API_URL: z.url().default('https://api.steampowered.com'),
  STEAM_OPENID_URL: z.url().default('https://steamcommunity.com/openid/login'),
  /** Discord's origin for group webhook posts; tests point it at a local fake. */
  DISCORD_API_URL: z.url().default('https://discord.com'),
  /** The Discord application (all four, or none: sign-in with Discord, the bot and its interactions are off). */
  DISCORD_CLIENT_ID: z.string().regex(/^\d{15,22}$/, 'DISCORD_CLIENT_ID must be the application ID (digits)').optional(),
  DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
  DISCORD_PUBLIC_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, 'DISCORD_PUBLIC_KEY must be the 64 hex characters of the public key').optional(),
  DISCORD_BOT_TOKEN: z.string().min(1).optional(),
  /** Proxies in front of the app whose X-Forwarded-For may be believed: false (none), a hop count, or addresses/CIDRs. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | number | string[] =>
      value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value.split(',').map((part) => part.trim()),
    ),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(3000),
  /** API changes one signed-in user may make in a minute, from all their addresses together. */
  USER_WRITES_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** Events one member may create in an hour, each occurrence of a series counted. */
  EVENT_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(120),
  /** Sign-up changes (attend, leave, answer, waitlist; site and Discord alike) one member may make in an hour. */
  SIGNUP_CHANGES_PER_HOUR: z.coerce.number().int().positive().default(240),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  EVENT_REMINDER_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(60),
  EVENT_MAIL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
  /** How often each linked RuneScape account is refreshed from the hiscores, and how often the refresher looks. */
  RUNESCAPE_REFRESH_SECONDS: z.coerce.number().int().min(1).default(6 * 3600),
  RUNESCAPE_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often the competitions job looks for boundaries due: a snapshot is taken within this of a start or an end. */
  COMPETITIONS_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
});

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string; DATA_DIR: string };

/** The only reader of process.env: validates it once and fails fast with every problem listed. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  const discordApp = [env.DISCORD_CLIENT_ID, env.DISCORD_CLIENT_SECRET, env.DISCORD_PUBLIC_KEY, env.DISCORD_BOT_TOKEN];
  if (discordApp.some(Boolean) && !discordApp.every(Boolean))
    throw new Error('Invalid configuration:\n  DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, DISCORD_PUBLIC_KEY and DISCORD_BOT_TOKEN must be set together (or none of them)');
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}
