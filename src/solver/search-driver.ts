/**
 * One depth-first search over the packed state, with a transposition table: the position after
 * every move is looked up (by its hash, worked out before the move is made) and searched only when
 * new; safe foundation moves are played on entering a position, without branching. The children's
 * hashes are computed when a position's moves are generated, and their table slots read together
 * at once, so that their cache misses overlap. The search is iterative (frames indexed by depth),
 * so a deep line never runs out of call stack, and allocates nothing per node.
 *
 * The loop runs in the solver's core, in WebAssembly (src/core/search.ts, with the position and
 * its moves, src/core/search-position.ts, and the rules it asks, src/core/rules.ts): about 1.5 times as
 * fast as the same loop in TypeScript, node for node the same search (docs/notes/solver-speed.md, "The search
 * in WebAssembly"). This module runs it: it hands the core the search's rules, switches and
 * counts (the table lies in the core too: src/core/table.ts, with table-handle.ts its handle), and
 * answers what the core asks back: the budget checks, the plain engine's moves for a search
 * without stock macro-moves (engine/moves.ts `genAtomic`), and the objective. Its memory
 * (memory.ts `SearchMemory`: the core's instance, where the frames and the table lie) belongs to
 * the Solver that runs it and is reused by every search of that Solver, one at a time.
 *
 * A search is one specification (objective.ts `SearchSpec`): its budget, pruning rules,
 * strategies and objective. The moves come from the move generator (generate.ts, in the core;
 * without stock macro-moves, from the plain engine); a move that would lock the deal (pruning.ts
 * `LockingMoves`, looked for once a search has run LOCKS_AFTER nodes) is not made. The win ends
 * every search (the core sees it); an objective that is told of positions (objective.ts: the most
 * cards home) may also end the search or cut a position, and runs under the strategies that keep
 * it exact; the rest of the search is the same.
 *
 * Restarts (`restarts`): the search stops after RESTART_UNIT nodes and starts again from the root
 * with seeded noise in the move order of its first RESTART_NOISE_DEPTH frames (order.ts
 * `addNoise`), each run as long as RESTART_UNIT times the next term of Luby's sequence (`luby`:
 * 1, 1, 2, 1, 1, 2, 4, …), with the same table. On stopping, the positions of the abandoned line
 * (the current path: each frame's position before and after its safe moves, and a child entered
 * but not expanded) are removed from the table, so that every position left there was searched to
 * the end without a win. Why that keeps the verdict: call those positions closed, the path P. Every move
 * the search makes from a closed position leads to a closed position or one on P (it was found in
 * the table, or searched to the end). A winning line from the root, after its last position on
 * P, touches no closed position (it could not leave the closed ones again but into P, and the win
 * is not closed), so the root reaches it along P and then through positions the next run does not
 * skip. Each run is deterministic (the noise is seeded by the restart's number), and a deal that a
 * run finishes stops restarting. On most winnable deals a win is found far sooner; a lost deal
 * costs about what it did (the positions proved lost stay proved). A search stopped by its node
 * budget can stop the same way (`pausable`) and go on later (`resume`), as if it had restarted
 * there: the staged solve's first stage goes on in its third.
 *
 * Budgets: the node budget is checked at every position (the position that reaches it ends the
 * search), the time and the table's memory every 1,024 positions, the depth at every position.
 * Nothing outside the budgeted loop depends on the input's size: the solution is expanded from a
 * path of at most MAX_DEPTH moves, each into at most a stock's worth of draws.
 */
import * as Moves from '../engine/moves.ts';
import type { AtomicMove } from '../engine/notation.ts';
import type { State } from '../engine/state.ts';
import { type Core, type CoreClient, DEAD_STATS } from './core-instance.ts';
import { Generator } from './generator-handle.ts';
import type { SearchMemory } from './memory.ts';
import type { MoveCount, Objective, SearchSpec } from './objective.ts';
import type { Budget } from './options.ts';
import { LockingMoves, deadlockedCard, stuckCard } from './pruning.ts';
import type { TableSnapshot, TranspositionTable } from './table-handle.ts';

const { DRAW, REDEAL, S2F, S2T, bOf, genAtomic, indexOf, kindOf, make, mv, stockCost, toAtomic } = Moves;

export { MAX_DEPTH } from '../core/shared/frames.ts';

/** The answer of a solve. */
export type Verdict = 'winnable' | 'unwinnable' | 'unknown';

