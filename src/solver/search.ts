/**
 * One depth-first search over the packed state, with a transposition table: the position after
 * every move is looked up (by the hash `childHash` gives before the move is made) and searched
 * only when new; safe foundation moves are played on entering a position, without branching.
 * The children's hashes are computed when a position's moves are generated, and their table
 * slots read together at once (`childHashes`), so that their cache misses overlap.
 * The search is iterative (frames indexed by depth in typed arrays), so a deep line never runs
 * out of call stack, and allocates nothing per node: its memory (`SearchMemory`) belongs to the
 * Solver that runs it and is reused by every search of that Solver, one at a time.
 *
 * The moves come from generate.ts (the generator in WebAssembly; without stock macro-moves, from
 * the plain engine), the
 * rules from pruning.ts; a move that would lock the deal (pruning.ts `LockingMoves`, looked for
 * once a search has run LOCKS_AFTER nodes) is not made. The objective lives in one place, `enter`:
 * a position with 52 cards home ends the search. Another objective (`Objective`: the search for
 * the most cards home, most-home.ts) is told of every position entered and may end the search or
 * cut a position; it runs the search to its end (`explore`) under the options that keep it exact
 * (`MOST_HOME_OPTIONS`, pruning.ts); the rest of the search is the same.
 *
 * Restarts (`restarts`): the search stops after RESTART_FIRST_NODES nodes and starts again from
 * the root with seeded noise in the move order of its first RESTART_NOISE_DEPTH frames (order.ts
 * `addNoise`), then after 1.5 times as many (RESTART_GROWTH), and so on, with the same table. On
 * stopping, the positions of the abandoned line (the current path: each frame's position before
 * and after its safe moves, and a child entered but not expanded) are removed from the table, so that every position left there was searched to the end
 * without a win. Why that keeps the verdict: call those positions closed, the path P. Every move
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
import * as Cards from '../cards.ts';
import * as Moves from '../moves.ts';
import type { AtomicMove } from '../notation.ts';
import type { State } from '../state.ts';
import * as StateModule from '../state.ts';
import type { TableSnapshot, TranspositionTable } from '../tt.ts';
import { Core } from './core.ts';
import { Generator } from './generate.ts';
import * as Generate from './generate.ts';
import type { Budget, Pruning } from './options.ts';
import { LockingMoves } from './pruning.ts';
import * as PruningRules from './pruning.ts';

// Imported values as this module's own constants: V8 builds those into its compiled code, where
// an imported binding is read through a cell and checked at every use (docs/solver.md).
const { RANK, makeCard } = Cards;
const { DRAW, REDEAL, S2F, S2T, T2F, aOf, bOf, childHash, genAtomic, indexOf, kindOf, make, mv, stockCost, toAtomic, undo } = Moves;
const { STRIDE } = StateModule;
const { HOME_AFTER, MOVES_PER_NODE } = Generate;
const {
  EMPTIED,
  FREE,
  PLACED,
  UNCOVERED,
  deadlockedCard,
  drawReach,
  onDrawGrid,
  placedCardLeft,
  restrictionAfter,
  safeHome,
  safeLastStockCard,
  safeSuits,
  stockAlwaysReachable,
  stuckCard,
} = PruningRules;

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

/** Nodes before the first restart of a search (then RESTART_GROWTH times as many before each next one). */
export const RESTART_FIRST_NODES = 2_000;
/** How much longer each run of a restarted search is than the one before. */
export const RESTART_GROWTH = 1.5;
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

/** The longest line of play a search follows (frames); longer lines end in unknown ('depth'). */
export const MAX_DEPTH = 16384;

/** `safeNext`: a safe next card lies face up in the tableau, or in the stock or waste. */
const SAFE_TABLEAU = 1;
const SAFE_DECK = 2;

/** What entering a position found. */
const WON = 0;
const EXPANDED = 1;
const PRUNED = 2;

/**
 * An objective other than the win, told of the positions a search enters (most-home.ts). The
 * search runs every move from every position it enters unless `reached` ends it.
 */
