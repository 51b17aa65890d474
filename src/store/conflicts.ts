/**
 * Conflicts: two stored rows for one deal that contradict each other (`facts.ts`), which means a
 * solver bug or a changed seed family. Every table is checked the same way:
 * - two rows of the same key (a rerun's row against the stored one, or an input's in a merge):
 *   `writes.ts` keeps the stored row and returns the conflict; a merge then keeps the row whose
 *   claim holds (`settle`): of winnable against unwinnable the winnable one when its line replays
 *   to a win from the deal, else the unwinnable one; of two shortest rows whose line and lower
 *   bound cannot both hold, the row with the shorter line when that line replays and counts its
 *   length (it disproves the other's bound), else the other; otherwise the first seen;
 * - rows of different tables for one deal (`crossConflicts`): a `results` row, the `shortest` rows
 *   of each count and the games of `plays` state facts of the same deal, so each is checked
 *   against the others; both rows are kept where they are.
 */
import { FAMILY_RANGES, dealFromSeed } from '../deals/families.ts';
import { type AtomicMove, movesFromCompact } from '../engine/notation.ts';
import { dealPosition } from '../engine/position.ts';
import { replay } from '../engine/solution.ts';
import { countMoves } from '../solver/objective.ts';
import { type Family, type Rules, rulesLabel } from '../types.ts';
import type Database from 'better-sqlite3';
import { type DealFacts, contradiction, playFacts, resultFacts, shortestFacts } from './facts.ts';
import { playRows, shortestRows } from './reader.ts';
import type { PlayRow, RowConflict, ShortestRow } from './rows.ts';
import { RESULTS, type SqlValue, decodeRow, encodeSeed } from './schema.ts';

/** Two rows for one deal that contradict each other. */
export interface Conflict {
  family: string;
  seed: bigint;
  rules: Rules;
  /** The table of the row kept: `results`, `shortest atomic`, `shortest ksolve`. */
  table: string;
  /** What the row kept states, and what the other row (dropped, or with `against` kept too) states. */
  kept: string;
  other: string;
  /** The input where the two rows met (its row is the one dropped, or with `replaced` the one kept); with `against`, the output. */
  from: string;
  /** True when the row of `from` replaced the row stored before (its claim held, the stored row's did not). */
  replaced?: boolean;
  /** Set when the rows are of two tables (or counts) of the output, both kept: the other row's table. */
  against?: string;
}

/** A conflict in one line: `solvitaire seed 17 (draw 3, unlimited passes): kept winnable, b.sqlite says unwinnable`. */
export function conflictText(c: Conflict): string {
  const deal = `${c.family} seed ${c.seed} (${rulesLabel(c.rules)})`;
  if (c.against !== undefined) return `${deal}: ${c.table} says ${c.kept}, ${c.against} says ${c.other} (both kept in ${c.from})`;
  const where = `${deal}${c.table === 'results' ? '' : `, ${c.table}`}`;
  if (c.replaced) return `${where}: kept ${c.kept} from ${c.from}, over the row stored before, which says ${c.other}`;
  return `${where}: kept ${c.kept}, ${c.from} says ${c.other}`;
}

/** The atomic moves of a winning line stored for a deal, or undefined when they do not replay to a win from it. */
function winningLine(row: { family: string; seed: bigint; moves: string | null }, rules: Rules): AtomicMove[] | undefined {
  if (typeof row.moves !== 'string' || !Object.hasOwn(FAMILY_RANGES, row.family)) return undefined;
  const deal = dealFromSeed(row.seed, row.family as Family);
  const moves = movesFromCompact(row.moves);
  if (!deal.ok || !moves.ok) return undefined;
  return replay(dealPosition(deal.value), rules, moves.value).status === 'won' ? moves.value : undefined;
}

/** True when a winnable row's solution replays to a win from its deal. */
export function solutionHolds(row: { family: string; seed: bigint; moves: string | null }, rules: Rules): boolean {
  return winningLine(row, rules) !== undefined;
}

/** True when a shortest row's line replays to a win from its deal and, counted as the row counts, is its length. */
export function lineHolds(row: ShortestRow, rules: Rules): boolean {
  const line = winningLine(row, rules);
  return line !== undefined && countMoves(line, row.count) === row.length;
}

