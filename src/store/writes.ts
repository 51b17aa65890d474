/**
 * The writes of each table, one transaction a batch of rows, each keeping the better row when one
 * is stored (`rows.ts`). A row that contradicts the stored one (`facts.ts`) is a conflict in every
 * table: the stored row is kept as it is and the conflict returned, for the caller to report.
 * - `results`: a new row is inserted; a stored one is replaced by a better verdict (keeping what
 *   it knew of the most cards home), given the row's most-cards-home knowledge when only that is
 *   better, or kept.
 * - `shortest`: a new row is inserted; a stored one is kept, replaced or improved (`betterShortest`).
 * - `plays`: a new game is inserted; a stored game is replaced only when it was an error. (Two
 *   games never contradict each other: a game only shows what a line reaches.)
 */
import type Database from 'better-sqlite3';
import {
  type PlayRow,
  type Ranked,
  type ResultRow,
  type RowConflict,
  type ShortestRow,
  better,
  betterHome,
  betterShortest,
  conflictOf,
  shortestConflictOf,
} from './rows.ts';
import { PLAYS, RESULTS, SHORTEST, type SqlValue, decodeRow, encodeRow, encodeSeed, insertSql } from './schema.ts';

/** What `putResults` did with the rows it was given. */
export interface PutSummary {
  inserted: number;
  replaced: number;
  /** Rows dropped because an equal or better row was stored. */
  kept: number;
  /** Rows that contradict the stored one (the stored one is kept). */
  conflicts: (RowConflict & { row: ResultRow })[];
}

/** The rows of a put that contradict the stored ones (the stored ones are kept). */
export interface ShortestPutSummary {
  conflicts: (RowConflict & { row: ShortestRow })[];
}

const RANK_COLUMNS = 'verdict, nodes, solution_length, most_home, most_home_bound, most_home_proved';

const homeOf = (r: Ranked) => ({ mostHome: r.mostHome, mostHomeBound: r.mostHomeBound, mostHomeProved: r.mostHomeProved });

/** The transaction that adds rows to `results`. */
export function resultWrites(db: Database.Database): Database.Transaction<(rows: readonly ResultRow[]) => PutSummary> {
  const getRanked = db.prepare(`SELECT ${RANK_COLUMNS} FROM results WHERE family = ? AND seed = ? AND rule_set = ?`);
  const putRow = db.prepare(insertSql(RESULTS, 'INSERT OR REPLACE'));
  const putHome = db.prepare(
    'UPDATE results SET most_home = ?, most_home_bound = ?, most_home_proved = ? WHERE family = ? AND seed = ? AND rule_set = ?',
  );
  const addNew = db.prepare(`${insertSql(RESULTS)} ON CONFLICT (family, seed, rule_set) DO NOTHING`);
  return db.transaction((rows: readonly ResultRow[]): PutSummary => {
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
}

/** The transaction that adds rows to `shortest`. */
export function shortestWrites(db: Database.Database): Database.Transaction<(rows: readonly ShortestRow[]) => ShortestPutSummary> {
  const getShortest = db.prepare('SELECT * FROM shortest WHERE family = ? AND seed = ? AND rule_set = ? AND count = ?').safeIntegers(true);
  const addShortest = db.prepare(`${insertSql(SHORTEST)} ON CONFLICT (family, seed, rule_set, count) DO NOTHING`);
  const putShortestRow = db.prepare(insertSql(SHORTEST, 'INSERT OR REPLACE'));
  return db.transaction((rows: readonly ShortestRow[]): ShortestPutSummary => {
    const sum: ShortestPutSummary = { conflicts: [] };
    for (const row of rows) {
      if (addShortest.run(encodeRow(SHORTEST, row)).changes > 0) continue;
      const stored = getShortest.get(row.family, encodeSeed(row.seed), row.ruleSet, row.count) as Record<string, SqlValue>;
      const have = decodeRow<ShortestRow>(SHORTEST, stored);
      const conflict = shortestConflictOf(row, have);
      if (conflict) {
        sum.conflicts.push({ row, ...conflict });
        continue;
      }
      const keep = betterShortest(row, have);
      if (keep) putShortestRow.run(encodeRow(SHORTEST, keep));
    }
    return sum;
  });
}

/** The transaction that adds games to `plays`. */
export function playWrites(db: Database.Database): Database.Transaction<(rows: readonly PlayRow[]) => void> {
  const keyCols = ['family', 'seed', 'rule_set', 'stock', 'policy', 'params'];
  const putPlay = db.prepare(
    `${insertSql(PLAYS)} ON CONFLICT (${keyCols.join(', ')}) DO UPDATE SET ` +
      PLAYS.columns
        .filter((c) => !keyCols.includes(c.name))
        .map((c) => `${c.name} = excluded.${c.name}`)
        .join(', ') +
      ' WHERE plays.error IS NOT NULL',
  );
  return db.transaction((rows: readonly PlayRow[]) => {
    for (const r of rows) putPlay.run(encodeRow(PLAYS, r));
  });
}