export interface Objective {
  /** A position entered, after its safe moves (`path[0 … pathLen)` leads to it): true ends the search. */
  reached(s: State, path: Int32Array, pathLen: number): boolean;
  /** The same position, once stored in the table: true cuts it (nothing below it can count). */
  cut(s: State): boolean;
}

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

/** The work arrays of a search (about 49 MiB of address space; only the frames a search reaches are touched), allocated once by a Solver and reused. */
export class SearchMemory {
  /** The move generator's WebAssembly instance, where the search's state keeps its arrays. */
  readonly core = new Core();
  /** The moves of each frame, MOVES_PER_NODE per depth. */
  readonly moves = new Int32Array(MAX_DEPTH * MOVES_PER_NODE);
  /** The hash of the position after each of those moves (`childHash`), both halves. */
  readonly childH1 = new Int32Array(MAX_DEPTH * MOVES_PER_NODE);
  readonly childH2 = new Int32Array(MAX_DEPTH * MOVES_PER_NODE);
  /** The moves from the start to here (safe moves included), and their undo tokens. */
  readonly path = new Int32Array(MAX_DEPTH * 2 + 64);
  readonly tokens = new Int32Array(MAX_DEPTH * 2 + 64);
  /** Frames by depth: moves generated, next move to try, safe moves played, path length on entry, undo tokens of the move being tried. */
  readonly fCount = new Int32Array(MAX_DEPTH);
  readonly fNext = new Int32Array(MAX_DEPTH);
  readonly fAutos = new Int32Array(MAX_DEPTH);
  readonly fMark = new Int32Array(MAX_DEPTH);
  readonly fToken = new Int32Array(MAX_DEPTH);
  readonly fToken2 = new Int32Array(MAX_DEPTH);
}

/** One search of one position under one set of rules (those of its state). */
export class Search {
  nodes = 0;
  hits = 0;
  /** Why the search stopped before its end ('reached': the objective ended it). */
  aborted: 'nodes' | 'time' | 'memory' | 'depth' | 'restart' | 'reached' | undefined;
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
  private readonly moves: Int32Array;
  private readonly childH1: Int32Array;
  private readonly childH2: Int32Array;
  private readonly path: Int32Array;
  private readonly tokens: Int32Array;
  private readonly fCount: Int32Array;
  private readonly fNext: Int32Array;
  private readonly fAutos: Int32Array;
  private readonly fMark: Int32Array;
  private readonly fToken: Int32Array;
  private readonly fToken2: Int32Array;
  /** Stock dominance (the state's `stockMask`): the table holds layouts, with their stock positions as bits. */
  private readonly dom: boolean;
  private pathLen = 0;
  /** What `childHashes` read from the table (kept so that the reads are not optimised away). */
  touched = 0;
  private readonly start: State;
  private readonly gen: Generator;
  // the resolved pruning switches the hot loop reads
  private readonly safeFoundation: boolean;
  private readonly stockMacros: boolean;
  private readonly delayStock: boolean;
  private readonly delayPartial: boolean;
  private readonly emptyForKing: boolean;
  /** The moves that would lock the deal (pruning.ts), when there are any; looked for after LOCKS_AFTER nodes. */
  private locks: LockingMoves | undefined;
  private locksPending: boolean;
  /** Stock cards go home by safe moves too (pruning.ts `stockAlwaysReachable`; the rules are fixed for a search). */
  private readonly stockToo: boolean;
  /** The stock's last card goes home by a safe move on the draw grid (pruning.ts `safeLastStockCard`). */
  private readonly lastToo: boolean;
  /** `playSafe` sent the stock's last card home. */
  private lastPlayed = false;

  /** A search of state s (hashed with the key of `pr`), with its budget; `pr` is resolved (options.ts). */
  /** The searched state: a copy of the one given, with its arrays in the memory's core (the generator reads them there). */
  private readonly s: State;

