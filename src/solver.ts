/**
 * The solver's entry: `solve(position, rules, budget, options)` decides whether a position can be
 * won (winnable with a solution of atomic moves, unwinnable, or unknown when a budget ran out),
 * exactly, under every rule variant (docs/solver.md). Its parts live in src/solver/:
 * - options.ts: budgets, the pruning switches, the search strategy;
 * - pruning.ts: every pruning rule, a named predicate with the argument for its exactness;
 * - order.ts: the move-order scores; generate.ts: the solver's moves (the work done in
 *   WebAssembly: core.ts loads src/core/, compiled by `npm run build`);
 * - search.ts: one depth-first search with a transposition table.
 *
 * This module holds the `Solver`, which owns a search's memory and table and runs the staged
 * solve: under rules harder than draw 1 with unlimited passes, a 20,480-node search first (most
 * deals are decided here); then the easiest rules (draw 1, unlimited passes, foundation returns)
 * with half of what is left, since every line of play under harder rules is one there too, so a
 * deal lost there is lost under any rules; then the full search with everything left: the first
 * search going on from where its budget stopped it, as after a restart, with the positions it
 * proved lost put back in the table (kept aside while the relaxed search used it).
 *
 * Threads and reentrancy: a Solver runs one solve at a time (its searches share its memory).
 * `solve` uses one default Solver per thread (module state is per worker thread) and, if called
 * while that one is busy (from a callback inside a solve), a fresh Solver. Repeated small solves
 * are cheap: the memory and the table are kept between solves, and the table's clear touches
 * only the slots a small search filled.
 */
import type { Position } from './position.ts';
import { type Budget, DEFAULT_BUDGET, FULL_PRUNING, type Pruning, type SolverOptions, resolvePruning } from './solver/options.ts';
import { keyOptions, searchedGame } from './solver/pruning.ts';
import { Search, SearchMemory, type SolveResult } from './solver/search.ts';
import { State } from './state.ts';
import type { Rules } from './types.ts';

export { type Budget, DEFAULT_BUDGET, FULL_PRUNING, NO_PRUNING, type Pruning, type SolverOptions } from './solver/options.ts';
export { MOST_HOME_OPTIONS, deadlockedCard, stuckCard } from './solver/pruning.ts';
export { MAX_DEPTH, type SolveResult, type SolveStats, type Verdict } from './solver/search.ts';

/** Nodes for the first, short search of a staged solve (20 × 1,024). */
export const FIRST_NODES = 20_480;
/** The easiest rules: every line of play under any rules is one under these. */
const RELAXED: Rules = { draw: 1, passes: null, foundationReturn: true };

/** Owns the memory of its searches (work arrays, transposition table) and runs one solve at a time. */
export class Solver {
  private readonly memory = new SearchMemory();
  private running = false;

  /** True while a solve runs on this Solver. */
  get busy(): boolean {
    return this.running;
  }

  /** Decides whether the position (validated) can be won under the rules. */
  solve(position: Position, rules: Rules, budget: Budget = {}, options: SolverOptions = {}): SolveResult {
    if (this.running) throw new Error('Solver.solve: this Solver is already solving (use another Solver)');
    this.running = true;
    try {
      return this.staged(position, rules, budget, options);
    } finally {
      this.memory.renewIfLarge();
      this.running = false;
    }
  }

