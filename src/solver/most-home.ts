/**
 * The most cards a position can have on the foundations at once, proved: a branch-and-bound
 * search over the same moves, table and pruning rules as the verdict search (search.ts), with its
 * own objective. It reaches a number two ways: a line of play shows a lower bound (the best found,
 * kept as a path and expanded into atomic moves that replay on the plain engine), and an upper
 * bound is proved either by searching every line (the reachable positions, each entered once
 * through the table, are all seen) or by `homeBound` meeting the best found. 52 ends the search at
 * once, with a win.
 *
 * Why a separate search rather than a mode of the verdict search: the objective changes what is
 * exact. The pruning rules (pruning.ts) keep the largest count of cards home as well as the
 * verdict (each argument there is made for both), but the two strategies do not: the staged
 * solve proves a loss under easier rules, which says nothing of how many cards go home, and the
 * dead-deal test stops at a lost deal however far it could go. So this search runs with every
 * pruning rule (`MOST_HOME_OPTIONS`) and neither strategy, and adds the bound.
 *
 * Why a visited set is enough: the answer is the largest `home` over every position reachable
 * from the start, so a position met again (the table) adds nothing, wherever it is met. A position
 * cut by the bound (`homeBound(s) <= best`) can add nothing either, and since `best` only grows,
 * it never could later: storing it in the table as searched stays exact.
 *
 * The bound (`homeBound`): 52 minus the cards that can never reach a foundation, found by a fixed
 * point over pinned cards. A card x that is not a King, lies face down or at the foot of its
 * pile's face-up run (so it moves only by itself), and has both cards it could be built on below
 * it in the same pile (or below a card that never leaves), can leave only to its foundation. If a lower card of its suit lies below it
 * too, or can never go home, x never leaves: x, every card under it and every higher card of each
 * of their suits never go home. Pinned cards never move, so the bound never rises along a line:
 * a child's bound is at most its parent's, and the start's bound caps the whole search.
 *
 * Budgets: as the verdict search (nodes at every position, time and memory every 1,024). A search
 * that stops early returns the best found and the start's bound, never a number in between.
 */
import { RANK, makeCard } from '../cards.ts';
import {
  DRAW,
  REDEAL,
  S2F,
  S2T,
  T2F,
  aOf,
  bOf,
  childHash,
  genAtomic,
  indexOf,
  kindOf,
  make,
  mv,
  stockCost,
  toAtomic,
  undo,
} from '../moves.ts';
import type { AtomicMove } from '../notation.ts';
import type { Position } from '../position.ts';
import { State, STRIDE } from '../state.ts';
import { TranspositionTable } from '../tt.ts';
import type { Rules } from '../types.ts';
import { Generator, HOME_AFTER, MOVES_PER_NODE } from './generate.ts';
import { type Budget, DEFAULT_BUDGET, type Pruning, resolvePruning } from './options.ts';
import {
  EMPTIED,
  FREE,
  MOST_HOME_OPTIONS,
  PARENT1,
  PARENT2,
  PLACED,
  UNCOVERED,
  keyOptions,
  placedCardLeft,
  restrictionAfter,
  safeHome,
  searchedGame,
  stockAlwaysReachable,
} from './pruning.ts';
import { MAX_DEPTH, SearchMemory, type SolveStats, type Verdict } from './search.ts';

/** What a most-cards-home search found. */
export interface MostHomeResult {
  /** winnable (52 home), unwinnable (the bound is below 52), or unknown. */
  verdict: Verdict;
  /** The most cards home at once along the best line found (a lower bound on the maximum). */
  mostHome: number;
  /** A proved upper bound on the maximum. */
  bound: number;
  /** True when mostHome is the maximum (mostHome === bound). */
  proved: boolean;
  /** How the upper bound was proved: every line searched, or the bound met by the best line. */
  proof?: 'exhausted' | 'bound';
  /** Which budget ran out, when not proved. */
  reason?: 'nodes' | 'time' | 'memory' | 'depth';
  /** Atomic moves from the position to a position with `mostHome` cards home (ends there). */
  moves: AtomicMove[];
  stats: SolveStats;
}

