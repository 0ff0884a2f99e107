import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { FAKE_APP } from './apps/server/test/fakes/discord-app-fake';

/**
 * The app's port (E2E_PORT) and the first of the fakes' four (E2E_FAKES_PORT). Unset, free ones are
 * chosen once, in the main process, and stored in process.env before the workers start: each worker
 * loads this file again and must reach the same servers, and two runs on one machine never collide.
 */
if (!process.env.E2E_PORT || !process.env.E2E_FAKES_PORT) {
  const script = path.join(import.meta.dirname, 'apps/web/e2e/support/free-ports.mjs');
  const free = JSON.parse(execFileSync(process.execPath, [script], { encoding: 'utf8' })) as { app: number; fakes: number };
  process.env.E2E_PORT ??= String(free.app);
  process.env.E2E_FAKES_PORT ??= String(free.fakes);
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
/** A throwaway data dir per run; the specs read captured mails from its outbox. */
export const e2eDataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'smm-e2e-'));
process.env.E2E_DATA_DIR = e2eDataDir;

const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) => fs.existsSync(file));

/**
 * The hiscores, Steam Web API, Steam OpenID and Discord fakes (apps/server/test/fakes/serve-fakes.ts) on
 * four ports from E2E_FAKES_PORT, so the app's real HTTP clients run against them in the browser tests.
 */
const fakesPort = Number(process.env.E2E_FAKES_PORT);
const fakes = {
  osrs: `http://127.0.0.1:${fakesPort}`,
  steamApi: `http://127.0.0.1:${fakesPort + 1}`,
  steamOpenId: `http://127.0.0.1:${fakesPort + 2}/openid/login`,
  discord: `http://127.0.0.1:${fakesPort + 3}`,
  steamApiKey: 'e2e-steam-key',
};

export default defineConfig({
  testDir: 'apps/web/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // On CI the two workers share the machine with the app, its database and the fakes: a page's
  // chunks and first reads have taken 3 to 6 s there, so an expectation waits up to 20 s.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    // Bootstrap drops its fades under reduced motion, so axe never measures a dialog mid-fade.
    contextOptions: { reducedMotion: 'reduce' },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'npx tsx apps/server/test/fakes/serve-fakes.ts',
      // The OpenID fake starts last; its login endpoint answers 400 to a bare GET, which counts as up.
      url: fakes.steamOpenId,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      env: {
        FAKE_OSRS_PORT: String(fakesPort),
        FAKE_STEAM_API_PORT: String(fakesPort + 1),
        FAKE_STEAM_OPENID_PORT: String(fakesPort + 2),
        FAKE_DISCORD_PORT: String(fakesPort + 3),
        FAKE_STEAM_API_KEY: fakes.steamApiKey,
      },
    },
    {
      command: 'node apps/server/dist/main.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: e2eDataDir,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000',
        OSRS_HISCORES_URL: fakes.osrs,
        STEAM_API_URL: fakes.steamApi,
        STEAM_API_KEY: fakes.steamApiKey,
        STEAM_OPENID_URL: fakes.steamOpenId,
        DISCORD_API_URL: fakes.discord,
        // The Discord application the fake plays: sign-in with Discord, the bot and its interactions.
        DISCORD_CLIENT_ID: FAKE_APP.clientId,
        DISCORD_CLIENT_SECRET: FAKE_APP.clientSecret,
        DISCORD_PUBLIC_KEY: FAKE_APP.publicKey,
        DISCORD_BOT_TOKEN: FAKE_APP.botToken,
        // Short enough that the 'Hiscores Slow' fake shows the timeout page within a test.
        UPSTREAM_TIMEOUT_MS: '3000',
        // Linked RuneScape accounts refresh every two seconds, so a clan member's chart fills within a test.
        RUNESCAPE_REFRESH_SECONDS: '2',
        RUNESCAPE_JOB_INTERVAL_SECONDS: '1',
        // Event mails go out within two seconds, so a test reads the mail of the step it just took.
        EVENT_MAIL_INTERVAL_SECONDS: '2',
      },
    },
  ],
});