/** Counts of a solve. */
export interface SolveStats {
  /** Positions entered (the one that reaches the node budget included). */
  nodes: number;
  /** Distinct positions stored in the transposition table. */
  uniqueStates: number;
  /** Positions found in the table (already searched). */
  ttHits: number;
  ms: number;
  /** Atomic moves in the solution (0 unless winnable). */
  solutionLength: number;
}

/** What a solve found. */
export interface SolveResult {
  verdict: Verdict;
  /** For `unwinnable`: 'relaxed' when proved under the easiest rules (draw 1, unlimited passes, foundation returns). */
  proof?: 'relaxed';
  /** Which budget ran out, for `unknown` ('depth': a line of play longer than the search's stack). */
  reason?: 'nodes' | 'time' | 'memory' | 'depth';
  /** Atomic moves from the position to the win; empty unless winnable. */
  moves: AtomicMove[];
  stats: SolveStats;
}

/**
 * The nodes of the shortest run of a restarted search: run i is RESTART_UNIT × luby(i) nodes long
 * (docs/solver.md, Restarts).
 */
export const RESTART_UNIT = 250;

/**
 * The i-th term (i ≥ 1) of the sequence of Luby, Sinclair & Zuckerman, "Optimal speedup of Las
 * Vegas algorithms" (Information Processing Letters 47, 1993): 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1,
 * 1, 2, 4, 8, … (each block of 2^k − 1 terms is the block before it twice, then 2^(k−1)). Runs of
 * these lengths are within a logarithmic factor of the best restart schedule for any distribution
 * of the run's length, known or not.
 */
export function luby(i: number): number {
  for (;;) {
    let k = 1;
    while (2 ** k - 1 < i) k++;
    if (2 ** k - 1 === i) return 2 ** (k - 1);
    i -= 2 ** (k - 1) - 1;
  }
}
/** The noise added to the move-order scores after a restart (order.ts: classes are 100 apart). */
export const RESTART_NOISE = 3_000;
/**
 * The noise goes into the frames of depth below this one only: a restart changes the order near
 * the root, where a wrong first move costs most, and the deeper positions keep the plain order,
 * which is cheaper to search (docs/solver.md, Restarts).
 */
export const RESTART_NOISE_DEPTH = 20;

/** Nodes a search runs before it looks for locking moves (pruning.ts `LockingMoves`). */
export const LOCKS_AFTER = 4096;

/** How the search for the fewest moves ended (src/core/best-first.ts `bestFirst`). */
const BEST_FIRST = { finished: 0, stopped: 1, full: 2, tooDeep: 3 } as const;

/** Why a search stopped, as the core's search keeps it (0: it did not). */
const ABORT_CODES = { nodes: 1, time: 2, memory: 3, depth: 4, restart: 5, reached: 6 } as const;

/**
 * Expands a path of the solver's moves (macro-moves, safe moves) from `start` into atomic moves,
 * replayed on a copy: a stock macro-move becomes the draws (and at most one redeal) that
 * `stockCost` says reach its card. Returns the moves and the position they reach.
 */
export function expandPath(start: State, path: Int32Array, pathLen: number): { moves: AtomicMove[]; end: State } {
  const s = start.clone();
  const out: AtomicMove[] = [];
  const step = (m: number) => {
    out.push(toAtomic(s, m));
    make(s, m);
  };
  for (let k = 0; k < pathLen; k++) {
    const m = path[k];
    const kind = kindOf(m);
    if (kind === S2F || kind === S2T) {
      const i = indexOf(m);
      const cost = stockCost(s, i);
      if (cost < 0) throw new Error('internal: a stock move on the path cannot reach its card');
      if (cost === 2) {
        while (s.w < s.n) step(mv(DRAW, 0, 0, 1, 0));
        step(mv(REDEAL, 0, 0, 1, 0));
      }
      while (s.w < i + 1) step(mv(DRAW, 0, 0, 1, 0));
      if (s.w !== i + 1) throw new Error('internal: draws do not show the card of a stock move');
      step(mv(kind, 0, bOf(m), 1, s.w - 1));
    } else step(m);
  }
  return { moves: out, end: s };
}