/** Options of a most-cards-home search; the defaults are the exact ones. */
export interface MostHomeOptions {
  /** The pruning rules (default MOST_HOME_OPTIONS.pruning, every rule: each is exact for this objective, pruning.ts). */
  pruning?: Pruning;
  /** Use `homeBound`: stop when the best found meets the start's bound, cut positions whose bound it meets (default on). */
  bound?: boolean;
}

const STOPPED = 0;
const EXPANDED = 1;
const PRUNED = 2;

/** `homeBound`'s work arrays (module state: the bound runs on one thread at a time). */
const BOUND_LOW = new Int32Array(4);
const BOUND_WHERE = new Int32Array(52);
const BOUND_FLOOR = new Int32Array(7);
/** Where a card is, for `homeBound`: pile × 64 + height; HOME anywhere else (foundation, stock, waste). */
const HOME = -1;

/**
 * An upper bound on the cards that can be home at once in any position reachable from s: 52
 * minus the cards that can never go home (module comment), found as a fixed point. Pure apart
 * from its module work arrays; allocates nothing.
 *
 * A card x that is not a King and lies at or below the foot of its pile's face-up run (so it moves
 * only by itself) cannot go onto a pile while it stays there when each card it could go on lies
 * under it in the same pile or under a card that never leaves: it leaves only to its foundation.
 * It never does if a lower card of its suit lies under it, or never goes home itself; then it
 * never leaves, and every card under it never moves (`floor`). Every card this looks at lies at
 * or below a pile's foot: those are the start's cards in the start's places, so the bound is a
 * function of the face-down counts alone (the search caches it by them).
 */
export function homeBound(s: State): number {
  const low = BOUND_LOW; // per suit: the lowest rank known never to go home (14: none)
  const where = BOUND_WHERE;
  const floor = BOUND_FLOOR; // per stack: the height of a card that never leaves (-1: none); all under it never move
  for (let suit = 0; suit < 4; suit++) low[suit] = 14;
  where.fill(HOME);
  floor.fill(-1);
  for (let a = 0; a < 7; a++) for (let k = 0; k < s.len[a]; k++) where[s.cols[a * STRIDE + k]] = a * 64 + k;
  /** Card p can never be a pile's top while card x (in stack st at height k) stays where it is. */
  const blocked = (p: number, st: number, k: number): boolean => {
    const at = where[p];
    if (at === HOME) return false;
    const pst = at >> 6;
    const h = at & 63;
    return pst === st ? h < k || h < floor[st] : h < floor[pst];
  };
  /** Tries card x at height k of stack st; true when it never leaves (and the floor is raised). */
  const pinned = (x: number, st: number, k: number): boolean => {
    const r = RANK[x];
    if (r === 13 || !blocked(PARENT1[x], st, k) || !blocked(PARENT2[x], st, k)) return false;
    const suit = x & 3;
    let stuck = r >= low[suit]; // x, or a lower card of its suit, never goes home
    for (let q = 1; q < r && !stuck; q++) {
      const at = where[makeCard(q, suit)];
      stuck = at !== HOME && at >> 6 === st && (at & 63) < k;
    }
    return stuck;
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (let st = 0; st < 7; st++) {
      const top = Math.min(s.down[st], s.len[st] - 1);
      for (let k = top; k > floor[st]; k--) {
        const x = s.cols[st * STRIDE + k];
        if (!pinned(x, st, k)) continue;
        floor[st] = k;
        for (let j = 0; j <= k; j++) {
          const c = s.cols[st * STRIDE + j];
          if (RANK[c] < low[c & 3]) low[c & 3] = RANK[c];
        }
        changed = true;
        break;
      }
    }
  }
  return low[0] + low[1] + low[2] + low[3] - 4;
}

