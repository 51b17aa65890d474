/**
 * Reading a results database: `openReader` and the typed reads of `results`, `plays` and `shortest`.
 *
 * Readers never create or change a database. The file is opened read-only; a missing file, a
 * file that is not SQLite, or a database without our schema is a one-line error. A file of an
 * older version is shown as the current one through temporary views and tables (`migrate.ts`),
 * without writing to it.
 *
 * WAL mode and read-only disks: SQLite needs a `-shm` file beside a database in WAL mode, even to
 * read it, and creates one (and a `-wal`) if it can. Our writers leave WAL mode on close, so a
 * database at rest needs neither. A file still in WAL mode (written by schema version 1, or by a
 * batch that was killed) is read from a private copy in the temporary directory when it has no
 * `-wal` file (nothing to miss, and no stray files are left beside it), or when it cannot be
 * opened in place (a read-only disk); a database with a `-wal` file, which a running batch may
 * be writing, is otherwise read in place.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type Result, type Rules, type SeedRange, err, ok, type StockMode } from '../types.ts';
import { checkDbPath, describeDbError, errorCode, readHeader } from './files.ts';
import { showAsCurrent } from './migrate.ts';
import type { PlayRow, ResultRow, ShortestCount, ShortestRow } from './rows.ts';
import {
  PLAYS,
  RESULTS,
  SHORTEST,
  type SqlParam,
  type KnownVersion,
  type SqlValue,
  decodeRow,
  inspectSchema,
  passesFromDb,
  schemaProblem,
  seedRangeSql,
} from './schema.ts';

/** An open results database, read-only, in the shape of the current schema. */
export interface Reader {
  readonly path: string;
  readonly db: Database.Database;
  /** The schema version of the file. */
  readonly version: KnownVersion;
  close(): void;
}