/** One search of one position under one set of rules (those of its state). */
export class Search implements CoreClient {
  nodes = 0;
  hits = 0;
  /** Why the search stopped before its end ('reached': the objective ended it). */
  aborted: 'nodes' | 'time' | 'memory' | 'depth' | 'restart' | 'reached' | undefined;
  /** Distinct positions in the table now. */
  get states(): number {
    return this.tt.states;
  }
  /** Runs started (1 + restarts). */
  runs = 0;
  /** The node count at which this run stops and the search restarts (Infinity: never). */
  private restartAt = Infinity;
  /** Nodes of the next run before it restarts (Infinity: no restarts). */
  private runLength: number;
  /**
   * Stopped by its node budget, the search leaves the table as a restart does (only positions
   * searched to the end), so that `resume` can go on with it.
   */
  pausable = false;
  /** Told the node count every 65,536 nodes, at a budget check. */
  onProgress: ((nodes: number) => void) | undefined;
  private deadline: number;
  private maxNodes: number;
  /** The next node count at which to look at the budgets (a multiple of 1,024, or maxNodes). */
  private nextCheck: number;
  /** Stock dominance (the state's `stockMask`): the table holds layouts, with their stock positions as bits. */
  private readonly dom: boolean;
  /** The length of the path to the win (the path lies in the core, `Core.path`, until the next search). */
  private pathLen = 0;
  private readonly start: State;
  private readonly gen: Generator;
  private readonly core: Core;
  /** The settings the core's search reads (src/core/search.ts `setSearch`). */
  private readonly flags: number;
  /** The deadlock test's counts of this search (which positions it tests: src/core/deadlock.ts), kept while another search uses the core. */
  private readonly deadStats = new Int32Array(DEAD_STATS);
  /** The moves that would lock the deal (pruning.ts), when there are any; looked for after LOCKS_AFTER nodes. */
  private locks: LockingMoves | undefined;
  private locksPending: boolean;
  /** The searched state at its start: a copy of the one given, with its arrays in the memory's core (the search runs there). */
  private readonly s: State;
  /** The position of the core's search as a state (the same arrays), for the callbacks: its numbers read from the core when called. */
  private readonly here: State;

  private readonly tt: TranspositionTable;
  /** When the last `run` or `resume` began. */
  private t0 = 0;
  private readonly deadCheck: boolean;
  private readonly deadlocks: boolean;
  private readonly deadPositions: boolean;
  private readonly restarts: boolean;
  /** The objective, when it is told of positions (the win needs no calls: the core sees it). */
  private readonly objective: Objective | undefined;
  /** The search for the fewest moves: how they are counted (objective.ts `counting`). */
  private readonly counting: MoveCount | undefined;

  /** A search of state s (hashed with the key of the spec's pruning) in `memory`, whose table it empties. */
  constructor(s: State, memory: SearchMemory, spec: SearchSpec) {
    const { budget, pruning: pr, strategy } = spec;
    this.tt = memory.table(budget.maxMemoryMb);
    // the search for the fewest moves keeps its nodes past the table's room: half the budget each
    if (spec.objective.counting) this.tt.reset(budget.maxMemoryMb / 2);
    this.deadCheck = strategy.deadCheck;
    this.deadlocks = strategy.deadlocks;
    this.restarts = strategy.restarts;
    this.objective = spec.objective.reached || spec.objective.cut ? spec.objective : undefined;
    this.counting = spec.objective.counting;
    this.deadPositions = strategy.deadPositions;
    this.start = s.clone();
    this.core = memory.core;
    this.s = s.clone(this.core.state);
    this.here = this.s.clone(this.core.state);
    this.deadline = Date.now() + budget.timeoutMs;
    this.maxNodes = budget.maxNodes;
    this.nextCheck = Math.min(budget.maxNodes, 1024);
    this.dom = s.stockMask;
    this.tt.setMasked(this.dom || this.counting !== undefined);
    this.gen = new Generator(this.s, pr, this.core.moves, this.core, this.counting !== undefined);
    this.locksPending = strategy.lockingMoves;
    this.runLength = this.restarts ? RESTART_UNIT * luby(1) : Infinity;
    this.flags =
      (this.dom ? 1 : 0) |
      (pr.safeFoundation ? 2 : 0) |
      (pr.delayStock ? 4 : 0) |
      (pr.delayPartial ? 8 : 0) |
      (pr.emptyForKing ? 16 : 0) |
      (pr.stockMacros ? 32 : 0) |
      (this.objective ? 64 : 0) |
      (this.counting ? 128 : 0) |
      (this.deadPositions ? 256 : 0) |
      (pr.stockSafeFirst ? 512 : 0) |
      (pr.safeWasteTop ? 1024 : 0) |
      (pr.safeStockNext ? 2048 : 0);
  }

