/**
 * The `Solver`: `solve(position, rules, budget, options)` decides whether a position can be won
 * (winnable with a solution of atomic moves, unwinnable, or unknown when a budget ran out),
 * exactly, under every rule variant (docs/solver.md), and `mostHome` finds the most cards it can
 * send home (most-home.ts). A Solver owns its searches' memory (memory.ts) and runs one search at
 * a time; each is the one search of search.ts with an objective (objective.ts).
 *
 * The verdict is a staged solve: under rules harder than draw 1 with unlimited passes, a 20,480-node search first (most
 * deals are decided here); then the easiest rules (draw 1, unlimited passes, foundation returns)
 * with half of what is left, since every line of play under harder rules is one there too, so a
 * deal lost there is lost under any rules; then the full search with everything left: the first
 * search going on from where its budget stopped it, as after a restart, with the positions it
 * proved lost put back in the table (kept aside while the relaxed search used it).
 *
 * Threads and reentrancy: a Solver runs one solve at a time (its searches share its memory).
 * `solve` and `mostHome` use one default Solver per thread (module state is per worker thread)
 * and, if called while that one is busy (from a callback inside a solve), a fresh Solver. Repeated small solves
 * are cheap: the memory and the table are kept between solves, and the table's clear touches
 * only the slots a small search filled.
 */
import type { Position } from '../engine/position.ts';
import { State } from '../engine/state.ts';
import { type Rules, UserError } from '../types.ts';
import { MOVE_COUNTS } from './objective.ts';
import { checkOptions, checkedInput, orThrow } from './validate.ts';
import { FULL_PRUNING } from './options.ts';
import { SearchMemory } from './memory.ts';
import { type MostHomeOptions, type MostHomeResult, mostHomeSearch } from './most-home.ts';
import { WIN, allowsSearch, type SearchSpec, searchSpec, spentBudget } from './objective.ts';
import type { Budget, SolverOptions } from './options.ts';
import { keyOptions, searchedGame } from './pruning.ts';
import { Search, type SolveResult } from './search.ts';
import { type ShortestOptions, type ShortestResult, shortestFrom } from './shortest.ts';

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

  /** Decides whether the position can be won under the rules (every argument checked first: validate.ts). */
  solve(position: Position, rules: Rules, budget: Budget = {}, options: SolverOptions = {}): SolveResult {
    const c = checkedInput('solve', position, rules, budget);
    orThrow('solve', checkOptions(options, SOLVER_OPTIONS));
    orThrow('solve', checkPruning(options.pruning));
    return this.exclusive(() => this.staged(c.position, c.rules, searchSpec(WIN, c.budget, options), options.onProgress));
  }

  /**
   * The most cards the position (validated) can have on the foundations at once under the rules:
   * proved, or the best found and a proved bound when a budget runs out (most-home.ts).
   */
  mostHome(position: Position, rules: Rules, budget: Budget = {}, options: MostHomeOptions = {}): MostHomeResult {
    const c = checkedInput('mostHome', position, rules, budget);
    orThrow('mostHome', checkOptions(options, { pruning: 'object', bound: 'boolean' }));
    orThrow('mostHome', checkPruning(options.pruning));
    return this.exclusive(() => mostHomeSearch(c.position, c.rules, c.budget, options, this.memory));
  }

  /**
   * The shortest solution of the position (validated) under the rules: proved minimal when the
   * search completes within the budget, else the shortest line found and a proved lower bound
   * (shortest.ts). The verdict comes first, from the staged solve, within the same budget.
   */
  shortest(input: Position, askedRules: Rules, askedBudget: Budget = {}, options: ShortestOptions = {}): ShortestResult {
    const { position, rules, budget } = checkedInput('shortest', input, askedRules, askedBudget);
    orThrow('shortest', checkOptions(options, { count: 'string', pruning: 'object' }));
    orThrow('shortest', checkPruning(options.pruning));
    if (options.count !== undefined && !(MOVE_COUNTS as readonly string[]).includes(options.count))
      throw new UserError(`shortest: count must be ${MOVE_COUNTS.join(' or ')}, got ${JSON.stringify(options.count)}`);
    return this.exclusive(() => {
      const verdict = this.staged(position, rules, searchSpec(WIN, budget), undefined);
      if (verdict.verdict === 'winnable') return shortestFrom(position, rules, verdict, budget, options, this.memory);
      const out: ShortestResult = {
        verdict: verdict.verdict,
        moves: [],
        count: options.count ?? 'atomic',
        length: 0,
        proved: verdict.verdict === 'unwinnable',
        lowerBound: 0,
        firstLength: 0,
        shortenedLength: 0,
        stats: verdict.stats,
      };
      if (verdict.reason) out.reason = verdict.reason;
      return out;
    });
  }

  /** Runs `f` as this Solver's one solve, then lets a core whose table grew large go (memory.ts). */
  private exclusive<T>(f: () => T): T {
    if (this.running) throw new Error('Solver: this Solver is already solving (use another Solver)');
    this.running = true;
    try {
      return f();
    } finally {
      this.memory.renewIfLarge();
      this.running = false;
    }
  }

  private staged(position: Position, askedRules: Rules, spec: SearchSpec, onProgress?: (nodes: number) => void): SolveResult {
    const b = spec.budget;
    const game = searchedGame(position, askedRules, spec.pruning);
    const start: Position = game.pass === position.pass ? position : { ...position, pass: game.pass };
    const rules = game.rules;
    // progress counts the nodes of the searches before the running one
    let before = 0;
    const progress = onProgress && ((n: number) => onProgress(before + n));
    const searchFor = (r: Rules, budget: Required<Budget>) => this.newSearch(start, r, { ...spec, budget }, progress);
    const once = (r: Rules, budget: Required<Budget>) => {
      const search = searchFor(r, budget);
      const result = search ? search.verdict(search.run()) : outOfBudget(budget);
      before += result.stats.nodes;
      return result;
    };
    if (!spec.strategy.relaxation || (rules.draw === 1 && rules.passes === null)) return once(rules, b);
    // 1. a short search under the rules asked for: most deals are decided here; stopped by its
    // budget, it leaves in the table only what it proved, and goes on in stage 3
    const t0 = performance.now();
    const firstBudget = { ...b, maxNodes: Math.min(b.maxNodes, FIRST_NODES) };
    const firstSearch = searchFor(rules, firstBudget);
    if (!firstSearch) return outOfBudget(firstBudget);
    firstSearch.pausable = true;
    const first = firstSearch.verdict(firstSearch.run());
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
      last = firstSearch.verdict(firstSearch.resume(rest, kept));
      total.nodes = relaxed.stats.nodes + last.stats.nodes;
      total.uniqueStates = relaxed.stats.uniqueStates + last.stats.uniqueStates;
      total.ttHits = relaxed.stats.ttHits + last.stats.ttHits;
    }
    return { ...last, stats: { ...total, ms: performance.now() - t0, solutionLength: last.stats.solutionLength } };
  }

  /** A search of the position under the rules, on the Solver's table (emptied); undefined when the budget allows none. */
  private newSearch(position: Position, rules: Rules, spec: SearchSpec, onProgress?: (nodes: number) => void): Search | undefined {
    if (!allowsSearch(spec.budget)) return undefined;
    const search = new Search(State.fromPosition(position, rules, keyOptions(spec.pruning)), this.memory, spec);
    search.onProgress = onProgress;
    return search;
  }
}