/** One most-cards-home search of one position (its state) under one set of rules. */
export class MostHomeSearch {
  nodes = 0;
  hits = 0;
  aborted: 'nodes' | 'time' | 'memory' | 'depth' | undefined;
  /** The most cards home seen, the path that reached it, and the start's bound. */
  best = -1;
  rootBound = 52;
  private bestLen = 0;
  private readonly bestPath = new Int32Array(MAX_DEPTH * 2 + 64);
  private done = false;
  private readonly bounds = new Map<number, number>();
  private readonly deadline: number;
  private readonly maxNodes: number;
  private nextCheck: number;
  private readonly mem: SearchMemory;
  private pathLen = 0;
  private readonly start: State;
  private readonly gen: Generator;
  private readonly pr: Pruning;

  /** A search of state s (hashed with the key of `pr`, which is resolved), with its budget. */
  constructor(
    private readonly s: State,
    private readonly tt: TranspositionTable,
    budget: Required<Budget>,
    pr: Pruning,
    private readonly useBound: boolean,
    memory: SearchMemory,
  ) {
    this.start = s.clone();
    this.deadline = Date.now() + budget.timeoutMs;
    this.maxNodes = budget.maxNodes;
    this.nextCheck = Math.min(budget.maxNodes, 1024);
    this.mem = memory;
    this.pr = pr;
    this.gen = new Generator(s, pr, memory.moves);
  }

  /** Runs the search to a proved maximum (or a spent budget). */
  run(): MostHomeResult {
    const t0 = performance.now();
    this.tt.insert(this.s.h1, this.s.h2);
    this.rootBound = this.useBound ? homeBound(this.s) : 52;
    this.search();
    const ms = performance.now() - t0;
    const moves = this.atomicLine();
    const stats: SolveStats = { nodes: this.nodes, uniqueStates: this.tt.count, ttHits: this.hits, ms, solutionLength: moves.length };
    const best = this.best;
    // a stop by budget proves only the start's bound; a finished search proves the best found
    const bound = this.aborted && best < this.rootBound ? this.rootBound : best;
    const proved = best === bound;
    const verdict: Verdict = best === 52 ? 'winnable' : bound < 52 ? 'unwinnable' : 'unknown';
    const out: MostHomeResult = { verdict, mostHome: best, bound, proved, moves, stats };
    if (proved && best < 52) out.proof = best === this.rootBound ? 'bound' : 'exhausted';
    if (!proved && this.aborted) out.reason = this.aborted;
    return out;
  }