  /**
   * Runs the search: the dead-deal tests of its strategy, then the loop (restarted, when its
   * strategy says so) to its end, a win, the objective's end or a spent budget. True when a win
   * is on the path (`verdict` gives the answer). Not for the search for the fewest moves
   * (`runBounded`).
   */
  run(): boolean {
    this.t0 = performance.now();
    this.insertHere();
    if (this.deadAtStart()) return false;
    return this.searchWithRestarts();
  }

  /** The dead-deal tests of the search's strategy prove its start lost. */
  deadAtStart(): boolean {
    const s = this.s;
    return (
      s.home < 52 &&
      ((this.deadCheck && stuckCard(s) >= 0) ||
        (this.deadlocks && deadlockedCard(s) >= 0) ||
        (this.deadPositions && this.core.x.deadlockedHere() === 1))
    );
  }

  /**
   * The search for the fewest moves (objective.ts `counting`; shortest.ts runs it): A* in the core
   * (src/core/best-first.ts), below a line of `upper` moves known. Returns the shortest line it
   * found, if any is shorter, and a lower bound on every line's count: the fewest moves there are
   * when no budget stopped it (`aborted`; 'memory' also when its nodes filled their room).
   */
  fewest(upper: number): { line?: AtomicMove[]; lowerBound: number } {
    this.t0 = performance.now();
    const x = this.attach();
    const how = x.bestFirst(upper, this.counting === 'ksolve' ? 0 : 1);
    this.gen.release();
    this.nodes = x.getNodes();
    this.core.client = undefined;
    if (how === BEST_FIRST.full) this.aborted = 'memory';
    else if (how === BEST_FIRST.tooDeep) this.aborted = 'depth';
    const lowerBound = x.bfLower();
    const len = x.bfPathLen();
    if (len < 0) return { lowerBound };
    const { moves, end } = expandPath(this.start, new Int32Array(x.memory.buffer, x.bfPathPtr(), len), len);
    if (end.home !== 52) throw new Error('internal: the shortest line does not win');
    return { line: moves, lowerBound };
  }

  /**
   * Goes on with a search that its node budget stopped (`pausable`), under a new budget, as if it
   * had restarted there; the table, used by another search meanwhile, first gets back what this
   * one had proved (`kept`, its snapshot when it stopped). The statistics count both parts.
   */
  resume(budget: Required<Budget>, kept: TableSnapshot): boolean {
    if (!this.pausable || this.aborted !== 'nodes') throw new Error('internal: resuming a search that was not paused');
    this.t0 = performance.now();
    this.tt.reset(budget.maxMemoryMb);
    this.tt.setMasked(this.dom);
    this.tt.restore(kept);
    // another search used the core since (the staged solve's relaxed one): the position, at the root since the pause, back in it
    this.s.copyFrom(this.start);
    this.maxNodes = this.nodes + budget.maxNodes;
    this.deadline = Date.now() + budget.timeoutMs;
    this.aborted = undefined;
    this.nextRun();
    return this.searchWithRestarts();
  }

  /** The verdict of the last `run` or `resume` (`won`: what it returned), with its statistics. */
  verdict(won: boolean): SolveResult {
    const ms = performance.now() - this.t0;
    const stats: SolveStats = { nodes: this.nodes, uniqueStates: this.tt.states, ttHits: this.hits, ms, solutionLength: 0 };
    if (won) {
      const moves = this.atomicSolution();
      stats.solutionLength = moves.length;
      return { verdict: 'winnable', moves, stats };
    }
    if (this.aborted && this.aborted !== 'restart' && this.aborted !== 'reached')
      return { verdict: 'unknown', reason: this.aborted, moves: [], stats };
    return { verdict: 'unwinnable', moves: [], stats };
  }

  /** Runs the search, restarting it (when its strategy says so) with more nodes and another move order each time. */
  private searchWithRestarts(): boolean {
    for (;;) {
      if (this.runs++ > 0) this.insertHere();
      this.restartAt = this.nodes + this.runLength;
      this.nextCheck = Math.min(this.maxNodes, this.restartAt, (Math.floor(this.nodes / 1024) + 1) * 1024);
      if (this.search()) return true;
      if (this.aborted !== 'restart') return false;
      // the abandoned line's positions are out of the table (removed while unwinding): run again
      this.aborted = undefined;
      this.nextRun();
    }
  }

