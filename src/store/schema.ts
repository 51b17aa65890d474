/**
 * The results database schema (SQLite), version 3: the one place that names its tables and
 * columns. Every statement that reads or writes a row is built from the column lists below, and
 * every row crosses into JavaScript through `encodeRow` / `decodeRow`.
 *
 * - `meta(key, value)`: `schema` = SCHEMA_NAME, `schema_version` = SCHEMA_VERSION, and the
 *   writer's `lock` row while a batch or merge runs.
 * - `rule_sets(id, draw, passes, foundation_return)`: one row per rule set; `passes` 0 means
 *   unlimited (SQLite treats NULLs as distinct in UNIQUE constraints, so 0 stands for ∞ here;
 *   every reader maps it back to null / "unlimited").
 * - `results`: one row per (family, seed, rule set) solved by the thoughtful solver.
 * - `plays`: one row per game of a hidden-card player: (family, seed, rule set, stock mode,
 *   policy, its parameters).
 * - `shortest`: one row per (family, seed, rule set, move count) searched for its shortest
 *   solution (`batch --shortest`): the shortest line found, whether it is proved minimal, the
 *   proved lower bound, and the lengths of the verdict search's line and of the post-pass's.
 *
 * Seeds are stored exactly. The three small-number families (seeds below 2^32) and anything up
 * to 2^63 − 1 are stored as INTEGER, so ad-hoc SQL (`seed BETWEEN 1 AND 100`, `ORDER BY seed`)
 * works on them as on numbers; the `microsoft` and `exact` families number deals up to 52! − 1
 * (68 digits), beyond SQLite's integers, and a seed above 2^63 − 1 is stored as its canonical
 * decimal TEXT. The column therefore has no declared type (SQLite would turn such text into an
 * inexact REAL under INTEGER or NUMERIC affinity), and a CHECK admits exactly these two forms.
 * Numeric order over both is (decimal length, value): every TEXT seed has at least 19 digits
 * and is above every INTEGER one. The index `results_by_seed` is built on that order, so
 * `ORDER BY family, length(seed), seed` and `seedRangeSql` read it without sorting.
 *
 * Version history: 1 had `seed INTEGER` (no seed beyond 2^32) and neither `stop_reason`, the most-cards-home columns nor
 * `plays`; 2 had no `shortest`. `migrate.ts` brings an older file to version 3 (writers), or
 * shows it as version 3 through temporary views and tables (readers, which never write).
 */
import type Database from 'better-sqlite3';

export const SCHEMA_NAME = 'klondike-solver-results';
export const SCHEMA_VERSION = 3;

/** A value SQLite stores. */
export type SqlValue = string | number | bigint | null;

/** One column: its SQL name and definition, the property of the JavaScript row, optional codecs. */
export interface Column {
  name: string;
  key: string;
  def: string;
  /** JavaScript value → stored value (default: as is). */
  enc?: (v: never) => SqlValue;
  /** Stored value → JavaScript value (default: as is). */
  dec?: (v: SqlValue) => unknown;
}

/** A table: its columns in order, and the table constraints after them. */
export interface Table {
  name: string;
  columns: readonly Column[];
  constraints: readonly string[];
  indexes: readonly string[];
}

/** The largest seed stored as INTEGER (SQLite's largest integer). */
export const INT64_MAX = 2n ** 63n - 1n;

/** A seed as stored: an integer up to INT64_MAX, canonical decimal text beyond. */
export function encodeSeed(seed: bigint): bigint | string {
  return seed <= INT64_MAX ? seed : seed.toString();
}

/** The CHECK of a seed column: a whole number ≥ 0 as INTEGER, or canonical decimal TEXT above INT64_MAX. */
const SEED_CHECK = (c: string) =>
  `(typeof(${c}) = 'integer' AND ${c} >= 0) OR (typeof(${c}) = 'text' AND ${c} NOT GLOB '*[^0-9]*' AND ${c} NOT GLOB '0*' ` +
  `AND (length(${c}) > 19 OR (length(${c}) = 19 AND ${c} > '${INT64_MAX}')))`;

const seedCodec = { enc: encodeSeed, dec: (v: SqlValue) => BigInt(v as bigint | string) };
const boolCodec = {
  enc: (v: boolean | null) => (v === null ? null : v ? 1 : 0),
  dec: (v: SqlValue) => (v === null ? null : Number(v) !== 0),
};

