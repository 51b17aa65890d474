/**
 * What a search looks for, as a value: the one search (search.ts) runs the same loop, with the
 * same moves, table and pruning, for every objective, and an objective says which of the
 * solver's rules stay exact for it and what it is told of the positions entered.
 *
 * - `WIN` (the verdict): a position with 52 cards home ends the search (the core sees it itself,
 *   with nothing to call); every pruning rule and every strategy is exact for it.
 * - The most cards home at once (most-home.ts): told of every position entered, it keeps the best
 *   count and its line, ends the search at 52 or at a proved bound, and cuts a position whose
 *   bound cannot beat the best; every pruning rule, no strategy (each is argued for the verdict
 *   only, pruning.ts).
 *
 * A search is then one specification (`SearchSpec`): its budget, its pruning rules, its
 * strategies and its objective, each resolved once (`searchSpec`) from what the caller asked and
 * what the objective allows.
 */
import type { AtomicMove } from '../engine/notation.ts';
import type { State } from '../engine/state.ts';
import { type Budget, DEFAULT_BUDGET, FULL_PRUNING, type Pruning, type SolverOptions, resolvePruning } from './options.ts';

/** How a search reaches its answer, beyond the moves it tries (options.ts `SolverOptions` says what each does). */
export interface Strategy {
  relaxation: boolean;
  deadCheck: boolean;
  deadlocks: boolean;
  deadPositions: boolean;
  lockingMoves: boolean;
  restarts: boolean;
}

/** Every strategy. */
export const ALL_STRATEGIES: Readonly<Strategy> = {
  relaxation: true,
  deadCheck: true,
  deadlocks: true,
  deadPositions: true,
  lockingMoves: true,
  restarts: true,
};
/** No strategy: the search runs every line to its end. */
export const NO_STRATEGIES: Readonly<Strategy> = {
  relaxation: false,
  deadCheck: false,
  deadlocks: false,
  deadPositions: false,
  lockingMoves: false,
  restarts: false,
};

/** What a search looks for. */
export interface Objective {
  /** The pruning rules it searches with unless told otherwise (each must be exact for it). */
  readonly pruning: Readonly<Pruning>;
  /** The strategies that are exact for it: a search runs those of these it is asked for, never another. */
  readonly strategies: Readonly<Strategy>;
  /** Told of a position entered, after its safe moves (`path[0 … pathLen)` leads to it): true ends the search. */
  reached?(s: State, path: Int32Array, pathLen: number): boolean;
  /** The same position, once stored in the table: true cuts it (nothing below it can count). */
  cut?(s: State): boolean;
  /**
   * The search for the fewest moves, counted so (`atomic`: every move of the solution JSON;
   * `ksolve`: redeals free), under a limit that each run without a win raises (search.ts).
   */
  readonly counting?: MoveCount;
}

/** How the moves of a solution are counted: every atomic move, or KSolve's count (draws and card moves, not redeals). */
export type MoveCount = 'atomic' | 'ksolve';
export const MOVE_COUNTS: readonly MoveCount[] = ['atomic', 'ksolve'];

/** The moves of a line, counted so. */
export function countMoves(moves: readonly AtomicMove[], count: MoveCount): number {
  if (count === 'atomic') return moves.length;
  let n = 0;
  for (const m of moves) if (!(m.from === 'waste' && m.to === 'stock')) n++;
  return n;
}

/** The verdict: a win ends the search. */
export const WIN: Objective = { pruning: FULL_PRUNING, strategies: ALL_STRATEGIES };

/** One search: what it may spend, which moves it tries and which positions it takes as one, how it reaches its answer, what it looks for. */
export interface SearchSpec {
  readonly budget: Readonly<Required<Budget>>;
  /** Resolved (options.ts `resolvePruning`). */
  readonly pruning: Readonly<Pruning>;
  readonly strategy: Readonly<Strategy>;
  readonly objective: Objective;
}

/** The specification of a search for `objective`: the budget's defaults filled in, the pruning resolved, the strategies asked for that the objective allows. */
export function searchSpec(objective: Objective, budget: Budget = {}, options: SolverOptions = {}): SearchSpec {
  const allowed = objective.strategies;
  return {
    budget: {
      maxNodes: budget.maxNodes ?? DEFAULT_BUDGET.maxNodes,
      timeoutMs: budget.timeoutMs ?? DEFAULT_BUDGET.timeoutMs,
      maxMemoryMb: budget.maxMemoryMb ?? DEFAULT_BUDGET.maxMemoryMb,
    },
    pruning: resolvePruning(options.pruning ?? objective.pruning),
    strategy: {
      relaxation: allowed.relaxation && (options.relaxation ?? true),
      deadCheck: allowed.deadCheck && (options.deadCheck ?? true),
      deadlocks: allowed.deadlocks && (options.deadlocks ?? true),
      deadPositions: allowed.deadPositions && (options.deadPositions ?? true),
      lockingMoves: allowed.lockingMoves && (options.lockingMoves ?? true),
      restarts: allowed.restarts && (options.restarts ?? true),
    },
    objective,
  };
}

/** The budget allows a search: a node and some time (NaN allows none). */
export function allowsSearch(b: Required<Budget>): boolean {
  return b.maxNodes >= 1 && b.timeoutMs > 0;
}

/** Which budget allows no search (`allowsSearch` is false). */
export function spentBudget(b: Required<Budget>): 'nodes' | 'time' {
  return b.maxNodes >= 1 ? 'time' : 'nodes';
}