  /** With restarts, the next run (after a restart or a pause) tries the moves in another order, for the next length of the schedule. */
  private nextRun(): void {
    if (!this.restarts) return;
    this.gen.setNoise(RESTART_NOISE, Math.imul(this.runs, 0x9e3779b9) ^ 0x2545f491, RESTART_NOISE_DEPTH);
    this.runLength = RESTART_UNIT * luby(this.runs + 1);
  }

  /** The search stops short to go on later (a restart, or a pause at its node budget): the positions of the line it leaves come out of the table. */
  private forgetting(): boolean {
    const why = this.aborted;
    return why !== undefined && (why === 'restart' || (why === 'nodes' && this.pausable));
  }

  /** The path to the win, in atomic moves replayed from the start (`expandPath`). */
  private atomicSolution(): AtomicMove[] {
    const { moves, end } = expandPath(this.start, this.core.path, this.pathLen);
    if (end.home !== 52) throw new Error('internal: solution path does not win');
    return moves;
  }

  /**
   * Hands the core this search: its rules and key, its position (at the start: the core's search
   * returns there, and so does a search stopped by a budget), its table, settings and counts.
   */
  private attach(): Core['x'] {
    const core = this.core;
    const x = core.x;
    // the generator's switches and noise, the rules and key, the position's numbers
    this.gen.claim();
    core.client = this;
    x.setSearch(this.flags, this.gen.noiseBelow);
    if (this.locks) this.locks.copyTo(core.locks);
    x.setLocks(this.locks ? 1 : 0);
    x.setCounts(this.nodes, this.hits, this.nextCheck);
    core.deadStats.set(this.deadStats);
    x.setAborted(0, 0);
    return x;
  }

  /** Stores the start position in the table (its layout and stock position with stock dominance). */
  private insertHere(): void {
    this.attach().insertHere();
  }

  /**
   * The depth-first search, run in the core (src/core/search.ts) from the start position.
   * Returns true when a win is on the path (then copied out).
   */
  private search(): boolean {
    const x = this.attach();
    const won = x.search() === 1;
    this.gen.release();
    this.deadStats.set(this.core.deadStats);
    this.nodes = x.getNodes();
    this.hits = x.getHits();
    if (x.getAborted() === ABORT_CODES.depth) this.aborted = 'depth';
    if (won) {
      this.pathLen = x.getPathLen();
    }
    this.core.client = undefined;
    return won;
  }

  /** At the node that reaches the budget, or every 1,024 nodes: why the search stops (`ABORT_CODES`), 0 when it goes on. */
  check(): number {
    const x = this.core.x;
    const nodes = x.getNodes();
    this.nodes = nodes;
    if (this.locksPending && nodes >= LOCKS_AFTER) {
      // most searches end sooner: only the longer ones pay for the table
      this.locksPending = false;
      const locks = new LockingMoves(this.start);
      if (locks.count > 0) {
        this.locks = locks;
        locks.copyTo(this.core.locks);
        x.setLocks(1);
      }
    }
    if (nodes >= this.maxNodes) this.aborted = 'nodes';
    else if (nodes >= this.restartAt) this.aborted = 'restart';
    else if ((nodes & 1023) === 0 && Date.now() > this.deadline) this.aborted = 'time';
    else if ((nodes & 1023) === 0 && this.tt.exhausted) this.aborted = 'memory';
    this.nextCheck = Math.min(this.maxNodes, this.restartAt, (Math.floor(nodes / 1024) + 1) * 1024);
    x.setNextCheck(this.nextCheck);
    if ((nodes & 0xffff) === 0 && this.onProgress) this.onProgress(nodes);
    const why = this.aborted;
    if (why === undefined) return 0;
    const code = ABORT_CODES[why];
    x.setAborted(code, this.forgetting() ? 1 : 0);
    return code;
  }

  /** Without stock macro-moves: the plain engine's moves of the position in the core, into its frame at `base`. */
  atomicMoves(base: number): number {
    const s = this.here;
    this.core.readScalars(s);
    return genAtomic(s, this.core.moves, base) - base;
  }

  /** The objective, told of the position in the core after its safe moves: 1 ends the search. */
  reached(pathLen: number): number {
    const s = this.here;
    this.core.readScalars(s);
    if (!this.objective?.reached?.(s, this.core.path, pathLen)) return 0;
    this.aborted = 'reached';
    return 1;
  }

  /** The objective, on the same position stored in the table: 1 cuts it. */
  cut(): number {
    const s = this.here;
    this.core.readScalars(s);
    return this.objective?.cut?.(s) ? 1 : 0;
  }
}