export const META: Table = {
  name: 'meta',
  columns: [
    { name: 'key', key: 'key', def: 'TEXT PRIMARY KEY' },
    { name: 'value', key: 'value', def: 'TEXT NOT NULL' },
  ],
  constraints: [],
  indexes: [],
};

export const RULE_SETS: Table = {
  name: 'rule_sets',
  columns: [
    { name: 'id', key: 'id', def: 'INTEGER PRIMARY KEY' },
    { name: 'draw', key: 'draw', def: 'INTEGER NOT NULL' },
    { name: 'passes', key: 'passes', def: 'INTEGER NOT NULL' }, // 0 = unlimited
    { name: 'foundation_return', key: 'foundationReturn', def: 'INTEGER NOT NULL' }, // 1 = allowed
  ],
  constraints: ['UNIQUE (draw, passes, foundation_return)'],
  indexes: [],
};

/** The `results` table; its column order is the order of `SELECT *`. */
export const RESULTS: Table = {
  name: 'results',
  columns: [
    { name: 'family', key: 'family', def: 'TEXT NOT NULL' },
    { name: 'seed', key: 'seed', def: `NOT NULL CHECK (${SEED_CHECK('seed')})`, ...seedCodec },
    { name: 'rule_set', key: 'ruleSet', def: 'INTEGER NOT NULL REFERENCES rule_sets(id)' },
    {
      name: 'verdict',
      key: 'verdict',
      def: "TEXT NOT NULL CHECK (verdict IN ('winnable', 'unwinnable', 'unknown', 'error'))",
    },
    { name: 'nodes', key: 'nodes', def: 'INTEGER NOT NULL DEFAULT 0' },
    { name: 'ms', key: 'ms', def: 'REAL NOT NULL DEFAULT 0' },
    { name: 'solution_length', key: 'solutionLength', def: 'INTEGER' }, // atomic moves; NULL unless winnable
    { name: 'moves', key: 'moves', def: 'TEXT' }, // compact notation; NULL unless winnable
    { name: 'error', key: 'error', def: 'TEXT' }, // message of an 'error' row
    { name: 'max_nodes', key: 'maxNodes', def: 'INTEGER' }, // the budget applied; NULL only in rows of schema 1
    { name: 'timeout_ms', key: 'timeoutMs', def: 'INTEGER' },
    { name: 'max_memory_mb', key: 'maxMemoryMb', def: 'INTEGER' },
    { name: 'solver_version', key: 'solverVersion', def: 'TEXT NOT NULL' },
    { name: 'solved_at', key: 'solvedAt', def: 'TEXT NOT NULL' }, // ISO 8601
    // added in version 2
    {
      name: 'stop_reason',
      key: 'stopReason',
      def: "TEXT CHECK (stop_reason IN ('nodes', 'time', 'memory', 'depth'))", // the budget that ran out (unknown rows)
    },
    { name: 'most_home', key: 'mostHome', def: 'INTEGER CHECK (most_home BETWEEN 0 AND 52)' }, // best line found
    { name: 'most_home_bound', key: 'mostHomeBound', def: 'INTEGER CHECK (most_home_bound BETWEEN 0 AND 52)' }, // proved bound
    { name: 'most_home_proved', key: 'mostHomeProved', def: 'INTEGER CHECK (most_home_proved IN (0, 1))', ...boolCodec },
  ],
  constraints: [
    'PRIMARY KEY (family, seed, rule_set)',
    'CHECK (most_home IS NULL OR most_home_bound IS NULL OR most_home <= most_home_bound)',
    'CHECK (most_home_proved IS NOT 1 OR most_home = most_home_bound)',
  ],
  indexes: [
    'CREATE INDEX IF NOT EXISTS results_by_rules ON results (rule_set, family, verdict)',
    'CREATE INDEX IF NOT EXISTS results_by_seed ON results (family, length(seed), seed, rule_set)',
  ],
};

