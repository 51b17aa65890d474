/**
 * The results database as the batch runner uses it: open and check, lock, read what is already
 * there, write results in transactions. The schema itself is `store/schema.ts`.
 *
 * Safety rules:
 * - Nothing is written before the file is known to be an SQLite database with our schema (or
 *   empty), so a wrong `--db` never changes someone's file.
 * - WAL journal, every write in a transaction: a process killed at any moment leaves the last
 *   committed state, never a torn one.
 * - One writer per database: a batch (or merge) takes a lock row `meta(key = 'lock')` holding
 *   `pid@host` in a `BEGIN IMMEDIATE` transaction and deletes it when it closes. A lock left by
 *   a process that no longer runs on this host (kill -9) is taken over; a lock held by a live
 *   process, or by another host, refuses the run.
 */
import { mkdirSync, realpathSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { checkSchema, initSchema, passesToDb } from '../store/schema.ts';
import { type Family, type Result, type Rules, err, ok } from '../types.ts';
import { VERSION } from '../version.ts';
import type { DealOutcome, StoredVerdict } from './task.ts';

/** The version stamped on every row: the package version. */
export const SOLVER_VERSION: string = VERSION;

/** Budgets as stored with each row; null = solver default. */
export interface StoredBudget {
  maxNodes: number | null;
  timeoutMs: number | null;
  maxMemoryMb: number | null;
}

/** A row to write: one deal under one rule set. */
export interface ResultRow extends DealOutcome {
  family: Family;
  ruleSet: number;
  budget: StoredBudget;
  solverVersion: string;
  solvedAt: string;
}

/** True for verdicts that end the question for a deal. */
export function isDecided(v: string): boolean {
  return v === 'winnable' || v === 'unwinnable';
}

const LOCK_KEY = 'lock';
/** Database files (real paths) this process holds the lock of. */
const held = new Set<string>();

/** An open, checked, locked results database. */
export interface Store {
  readonly path: string;
  readonly db: Database.Database;
  /** The id of a rule set, created if new. */
  ruleSetId(rules: Rules): number;
  /** Verdicts already stored for a family under a rule set, by seed. */
  existing(family: Family, ruleSet: number): Map<number, StoredVerdict>;
  /** Writes rows in one transaction; never replaces a decided row. */
  put(rows: readonly ResultRow[]): void;
  /** Releases the lock and closes the database (idempotent). */
  close(): void;
}

function describeOpenError(path: string, e: unknown): string {
  const code = (e as { code?: string }).code ?? '';
  const msg = (e as Error).message ?? String(e);
  if (code === 'SQLITE_NOTADB' || /not a database/i.test(msg)) return `${path} is not an SQLite database`;
  if (code === 'SQLITE_CORRUPT') return `${path} is a corrupt SQLite database`;
  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY' || code === 'SQLITE_IOERR' || code.startsWith('E'))
    return `cannot write database ${path}: ${msg}`;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return `database ${path} is busy (another program is writing it)`;
  return `cannot use database ${path}: ${msg}`;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM';
  }
}

/** Why the database is locked by someone else, or undefined when it is free (stale locks count as free). */
function lockHolder(db: Database.Database, key: string): string | undefined {
  if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get()) return undefined;
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(LOCK_KEY) as { value: string } | undefined;
  if (!row) return undefined;
  const m = /^(\d+)@(.*)$/.exec(row.value);
  if (!m) return undefined;
  const pid = Number(m[1]);
  if (m[2] === hostname()) {
    // Our own pid on a file we do not hold: a killed process whose pid was reused by us.
    if (pid === process.pid ? !held.has(key) : !pidAlive(pid)) return undefined;
  }
  return `pid ${pid} on ${m[2]}`;
}

/**
 * Opens (creating if needed) a results database for writing: checks the file and the schema,
 * switches to WAL and takes the writer lock. Errors are one-line messages; on error nothing in
 * the file has been changed.
 */
