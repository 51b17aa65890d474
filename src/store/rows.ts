/**
 * Rows as JavaScript sees them (one property per column of `schema.ts`, seeds as bigint), and the
 * rule that decides which of two rows for the same deal is kept: the writer applies it to every
 * row it is given, `merge` to every row of its inputs, so a batch rerun and a merge agree.
 *
 * Which row is better, in order:
 * 1. two rows that contradict each other (`facts.ts`: winnable against unwinnable, most-cards-home
 *    ranges or move counts that cannot both hold) conflict (a solver bug): the first is kept;
 * 2. decided (winnable, unwinnable) over unknown over error;
 * 3. more knowledge of the most cards home: a proved maximum over a bound over nothing; two
 *    unproved ones: the one whose interval lies inside the other's;
 * 4. two winnable rows: the shorter solution; two unknown rows: the one that searched more nodes;
 * 5. otherwise the first is kept.
 * Whichever row is kept, the writer keeps the better most-cards-home knowledge of the two
 * (`betterHome`): a plain verdict never erases a count, and a most-home search that ran out of
 * budget still adds its best line's count and its bound to a decided row.
 */
import type { StockMode } from '../types.ts';
import { type Contradiction, contradiction, resultFacts, shortestFacts } from './facts.ts';

/** Verdicts as stored: the solver's three plus `error`. */
export type StoredVerdict = 'winnable' | 'unwinnable' | 'unknown' | 'error';

/** Which budget stopped an undecided search. */
export type StopReason = 'nodes' | 'time' | 'memory' | 'depth';

/** One `results` row. */
export interface ResultRow {
  family: string;
  seed: bigint;
  ruleSet: number;
  verdict: StoredVerdict;
  nodes: number;
  ms: number;
  solutionLength: number | null;
  moves: string | null;
  error: string | null;
  /** The budget the deal ran under (null only in rows written by schema version 1: that version's default). */
  maxNodes: number | null;
  timeoutMs: number | null;
  maxMemoryMb: number | null;
  solverVersion: string;
  solvedAt: string;
  /** For unknown rows: the budget that ran out. */
  stopReason: StopReason | null;
  /** The most cards on the foundations at once along the best line found (a lower bound). */
  mostHome: number | null;
  /** A proved upper bound on it. */
  mostHomeBound: number | null;
  /** True when mostHome is proved to be the maximum (then it equals mostHomeBound). */
  mostHomeProved: boolean | null;
}

/** One `plays` row: a game of a hidden-card player. */
export interface PlayRow {
  family: string;
  seed: bigint;
  ruleSet: number;
  stock: StockMode;
  policy: string;
  /** The policy's parameters as canonical JSON (`canonicalParams`). */
  params: string;
  won: boolean;
  moveCount: number;
  /** The moves played, compact notation. */
  moves: string;
  cardsHome: number;
  ms: number;
  /** Why the game could not be played; null for a played game. */
  error: string | null;
  solverVersion: string;
  solvedAt: string;
}

/** The optional fields of a ResultRow, null. */
export const EMPTY_RESULT_EXTRAS = {
  stopReason: null,
  mostHome: null,
  mostHomeBound: null,
  mostHomeProved: null,
} as const satisfies Partial<ResultRow>;

/** The fields the ranking looks at. */
export type Ranked = Pick<ResultRow, 'verdict' | 'nodes' | 'solutionLength' | 'mostHome' | 'mostHomeBound' | 'mostHomeProved'>;

const RANK: Record<string, number> = { winnable: 2, unwinnable: 2, unknown: 1, error: 0 };

function homeKnowledge(r: Ranked): number {
  return r.mostHomeProved ? 2 : r.mostHome !== null || r.mostHomeBound !== null ? 1 : 0;
}

const homeLow = (r: Ranked) => r.mostHome ?? 0;
const homeHigh = (r: Ranked) => r.mostHomeBound ?? 52;
const sameHome = (a: Ranked, b: Ranked) =>
  homeKnowledge(a) === homeKnowledge(b) && homeLow(a) === homeLow(b) && homeHigh(a) === homeHigh(b);

/**
 * True when row b knows more of the most cards home than row a, whatever their verdicts: a proved
 * count against none or an interval, or an interval (best found, proved bound) inside a's.
 */
export function betterHome(b: Ranked, a: Ranked): boolean {
  const kb = homeKnowledge(b);
  const ka = homeKnowledge(a);
  if (kb !== ka) return kb > ka;
  if (kb !== 1) return false;
  return homeLow(b) >= homeLow(a) && homeHigh(b) <= homeHigh(a) && (homeLow(b) > homeLow(a) || homeHigh(b) < homeHigh(a));
}