/** The `plays` table: games of hidden-card players. */
export const PLAYS: Table = {
  name: 'plays',
  columns: [
    { name: 'family', key: 'family', def: 'TEXT NOT NULL' },
    { name: 'seed', key: 'seed', def: `NOT NULL CHECK (${SEED_CHECK('seed')})`, ...seedCodec },
    { name: 'rule_set', key: 'ruleSet', def: 'INTEGER NOT NULL REFERENCES rule_sets(id)' },
    { name: 'stock', key: 'stock', def: "TEXT NOT NULL CHECK (stock IN ('visible', 'hidden'))" }, // is the stock order seen?
    { name: 'policy', key: 'policy', def: "TEXT NOT NULL CHECK (policy <> '')" },
    { name: 'params', key: 'params', def: "TEXT NOT NULL DEFAULT '{}'" }, // canonical JSON (`canonicalParams`)
    { name: 'won', key: 'won', def: 'INTEGER NOT NULL CHECK (won IN (0, 1))', ...boolCodec },
    { name: 'move_count', key: 'moveCount', def: 'INTEGER NOT NULL CHECK (move_count >= 0)' },
    { name: 'moves', key: 'moves', def: 'TEXT NOT NULL' }, // compact notation
    { name: 'cards_home', key: 'cardsHome', def: 'INTEGER NOT NULL CHECK (cards_home BETWEEN 0 AND 52)' },
    { name: 'ms', key: 'ms', def: 'REAL NOT NULL' },
    { name: 'error', key: 'error', def: 'TEXT' }, // the game could not be played (then won = 0)
    { name: 'solver_version', key: 'solverVersion', def: 'TEXT NOT NULL' },
    { name: 'solved_at', key: 'solvedAt', def: 'TEXT NOT NULL' },
  ],
  constraints: ['PRIMARY KEY (family, seed, rule_set, stock, policy, params)', 'CHECK (error IS NULL OR won = 0)'],
  indexes: ['CREATE INDEX IF NOT EXISTS plays_by_group ON plays (rule_set, family, stock, policy, params)'],
};

/**
 * The `shortest` table: the shortest solution found for a deal, counted one way (`count`: every
 * atomic move, or KSolve's count), with the line's count the other way beside it. Lengths are NULL
 * unless the deal is winnable; `proved` is 1 only when the lower bound equals the length.
 */
export const SHORTEST: Table = {
  name: 'shortest',
  columns: [
    { name: 'family', key: 'family', def: 'TEXT NOT NULL' },
    { name: 'seed', key: 'seed', def: `NOT NULL CHECK (${SEED_CHECK('seed')})`, ...seedCodec },
    { name: 'rule_set', key: 'ruleSet', def: 'INTEGER NOT NULL REFERENCES rule_sets(id)' },
    { name: 'count', key: 'count', def: "TEXT NOT NULL CHECK (count IN ('atomic', 'ksolve'))" }, // how `length` counts moves
    {
      name: 'verdict',
      key: 'verdict',
      def: "TEXT NOT NULL CHECK (verdict IN ('winnable', 'unwinnable', 'unknown', 'error'))",
    },
    { name: 'length', key: 'length', def: 'INTEGER CHECK (length >= 0)' }, // the shortest line found, counted as `count`
    { name: 'lower_bound', key: 'lowerBound', def: 'INTEGER CHECK (lower_bound >= 0)' }, // no solution is shorter
    { name: 'proved', key: 'proved', def: 'INTEGER CHECK (proved IN (0, 1))', ...boolCodec }, // length proved minimal
    { name: 'first_length', key: 'firstLength', def: 'INTEGER' }, // the verdict search's line, counted as `count`
    { name: 'shortened_length', key: 'shortenedLength', def: 'INTEGER' }, // that line after the post-pass
    { name: 'atomic_length', key: 'atomicLength', def: 'INTEGER' }, // the shortest line found, every atomic move
    { name: 'ksolve_length', key: 'ksolveLength', def: 'INTEGER' }, // the same line as KSolve counts (redeals free)
    { name: 'moves', key: 'moves', def: 'TEXT' }, // compact notation; NULL unless winnable
    { name: 'nodes', key: 'nodes', def: 'INTEGER NOT NULL DEFAULT 0' },
    { name: 'ms', key: 'ms', def: 'REAL NOT NULL DEFAULT 0' },
    {
      name: 'stop_reason',
      key: 'stopReason',
      def: "TEXT CHECK (stop_reason IN ('nodes', 'time', 'memory', 'depth'))", // the budget that ran out (not proved)
    },
    { name: 'error', key: 'error', def: 'TEXT' },
    { name: 'max_nodes', key: 'maxNodes', def: 'INTEGER' },
    { name: 'timeout_ms', key: 'timeoutMs', def: 'INTEGER' },
    { name: 'max_memory_mb', key: 'maxMemoryMb', def: 'INTEGER' },
    { name: 'solver_version', key: 'solverVersion', def: 'TEXT NOT NULL' },
    { name: 'solved_at', key: 'solvedAt', def: 'TEXT NOT NULL' },
  ],
  constraints: [
    'PRIMARY KEY (family, seed, rule_set, count)',
    "CHECK ((verdict = 'winnable') = (length IS NOT NULL AND lower_bound IS NOT NULL AND proved IS NOT NULL))",
    'CHECK (lower_bound IS NULL OR lower_bound <= length)',
    'CHECK (proved IS NOT 1 OR lower_bound = length)',
    "CHECK (length IS NULL OR length = CASE count WHEN 'atomic' THEN atomic_length ELSE ksolve_length END)",
  ],
  indexes: ['CREATE INDEX IF NOT EXISTS shortest_by_seed ON shortest (family, length(seed), seed, rule_set, count)'],
};

