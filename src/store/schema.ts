/**
 * The results database schema (SQLite), shared by `batch`, `merge`, `stats`, `export` and `report`.
 *
 * - `meta(key, value)`: `schema` = SCHEMA_NAME, `schema_version` = SCHEMA_VERSION.
 * - `rule_sets(id, draw, passes, foundation_return)`: one row per rule set; `passes` 0 means
 *   unlimited (SQLite treats NULLs as distinct in UNIQUE constraints, so 0 stands for ∞ here;
 *   every reader maps it back to null / "unlimited").
 * - `results`: one row per (family, seed, rule set): the verdict (`winnable`, `unwinnable`,
 *   `unknown`, `error`), search statistics, the solution in compact notation (`solution.ts`),
 *   the error message for `error` rows, the budgets it ran under and the solver version.
 *
 * Query it with the sqlite3 shell, e.g.
 *   SELECT verdict, count(*) FROM results JOIN rule_sets r ON r.id = rule_set
 *   WHERE r.draw = 3 AND r.passes = 0 GROUP BY verdict;
 */
import type Database from 'better-sqlite3';

export const SCHEMA_NAME = 'klondike-solver-results';
export const SCHEMA_VERSION = '1';

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rule_sets (
  id                INTEGER PRIMARY KEY,
  draw              INTEGER NOT NULL,
  passes            INTEGER NOT NULL,          -- 0 = unlimited
  foundation_return INTEGER NOT NULL,          -- 1 = allowed, 0 = forbidden
  UNIQUE (draw, passes, foundation_return)
);
CREATE TABLE IF NOT EXISTS results (
  family          TEXT    NOT NULL,
  seed            INTEGER NOT NULL,
  rule_set        INTEGER NOT NULL REFERENCES rule_sets(id),
  verdict         TEXT    NOT NULL CHECK (verdict IN ('winnable', 'unwinnable', 'unknown', 'error')),
  nodes           INTEGER NOT NULL DEFAULT 0,
  ms              REAL    NOT NULL DEFAULT 0,
  solution_length INTEGER,                     -- atomic moves; NULL unless winnable
  moves           TEXT,                        -- compact notation; NULL unless winnable
  error           TEXT,                        -- message for verdict = 'error'
  max_nodes       INTEGER,
  timeout_ms      INTEGER,
  max_memory_mb   INTEGER,
  solver_version  TEXT    NOT NULL,
  solved_at       TEXT    NOT NULL,            -- ISO 8601
  PRIMARY KEY (family, seed, rule_set)
);
CREATE INDEX IF NOT EXISTS results_by_rules ON results (rule_set, family, verdict);
`;

/** Creates the schema in an empty database and stamps it; callers check existing ones with `checkSchema`. */
export function initSchema(db: Database.Database): void {
  db.exec(SCHEMA_SQL);
  const put = db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)');
  put.run('schema', SCHEMA_NAME);
  put.run('schema_version', SCHEMA_VERSION);
}

/** Undefined when the database carries our schema, else a one-line reason. */
export function checkSchema(db: Database.Database): string | undefined {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
  const names = new Set(tables.map((t) => t.name));
  if (names.size === 0) return undefined; // empty: initSchema will create it
  if (!names.has('meta') || !names.has('results') || !names.has('rule_sets'))
    return 'database has another schema (not a klondike results database)';
  const row = db.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as { value: string } | undefined;
  if (row?.value !== SCHEMA_NAME) return 'database has another schema (not a klondike results database)';
  const v = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string } | undefined;
  if (v?.value !== SCHEMA_VERSION) return `database schema version ${v?.value ?? '?'} is not ${SCHEMA_VERSION}`;
  return undefined;
}

/** passes as stored (0 = unlimited) to the API form (null = unlimited). */
export function passesFromDb(p: number): number | null {
  return p === 0 ? null : p;
}

/** passes in the API form (null = unlimited) to the stored form. */
export function passesToDb(p: number | null): number {
  return p === null ? 0 : p;
}
