// The built server under soak: started on loopback with a throwaway SQLite data dir (or DATABASE_URL
// when set), its log kept, its RSS and CPU read from /proc, and stopped at the end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_NODE_ARGS, serverEnv } from '../server-node-args.mjs';
import { round } from './figures.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `entry` on a free port. The returned server keeps the last 200 log lines (`log`), counts the
 * error and fatal ones (`errorLogLines`) and sets `exited` to { code, signal } when the process ends.
 */
export async function startServer(entry) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smm-soak-'));
  const server = {
    port,
    base: `http://127.0.0.1:${port}`,
    usesPostgres: Boolean(process.env.DATABASE_URL),
    dataDir,
    log: [],
    errorLogLines: 0,
    exited: null,
  };
  // The whole server log stays in the data dir, which is kept when the soak fails.
  const logFile = fs.createWriteStream(path.join(dataDir, 'server.log'));
  // Node flags for the server when looking into a failure, e.g. SOAK_SERVER_FLAGS=--trace-gc (the output goes to server.log).
  const flags = (process.env.SOAK_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...flags, entry], {
    env: serverEnv({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      // Its members sign up and leave far faster than people do: only memory is measured here.
      SIGNUP_CHANGES_PER_HOUR: '100000000',
      USER_WRITES_PER_MINUTE: '100000000',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      logFile.write(chunk);
      for (const line of chunk.split('\n').filter(Boolean)) {
        if (/"level":(50|60)/.test(line)) server.errorLogLines += 1;
        server.log.push(line);
        if (server.log.length > 200) server.log.shift();
      }
    });
  }
  child.on('exit', (code, signal) => (server.exited = { code, signal }));
  process.once('SIGINT', () => {
    child.kill('SIGTERM');
    process.exit(130);
  });

  /** Waits up to 30 s for /api/health to answer. */
  server.waitUntilUp = async () => {
    for (let i = 0; ; i += 1) {
      if (server.exited) throw new Error(`the server exited during start-up (${JSON.stringify(server.exited)})`);
      try {
        if ((await fetch(`${server.base}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (i > 300) throw new Error('the server did not answer /api/health within 30 s');
      await sleep(100);
    }
  };

  /** SIGTERM, then SIGKILL after 10 s; resolves to how the process ended. */
  server.stop = async () => {
    if (server.exited) return server.exited;
    child.kill('SIGTERM');
    for (let i = 0; i < 100 && !server.exited; i += 1) await sleep(100);
    if (!server.exited) child.kill('SIGKILL');
    return server.exited;
  };

  server.rssMb = () => {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  };

  /** CPU seconds the server has used (user + system; /proc counts in ticks of 1/100 s on Linux). */
  server.cpuSeconds = () => {
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };

  /** Samples RSS as [seconds, MB] every `everyMs` (and once now) until `stop()`. */
  server.sampleRss = (elapsed, everyMs) => {
    const samples = [[0, round(server.rssMb())]];
    const timer = setInterval(() => {
      if (!server.exited) samples.push([round(elapsed()), round(server.rssMb())]);
    }, everyMs);
    return { samples, stop: () => clearInterval(timer) };
  };

  return server;
}