function openCopy(path: string, withWal: boolean): { db: Database.Database; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'klondike-read-'));
  try {
    copyFileSync(path, join(dir, 'db.sqlite'));
    if (withWal) copyFileSync(`${path}-wal`, join(dir, 'db.sqlite-wal'));
    return { db: new Database(join(dir, 'db.sqlite'), { readonly: true, fileMustExist: true }), dir };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** Opens a results database for reading; errors are one line. */
export function openReader(path: string): Result<Reader> {
  const p = checkDbPath(path);
  if (!p.ok) return p;
  const header = readHeader(path);
  if (header.kind === 'missing') return err(`no database at ${path} (run \`klondike batch\` first or pass --db FILE)`);
  if (header.kind === 'empty') return err(`${path} is not a klondike results database (the file is empty)`);
  if (header.kind === 'other') return err(`${path} is not an SQLite database`);
  const hasWal = existsSync(`${path}-wal`);
  let db: Database.Database;
  let dir: string | undefined;
  try {
    if (header.wal && !hasWal) ({ db, dir } = openCopy(path, false));
    else {
      let direct: Database.Database | undefined;
      try {
        direct = new Database(path, { readonly: true, fileMustExist: true });
        direct.prepare('SELECT count(*) FROM sqlite_master').get(); // the first read is where WAL files are needed
        db = direct;
      } catch (e) {
        direct?.close();
        if (!header.wal || !errorCode(e).startsWith('SQLITE_CANTOPEN')) throw e;
        ({ db, dir } = openCopy(path, hasWal));
      }
    }
  } catch (e) {
    return err(describeDbError(path, e));
  }
  const close = () => {
    db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const state = inspectSchema(db);
    if (state.kind === 'empty') {
      close();
      return err(`${path} is not a klondike results database (it has no tables)`);
    }
    const bad = schemaProblem(state);
    if (bad || state.kind !== 'ours') {
      close();
      return err(`${path}: ${bad}`);
    }
    showAsCurrent(db, state.version);
    return ok({ path, db, version: state.version, close });
  } catch (e) {
    close();
    return err(describeDbError(path, e));
  }
}

/** Restrictions on the rows read; absent fields do not restrict. */
export interface ResultFilter {
  family?: string;
  draw?: number;
  /** null selects unlimited passes. */
  passes?: number | null;
  foundationReturn?: boolean;
  /** Vegas pass limits: draw 1 with one pass, draw 3 with three. */
  vegas?: boolean;
  seeds?: readonly SeedRange[];
}

/** The SQL condition of a filter over `x` (results or plays) joined with `r` (rule_sets), and its parameters. */
export function filterSql(f: ResultFilter): { where: string; params: SqlParam[] } {
  const conds: string[] = [];
  const params: SqlParam[] = [];
  const add = (sql: string, ...p: SqlParam[]) => {
    conds.push(sql);
    params.push(...p);
  };
  if (f.family !== undefined) add('x.family = ?', f.family);
  if (f.draw !== undefined) add('r.draw = ?', f.draw);
  if (f.passes !== undefined) add('r.passes = ?', f.passes === null ? 0 : f.passes);
  if (f.foundationReturn !== undefined) add('r.foundation_return = ?', f.foundationReturn ? 1 : 0);
  if (f.vegas) add('((r.draw = 1 AND r.passes = 1) OR (r.draw = 3 AND r.passes = 3))');
  if (f.seeds !== undefined && f.seeds.length > 0) {
    const parts = f.seeds.map((s) => seedRangeSql('x.seed', s.from, s.to));
    add(`(${parts.map((p) => p.sql).join(' OR ')})`, ...parts.flatMap((p) => p.params));
  }
  return { where: conds.length ? conds.join(' AND ') : '1', params };
}

/** A stored result with its rules. */
export interface ResultWithRules {
  row: ResultRow;
  rules: Rules;
}

function rulesOf(v: Record<string, SqlValue>): Rules {
  return { draw: Number(v.r_draw), passes: passesFromDb(Number(v.r_passes)), foundationReturn: Number(v.r_fr) !== 0 };
}

/**
 * The results passing the filter, streamed in (family, seed, rule set) order with seeds in
 * numeric order (the `results_by_seed` index, no sort).
 */
export function* resultRows(db: Database.Database, filter: ResultFilter = {}): Generator<ResultWithRules> {
  const { where, params } = filterSql(filter);
  const stmt = db
    .prepare(
      `SELECT x.*, r.draw AS r_draw, r.passes AS r_passes, r.foundation_return AS r_fr
     FROM results x JOIN rule_sets r ON r.id = x.rule_set
     WHERE ${where} ORDER BY x.family, length(x.seed), x.seed, x.rule_set`,
    )
    .safeIntegers(true);
  for (const v of stmt.iterate(...params) as Iterable<Record<string, SqlValue>>)
    yield { row: decodeRow<ResultRow>(RESULTS, v), rules: rulesOf(v) };
}

/** Restrictions on the games read. */
export interface PlayFilter extends ResultFilter {
  stock?: StockMode;
  policy?: string;
}

function playFilterSql(f: PlayFilter): { where: string; params: SqlParam[] } {
  const base = filterSql(f);
  const conds = [base.where];
  const params = [...base.params];
  if (f.stock !== undefined) {
    conds.push('x.stock = ?');
    params.push(f.stock);
  }
  if (f.policy !== undefined) {
    conds.push('x.policy = ?');
    params.push(f.policy);
  }
  return { where: conds.join(' AND '), params };
}

/** The games passing the filter, streamed in (family, seed, rule set, stock, policy, params) order. */
export function* playRows(db: Database.Database, filter: PlayFilter = {}): Generator<{ row: PlayRow; rules: Rules }> {
  const { where, params } = playFilterSql(filter);
  const stmt = db
    .prepare(
      `SELECT x.*, r.draw AS r_draw, r.passes AS r_passes, r.foundation_return AS r_fr
     FROM plays x JOIN rule_sets r ON r.id = x.rule_set
     WHERE ${where} ORDER BY x.family, length(x.seed), x.seed, x.rule_set, x.stock, x.policy, x.params`,
    )
    .safeIntegers(true);
  for (const v of stmt.iterate(...params) as Iterable<Record<string, SqlValue>>)
    yield { row: decodeRow<PlayRow>(PLAYS, v), rules: rulesOf(v) };
}

/** One player's record under one rule set, family and stock mode. */
export interface PlayGroup {
  family: string;
  rules: Rules;
  stock: StockMode;
  policy: string;
  params: string;
  /** Games stored, errors included. */
  games: number;
  won: number;
  errors: number;
  /** Over the played games (errors excluded). */
  cardsHomeMean: number | null;
  /** The mean of the squared cards home over the played games (for the spread). */
  cardsHomeSquareMean: number | null;
  /** `cardsHomeCounts[k]`: the played games that ended with k cards home (0…52). */
  cardsHomeCounts: number[];
  msMean: number | null;
  /** Played games whose deal has a decided `results` row (winnable or unwinnable): the thoughtful share's base. */
  decidedDeals: number;
  /** Played games whose deal the thoughtful solver found winnable (stored in `results`), and how many of them were lost. */
  winnableDeals: number;
  lostWinnable: number;
}

/** Per (rule set, family, stock mode, policy, params): the counts `stats` puts beside the thoughtful figures. */
export function playGroups(db: Database.Database, filter: PlayFilter = {}): PlayGroup[] {
  const { where, params } = playFilterSql(filter);
  const rows = db
    .prepare(
      `SELECT x.rule_set AS rs, x.family AS family, r.draw AS r_draw, r.passes AS r_passes, r.foundation_return AS r_fr,
         x.stock AS stock, x.policy AS policy, x.params AS params,
         count(*) AS games, total(x.won) AS won, total(x.error IS NOT NULL) AS errors,
         avg(CASE WHEN x.error IS NULL THEN x.cards_home END) AS cardsHomeMean,
         avg(CASE WHEN x.error IS NULL THEN x.cards_home * x.cards_home END) AS cardsHomeSquareMean,
         total(x.error IS NULL AND s.verdict IN ('winnable', 'unwinnable')) AS decidedDeals,
         avg(CASE WHEN x.error IS NULL THEN x.ms END) AS msMean,
         total(x.error IS NULL AND s.verdict = 'winnable') AS winnableDeals,
         total(x.error IS NULL AND s.verdict = 'winnable' AND x.won = 0) AS lostWinnable
       FROM plays x JOIN rule_sets r ON r.id = x.rule_set
       LEFT JOIN results s ON s.family = x.family AND s.seed = x.seed AND s.rule_set = x.rule_set
       WHERE ${where}
       GROUP BY x.rule_set, x.family, x.stock, x.policy, x.params
       ORDER BY r.draw, r.passes <> 0, r.passes DESC, r.foundation_return DESC, x.family, x.stock, x.policy, x.params`,
    )
    .all(...params) as Record<string, SqlValue>[];
  const hist = db.prepare(
    `SELECT x.cards_home AS k, count(*) AS n FROM plays x JOIN rule_sets r ON r.id = x.rule_set
     WHERE ${where} AND x.error IS NULL AND x.rule_set = ? AND x.family = ? AND x.stock = ? AND x.policy = ? AND x.params = ?
     GROUP BY x.cards_home`,
  );
  const countsOf = (v: Record<string, SqlValue>) => {
    const counts = new Array<number>(53).fill(0);
    for (const { k, n } of hist.all(...params, v.rs, v.family, v.stock, v.policy, v.params) as { k: number; n: number }[]) counts[k] = n;
    return counts;
  };
  return rows.map((v) => ({
    family: v.family as string,
    rules: rulesOf(v),
    stock: v.stock as StockMode,
    policy: v.policy as string,
    params: v.params as string,
    games: v.games as number,
    won: v.won as number,
    errors: v.errors as number,
    cardsHomeMean: v.cardsHomeMean as number | null,
    cardsHomeSquareMean: v.cardsHomeSquareMean as number | null,
    cardsHomeCounts: countsOf(v),
    decidedDeals: v.decidedDeals as number,
    msMean: v.msMean as number | null,
    winnableDeals: v.winnableDeals as number,
    lostWinnable: v.lostWinnable as number,
  }));
}

/** Restrictions on the shortest-solution rows read. */
export interface ShortestFilter extends ResultFilter {
  count?: ShortestCount;
}

/** The shortest-solution rows passing the filter, streamed in (family, seed, rule set, count) order. */
export function* shortestRows(db: Database.Database, filter: ShortestFilter = {}): Generator<{ row: ShortestRow; rules: Rules }> {
  const base = filterSql(filter);
  const where = filter.count === undefined ? base.where : `${base.where} AND x.count = ?`;
  const params = filter.count === undefined ? base.params : [...base.params, filter.count];
  const stmt = db
    .prepare(
      `SELECT x.*, r.draw AS r_draw, r.passes AS r_passes, r.foundation_return AS r_fr
     FROM shortest x JOIN rule_sets r ON r.id = x.rule_set
     WHERE ${where} ORDER BY x.family, length(x.seed), x.seed, x.rule_set, x.count`,
    )
    .safeIntegers(true);
  for (const v of stmt.iterate(...params) as Iterable<Record<string, SqlValue>>)
    yield { row: decodeRow<ShortestRow>(SHORTEST, v), rules: rulesOf(v) };
}
