/**
 * The solver: whether a position can be won, exactly, under every rule variant, with a solution
 * that replays on the rules engine, and the most cards it can send home (docs/solver.md). Its
 * parts:
 * - solve.ts: the `Solver` (its searches' memory, one solve at a time) and the staged solve;
 * - objective.ts: what a search looks for, as a value, and a search's specification (budget,
 *   pruning, strategies, objective); most-home.ts: the most cards home; shortest.ts: the fewest
 *   moves;
 * - search-driver.ts: the one depth-first search, run in the solver's core (core-instance.ts loads
 *   src/core/, compiled by `npm run build`), with its memory (memory.ts) and the handle of its
 *   transposition table (table-handle.ts);
 * - options.ts: budgets, the pruning switches, the strategies; pruning.ts: every pruning rule
 *   decided once a search, with the argument for its exactness; generator-handle.ts: the solver's
 *   moves.
 */
export { type Budget, DEFAULT_BUDGET, FULL_PRUNING, NO_PRUNING, type Pruning, type SolverOptions } from './options.ts';
export { deadlockedCard, stuckCard } from './pruning.ts';
export { MAX_DEPTH, type SolveResult, type SolveStats, type Verdict } from './search-driver.ts';
export { type MostHomeOptions, type MostHomeResult, homeBound } from './most-home.ts';
export { FIRST_NODES, Solver, mostHome, shortest, solve, threadSolver } from './solve.ts';
export { SHORTEST_PRUNING, type ShortestOptions, type ShortestResult } from './shortest.ts';
export { MOVE_COUNTS, type MoveCount, countMoves } from './objective.ts';
