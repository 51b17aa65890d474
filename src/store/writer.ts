/**
 * Writing a results database: open and check, create or migrate, lock, add rows.
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
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { type Result, type Rules, err, ok, type StockMode } from '../types.ts';
import { COMPANIONS, checkDbPath, describeDbError, errorCode, fileId, pidAlive, readHeader, removeStaleTemps, tempPath } from './files.ts';
import { migrateToV3 } from './migrate.ts';
import {
  type PlayRow,
  type Ranked,
  type ResultRow,
  type ShortestCount,
  type ShortestRow,
  type StoredVerdict,
  better,
  betterHome,
  betterShortest,
  conflictOf,
} from './rows.ts';
import {
  PLAYS,
  RESULTS,
  SCHEMA_VERSION,
  SHORTEST,
  type SqlValue,
  decodeRow,
  encodeRow,
  initSchema,
  inspectSchema,
  insertSql,
  passesToDb,
  schemaProblem,
  encodeSeed,
} from './schema.ts';

/** How long a statement waits for another program's write lock by default. */
export const BUSY_TIMEOUT_MS = 5000;

/** Options of `openStore`. */
export interface StoreOptions {
  busyTimeoutMs?: number;
}

/** The key of a player's games: everything but the seed. */
export interface PlayKey {
  family: string;
  ruleSet: number;
  stock: StockMode;
  policy: string;
  params: string;
}