/** Two rows for one deal that cannot both hold (`facts.ts`): the fact, what the kept row and the other state of it. */
export interface RowConflict {
  fact: Contradiction['fact'];
  kept: string;
  other: string;
}

/** Why rows a (kept) and b contradict each other (`facts.ts`), or undefined. */
export function conflictOf(b: Ranked, a: Ranked): RowConflict | undefined {
  const c = contradiction(resultFacts(a), resultFacts(b));
  return c && { fact: c.fact, kept: c.first, other: c.second };
}

/** True when row b should replace row a (see the module comment); false for conflicts. */
export function better(b: Ranked, a: Ranked): boolean {
  if (conflictOf(b, a)) return false;
  const rb = RANK[b.verdict] ?? 0;
  const ra = RANK[a.verdict] ?? 0;
  if (rb !== ra) return rb > ra;
  if (b.verdict !== a.verdict) return false;
  if (betterHome(b, a)) return true;
  if (betterHome(a, b) || !sameHome(a, b)) return false;
  if (b.verdict === 'winnable') return (b.solutionLength ?? Infinity) < (a.solutionLength ?? Infinity);
  if (b.verdict === 'unknown') return b.nodes > a.nodes;
  return false;
}

/** A policy's parameters as canonical JSON: keys sorted at every level, no spaces. */
export function canonicalParams(params: unknown): string {
  const norm = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(norm);
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, norm((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return JSON.stringify(norm(params ?? {}));
}

/** How a `shortest` row counts moves: every atomic move, or KSolve's count (redeals free). */
export type ShortestCount = 'atomic' | 'ksolve';

/** One `shortest` row: the shortest solution found for a deal, counted one way. */
export interface ShortestRow {
  family: string;
  seed: bigint;
  ruleSet: number;
  count: ShortestCount;
  verdict: StoredVerdict;
  /** The shortest line found, counted as `count` (null unless winnable). */
  length: number | null;
  /** No solution has fewer moves (null unless winnable). */
  lowerBound: number | null;
  /** True when the length is proved minimal: then it equals the lower bound. */
  proved: boolean | null;
  /** The verdict search's line and the post-pass's, counted as `count`. */
  firstLength: number | null;
  shortenedLength: number | null;
  /** The shortest line found, counted both ways. */
  atomicLength: number | null;
  ksolveLength: number | null;
  /** Compact notation; null unless winnable. */
  moves: string | null;
  nodes: number;
  ms: number;
  stopReason: StopReason | null;
  error: string | null;
  maxNodes: number | null;
  timeoutMs: number | null;
  maxMemoryMb: number | null;
  solverVersion: string;
  solvedAt: string;
}

/** Why shortest rows a (kept) and b for one deal, counted the same way, contradict each other (`facts.ts`), or undefined. */
export function shortestConflictOf(b: ShortestRow, a: ShortestRow): RowConflict | undefined {
  const c = contradiction(shortestFacts(a), shortestFacts(b));
  return c && { fact: c.fact, kept: c.first, other: c.second };
}

/**
 * What to store when `b` comes for a deal that has row `a` (both counted the same way), or
 * undefined to keep `a`: decided over unknown over error; two rows that contradict each other
 * (winnable against unwinnable, or a lower bound above the other's line: `shortestConflictOf`) keep
 * the first, and the caller reports the conflict; of two winnable rows, the shorter line with the
 * higher of the two lower bounds (each is proved and, the rows agreeing, at most the line's
 * length), proved when they meet; of two unknown rows, the deeper search.
 */
export function betterShortest(b: ShortestRow, a: ShortestRow): ShortestRow | undefined {
  const rb = RANK[b.verdict] ?? 0;
  const ra = RANK[a.verdict] ?? 0;
  if (rb !== ra) return rb > ra ? b : undefined;
  if (b.verdict !== a.verdict || shortestConflictOf(b, a)) return undefined;
  if (b.verdict === 'unknown') return b.nodes > a.nodes ? b : undefined;
  if (b.verdict !== 'winnable' || a.length === null || b.length === null) return undefined;
  const line = b.length < a.length ? b : a;
  const lowerBound = Math.max(a.lowerBound ?? 0, b.lowerBound ?? 0);
  const proved = lowerBound === line.length;
  if (line === a && lowerBound === a.lowerBound) return undefined;
  return { ...line, lowerBound, proved, stopReason: proved ? null : line.stopReason };
}
