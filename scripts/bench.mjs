// Load benchmark: starts the built server on a throwaway SQLite data dir (or DATABASE_URL when set),
// drives it with autocannon over loopback, and checks throughput, latency and memory targets.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const port = 3999;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smm-bench-'));
const targets = { healthRps: 2000, readP99Ms: 100, loginRps: 15, rssMb: 350 };

if (!fs.existsSync('apps/server/dist/main.js') || !fs.existsSync('apps/web/dist/index.html')) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const server = spawn('node', ['apps/server/dist/main.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitUntilUp() {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const run = (opts) => new Promise((resolve, reject) => autocannon({ connections: 20, duration: 8, ...opts }, (err, res) => (err ? reject(err) : resolve(res))));

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

try {
  await waitUntilUp();
  const user = { username: 'bench', email: 'bench@example.com', password: 'bench password', password2: 'bench password' };
  await fetch(`${base}/api/users/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  const { token } = await (await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) })).json();

  const health = await run({ url: `${base}/api/health` });
  const current = await run({ url: `${base}/api/users/current`, headers: { authorization: token } });
  const page = await run({ url: `${base}/dashboard` });
  const login = await run({ url: `${base}/api/users/login`, method: 'POST', connections: 4, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }) });
  const rss = rssMb(server.pid);

  const rows = [
    ['GET /api/health', health],
    ['GET /api/users/current (token + DB read)', current],
    ['GET /dashboard (SPA page)', page],
    ['POST /api/users/login (argon2id)', login],
  ].map(([name, r]) => ({ name, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx }));
  console.table(rows);
  console.log(`server RSS after load: ${rss.toFixed(0)} MB`);

  const failures = [];
  if (rows[0].rps < targets.healthRps) failures.push(`health ${rows[0].rps} rps < ${targets.healthRps}`);
  if (rows[1].p99 > targets.readP99Ms) failures.push(`authenticated read p99 ${rows[1].p99} ms > ${targets.readP99Ms}`);
  if (rows[3].rps < targets.loginRps) failures.push(`login ${rows[3].rps} rps < ${targets.loginRps}`);
  if (rss > targets.rssMb) failures.push(`RSS ${rss.toFixed(0)} MB > ${targets.rssMb}`);
  if (rows.some((r) => r.errors > 0)) failures.push('some requests failed');
  if (failures.length) {
    console.error(`Benchmark targets missed:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('All benchmark targets met:', JSON.stringify(targets));
  }
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
