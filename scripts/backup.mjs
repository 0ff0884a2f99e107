// `npm run backup [-- <file or directory>]`: an online backup of the SQLite database while the server
// runs. SQLite's backup API copies a consistent snapshot: in WAL mode it reads beside the server's
// writes without blocking them. The copy is checked (integrity_check) and appears under its final
// name only when complete, so an interrupted backup never looks like a good one.
// With DATABASE_URL=postgres://… it prints the pg_dump command to use instead and exits non-zero:
// no backup was made, and a scheduled job must not believe otherwise.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

const usage = `Usage: npm run backup [-- <file or directory>]

Copies DATA_DIR/smm.sqlite (DATA_DIR defaults to ./data) while the server keeps running.
Without an argument the copy goes to DATA_DIR/backups/smm-<UTC time>.sqlite.
A directory argument (an existing one, or a path ending in /) gets a file of that name inside it;
an existing file is never overwritten.
Backups are created with mode 0600 in a directory of mode 0700.`;

// Every file this process creates (the copy, SQLite's journal beside it) is readable by its owner only.
process.umask(0o077);

function fail(message) {
  console.error(`Backup failed: ${message}`);
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

/** A name that sorts in time order and has no colons (they break scp and Windows file systems). */
const stamp = () => new Date().toISOString().replaceAll(':', '-');

/** Creates `dir` with mode 0700 when missing; `enforce` also tightens an existing directory the script owns. */
function ensurePrivateDir(dir, enforce) {
  const existed = fs.existsSync(dir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!existed || enforce) fs.chmodSync(dir, 0o700);
  const mode = fs.statSync(dir).mode & 0o777;
  if (mode & 0o077) console.warn(`Warning: ${dir} is open to other users (mode ${mode.toString(8)}); the backup file itself is mode 600.`);
}

function printPostgresInstructions(url) {
  const masked = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  console.error(`DATABASE_URL points at PostgreSQL (${masked}): this script backs up the embedded SQLite database only.
No backup was made. Use pg_dump, which reads one consistent snapshot and is safe while SMM runs:

  pg_dump --format=custom --no-owner --no-privileges --file "smm-$(date -u +%Y-%m-%dT%H-%M-%SZ).dump" "$DATABASE_URL"

Use a pg_dump of the same major version as the server (or newer). Restore with: npm run restore (it prints the pg_restore command).`);
  process.exit(2);
}

const args = process.argv.slice(2);
if (args.includes('-h') || args.includes('--help')) {
  console.log(usage);
  process.exit(0);
}
if (args.length > 1) fail(`expected at most one argument, got ${args.length}.\n\n${usage}`);

const databaseUrl = process.env.DATABASE_URL?.trim();
if (databaseUrl) {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) printPostgresInstructions(databaseUrl);
  fail('DATABASE_URL is set but is not a postgres:// URL; unset it to back up the SQLite database.');
}

const dataDir = path.resolve(process.env.DATA_DIR?.trim() || './data');
const source = path.join(dataDir, 'smm.sqlite');
if (!fs.existsSync(source)) fail(`there is no database at ${source}. Set DATA_DIR to the server's data directory.`);

let destination;
if (args[0] === undefined) {
  const dir = path.join(dataDir, 'backups');
  ensurePrivateDir(dir, true);
  destination = path.join(dir, `smm-${stamp()}.sqlite`);
} else {
  const target = path.resolve(args[0]);
  const namesDirectory = /[/\\]$/.test(args[0]);
  if (namesDirectory || (fs.existsSync(target) && fs.statSync(target).isDirectory())) {
    ensurePrivateDir(target, false);
    destination = path.join(target, `smm-${stamp()}.sqlite`);
  } else {
    ensurePrivateDir(path.dirname(target), false);
    destination = target;
  }
}
if (fs.existsSync(destination)) fail(`${destination} already exists; choose another name.`);
if (path.resolve(destination) === source) fail('the destination is the database itself.');

// The copy is written under a temporary name in the same directory and renamed when complete.
const partial = `${destination}.partial-${process.pid}`;
const started = performance.now();
let db;
try {
  db = new Database(source, { fileMustExist: true, timeout: 10_000 });
  // The first step opens the backup; the progress callback then asks for every remaining page in one
  // step. A step reads one snapshot, so the server's writes cannot make it start over; in WAL mode
  // they go on meanwhile (the WAL is only not checkpointed past that snapshot until the step ends).
  const { totalPages } = await db.backup(partial, { progress: () => 0x7fffffff });
  db.close();
  db = undefined;

  const copy = new Database(partial, { fileMustExist: true });
  try {
    // One self-contained file: no -wal beside it to forget when the backup is moved.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed PRAGMA integrity_check: ${check}`);
  } finally {
    copy.close();
  }
  fs.chmodSync(partial, 0o600);
  fsyncPath(partial);
  fs.renameSync(partial, destination);
  fsyncPath(path.dirname(destination));

  const bytes = fs.statSync(destination).size;
  const size = bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const ms = Math.round(performance.now() - started);
  console.log(`Backup written: ${destination}`);
  console.log(`  ${size}, ${totalPages} pages, ${ms} ms, integrity check ok`);
  console.log(`  Restore it with: npm run restore -- ${JSON.stringify(destination)}`);
} catch (error) {
  db?.close();
  fs.rmSync(partial, { force: true });
  fs.rmSync(`${partial}-journal`, { force: true });
  fail(error instanceof Error ? error.message : String(error));
}