export function openStore(path: string): Result<Store> {
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    // does not exist yet
  }
  if (isDir) return err(`database path ${path} is a directory`);
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (e) {
    return err(`cannot create the directory for database ${path}: ${(e as Error).message}`);
  }
  let db: Database.Database;
  try {
    db = new Database(path, { timeout: 2000 });
  } catch (e) {
    return err(describeOpenError(path, e));
  }
  const fail = (msg: string): Result<Store> => {
    db.close();
    return err(msg);
  };
  try {
    const bad = checkSchema(db);
    if (bad) return fail(`${path}: ${bad}`);
    const key = realpathSync(path);
    const holder = lockHolder(db, key);
    if (holder)
      return fail(
        `database ${path} is in use by another batch (${holder}); if that process is gone, run: sqlite3 ${path} "DELETE FROM meta WHERE key = 'lock'"`,
      );
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const taken = db.transaction(() => {
      initSchema(db);
      const h = lockHolder(db, key);
      if (h) return h;
      db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(LOCK_KEY, `${process.pid}@${hostname()}`);
      return undefined;
    });
    const h = taken.immediate();
    if (h) return fail(`database ${path} is in use by another batch (${h})`);
    held.add(key);
    return ok(makeStore(path, key, db));
  } catch (e) {
    return fail(describeOpenError(path, e));
  }
}

function makeStore(path: string, key: string, db: Database.Database): Store {
  const findRules = db.prepare('SELECT id FROM rule_sets WHERE draw = ? AND passes = ? AND foundation_return = ?');
  const addRules = db.prepare('INSERT INTO rule_sets (draw, passes, foundation_return) VALUES (?, ?, ?)');
  const insert = db.prepare(`
    INSERT INTO results (family, seed, rule_set, verdict, nodes, ms, solution_length, moves, error,
                         max_nodes, timeout_ms, max_memory_mb, solver_version, solved_at)
    VALUES (@family, @seed, @ruleSet, @verdict, @nodes, @ms, @solutionLength, @moves, @error,
            @maxNodes, @timeoutMs, @maxMemoryMb, @solverVersion, @solvedAt)
    ON CONFLICT (family, seed, rule_set) DO UPDATE SET
      verdict = excluded.verdict, nodes = excluded.nodes, ms = excluded.ms,
      solution_length = excluded.solution_length, moves = excluded.moves, error = excluded.error,
      max_nodes = excluded.max_nodes, timeout_ms = excluded.timeout_ms, max_memory_mb = excluded.max_memory_mb,
      solver_version = excluded.solver_version, solved_at = excluded.solved_at
    WHERE results.verdict NOT IN ('winnable', 'unwinnable')`);
  const putAll = db.transaction((rows: readonly ResultRow[]) => {
    for (const r of rows) {
      const { budget, ...rest } = r;
      insert.run({ ...rest, ...budget });
    }
  });
  let open = true;
  return {
    path,
    db,
    ruleSetId(rules) {
      const key = [rules.draw, passesToDb(rules.passes), rules.foundationReturn ? 1 : 0];
      const tx = db.transaction(() => {
        const row = findRules.get(...key) as { id: number } | undefined;
        return row ? row.id : Number(addRules.run(...key).lastInsertRowid);
      });
      return tx.immediate();
    },
    existing(family, ruleSet) {
      const m = new Map<number, StoredVerdict>();
      const q = db.prepare('SELECT seed, verdict FROM results WHERE family = ? AND rule_set = ?').raw();
      for (const [seed, verdict] of q.iterate(family, ruleSet) as Iterable<[number, StoredVerdict]>) m.set(seed, verdict);
      return m;
    },
    put(rows) {
      if (rows.length > 0) putAll.immediate(rows);
    },
    close() {
      if (!open) return;
      open = false;
      try {
        db.prepare('DELETE FROM meta WHERE key = ? AND value = ?').run(LOCK_KEY, `${process.pid}@${hostname()}`);
      } finally {
        held.delete(key);
        db.close();
      }
    },
  };
}
