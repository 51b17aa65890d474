/**
 * Writing a results database: open and check, create or migrate, lock, add rows. The lock row is
 * `lock.ts`'s, the writes of each table `writes.ts`'s, the lookups of seeds `lookups.ts`'s.
 *
 * Safety rules:
 * - Nothing is written before the file is known to be an SQLite database with our schema (any
 *   version this code knows) or empty, and before `PRAGMA quick_check` passes: a wrong `--db`,
 *   a foreign or a corrupt file is refused exactly as it was (no lock row, no switch to WAL).
 * - A new database is built under a temporary name in the same directory and linked into place
 *   complete, so an interrupted start never leaves an empty or half-made file.
 * - A version-1 file is migrated in the same `BEGIN IMMEDIATE` transaction that takes the lock:
 *   either both happen or neither.
 * - WAL journal while open (readers can read while a batch writes), every write in a
 *   transaction: a process killed at any moment leaves the last committed state. On close the
 *   database goes back to the rollback journal (when no one else has it open), so that at rest it
 *   is one file that can be read on a read-only disk without `-wal` or `-shm` files.
 * - One writer per database: a lock row `meta(key = 'lock')` holding `pid@host`, taken in the
 *   transaction above and deleted on close. A lock left by a process that no longer runs on this
 *   host (kill -9) is taken over; a lock held by a live process, or by another host, refuses the run.
 * - A busy database (another program holding SQLite's write lock) is waited for `busyTimeoutMs`
 *   per statement; what happens after that is the caller's choice (`isBusy` tells it apart).
 */
import { linkSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { type Result, type Rules, err, ok } from '../types.ts';
import { COMPANIONS, checkDbPath, describeDbError, errorCode, fileId, readHeader, removeStaleTemps, tempPath } from './files.ts';
import { lockHolder, markHeld, releaseLock, writeLock } from './lock.ts';
import { type PlayKey, SeedLookups } from './lookups.ts';
import { migrateToV3 } from './migrate.ts';
import type { PlayRow, ResultRow, ShortestCount, ShortestRow, StoredVerdict } from './rows.ts';
import { SCHEMA_VERSION, initSchema, inspectSchema, passesToDb, schemaProblem } from './schema.ts';
import { type PutSummary, type ShortestPutSummary, playWrites, resultWrites, shortestWrites } from './writes.ts';

export type { PlayKey } from './lookups.ts';
export type { PutSummary, ShortestPutSummary } from './writes.ts';

/** How long a statement waits for another program's write lock by default. */
export const BUSY_TIMEOUT_MS = 5000;

/** Options of `openStore`. */
export interface StoreOptions {
  busyTimeoutMs?: number;
}

/** An open, checked, locked results database. */
export interface Store {
  readonly path: string;
  readonly db: Database.Database;
  /** The schema version the file had before this open migrated it (undefined: no migration). */
  readonly migratedFrom?: number;
  /** The id of a rule set, created if new. */
  ruleSetId(rules: Rules): number;
  /** The stored verdicts of these seeds (of one family and rule set); absent seeds have none. */
  verdicts(family: string, ruleSet: number, seeds: readonly bigint[]): Map<bigint, StoredVerdict>;
  /** The seeds among these whose stored row has a proved most-cards-home maximum (for runs that compute it). */
  mostHomeProved(family: string, ruleSet: number, seeds: readonly bigint[]): Set<bigint>;
  /** The seeds among these whose stored row has a most-cards-home count, each with whether it is proved. */
  mostHomeStored(family: string, ruleSet: number, seeds: readonly bigint[]): Map<bigint, boolean>;
  /** Adds rows in one transaction; a stored row is replaced only by a better one (`rows.ts`). */
  putResults(rows: readonly ResultRow[]): PutSummary;
  /** Adds games in one transaction; a stored game is replaced only when it was an error. */
  putPlays(rows: readonly PlayRow[]): void;
  /** The seeds among these that have a played (non-error) game under the key. */
  playedSeeds(key: PlayKey, seeds: readonly bigint[]): Set<bigint>;
  /** Adds shortest-solution rows in one transaction; a stored row is kept, replaced or improved (`betterShortest`). */
  putShortest(rows: readonly ShortestRow[]): ShortestPutSummary;
  /** The stored shortest-solution rows of these seeds counted so: each with its verdict and whether its length is proved. */
  shortestStored(
    family: string,
    ruleSet: number,
    count: ShortestCount,
    seeds: readonly bigint[],
  ): Map<bigint, { verdict: StoredVerdict; proved: boolean }>;
  /** Releases the lock, leaves WAL mode and closes the database (idempotent, never throws). */
  close(): void;
}

/** The longest name SQLite adds to a database's. */
const JOURNAL = '-journal';

/** Creates a complete empty database at `path` (which does not exist), atomically. */
function createDatabase(path: string): Result<void> {
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (e) {
    return err(`cannot create the directory for database ${path}: ${errorCode(e) || (e as Error).message}`);
  }
  const tmp = tempPath(path, 'new', JOURNAL.length);
  try {
    removeStaleTemps(path, 'new', JOURNAL.length);
    for (const c of COMPANIONS) rmSync(tmp + c, { force: true });
    const db = new Database(tmp);
    try {
      db.transaction(() => initSchema(db))();
    } finally {
      db.close();
    }
    try {
      linkSync(tmp, path); // fails if someone created it meanwhile: we then open theirs
    } catch (e) {
      const code = errorCode(e);
      if (code !== 'EEXIST') {
        if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'EXDEV') renameSync(tmp, path);
        else throw e;
      }
    }
    return ok(undefined);
  } catch (e) {
    return err(describeDbError(path, e));
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Opens (creating if needed) a results database for writing: checks the file, the schema and its
 * integrity, migrates an older schema, takes the writer lock. Errors are one-line messages; on
 * error nothing in the file has been changed.
 */
export function openStore(path: string, options: StoreOptions = {}): Result<Store> {
  const p = checkDbPath(path);
  if (!p.ok) return p;
  const header = readHeader(path);
  if (header.kind === 'other') return err(`${path} is not an SQLite database`);
  if (header.kind === 'missing') {
    const c = createDatabase(path);
    if (!c.ok) return c;
  }
  let db: Database.Database;
  try {
    db = new Database(path, { fileMustExist: true, timeout: options.busyTimeoutMs ?? BUSY_TIMEOUT_MS });
  } catch (e) {
    return err(describeDbError(path, e));
  }
  const fail = (msg: string): Result<Store> => {
    db.close();
    return err(msg);
  };
  try {
    const state = inspectSchema(db);
    const bad = schemaProblem(state);
    if (bad) return fail(`${path}: ${bad}`);
    const check = String(db.pragma('quick_check', { simple: true }));
    if (check !== 'ok') return fail(`${path} is a corrupt SQLite database (quick_check: ${check.split('\n')[0]}); nothing was changed`);
    const key = fileId(path) ?? path;
    const holder = lockHolder(db, key);
    if (holder)
      return fail(
        `database ${path} is in use by another batch (${holder}); if that process is gone, run: sqlite3 ${path} "DELETE FROM meta WHERE key = 'lock'"`,
      );
    let migratedFrom: number | undefined;
    let migrating: number | undefined;
    const take = db.transaction((): string | undefined => {
      const now = inspectSchema(db);
      const why = schemaProblem(now);
      if (why) return `${path}: ${why}`;
      if (now.kind === 'empty') initSchema(db);
      else if (now.kind === 'ours' && now.version < SCHEMA_VERSION) {
        migrating = now.version;
        migrateToV3(db, now.version);
        migrating = undefined;
        migratedFrom = now.version;
      }
      const h = lockHolder(db, key);
      if (h) return `database ${path} is in use by another batch (${h})`;
      writeLock(db);
      return undefined;
    });
    let h: string | undefined;
    try {
      h = take.immediate();
    } catch (e) {
      if (migrating !== undefined)
        return fail(
          `${path}: cannot migrate from schema version ${migrating} to ${SCHEMA_VERSION} (${(e as Error).message}); nothing was changed`,
        );
      throw e;
    }
    if (h) return fail(h);
    markHeld(key);
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
    } catch {
      // Staying in rollback-journal mode is slower for readers, not wrong.
    }
    return ok(makeStore(path, key, db, migratedFrom));
  } catch (e) {
    return fail(describeDbError(path, e));
  }
}

/** The id of a rule set, created if new, in one transaction. */
function ruleSets(db: Database.Database): (rules: Rules) => number {
  const findRules = db.prepare('SELECT id FROM rule_sets WHERE draw = ? AND passes = ? AND foundation_return = ?').pluck();
  const addRules = db.prepare('INSERT INTO rule_sets (draw, passes, foundation_return) VALUES (?, ?, ?)');
  return (rules) => {
    const k = [rules.draw, passesToDb(rules.passes), rules.foundationReturn ? 1 : 0];
    const tx = db.transaction(() => {
      const id = findRules.get(...k) as number | undefined;
      return id ?? Number(addRules.run(...k).lastInsertRowid);
    });
    return tx.immediate();
  };
}

/** Releases the lock, leaves WAL mode (when no one else has the file open) and closes the database. */
function closeStore(db: Database.Database, key: string): void {
  releaseLock(db, key);
  try {
    db.pragma('journal_mode = DELETE');
  } catch {
    // Someone else has it open: it stays in WAL mode until the last one leaves.
  }
  db.close();
}

/** The store over an open, checked and locked database: its writes, its seed lookups and its close. */
function makeStore(path: string, key: string, db: Database.Database, migratedFrom: number | undefined): Store {
  const ruleSetId = ruleSets(db);
  const putAll = resultWrites(db);
  const putShortest = shortestWrites(db);
  const putPlays = playWrites(db);
  const lookups = new SeedLookups(db);
  let open = true;
  return {
    path,
    db,
    migratedFrom,
    ruleSetId,
    verdicts: (family, ruleSet, seeds) => lookups.verdicts(family, ruleSet, seeds),
    mostHomeProved: (family, ruleSet, seeds) => lookups.mostHomeProved(family, ruleSet, seeds),
    mostHomeStored: (family, ruleSet, seeds) => lookups.mostHomeStored(family, ruleSet, seeds),
    playedSeeds: (k, seeds) => lookups.playedSeeds(k, seeds),
    shortestStored: (family, ruleSet, count, seeds) => lookups.shortestStored(family, ruleSet, count, seeds),
    putResults(rows) {
      return rows.length > 0 ? putAll.immediate(rows) : { inserted: 0, replaced: 0, kept: 0, conflicts: [] };
    },
    putPlays(rows) {
      if (rows.length > 0) putPlays.immediate(rows);
    },
    putShortest(rows) {
      return rows.length > 0 ? putShortest.immediate(rows) : { conflicts: [] };
    },
    close() {
      if (!open) return;
      open = false;
      closeStore(db, key);
    },
  };
}