  /** Expands the best path (macro-moves, safe moves) into atomic moves, replayed from the start. */
  private atomicLine(): AtomicMove[] {
    const s = this.start.clone();
    const out: AtomicMove[] = [];
    const step = (m: number) => {
      out.push(toAtomic(s, m));
      make(s, m);
    };
    for (let k = 0; k < this.bestLen; k++) {
      const m = this.bestPath[k];
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
        step(mv(kind, 0, bOf(m), 1, s.w - 1));
      } else step(m);
    }
    if (s.home !== this.best) throw new Error('internal: the best line does not reach its count');
    return out;
  }

  /** The depth-first search (explicit stack, frames by depth), as in search.ts. */
  private search(): void {
    const s = this.s;
    const { moves, path, fCount, fNext, fToken, fToken2 } = this.mem;
    const { delayStock, delayPartial, emptyForKing } = this.pr;
    if (this.enter(0, -1, FREE, -1) !== EXPANDED) return;
    let d = 0;
    while (d >= 0) {
      const k = fNext[d]++;
      if (this.aborted || this.done || k >= fCount[d]) {
        this.undoSafe(this.mem.fAutos[d], this.mem.fMark[d]);
        d--;
        if (d >= 0) this.takeBack(d, moves[d * MOVES_PER_NODE + fNext[d] - 1]);
        continue;
      }
      const m = moves[d * MOVES_PER_NODE + k];
      let mode = FREE;
      if (m & HOME_AFTER) {
        const m1 = m & ~HOME_AFTER;
        const from = aOf(m1);
        fToken[d] = make(s, m1);
        const m2 = mv(T2F, from, s.top(from) & 3, 1, 0);
        fToken2[d] = make(s, m2);
        if (this.tt.insert(s.h1, s.h2)) {
          this.hits++;
          undo(s, m2, fToken2[d]);
          undo(s, m1, fToken[d]);
          continue;
        }
        path[this.pathLen++] = m1;
        path[this.pathLen++] = m2;
      } else {
        childHash(s, m);
        if (this.tt.insert(s.ph1, s.ph2)) {
          this.hits++;
          continue;
        }
        if (this.pr.stockMacros) mode = restrictionAfter(s, m, delayStock, delayPartial, emptyForKing);
        fToken[d] = make(s, m);
        path[this.pathLen++] = m;
      }
      let r: number;
      if (mode === PLACED) r = this.enter(d + 1, bOf(m), PLACED, s.top(bOf(m)));
      else if (mode === UNCOVERED) r = this.enter(d + 1, aOf(m), UNCOVERED, s.top(aOf(m)));
      else if (mode === EMPTIED) r = this.enter(d + 1, aOf(m), EMPTIED, -1);
      else r = this.enter(d + 1, -1, FREE, -1);
      if (r === EXPANDED) {
        d++;
        continue;
      }
      this.takeBack(d, m);
    }
  }

  private takeBack(d: number, m: number): void {
    const s = this.s;
    const { path, fToken, fToken2 } = this.mem;
    if (m & HOME_AFTER) {
      this.pathLen -= 2;
      undo(s, path[this.pathLen + 1], fToken2[d]);
      undo(s, m & ~HOME_AFTER, fToken[d]);
    } else {
      this.pathLen--;
      undo(s, m, fToken[d]);
    }
  }

  /**
   * Enters a position at depth d: counts it, plays its safe moves, notes a new best, and either
   * stops the search (52 home, or the start's bound met), cuts it (its bound cannot beat the
   * best), or sets up frame d with its moves.
   */
  private enter(d: number, rCol: number, mode: number, rCard: number): number {
    const s = this.s;
    if (++this.nodes >= this.nextCheck) this.checkBudgets();
    if (this.aborted || d >= MAX_DEPTH - 1) {
      if (!this.aborted) this.aborted = 'depth';
      return PRUNED;
    }
    const mem = this.mem;
    const pathMark = this.pathLen;
    const autos = this.pr.safeFoundation ? this.playSafe() : 0;
    // the objective: the most cards home at once (safe moves only add to it)
    if (s.home > this.best) {
      this.best = s.home;
      this.bestLen = this.pathLen;
      this.bestPath.set(mem.path.subarray(0, this.pathLen));
      if (s.home === 52 || s.home >= this.rootBound) {
        this.done = true;
        this.undoSafe(autos, pathMark);
        return STOPPED;
      }
    }
    if (mode === PLACED && placedCardLeft(s, rCol, rCard)) {
      this.undoSafe(autos, pathMark);
      return PRUNED;
    }
    if (mode === UNCOVERED && autos > 0) mode = FREE;
    if (autos > 0 && this.tt.insert(s.h1, s.h2)) {
      this.hits++;
      this.undoSafe(autos, pathMark);
      return PRUNED;
    }
    if (this.useBound && this.boundHere() <= this.best) {
      this.undoSafe(autos, pathMark);
      return PRUNED;
    }
    const base = d * MOVES_PER_NODE;
    mem.fCount[d] = !this.pr.stockMacros
      ? genAtomic(s, mem.moves, base) - base
      : mode === EMPTIED
        ? this.gen.kingsForEmptied(base)
        : this.gen.generate(base, rCol, mode);
    mem.fNext[d] = 0;
    mem.fAutos[d] = autos;
    mem.fMark[d] = pathMark;
    return EXPANDED;
  }

  /** Plays safe moves home until none is left (pruning.ts `safeHome`), as search.ts does. */
  private playSafe(): number {
    const s = this.s;
    const { path, tokens } = this.mem;
    const { len, cols, deck, found } = s;
    const stockToo = stockAlwaysReachable(s);
    let count = 0;
    let again = true;
    while (again) {
      again = false;
      for (let a = 0; a < 7; a++) {
        const l = len[a];
        if (l === 0) continue;
        const c = cols[a * STRIDE + l - 1];
        if (found[c & 3] !== RANK[c] - 1 || !safeHome(s, c)) continue;
        const m = mv(T2F, a, c & 3, 1, 0);
        tokens[this.pathLen] = make(s, m);
        path[this.pathLen++] = m;
        count++;
        again = true;
      }
      if (stockToo) {
        for (let i = 0; i < s.n; i++) {
          const c = deck[i];
          if (found[c & 3] !== RANK[c] - 1 || !safeHome(s, c)) continue;
          const m = mv(S2F, 0, c & 3, 1, i);
          tokens[this.pathLen] = make(s, m);
          path[this.pathLen++] = m;
          count++;
          again = true;
          break;
        }
      }
    }
    return count;
  }

  /** `homeBound` of the current position, cached by the face-down counts (all it depends on). */
  private boundHere(): number {
    const down = this.s.down;
    let key = 0;
    for (let a = 0; a < 7; a++) key = key * 64 + down[a];
    let b = this.bounds.get(key);
    if (b === undefined) {
      b = homeBound(this.s);
      this.bounds.set(key, b);
    }
    return b;
  }

  private checkBudgets(): void {
    const nodes = this.nodes;
    if (nodes >= this.maxNodes) this.aborted = 'nodes';
    else if ((nodes & 1023) === 0 && Date.now() > this.deadline) this.aborted = 'time';
    else if ((nodes & 1023) === 0 && this.tt.exhausted) this.aborted = 'memory';
    this.nextCheck = Math.min(this.maxNodes, (Math.floor(nodes / 1024) + 1) * 1024);
  }

  private undoSafe(autos: number, pathMark: number): void {
    const { path, tokens } = this.mem;
    for (let k = pathMark + autos - 1; k >= pathMark; k--) undo(this.s, path[k], tokens[k]);
    this.pathLen = pathMark;
  }
}

