/**
 * Looking seeds up in a results database: which of a list of seeds have a stored row, and what it
 * says. Every lookup is one traversal (`each`) over the seeds, `CHUNK` at a time in `seed IN (…)`
 * queries, that calls back with each row found. Each query shape is prepared once per chunk
 * length and kept (raw rows, 64-bit integers as BigInt).
 */
import type Database from 'better-sqlite3';
import type { ShortestCount, StoredVerdict } from './rows.ts';
import { encodeSeed } from './schema.ts';
import type { StockMode } from '../types.ts';

/** The key of a player's games: everything but the seed. */
export interface PlayKey {
  family: string;
  ruleSet: number;
  stock: StockMode;
  policy: string;
  params: string;
}

/** Seeds per `IN (…)` lookup. */
const CHUNK = 500;

/** The prepared seed lookups of one database. */
export class SeedLookups {
  private readonly byChunk = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  /**
   * Runs the query `sql` (given the `?` marks of a chunk's seeds) with `params` then each chunk of
   * `seeds`, and calls `onRow` with every row it returns.
   */
  each<R extends unknown[]>(
    sql: (marks: string) => string,
    params: readonly unknown[],
    seeds: readonly bigint[],
    onRow: (row: R) => void,
  ): void {
    for (let i = 0; i < seeds.length; i += CHUNK) {
      const part = seeds.slice(i, i + CHUNK).map(encodeSeed);
      const q = this.statement(sql, part.length);
      for (const row of q.all(...params, ...part) as R[]) onRow(row);
    }
  }

  /** The stored verdicts of these seeds (of one family and rule set); absent seeds have none. */
  verdicts(family: string, ruleSet: number, seeds: readonly bigint[]): Map<bigint, StoredVerdict> {
    const out = new Map<bigint, StoredVerdict>();
    this.each<[bigint | string, StoredVerdict]>(
      (m) => `SELECT seed, verdict FROM results WHERE family = ? AND rule_set = ? AND seed IN (${m})`,
      [family, ruleSet],
      seeds,
      ([s, v]) => out.set(BigInt(s), v),
    );
    return out;
  }

  /** The seeds among these whose stored row has a proved most-cards-home maximum. */
  mostHomeProved(family: string, ruleSet: number, seeds: readonly bigint[]): Set<bigint> {
    const out = new Set<bigint>();
    this.each<[bigint | string]>(
      (m) => `SELECT seed FROM results WHERE family = ? AND rule_set = ? AND most_home_proved = 1 AND seed IN (${m})`,
      [family, ruleSet],
      seeds,
      ([s]) => out.add(BigInt(s)),
    );
    return out;
  }

  /** The seeds among these whose stored row has a most-cards-home count, each with whether it is proved. */
  mostHomeStored(family: string, ruleSet: number, seeds: readonly bigint[]): Map<bigint, boolean> {
    const out = new Map<bigint, boolean>();
    this.each<[bigint | string, bigint | number | null]>(
      (m) => `SELECT seed, most_home_proved FROM results WHERE family = ? AND rule_set = ? AND most_home IS NOT NULL AND seed IN (${m})`,
      [family, ruleSet],
      seeds,
      ([s, p]) => out.set(BigInt(s), Number(p) === 1),
    );
    return out;
  }

  /** The seeds among these that have a played (non-error) game under the key. */
  playedSeeds(k: PlayKey, seeds: readonly bigint[]): Set<bigint> {
    const out = new Set<bigint>();
    this.each<[bigint | string]>(
      (m) =>
        'SELECT seed FROM plays WHERE family = ? AND rule_set = ? AND stock = ? AND policy = ? AND params = ? ' +
        `AND error IS NULL AND seed IN (${m})`,
      [k.family, k.ruleSet, k.stock, k.policy, k.params],
      seeds,
      ([s]) => out.add(BigInt(s)),
    );
    return out;
  }

  /** The stored shortest-solution rows of these seeds counted so: each with its verdict and whether its length is proved. */
  shortestStored(
    family: string,
    ruleSet: number,
    count: ShortestCount,
    seeds: readonly bigint[],
  ): Map<bigint, { verdict: StoredVerdict; proved: boolean }> {
    const out = new Map<bigint, { verdict: StoredVerdict; proved: boolean }>();
    this.each<[bigint | string, StoredVerdict, bigint | null]>(
      (m) => `SELECT seed, verdict, proved FROM shortest WHERE family = ? AND rule_set = ? AND count = ? AND seed IN (${m})`,
      [family, ruleSet, count],
      seeds,
      ([s, v, p]) => out.set(BigInt(s), { verdict: v, proved: p !== null && Number(p) === 1 }),
    );
    return out;
  }

  /** The statement of `sql` for `n` seeds, prepared the first time. */
  private statement(sql: (marks: string) => string, n: number): Database.Statement {
    const k = `${sql('')}#${n}`;
    let s = this.byChunk.get(k);
    if (!s) {
      s = this.db
        .prepare(sql(Array.from({ length: n }, () => '?').join(', ')))
        .raw()
        .safeIntegers(true);
      this.byChunk.set(k, s);
    }
    return s;
  }
}