/** What `putResults` did with the rows it was given. */
export interface PutSummary {
  inserted: number;
  replaced: number;
  /** Rows dropped because an equal or better row was stored. */
  kept: number;
  /** Rows that disagree with the stored one on a decided fact (the stored one is kept). */
  conflicts: { row: ResultRow; kept: string; other: string }[];
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
  putShortest(rows: readonly ShortestRow[]): void;
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

const LOCK_KEY = 'lock';
/** The longest name SQLite adds to a database's. */
const JOURNAL = '-journal';
/** Database files (dev:ino) this process holds the lock of. */
const held = new Set<string>();
/** Seeds per `IN (…)` lookup. */
const CHUNK = 500;

function lockValue(): string {
  return `${process.pid}@${hostname()}`;
}

/** Who holds the lock of the database, or undefined when it is free (stale locks count as free). */
function lockHolder(db: Database.Database, key: string): string | undefined {
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
      db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(LOCK_KEY, lockValue());
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
    held.add(key);
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

const RANK_COLUMNS = 'verdict, nodes, solution_length, most_home, most_home_bound, most_home_proved';

function makeStore(path: string, key: string, db: Database.Database, migratedFrom: number | undefined): Store {
  const findRules = db.prepare('SELECT id FROM rule_sets WHERE draw = ? AND passes = ? AND foundation_return = ?').pluck();
  const addRules = db.prepare('INSERT INTO rule_sets (draw, passes, foundation_return) VALUES (?, ?, ?)');
  const getRanked = db.prepare(`SELECT ${RANK_COLUMNS} FROM results WHERE family = ? AND seed = ? AND rule_set = ?`);
  const putRow = db.prepare(insertSql(RESULTS, 'INSERT OR REPLACE'));
  const putHome = db.prepare(
    'UPDATE results SET most_home = ?, most_home_bound = ?, most_home_proved = ? WHERE family = ? AND seed = ? AND rule_set = ?',
  );
  const homeOf = (r: Ranked) => ({ mostHome: r.mostHome, mostHomeBound: r.mostHomeBound, mostHomeProved: r.mostHomeProved });
  const addNew = db.prepare(`${insertSql(RESULTS)} ON CONFLICT (family, seed, rule_set) DO NOTHING`);
  const keyCols = ['family', 'seed', 'rule_set', 'stock', 'policy', 'params'];
  const putPlay = db.prepare(
    `${insertSql(PLAYS)} ON CONFLICT (${keyCols.join(', ')}) DO UPDATE SET ` +
      PLAYS.columns
        .filter((c) => !keyCols.includes(c.name))
        .map((c) => `${c.name} = excluded.${c.name}`)
        .join(', ') +
      ' WHERE plays.error IS NOT NULL',
  );
  const byChunk = new Map<string, Database.Statement>();
  const chunked = (sql: (marks: string) => string, n: number): Database.Statement => {
    const k = `${sql('')}#${n}`;
    let s = byChunk.get(k);
    if (!s) {
      s = db
        .prepare(sql(Array.from({ length: n }, () => '?').join(', ')))
        .raw()
        .safeIntegers(true);
      byChunk.set(k, s);
    }
    return s;
  };

  const putAll = db.transaction((rows: readonly ResultRow[]): PutSummary => {
    const sum: PutSummary = { inserted: 0, replaced: 0, kept: 0, conflicts: [] };
    for (const row of rows) {
      const values = encodeRow(RESULTS, row);
      if (addNew.run(values).changes > 0) {
        sum.inserted++;
        continue;
      }
      const stored = getRanked.get(row.family, encodeSeed(row.seed), row.ruleSet) as Record<string, SqlValue>;
      const have = decodeRow<Ranked>(RESULTS, stored);
      const conflict = conflictOf(row, have);
      if (conflict) sum.conflicts.push({ row, ...conflict });
      else if (better(row, have)) {
        // a better verdict never drops what the stored row knew of the most cards home
        putRow.run(betterHome(have, row) ? encodeRow(RESULTS, { ...row, ...homeOf(have) }) : values);
        sum.replaced++;
      } else if (betterHome(row, have)) {
        // the stored verdict stays; the row's most-cards-home knowledge is added to it
        const h = homeOf(row);
        putHome.run(
          h.mostHome,
          h.mostHomeBound,
          h.mostHomeProved === null ? null : h.mostHomeProved ? 1 : 0,
          row.family,
          encodeSeed(row.seed),
          row.ruleSet,
        );
        sum.replaced++;
      } else sum.kept++;
    }
    return sum;
  });
  const getShortest = db.prepare('SELECT * FROM shortest WHERE family = ? AND seed = ? AND rule_set = ? AND count = ?').safeIntegers(true);
  const addShortest = db.prepare(`${insertSql(SHORTEST)} ON CONFLICT (family, seed, rule_set, count) DO NOTHING`);
  const putShortestRow = db.prepare(insertSql(SHORTEST, 'INSERT OR REPLACE'));
  const putShortest = db.transaction((rows: readonly ShortestRow[]) => {
    for (const row of rows) {
      if (addShortest.run(encodeRow(SHORTEST, row)).changes > 0) continue;
      const stored = getShortest.get(row.family, encodeSeed(row.seed), row.ruleSet, row.count) as Record<string, SqlValue>;
      const keep = betterShortest(row, decodeRow<ShortestRow>(SHORTEST, stored));
      if (keep) putShortestRow.run(encodeRow(SHORTEST, keep));
    }
  });
  const putPlays = db.transaction((rows: readonly PlayRow[]) => {
    for (const r of rows) putPlay.run(encodeRow(PLAYS, r));
  });
  let open = true;
  return {
    path,
    db,
    migratedFrom,
    ruleSetId(rules) {
      const k = [rules.draw, passesToDb(rules.passes), rules.foundationReturn ? 1 : 0];
      const tx = db.transaction(() => {
        const id = findRules.get(...k) as number | undefined;
        return id ?? Number(addRules.run(...k).lastInsertRowid);
      });
      return tx.immediate();
    },
    verdicts(family, ruleSet, seeds) {
      const out = new Map<bigint, StoredVerdict>();
      for (let i = 0; i < seeds.length; i += CHUNK) {
        const part = seeds.slice(i, i + CHUNK).map(encodeSeed);
        const q = chunked((m) => `SELECT seed, verdict FROM results WHERE family = ? AND rule_set = ? AND seed IN (${m})`, part.length);
        for (const [s, v] of q.all(family, ruleSet, ...part) as [bigint | string, StoredVerdict][]) out.set(BigInt(s), v);
      }
      return out;
    },
    mostHomeProved(family, ruleSet, seeds) {
      const out = new Set<bigint>();
      for (let i = 0; i < seeds.length; i += CHUNK) {
        const part = seeds.slice(i, i + CHUNK).map(encodeSeed);
        const q = chunked(
          (m) => `SELECT seed FROM results WHERE family = ? AND rule_set = ? AND most_home_proved = 1 AND seed IN (${m})`,
          part.length,
        );
        for (const [s] of q.all(family, ruleSet, ...part) as [bigint | string][]) out.add(BigInt(s));
      }
      return out;
    },
    mostHomeStored(family, ruleSet, seeds) {
      const out = new Map<bigint, boolean>();
      for (let i = 0; i < seeds.length; i += CHUNK) {
        const part = seeds.slice(i, i + CHUNK).map(encodeSeed);
        const q = chunked(
          (m) =>
            `SELECT seed, most_home_proved FROM results WHERE family = ? AND rule_set = ? AND most_home IS NOT NULL AND seed IN (${m})`,
          part.length,
        );
        for (const [s, p] of q.all(family, ruleSet, ...part) as [bigint | string, bigint | number | null][])
          out.set(BigInt(s), Number(p) === 1);
      }
      return out;
    },
    putResults(rows) {
      return rows.length > 0 ? putAll.immediate(rows) : { inserted: 0, replaced: 0, kept: 0, conflicts: [] };
    },
    putPlays(rows) {
      if (rows.length > 0) putPlays.immediate(rows);
    },
    playedSeeds(k, seeds) {
      const out = new Set<bigint>();
      for (let i = 0; i < seeds.length; i += CHUNK) {
        const part = seeds.slice(i, i + CHUNK).map(encodeSeed);
        const q = chunked(
          (m) =>
            'SELECT seed FROM plays WHERE family = ? AND rule_set = ? AND stock = ? AND policy = ? AND params = ? ' +
            `AND error IS NULL AND seed IN (${m})`,
          part.length,
        );
        for (const [s] of q.all(k.family, k.ruleSet, k.stock, k.policy, k.params, ...part) as [bigint | string][]) out.add(BigInt(s));
      }
      return out;
    },
    putShortest(rows) {
      if (rows.length > 0) putShortest.immediate(rows);
    },
    shortestStored(family, ruleSet, count, seeds) {
      const out = new Map<bigint, { verdict: StoredVerdict; proved: boolean }>();
      for (let i = 0; i < seeds.length; i += CHUNK) {
        const part = seeds.slice(i, i + CHUNK).map(encodeSeed);
        const q = chunked(
          (m) => `SELECT seed, verdict, proved FROM shortest WHERE family = ? AND rule_set = ? AND count = ? AND seed IN (${m})`,
          part.length,
        );
        for (const [s, v, p] of q.all(family, ruleSet, count, ...part) as [bigint | string, StoredVerdict, bigint | null][])
          out.set(BigInt(s), { verdict: v, proved: p !== null && Number(p) === 1 });
      }
      return out;
    },
    close() {
      if (!open) return;
      open = false;
      try {
        db.prepare('DELETE FROM meta WHERE key = ? AND value = ?').run(LOCK_KEY, lockValue());
      } catch {
        // Busy or full: the row names this process, which is about to end, so the next run takes it over.
      }
      try {
        db.pragma('journal_mode = DELETE');
      } catch {
        // Someone else has it open: it stays in WAL mode until the last one leaves.
      }
      held.delete(key);
      db.close();
    },
  };
}
