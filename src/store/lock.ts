/**
 * The writer lock of a results database: one writer per database, a row `meta(key = 'lock')`
 * holding `pid@host`, taken in the transaction that checks (and migrates) the schema and deleted
 * on close. A lock left by a process that no longer runs on this host (kill -9) counts as free; a
 * lock held by a live process, or by another host, refuses the run.
 */
import { hostname } from 'node:os';
import type Database from 'better-sqlite3';
import { pidAlive } from './files.ts';

const LOCK_KEY = 'lock';
/** Database files (dev:ino) this process holds the lock of. */
const held = new Set<string>();

function lockValue(): string {
  return `${process.pid}@${hostname()}`;
}

/** Who holds the lock of the database, or undefined when it is free (stale locks count as free). */
export function lockHolder(db: Database.Database, key: string): string | undefined {
  if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get()) return undefined;
  const value = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(LOCK_KEY) as string | undefined;
  const m = value === undefined ? null : /^(\d+)@(.*)$/.exec(value);
  if (!m) return undefined;
  const pid = Number(m[1]);
  if (m[2] === hostname()) {
    // Our own pid on a file we do not hold: a killed process whose pid was reused by us.
    if (pid === process.pid ? !held.has(key) : !pidAlive(pid)) return undefined;
  }
  return `pid ${pid} on ${m[2]}`;
}

/** Writes this process's lock row (inside the caller's transaction). */
export function writeLock(db: Database.Database): void {
  db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(LOCK_KEY, lockValue());
}

/** Records that this process holds the lock of the file `key` (its lock row is committed). */
export function markHeld(key: string): void {
  held.add(key);
}

/** Deletes this process's lock row, if it can, and forgets the file `key`; never throws. */
export function releaseLock(db: Database.Database, key: string): void {
  try {
    db.prepare('DELETE FROM meta WHERE key = ? AND value = ?').run(LOCK_KEY, lockValue());
  } catch {
    // Busy or full: the row names this process, which is about to end, so the next run takes it over.
  }
  held.delete(key);
}