/** Which of two contradicting shortest rows (`a` stored, `b` come) holds (module comment), with the words for it. */
export function settleShortest(
  a: ShortestRow,
  b: ShortestRow,
  c: RowConflict,
  rules: Rules,
): { row: ShortestRow; kept: string; other: string } {
  // the row that claims a line the other denies: the winnable one, or the one with the shorter line
  const claimant = c.fact === 'verdict' ? (a.verdict === 'winnable' ? a : b) : (a.length ?? Infinity) < (b.length ?? Infinity) ? a : b;
  const holds = lineHolds(claimant, rules);
  const row = holds ? claimant : claimant === a ? b : a;
  const why = holds ? 'its line replays' : `the line of ${claimant === a ? c.kept : c.other} does not replay`;
  return row === a ? { row, kept: `${c.kept} (${why})`, other: c.other } : { row, kept: `${c.other} (${why})`, other: c.kept };
}

/** A row of one table for a deal, with its facts. */
interface Stated {
  table: string;
  facts: DealFacts;
}

type Keyed = { row: { family: string; seed: bigint; ruleSet: number }; rules: Rules };

/** The order the readers stream rows in: family, seed (numerically), rule set. */
function compareDeals(a: Keyed['row'], b: Keyed['row']): number {
  if (a.family !== b.family) return a.family < b.family ? -1 : 1;
  if (a.seed !== b.seed) return a.seed < b.seed ? -1 : 1;
  return a.ruleSet - b.ruleSet;
}

/** The rows of a stream grouped by deal (the stream in deal order). */
function* byDeal<T extends Keyed>(rows: Iterable<T>): Generator<T[]> {
  let group: T[] = [];
  for (const r of rows) {
    if (group.length > 0 && compareDeals(group[0].row, r.row) !== 0) {
      yield group;
      group = [];
    }
    group.push(r);
  }
  if (group.length > 0) yield group;
}

/** The deals of two streams, joined: each deal with its rows of either. */
function* joinDeals<A extends Keyed, B extends Keyed>(xs: Iterable<A[]>, ys: Iterable<B[]>): Generator<{ key: Keyed; a: A[]; b: B[] }> {
  const ia = xs[Symbol.iterator]();
  const ib = ys[Symbol.iterator]();
  let a = ia.next();
  let b = ib.next();
  while (!a.done || !b.done) {
    const order = a.done ? 1 : b.done ? -1 : compareDeals(a.value[0].row, b.value[0].row);
    yield {
      key: order <= 0 ? (a.value as A[])[0] : (b.value as B[])[0],
      a: order <= 0 ? (a.value as A[]) : [],
      b: order >= 0 ? (b.value as B[]) : [],
    };
    if (order <= 0) a = ia.next();
    if (order >= 0) b = ib.next();
  }
}

const playTable = (p: PlayRow) => `plays (${p.policy}, stock ${p.stock})`;

/**
 * The conflicts between the tables of a database (`from` names it): for every deal that has
 * `shortest` rows or games, its `results` row, its shortest rows of either count and its games,
 * checked against each other (two games never contradict each other).
 */
export function crossConflicts(db: Database.Database, from: string): Conflict[] {
  const getResult = db
    .prepare('SELECT verdict, solution_length, most_home, most_home_bound FROM results WHERE family = ? AND seed = ? AND rule_set = ?')
    .safeIntegers(false);
  const out: Conflict[] = [];
  for (const { key, a: shortest, b: plays } of joinDeals(byDeal(shortestRows(db)), byDeal(playRows(db)))) {
    const { family, seed, ruleSet } = key.row;
    const stated: Stated[] = [];
    const result = getResult.get(family, encodeSeed(seed), ruleSet) as Record<string, SqlValue> | undefined;
    if (result) stated.push({ table: 'results', facts: resultFacts(decodeRow(RESULTS, result)) });
    for (const s of shortest) stated.push({ table: `shortest ${s.row.count}`, facts: shortestFacts(s.row) });
    for (const p of plays) if (p.row.error === null) stated.push({ table: playTable(p.row), facts: playFacts(p.row) });
    for (let i = 0; i < stated.length; i++)
      for (let j = i + 1; j < stated.length; j++) {
        const c = contradiction(stated[i].facts, stated[j].facts);
        if (c)
          out.push({
            family,
            seed,
            rules: key.rules,
            table: stated[i].table,
            kept: c.first,
            other: c.second,
            from,
            against: stated[j].table,
          });
      }
  }
  return out;
}