let memory: SearchMemory | undefined;
let table: TranspositionTable | undefined;
let busy = false;

/**
 * The most cards the position (validated) can have on the foundations at once under the rules:
 * proved, or the best found and a proved bound when a budget runs out. Runs on this thread's
 * search memory and table (fresh ones if called from inside a running search).
 */
export function mostHome(position: Position, rules: Rules, budget: Budget = {}, options: MostHomeOptions = {}): MostHomeResult {
  const b: Required<Budget> = {
    maxNodes: budget.maxNodes ?? DEFAULT_BUDGET.maxNodes,
    timeoutMs: budget.timeoutMs ?? DEFAULT_BUDGET.timeoutMs,
    maxMemoryMb: budget.maxMemoryMb ?? DEFAULT_BUDGET.maxMemoryMb,
  };
  const pruning = resolvePruning(options.pruning ?? MOST_HOME_OPTIONS.pruning);
  const game = searchedGame(position, rules, pruning);
  const start: Position = game.pass === position.pass ? position : { ...position, pass: game.pass };
  const state = State.fromPosition(start, game.rules, keyOptions(pruning));
  const own = !busy;
  if (own && !memory) memory = new SearchMemory();
  const mem = own && memory ? memory : new SearchMemory();
  let tt: TranspositionTable;
  if (own && table) {
    tt = table;
    tt.reset(b.maxMemoryMb);
  } else {
    tt = new TranspositionTable(b.maxMemoryMb);
    if (own) table = tt;
  }
  if (!(b.maxNodes >= 1) || !(b.timeoutMs > 0)) {
    const home = state.home;
    const bound = homeBound(state);
    return {
      verdict: home === 52 ? 'winnable' : bound < 52 ? 'unwinnable' : 'unknown',
      mostHome: home,
      bound,
      proved: home === bound,
      ...(home === bound ? {} : { reason: b.maxNodes >= 1 ? ('time' as const) : ('nodes' as const) }),
      moves: [],
      stats: { nodes: 0, uniqueStates: 0, ttHits: 0, ms: 0, solutionLength: 0 },
    };
  }
  if (own) busy = true;
  try {
    return new MostHomeSearch(state, tt, b, pruning, options.bound ?? true, mem).run();
  } finally {
    if (own) busy = false;
  }
}
