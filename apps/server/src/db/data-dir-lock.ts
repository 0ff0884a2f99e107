import fs from 'node:fs';
import path from 'node:path';

/** The file a running server holds in its SQLite data directory. */
export const LOCK_FILE = 'server.lock';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `Another server (process ${pid}) is using the data directory ${dataDir}. Two servers on one SQLite database ` +
        'would each keep answers the other does not see change. Stop the other server first, or set DATABASE_URL ' +
        'to run several servers on one PostgreSQL database.',
    );
    this.name = 'DataDirInUseError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the SQLite data directory for this process: creates `server.lock` holding its pid, or
 * refuses when a running process holds it. A lock left by a process that died is taken over.
 * Returns the release, which removes the lock if it is still this process's.
 */
export function lockDataDir(dataDir: string, pid = process.pid): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(file, `${pid}\n`, { flag: 'wx', mode: 0o600 });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readHolder(file) === pid) fs.rmSync(file, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder !== undefined && holder !== pid && isRunning(holder)) throw new DataDirInUseError(dataDir, holder);
    // Left by a process that is gone (or unreadable): remove it and try again.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not claim the data directory ${dataDir}: ${file} keeps coming back`);
}

function readHolder(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
