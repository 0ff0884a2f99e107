import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const JOBS = ['bingo', 'competitions', 'refresh'];
let dataDir: string | undefined;
let child: ChildProcess | undefined;

afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  child = dataDir = undefined;
});

/** The holders of the RuneScape jobs' leases, read from the data directory's database. */
function leaseHolders(dir: string): Record<string, string | null> {
  const db = new SQLite(path.join(dir, 'smm.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('select name, holder from runescape_job_lease').all() as { name: string; holder: string | null }[];
    return Object.fromEntries(rows.filter((row) => JOBS.includes(row.name)).map((row) => [row.name, row.holder]));
  } finally {
    db.close();
  }
}

async function until(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a server stopped with SIGTERM', () => {
  it("gives up the RuneScape jobs' leases before the database closes, so the next server takes them at once", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smm-leases-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
    for (const key of ['DATABASE_URL', 'SMTP_URL', 'REDIS_URL', 'JWT_SECRET', 'PUBLIC_URL']) delete env[key];
    child = spawn(path.join(serverDir, '../../node_modules/.bin/tsx'), ['src/main.ts'], { cwd: serverDir, env });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    await until(() => output.includes('SMM is ready'), 'the server to start');
    // Each job takes its lease at its first tick.
    await until(() => {
      const holders = leaseHolders(dataDir!);
      return JOBS.every((job) => typeof holders[job] === 'string');
    }, 'every job to hold its lease');

    child.kill('SIGTERM');
    await exited;
    expect(child.exitCode, output).toBe(0);
    expect(leaseHolders(dataDir)).toEqual({ bingo: null, competitions: null, refresh: null });
  });
});
