import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

/** The app and fake-server URLs playwright.config.ts gives its web servers, loaded as Playwright would. */
async function configuredUrls(env: Record<string, string | undefined>) {
  const script = `const { default: config } = await import('./playwright.config.ts');
    process.stdout.write(JSON.stringify({ baseURL: config.use.baseURL, env: config.webServer.map((server) => server.env),
      E2E_PORT: process.env.E2E_PORT, E2E_FAKES_PORT: process.env.E2E_FAKES_PORT }));`;
  const clean = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined),
  ) as NodeJS.ProcessEnv;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, env: clean });
  return JSON.parse(stdout) as {
    baseURL: string;
    env: Record<string, string>[];
    E2E_PORT: string;
    E2E_FAKES_PORT: string;
  };
}

const listen = (port: number) =>
  new Promise<net.Server | null>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

// Each load starts Node with tsx and imports Playwright: seconds each on a busy machine.
describe('browser test ports', { timeout: 120_000 }, () => {
  // The old fixed ports, held as another checkout's run would hold them.
  let held: (net.Server | null)[] = [];
  beforeAll(async () => {
    held = await Promise.all([3111, 4101, 4102, 4103].map(listen));
  });
  afterAll(async () => {
    await Promise.all(held.map((server) => server && new Promise((done) => server.close(done))));
  });

  it('without E2E_PORT / E2E_FAKES_PORT, picks a free app port and three consecutive free ports for the fakes', async () => {
    const chosen = await configuredUrls({ E2E_PORT: undefined, E2E_FAKES_PORT: undefined, E2E_DATA_DIR: '/tmp/unused' });
    const app = Number(chosen.E2E_PORT);
    const fakes = Number(chosen.E2E_FAKES_PORT);
    expect(chosen.baseURL).toBe(`http://localhost:${app}`);
    expect([3111, 4101, 4102, 4103]).not.toContain(app);
    expect(chosen.env.find((env) => env.FAKE_OSRS_PORT)).toMatchObject({
      FAKE_OSRS_PORT: String(fakes),
      FAKE_STEAM_API_PORT: String(fakes + 1),
      FAKE_STEAM_OPENID_PORT: String(fakes + 2),
    });
    expect(chosen.env.find((env) => env.PORT)).toMatchObject({ PORT: String(app), OSRS_HISCORES_URL: `http://127.0.0.1:${fakes}` });
    for (const port of [app, fakes, fakes + 1, fakes + 2]) {
      const server = await listen(port);
      expect(server, `port ${port} is free`).not.toBeNull();
      await new Promise((done) => server!.close(done));
    }
  });

  it('a worker loading the config again with the chosen ports in its env reaches the same servers', async () => {
    const first = await configuredUrls({ E2E_PORT: undefined, E2E_FAKES_PORT: undefined, E2E_DATA_DIR: '/tmp/unused' });
    const again = await configuredUrls({ E2E_PORT: first.E2E_PORT, E2E_FAKES_PORT: first.E2E_FAKES_PORT, E2E_DATA_DIR: '/tmp/unused' });
    expect(again).toEqual(first);
  });

  it('E2E_PORT and E2E_FAKES_PORT choose the ports, and the README names them and how to create the PostgreSQL test database', async () => {
    const chosen = await configuredUrls({ E2E_PORT: '3511', E2E_FAKES_PORT: '4511', E2E_DATA_DIR: '/tmp/unused' });
    expect(chosen.baseURL).toBe('http://localhost:3511');
    expect(chosen.env.find((env) => env.FAKE_OSRS_PORT)).toMatchObject({ FAKE_OSRS_PORT: '4511', FAKE_STEAM_OPENID_PORT: '4513' });
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain('E2E_PORT');
    expect(readme).toContain('E2E_FAKES_PORT');
    expect(readme).toMatch(/createdb -h 127\.0\.0\.1 -U postgres test/);
  });
});