/** The tables of the current version, in creation order. */
export const TABLES: readonly Table[] = [META, RULE_SETS, RESULTS, PLAYS, SHORTEST];

/** The schema versions this code reads. */
export type KnownVersion = 1 | 2 | 3;

/** Columns of `results` added in version 2 (absent from version-1 files). */
export const ADDED_IN_V2 = ['stop_reason', 'most_home', 'most_home_bound', 'most_home_proved'] as const;

/** The tables and their column names of each version this code reads. */
export const VERSION_COLUMNS: Record<KnownVersion, Record<string, readonly string[]>> = {
  1: {
    meta: META.columns.map((c) => c.name),
    rule_sets: RULE_SETS.columns.map((c) => c.name),
    results: RESULTS.columns.map((c) => c.name).filter((n) => !(ADDED_IN_V2 as readonly string[]).includes(n)),
  },
  2: Object.fromEntries(TABLES.filter((t) => t !== SHORTEST).map((t) => [t.name, t.columns.map((c) => c.name)])),
  3: Object.fromEntries(TABLES.map((t) => [t.name, t.columns.map((c) => c.name)])),
};

/** `CREATE TABLE` for a table, optionally under another name. */
export function createTableSql(t: Table, name = t.name, ifNotExists = true): string {
  const lines = [...t.columns.map((c) => `  ${c.name} ${c.def}`), ...t.constraints.map((c) => `  ${c}`)];
  return `CREATE TABLE ${ifNotExists ? 'IF NOT EXISTS ' : ''}${name} (\n${lines.join(',\n')}\n)`;
}

/** The whole current schema. */
export const SCHEMA_SQL: string = TABLES.map((t) => [createTableSql(t), ...t.indexes].join(';\n')).join(';\n') + ';\n';

/** `INSERT` (or `INSERT OR REPLACE`) of a full row with positional parameters in column order. */
export function insertSql(t: Table, verb = 'INSERT'): string {
  return `${verb} INTO ${t.name} (${t.columns.map((c) => c.name).join(', ')}) VALUES (${t.columns.map(() => '?').join(', ')})`;
}

/** A JavaScript row as the positional parameters of `insertSql`. */
export function encodeRow(t: Table, row: object): SqlValue[] {
  const r = row as Record<string, unknown>;
  return t.columns.map((c) => {
    const v = r[c.key] ?? null;
    return c.enc ? c.enc(v as never) : (v as SqlValue);
  });
}

/**
 * A stored row (as read with `SELECT *` into an object) as a JavaScript row. Read with
 * `safeIntegers(true)` so that seeds above 2^53 come back exact; other integers become numbers.
 */
export function decodeRow<T>(t: Table, stored: Record<string, SqlValue>): T {
  const out: Record<string, unknown> = {};
  for (const c of t.columns) {
    const v = stored[c.name] ?? null;
    out[c.key] = v === null ? null : c.dec ? c.dec(v) : typeof v === 'bigint' ? Number(v) : v;
  }
  return out as T;
}

/** Creates the current schema in an empty database and stamps it (inside the caller's transaction). */
export function initSchema(db: Database.Database): void {
  db.exec(SCHEMA_SQL);
  const put = db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)');
  put.run('schema', SCHEMA_NAME);
  put.run('schema_version', String(SCHEMA_VERSION));
}