  constructor(
    s: State,
    private readonly tt: TranspositionTable,
    budget: Required<Budget>,
    pr: Pruning,
    private readonly deadCheck: boolean,
    memory: SearchMemory,
    private readonly restarts = false,
    private readonly deadlocks = false,
    lockingMoves = false,
    private readonly objective?: Objective,
  ) {
    this.start = s.clone();
    this.s = s.clone(memory.core.state);
    this.deadline = Date.now() + budget.timeoutMs;
    this.maxNodes = budget.maxNodes;
    this.nextCheck = Math.min(budget.maxNodes, 1024);
    this.moves = memory.moves;
    this.childH1 = memory.childH1;
    this.childH2 = memory.childH2;
    this.path = memory.path;
    this.tokens = memory.tokens;
    this.fCount = memory.fCount;
    this.fNext = memory.fNext;
    this.fAutos = memory.fAutos;
    this.fMark = memory.fMark;
    this.fToken = memory.fToken;
    this.fToken2 = memory.fToken2;
    this.dom = s.stockMask;
    tt.setMasked(this.dom);
    this.gen = new Generator(this.s, pr, memory.moves, memory.core);
    this.safeFoundation = pr.safeFoundation;
    this.stockMacros = pr.stockMacros;
    this.delayStock = pr.delayStock;
    this.delayPartial = pr.delayPartial;
    this.emptyForKing = pr.emptyForKing;
    this.locksPending = lockingMoves;
    this.stockToo = stockAlwaysReachable(s);
    this.lastToo = pr.stockMacros && s.draw > 1 && s.passLimit === Infinity;
    this.runLength = restarts ? RESTART_FIRST_NODES : Infinity;
  }

  /** Runs the search to a verdict (or a spent budget). */
  run(): SolveResult {
    const t0 = performance.now();
    this.insertHere();
    const dead = this.s.home < 52 && ((this.deadCheck && stuckCard(this.s) >= 0) || (this.deadlocks && deadlockedCard(this.s) >= 0));
    return this.result(t0, dead ? false : this.searchWithRestarts());
  }

  /**
   * Goes on with a search that its node budget stopped (`pausable`), under a new budget, as if it
   * had restarted there; the table, used by another search meanwhile, first gets back what this
   * one had proved (`kept`, its snapshot when it stopped). The statistics count both parts.
   */
  resume(budget: Required<Budget>, kept: TableSnapshot): SolveResult {
    if (!this.pausable || this.aborted !== 'nodes') throw new Error('internal: resuming a search that was not paused');
    const t0 = performance.now();
    this.tt.reset(budget.maxMemoryMb);
    this.tt.setMasked(this.dom);
    this.tt.restore(kept);
    // another search used the core since (the staged solve's relaxed one): the position, at the root since the pause, back in it
    this.s.copyFrom(this.start);
    this.maxNodes = this.nodes + budget.maxNodes;
    this.deadline = Date.now() + budget.timeoutMs;
    this.aborted = undefined;
    this.nextRun();
    return this.result(t0, this.searchWithRestarts());
  }

