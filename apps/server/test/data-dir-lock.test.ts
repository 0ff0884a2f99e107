import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../src/db/data-dir-lock';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tempDirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smm-lock-'));
  tempDirs.push(dir);
  return dir;
}

/** `src/main.ts` on DATA_DIR (SQLite); resolves once it is ready or has exited, with what it printed. */
function startServer(dataDir: string): Promise<{ child: ChildProcess; ready: boolean; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'REDIS_URL', 'JWT_SECRET', 'PUBLIC_URL']) delete env[key];
  const child = spawn(path.join(serverDir, '../../node_modules/.bin/tsx'), ['src/main.ts'], { cwd: serverDir, env });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (output.includes('SMM is ready')) {
        clearInterval(timer);
        resolve({ child, ready: true, output });
      }
    }, 50);
    child.once('exit', () => {
      clearInterval(timer);
      resolve({ child, ready: false, output });
    });
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

afterEach(async () => {
  await Promise.all(children.splice(0).map(stop));
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('one server per SQLite data directory', () => {
  it('refuses to start a second server on the same data directory, with a clear message, and starts once the first has stopped', async () => {
    const dataDir = tempDir();
    const first = await startServer(dataDir);
    expect(first.ready, first.output).toBe(true);
    // The server's own process (tsx runs it in a child of its own).
    const holder = fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim();
    expect(holder).toMatch(/^\d+$/);

    const second = await startServer(dataDir);
    expect(second.ready).toBe(false);
    expect(second.child.exitCode).toBe(1);
    expect(second.output).toContain(`Another server (process ${holder}) is using the data directory ${dataDir}`);
    expect(second.output).toContain('DATABASE_URL');

    await stop(first.child);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const third = await startServer(dataDir);
    expect(third.ready, third.output).toBe(true);
  }, 60_000);

  it('takes over a lock left by a process that is gone, and releases only its own', () => {
    const dataDir = tempDir();
    const gone = spawn(process.execPath, ['-e', '']);
    const lock = path.join(dataDir, LOCK_FILE);
    return new Promise<void>((resolve) => {
      gone.once('exit', () => {
        fs.writeFileSync(lock, `${gone.pid}\n`);
        const release = lockDataDir(dataDir);
        expect(fs.readFileSync(lock, 'utf8').trim()).toBe(String(process.pid));
        expect(() => lockDataDir(dataDir, process.pid + 1)).toThrow(DataDirInUseError);
        release();
        expect(fs.existsSync(lock)).toBe(false);
        resolve();
      });
    });
  });
});