/** The keys of SolverOptions and their types. */
const SOLVER_OPTIONS = {
  pruning: 'object',
  relaxation: 'boolean',
  deadCheck: 'boolean',
  deadlocks: 'boolean',
  deadPositions: 'boolean',
  lockingMoves: 'boolean',
  restarts: 'boolean',
  onProgress: 'function',
} as const;

/** A pruning object: its switches booleans. */
function checkPruning(p: unknown) {
  return checkOptions(p, Object.fromEntries(Object.keys(FULL_PRUNING).map((k) => [k, 'boolean' as const])));
}

/** The verdict when a budget allows no search at all. */
function outOfBudget(b: Required<Budget>): SolveResult {
  return {
    verdict: 'unknown',
    reason: spentBudget(b),
    moves: [],
    stats: { nodes: 0, uniqueStates: 0, ttHits: 0, ms: 0, solutionLength: 0 },
  };
}

let defaultSolver: Solver | undefined;

/** This thread's default Solver, or a fresh one while that one is busy (a call from inside a solve). */
export function threadSolver(): Solver {
  defaultSolver ??= new Solver();
  return defaultSolver.busy ? new Solver() : defaultSolver;
}

/**
 * Decides whether the position (validated) can be won under the rules, within the budget, on
 * this thread's Solver (`threadSolver`).
 */
export function solve(position: Position, rules: Rules, budget: Budget = {}, options: SolverOptions = {}): SolveResult {
  return threadSolver().solve(position, rules, budget, options);
}

/** The shortest solution of the position (validated) under the rules (`Solver.shortest`), on this thread's Solver. */
export function shortest(position: Position, rules: Rules, budget: Budget = {}, options: ShortestOptions = {}): ShortestResult {
  return threadSolver().shortest(position, rules, budget, options);
}

/** The most cards the position (validated) can have on the foundations at once (`Solver.mostHome`), on this thread's Solver. */
export function mostHome(position: Position, rules: Rules, budget: Budget = {}, options: MostHomeOptions = {}): MostHomeResult {
  return threadSolver().mostHome(position, rules, budget, options);
}