  /** The result of the search, begun at time t0 (`won`: a win is on the path). */
  private result(t0: number, won: boolean): SolveResult {
    const ms = performance.now() - t0;
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

  /**
   * Runs the search for the objective (no restarts, no dead-deal test): every move from every
   * position entered, until the objective ends it (`aborted` 'reached') or a budget runs out.
   */
  explore(): void {
    this.insertHere();
    this.search();
  }

  /** Runs the search, restarting it (when `restarts`) with more nodes and another move order each time. */
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

  /** With restarts, the next run (after a restart or a pause) tries the moves in another order, for longer. */
  private nextRun(): void {
    if (!this.restarts) return;
    this.gen.setNoise(RESTART_NOISE, Math.imul(this.runs, 0x9e3779b9) ^ 0x2545f491, RESTART_NOISE_DEPTH);
    this.runLength = Math.ceil(this.runLength * RESTART_GROWTH);
  }

  /** The search stops short to go on later (a restart, or a pause at its node budget): the positions of the line it leaves come out of the table. */
  private forgetting(): boolean {
    // (undefined first: the usual case, without comparing strings)
    const why = this.aborted;
    return why !== undefined && (why === 'restart' || (why === 'nodes' && this.pausable));
  }

  /** The path to the win, in atomic moves replayed from the start (`expandPath`). */
  private atomicSolution(): AtomicMove[] {
    const { moves, end } = expandPath(this.start, this.path, this.pathLen);
    if (end.home !== 52) throw new Error('internal: solution path does not win');
    return moves;
  }

  /**
   * The depth-first search, with an explicit stack (frames indexed by depth) so that deep
   * searches never run out of call stack. Returns true when a win is on the path.
   */
  private search(): boolean {
    const s = this.s;
    const { delayStock, delayPartial, emptyForKing } = this;
    const r0 = this.enter(0, -1, FREE, -1);
    if (r0 !== EXPANDED) return r0 === WON;
    let d = 0;
    while (d >= 0) {
      const k = this.fNext[d]++;
      if (this.aborted || k >= this.fCount[d]) {
        // frame d is done: take back its safe moves and the move that led to it; on a restart its
        // positions (after and before the safe moves) were not searched to the end
        if (this.forgetting()) this.removeHere();
        else if (this.dom && !this.aborted) this.closeHere();
        this.undoSafe(this.fAutos[d], this.fMark[d]);
        if (this.forgetting()) this.removeHere();
        else if (this.dom && !this.aborted && this.fAutos[d] > 0) this.closeHere();
        d--;
        if (d >= 0) this.takeBack(d, this.moves[d * MOVES_PER_NODE + this.fNext[d] - 1]);
        continue;
      }
      const m = this.moves[d * MOVES_PER_NODE + k];
      let mode = FREE;
      if (m & HOME_AFTER) {
        if (this.locks?.locks(s, m)) continue;
        // a partial run onto the twin of the card it leaves, and that card home
        const m1 = m & ~HOME_AFTER;
        const from = aOf(m1);
        this.fToken[d] = make(s, m1);
        const m2 = mv(T2F, from, s.top(from) & 3, 1, 0);
        this.fToken2[d] = make(s, m2);
        if (this.insertHere()) {
          this.hits++;
          undo(s, m2, this.fToken2[d]);
          undo(s, m1, this.fToken[d]);
          continue;
        }
        this.path[this.pathLen++] = m1;
        this.path[this.pathLen++] = m2;
      } else {
        const at = d * MOVES_PER_NODE + k;
        if (
          this.dom
            ? this.tt.insertBit(this.childH1[at], this.childH2[at], this.childBit(m))
            : this.tt.insert(this.childH1[at], this.childH2[at])
        ) {
          this.hits++;
          continue;
        }
        // a move that locks the deal leads to a lost position: stored as searched, not entered
        if (this.locks?.locks(s, m)) continue;
        mode = restrictionAfter(s, m, delayStock, delayPartial, emptyForKing);
        this.fToken[d] = make(s, m);
        this.path[this.pathLen++] = m;
      }
      let r: number;
      if (mode === PLACED) r = this.enter(d + 1, bOf(m), PLACED, s.top(bOf(m)));
      else if (mode === UNCOVERED) r = this.enter(d + 1, aOf(m), UNCOVERED, s.top(aOf(m)));
      else if (mode === EMPTIED) r = this.enter(d + 1, aOf(m), EMPTIED, -1);
      else r = this.enter(d + 1, -1, FREE, -1);
      if (r === WON) return true;
      if (r === EXPANDED) {
        d++;
        continue;
      }
      // a child entered as the restart came is not searched either
      if (this.forgetting()) this.removeHere();
      this.takeBack(d, m);
    }
    return false;
  }

  /** Stores the position in the table (its layout and stock position with stock dominance); true when it was there. */
  private insertHere(): boolean {
    const s = this.s;
    return this.dom ? this.tt.insertBit(s.h1, s.h2, s.wk(s.w, s.n)) : this.tt.insert(s.h1, s.h2);
  }

  /** Takes the position out of the table again (a restart: it was not searched to the end). */
  private removeHere(): void {
    const s = this.s;
    if (this.dom) this.tt.removeBit(s.h1, s.h2, s.wk(s.w, s.n));
    else this.tt.remove(s.h1, s.h2);
  }

  /** The stock position (`wk`) after move m, with stock dominance: a stock play's card index, or the stock position now. */
  private childBit(m: number): number {
    const s = this.s;
    const kind = m & 15;
    return kind === S2F || kind === S2T ? s.wk(indexOf(m), s.n - 1) : s.wk(s.w, s.n);
  }

  /**
   * Stock dominance: the position, searched to the end, is searched from every stock position
   * that its own reaches by draws alone (pruning.ts `drawReach`).
   */
  private closeHere(): void {
    const bits = drawReach(this.s);
    if (bits !== 0) this.tt.addBits(this.s.h1, this.s.h2, bits);
  }

  /** Takes back move m of frame d (made with its tokens), and its path entries. */
  private takeBack(d: number, m: number): void {
    const s = this.s;
    if (m & HOME_AFTER) {
      this.pathLen -= 2;
      undo(s, this.path[this.pathLen + 1], this.fToken2[d]);
      undo(s, m & ~HOME_AFTER, this.fToken[d]);
    } else {
      this.pathLen--;
      undo(s, m, this.fToken[d]);
    }
  }

  /**
   * Enters a position at depth d: counts it, plays its safe moves, and either finds it won, prunes
   * it (everything taken back), or sets up frame d with its moves. The previous move may restrict
   * this one (`mode`, on pile `rCol` whose top was `rCard`; pruning.ts).
   */
  private enter(d: number, rCol: number, mode: number, rCard: number): number {
    const s = this.s;
    if (++this.nodes >= this.nextCheck) this.checkBudgets();
    if (this.aborted || d >= MAX_DEPTH - 1) {
      if (!this.aborted) this.aborted = 'depth';
      return PRUNED;
    }
    const pathMark = this.pathLen;
    const autos = this.safeFoundation ? this.playSafe() : 0;
    // another objective may end the search here
    if (this.objective?.reached(s, this.path, this.pathLen)) {
      this.aborted = 'reached';
      this.undoSafe(autos, pathMark);
      return PRUNED;
    }
    // the objective: every card home
    if (s.home === 52) return WON;
    // the stock's last card went home after the card was placed: what that opens (the placed card
    // home among it) could not be done before it
    if (mode === PLACED && this.lastPlayed) mode = FREE;
    if (mode === PLACED && placedCardLeft(s, rCol, rCard)) {
      this.undoSafe(autos, pathMark);
      return PRUNED;
    }
    if (mode === UNCOVERED && autos > 0) mode = FREE; // x went home by itself
    // the position before the safe moves was stored by the caller; store the one after them too
    if (autos > 0 && this.insertHere()) {
      this.hits++;
      this.undoSafe(autos, pathMark);
      return PRUNED;
    }
    if (this.objective?.cut(s)) {
      this.undoSafe(autos, pathMark);
      return PRUNED;
    }
    const base = d * MOVES_PER_NODE;
    this.fCount[d] = !this.stockMacros
      ? genAtomic(s, this.moves, base) - base
      : mode === EMPTIED
        ? this.gen.kingsForEmptied(base)
        : this.gen.generate(base, rCol, mode);
    this.childHashes(base, this.fCount[d]);
    this.fNext[d] = 0;
    this.fAutos[d] = autos;
    this.fMark[d] = pathMark;
    return EXPANDED;
  }

  /**
   * The hashes after the n moves at moves[base …] (the compound moves excepted: they are made to be
   * looked up), into childH1/childH2; then their table slots are read in a loop that does nothing
   * else, so that the reads wait for memory side by side, and each later lookup finds its slot in
   * the cache instead of waiting for it alone (measured: 5% less time on the heavy deals).
   */
  private childHashes(base: number, n: number): void {
    const s = this.s;
    const { moves, childH1, childH2, tt } = this;
    for (let k = base; k < base + n; k++) {
      const m = moves[k];
      if (m & HOME_AFTER) continue;
      childHash(s, m);
      childH1[k] = s.ph1;
      childH2[k] = s.ph2;
    }
    let touched = 0;
    for (let k = base; k < base + n; k++) touched ^= tt.touch(childH1[k], childH2[k]);
    this.touched = touched;
  }

  /**
   * Plays safe moves home until none is left (pruning.ts `safeHome`); returns how many (on the
   * path). Tableau tops always; stock cards too when every stock card stays reachable; with a
   * larger draw and unlimited passes, the stock's last card when the stock is on the draw grid.
   */
  private playSafe(): number {
    const s = this.s;
    const { len, cols, deck, found } = s;
    const stockToo = this.stockToo;
    const lastToo = this.lastToo;
    this.lastPlayed = false;
    let count = 0;
    let again = true;
    while (again) {
      again = false;
      // where the safe next cards of the suits lie: none face up means nothing to play
      const where = this.safeNext();
      if (where === 0) break;
      if (where & SAFE_TABLEAU)
        for (let a = 0; a < 7; a++) {
          const l = len[a];
          if (l === 0) continue;
          const c = cols[a * STRIDE + l - 1];
          // the next card of its suit (a legal move), and safe
          if (found[c & 3] !== RANK[c] - 1 || !safeHome(s, c)) continue;
          const m = mv(T2F, a, c & 3, 1, 0);
          this.tokens[this.pathLen] = make(s, m);
          this.path[this.pathLen++] = m;
          count++;
          again = true;
        }
      // a larger draw: the stock's last card, on the draw grid
      if (lastToo && (again ? this.safeNext() : where) & SAFE_DECK && onDrawGrid(s) && safeLastStockCard(s)) {
        const i = s.n - 1;
        const m = mv(S2F, 0, deck[i] & 3, 1, i);
        this.tokens[this.pathLen] = make(s, m);
        this.path[this.pathLen++] = m;
        count++;
        again = true;
        this.lastPlayed = true;
      }
      if (stockToo && (again ? this.safeNext() : where) & SAFE_DECK) {
        for (let i = 0; i < s.n; i++) {
          const c = deck[i];
          if (found[c & 3] !== RANK[c] - 1 || !safeHome(s, c)) continue;
          const m = mv(S2F, 0, c & 3, 1, i);
          this.tokens[this.pathLen] = make(s, m);
          this.path[this.pathLen++] = m;
          count++;
          again = true;
          break; // indices shift: rescan
        }
      }
    }
    return count;
  }

  /**
   * Where the suits' next cards that may go home safely (pruning.ts `safeHome`) lie: SAFE_TABLEAU
   * when one is face up in the tableau, SAFE_DECK when one is in the stock or waste, or both; 0
   * when none is face up (most positions), so `playSafe` scans nothing. Which suits' next cards
   * are safe depends on the foundations alone (pruning.ts `safeSuits`, kept in a table).
   */
  private safeNext(): number {
    const s = this.s;
    let suits = safeSuits(s);
    if (suits === 0) return 0;
    const { found, isDown, inDeck } = s;
    let where = 0;
    for (let suit = 0; suits !== 0; suit++, suits >>= 1) {
      if ((suits & 1) === 0) continue;
      const c = makeCard(found[suit] + 1, suit);
      if (!isDown[c]) where |= inDeck[c] ? SAFE_DECK : SAFE_TABLEAU;
    }
    return where;
  }

  /** At the node that reaches the budget, or every 1,024 nodes: is a budget spent? */
  private checkBudgets(): void {
    const nodes = this.nodes;
    if (this.locksPending && nodes >= LOCKS_AFTER) {
      // most searches end sooner: only the longer ones pay for the table
      this.locksPending = false;
      const locks = new LockingMoves(this.start);
      if (locks.count > 0) this.locks = locks;
    }
    if (nodes >= this.maxNodes) this.aborted = 'nodes';
    else if (nodes >= this.restartAt) this.aborted = 'restart';
    else if ((nodes & 1023) === 0 && Date.now() > this.deadline) this.aborted = 'time';
    else if ((nodes & 1023) === 0 && this.tt.exhausted) this.aborted = 'memory';
    this.nextCheck = Math.min(this.maxNodes, this.restartAt, (Math.floor(nodes / 1024) + 1) * 1024);
    if ((nodes & 0xffff) === 0 && this.onProgress) this.onProgress(nodes);
  }

  private undoSafe(autos: number, pathMark: number): void {
    if (autos === 0) {
      this.pathLen = pathMark;
      return;
    }
    for (let k = pathMark + autos - 1; k >= pathMark; k--) undo(this.s, this.path[k], this.tokens[k]);
    this.pathLen = pathMark;
  }
}
