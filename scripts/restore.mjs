// `npm run restore -- <backup file>`: replaces DATA_DIR/smm.sqlite with a backup, atomically.
//
// Refusing while the server runs: the server keeps its SQLite connection open in WAL mode for its
// whole life. Taking the database out of WAL mode needs every other connection closed, so
// `PRAGMA journal_mode = DELETE` with no busy wait fails at once (SQLITE_BUSY) while any server, of
// any port or user, has the file open. On success the script keeps an exclusive lock until the swap
// is done, so a server started meanwhile waits for it instead of reading a half-restored state.
//
// The swap: the backup is copied into a temporary file in the same directory, checked, fsynced and
// renamed over smm.sqlite (a rename is atomic within a directory); the WAL and shared-memory files of
// the old database are removed first, so none of the old pages can be replayed onto the new file.
// The replaced database is kept as DATA_DIR/backups/smm-pre-restore-<time>.sqlite.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

const usage = `Usage: npm run restore -- <backup file>

Stop the server first. Replaces DATA_DIR/smm.sqlite (DATA_DIR defaults to ./data) with the backup;
the database it replaces is kept under DATA_DIR/backups/.`;

process.umask(0o077);

function fail(message) {
  console.error(`Restore failed: ${message}`);
  process.exit(1);
}

function fsyncPath(target) {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

const stamp = () => new Date().toISOString().replaceAll(':', '-');

function printPostgresInstructions(url) {
  const masked = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  console.error(`DATABASE_URL points at PostgreSQL (${masked}): this script restores the embedded SQLite database only.
Nothing was restored. Stop every SMM instance, then restore a pg_dump archive with pg_restore:

  pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction --dbname "$DATABASE_URL" smm-<time>.dump

--clean --if-exists drops SMM's tables before recreating them; --single-transaction leaves the
database unchanged if anything fails. Start SMM again afterwards: it applies any newer migrations.`);
  process.exit(2);
}

/** Checks that `file` is an intact SMM database; returns its size in bytes. */
function checkBackup(file) {
  let db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') fail(`${file} failed PRAGMA integrity_check: ${check}`);
    const migrations = db.prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (migrations.n === 0) fail(`${file} is an SQLite database but not an SMM one (it has no migrations table).`);
  } catch (error) {
    fail(`${file} cannot be read as an SQLite database: ${error.message}`);
  } finally {
    db?.close();
  }
  return fs.statSync(file).size;
}

/**
 * Opens the current database with an exclusive lock, or exits when another process has it open.
 * The lock lasts until the returned connection is closed.
 */
function lockCurrent(file) {
  let db;
  try {
    db = new Database(file, { fileMustExist: true, timeout: 0 });
    db.pragma('locking_mode = EXCLUSIVE');
    const mode = db.pragma('journal_mode = DELETE', { simple: true });
    if (mode !== 'delete') throw Object.assign(new Error(`journal mode stayed ${mode}`), { code: 'SQLITE_BUSY' });
    db.exec('BEGIN EXCLUSIVE');
    return db;
  } catch (error) {
    db?.close();
    if (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED') {
      fail(
        `${file} is in use by another process: the SMM server is probably running.\n` +
          'Stop it (every instance using this DATA_DIR), then run the restore again. Nothing was changed.',
      );
    }
    fail(
      `the current database ${file} cannot be opened (${error.message}).\n` +
        'Make sure the server is stopped, move smm.sqlite and any smm.sqlite-wal / smm.sqlite-shm aside, then run the restore again.',
    );
  }
}

const args = process.argv.slice(2);
if (args.includes('-h') || args.includes('--help')) {
  console.log(usage);
  process.exit(0);
}

const databaseUrl = process.env.DATABASE_URL?.trim();
if (databaseUrl) {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) printPostgresInstructions(databaseUrl);
  fail('DATABASE_URL is set but is not a postgres:// URL; unset it to restore the SQLite database.');
}
if (args.length !== 1) fail(`expected the backup file as the only argument.\n\n${usage}`);

const backupFile = path.resolve(args[0]);
if (!fs.existsSync(backupFile) || !fs.statSync(backupFile).isFile()) fail(`${backupFile} is not a file.`);
const dataDir = path.resolve(process.env.DATA_DIR?.trim() || './data');
const live = path.join(dataDir, 'smm.sqlite');
if (backupFile === live) fail('the backup is the database itself.');

const backupBytes = checkBackup(backupFile);
if (!fs.existsSync(dataDir)) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });

const lock = fs.existsSync(live) ? lockCurrent(live) : undefined;
const temp = path.join(dataDir, `.smm.sqlite.restore-${process.pid}`);
let keptAs;
try {
  // SQLite's own copy rather than a file copy: it also takes in a -wal kept beside the backup.
  const source = new Database(backupFile, { readonly: true, fileMustExist: true });
  try {
    await source.backup(temp, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new Database(temp, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed PRAGMA integrity_check: ${check}`);
  } finally {
    copy.close();
  }
  fs.chmodSync(temp, 0o600);
  fsyncPath(temp);

  if (lock) {
    // The lock holder left WAL mode above, so the old file is complete on its own: keep it by a hard
    // link (no copy, no moment without a database), or by a copy across file systems.
    const backupsDir = path.join(dataDir, 'backups');
    fs.mkdirSync(backupsDir, { recursive: true, mode: 0o700 });
    keptAs = path.join(backupsDir, `smm-pre-restore-${stamp()}.sqlite`);
    try {
      fs.linkSync(live, keptAs);
    } catch {
      fs.copyFileSync(live, keptAs, fs.constants.COPYFILE_EXCL);
    }
    fs.chmodSync(keptAs, 0o600);
  }
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${live}${suffix}`, { force: true });
  fs.renameSync(temp, live);
  fsyncPath(dataDir);
} catch (error) {
  fs.rmSync(temp, { force: true });
  fs.rmSync(`${temp}-journal`, { force: true });
  lock?.close();
  fail(`${error instanceof Error ? error.message : String(error)}. The current database was not replaced.`);
}
lock?.exec('ROLLBACK');
lock?.close();

const restored = new Database(live, { readonly: true, fileMustExist: true });
const check = restored.pragma('quick_check', { simple: true });
const users = restored.prepare('select count(*) as n from users').get().n;
restored.close();
if (check !== 'ok') fail(`the restored database failed PRAGMA quick_check: ${check}`);

const size = backupBytes < 1024 * 1024 ? `${Math.ceil(backupBytes / 1024)} KB` : `${(backupBytes / 1024 / 1024).toFixed(1)} MB`;
console.log(`Restored ${backupFile} (${size}, ${users} users) into ${live}.`);
if (keptAs) console.log(`The database it replaced is kept at ${keptAs}.`);
console.log('Start the server again with: npm start');