  private staged(position: Position, askedRules: Rules, budget: Budget, options: SolverOptions): SolveResult {
    const b: Required<Budget> = {
      maxNodes: budget.maxNodes ?? DEFAULT_BUDGET.maxNodes,
      timeoutMs: budget.timeoutMs ?? DEFAULT_BUDGET.timeoutMs,
      maxMemoryMb: budget.maxMemoryMb ?? DEFAULT_BUDGET.maxMemoryMb,
    };
    const pruning = resolvePruning(options.pruning ?? FULL_PRUNING);
    const deadCheck = options.deadCheck ?? true;
    const deadlocks = options.deadlocks ?? true;
    const lockingMoves = options.lockingMoves ?? true;
    const restarts = options.restarts ?? true;
    const game = searchedGame(position, askedRules, pruning);
    const start: Position = game.pass === position.pass ? position : { ...position, pass: game.pass };
    const rules = game.rules;
    // progress counts the nodes of the searches before the running one
    const onProgress = options.onProgress;
    let before = 0;
    const progress = onProgress && ((n: number) => onProgress(before + n));
    const searchFor = (r: Rules, budget: Required<Budget>) =>
      this.newSearch(start, r, budget, pruning, deadCheck, restarts, progress, deadlocks, lockingMoves);
    const once = (r: Rules, budget: Required<Budget>) => {
      const search = searchFor(r, budget);
      const result = search ? search.run() : outOfBudget(budget);
      before += result.stats.nodes;
      return result;
    };
    if (!(options.relaxation ?? true) || (rules.draw === 1 && rules.passes === null)) return once(rules, b);
    // 1. a short search under the rules asked for: most deals are decided here; stopped by its
    // budget, it leaves in the table only what it proved, and goes on in stage 3
    const t0 = performance.now();
    const firstBudget = { ...b, maxNodes: Math.min(b.maxNodes, FIRST_NODES) };
    const firstSearch = searchFor(rules, firstBudget);
    if (!firstSearch) return outOfBudget(firstBudget);
    firstSearch.pausable = true;
    const first = firstSearch.run();
    before += first.stats.nodes;
    if (first.verdict !== 'unknown' || first.reason !== 'nodes' || b.maxNodes <= FIRST_NODES) return first;
    // what it proved, kept while the relaxed search uses the table
    const kept = this.memory.snapshot();
    const total = { ...first.stats };
    const left = () => ({
      maxNodes: b.maxNodes - total.nodes,
      timeoutMs: b.timeoutMs - (performance.now() - t0),
      maxMemoryMb: b.maxMemoryMb,
    });
    const add = (r: SolveResult) => {
      total.nodes += r.stats.nodes;
      total.uniqueStates += r.stats.uniqueStates;
      total.ttHits += r.stats.ttHits;
    };
    // 2. the easiest rules, with half of what is left: lost there means lost here
    const l = left();
    const relaxed = once(RELAXED, { ...l, maxNodes: Math.floor(l.maxNodes / 2), timeoutMs: l.timeoutMs / 2 });
    add(relaxed);
    if (relaxed.verdict === 'unwinnable')
      return { verdict: 'unwinnable', proof: 'relaxed', moves: [], stats: { ...total, ms: performance.now() - t0, solutionLength: 0 } };
    // 3. the full search under the rules asked for, with everything left: the first one goes on
    // from where it stopped, with what it proved (a new one when the table could not keep that)
    let last: SolveResult;
    const rest = left();
    if (!kept) {
      last = once(rules, rest);
      add(last);
    } else if (!allowsSearch(rest)) {
      last = outOfBudget(rest);
    } else {
      // its statistics count the first stage too: the first search's progress counts its own nodes
      before = relaxed.stats.nodes;
      last = firstSearch.resume(rest, kept);
      total.nodes = relaxed.stats.nodes + last.stats.nodes;
      total.uniqueStates = relaxed.stats.uniqueStates + last.stats.uniqueStates;
      total.ttHits = relaxed.stats.ttHits + last.stats.ttHits;
    }
    return { ...last, stats: { ...total, ms: performance.now() - t0, solutionLength: last.stats.solutionLength } };
  }

  /** A search ready to run (`pruning` resolved) on the Solver's table, emptied; undefined when the budget allows none. */
  private newSearch(
    position: Position,
    rules: Rules,
    b: Required<Budget>,
    pruning: Pruning,
    deadCheck: boolean,
    restarts: boolean,
    onProgress: ((nodes: number) => void) | undefined,
    deadlocks: boolean,
    lockingMoves: boolean,
  ): Search | undefined {
    if (!allowsSearch(b)) return undefined;
    const table = this.memory.table(b.maxMemoryMb);
    const state = State.fromPosition(position, rules, keyOptions(pruning));
    const search = new Search(state, table, b, pruning, deadCheck, this.memory, restarts, deadlocks, lockingMoves);
    search.onProgress = onProgress;
    return search;
  }
}

/** The budget allows a search: a node and some time (NaN allows none). */
function allowsSearch(b: Required<Budget>): boolean {
  return b.maxNodes >= 1 && b.timeoutMs > 0;
}

/** The answer when a budget allows no search at all. */
function outOfBudget(b: Required<Budget>): SolveResult {
  return {
    verdict: 'unknown',
    reason: b.maxNodes >= 1 ? 'time' : 'nodes',
    moves: [],
    stats: { nodes: 0, uniqueStates: 0, ttHits: 0, ms: 0, solutionLength: 0 },
  };
}

let defaultSolver: Solver | undefined;

/**
 * Decides whether the position (validated) can be won under the rules, within the budget, on
 * this thread's default Solver (a fresh one if that one is busy).
 */
export function solve(position: Position, rules: Rules, budget: Budget = {}, options: SolverOptions = {}): SolveResult {
  if (!defaultSolver) defaultSolver = new Solver();
  const solver = defaultSolver.busy ? new Solver() : defaultSolver;
  return solver.solve(position, rules, budget, options);
}