/** What a database holds, as far as this code is concerned. */
export type SchemaState =
  | { kind: 'empty' }
  | { kind: 'ours'; version: KnownVersion }
  | { kind: 'newer'; version: string }
  | { kind: 'foreign'; why: string };

const FOREIGN = 'database has another schema (not a klondike results database)';

/**
 * Reads (never writes) the schema of an open database: empty, ours (version 1, 2 or 3, every table
 * with exactly the columns of that version), written by a newer version, or foreign. Tables the
 * user added beside ours are allowed.
 */
export function inspectSchema(db: Database.Database): SchemaState {
  const names = new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[]).map(
      (n) => n,
    ),
  );
  if (names.size === 0) return { kind: 'empty' };
  if (!names.has('meta')) return { kind: 'foreign', why: FOREIGN };
  const metaCols = (db.prepare("SELECT name FROM pragma_table_info('meta')").pluck().all() as string[]).join();
  if (metaCols !== VERSION_COLUMNS[SCHEMA_VERSION].meta.join()) return { kind: 'foreign', why: FOREIGN };
  const get = db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
  if (get.get('schema') !== SCHEMA_NAME) return { kind: 'foreign', why: FOREIGN };
  const v = String(get.get('schema_version') ?? '?');
  if (v !== '1' && v !== '2' && v !== '3') {
    return /^\d+$/.test(v) && Number(v) > SCHEMA_VERSION
      ? { kind: 'newer', version: v }
      : { kind: 'foreign', why: `database schema version ${v} is not one this program knows (1 to ${SCHEMA_VERSION})` };
  }
  const version = Number(v) as KnownVersion;
  for (const [table, cols] of Object.entries(VERSION_COLUMNS[version])) {
    if (!names.has(table)) return { kind: 'foreign', why: `${FOREIGN}: table ${table} is missing` };
    const have = db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[];
    if (have.join() !== cols.join())
      return { kind: 'foreign', why: `${FOREIGN}: table ${table} has columns (${have.join(', ')}), expected (${cols.join(', ')})` };
  }
  return { kind: 'ours', version };
}

/** The one-line reason a schema cannot be used, or undefined for ours (any version) and empty. */
export function schemaProblem(s: SchemaState): string | undefined {
  if (s.kind === 'foreign') return s.why;
  if (s.kind === 'newer')
    return `database schema version ${s.version} was written by a newer klondike-solver (this one knows up to ${SCHEMA_VERSION})`;
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

/** SQL parameters. */
export type SqlParam = string | number | bigint;

/**
 * SQL condition selecting seeds from..to (inclusive) of column `col`: integers compare as
 * integers; the part above INT64_MAX, stored as text, is split by decimal length so that text
 * compares with text of the same length.
 */
export function seedRangeSql(col: string, from: bigint, to: bigint): { sql: string; params: SqlParam[] } {
  if (from === to) return { sql: `${col} = ?`, params: [encodeSeed(from)] };
  const parts: string[] = [];
  const params: SqlParam[] = [];
  if (from <= INT64_MAX) {
    parts.push(`(typeof(${col}) = 'integer' AND ${col} BETWEEN ? AND ?)`);
    params.push(from, to < INT64_MAX ? to : INT64_MAX);
  }
  if (to > INT64_MAX) {
    const a = (from > INT64_MAX ? from : INT64_MAX + 1n).toString();
    const b = to.toString();
    if (a.length === b.length) {
      parts.push(`(typeof(${col}) = 'text' AND length(${col}) = ? AND ${col} BETWEEN ? AND ?)`);
      params.push(a.length, a, b);
    } else {
      parts.push(
        `(typeof(${col}) = 'text' AND length(${col}) = ? AND ${col} >= ?)`,
        `(typeof(${col}) = 'text' AND length(${col}) = ? AND ${col} <= ?)`,
      );
      params.push(a.length, a, b.length, b);
      if (b.length - a.length > 1) {
        parts.push(`(typeof(${col}) = 'text' AND length(${col}) > ? AND length(${col}) < ?)`);
        params.push(a.length, b.length);
      }
    }
  }
  return { sql: `(${parts.join(' OR ')})`, params };
}
