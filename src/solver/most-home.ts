/**
 * The most cards a position can have on the foundations at once, proved: a branch-and-bound
 * search, the verdict search (search.ts `Search`) with its own objective (`Objective`): the same
 * moves, table and pruning rules, the same loop. It reaches a number two ways: a line of play
 * shows a lower bound (the best found, kept as a path and expanded into atomic moves that replay
 * on the plain engine), and an upper bound is proved either by searching every line (the
 * reachable positions, each entered once through the table, are all seen) or by `homeBound`
 * meeting the best found. 52 ends the search at once, with a win.
 *
 * Why an objective rather than a flag of the verdict search: the objective changes what is
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
 * Budgets: the verdict search's (nodes at every position, time and memory every 1,024). A search
 * that stops early returns the best found and the start's bound, never a number in between.
 */
import { RANK, makeCard } from '../cards.ts';
import type { AtomicMove } from '../notation.ts';
import type { Position } from '../position.ts';
import { State, STRIDE } from '../state.ts';
import type { TranspositionTable } from '../tt.ts';
import type { Rules } from '../types.ts';
import { type Budget, DEFAULT_BUDGET, type Pruning, resolvePruning } from './options.ts';
import { MOST_HOME_OPTIONS, PARENT1, PARENT2, keyOptions, searchedGame } from './pruning.ts';
import { MAX_DEPTH, type Objective, Search, SearchMemory, type SolveStats, type Verdict, expandPath } from './search.ts';

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

/**
 * One most-cards-home search of one position (its state) under one set of rules: the verdict
 * search (search.ts `Search`) run to its end with this objective, which notes the most cards home
 * seen (with the path that reached them), ends the search at 52 or at the start's bound, and cuts
 * a position whose bound cannot beat the best found.
 */
export class MostHomeSearch implements Objective {
  /** The most cards home seen, the path that reached it, and the start's bound. */
  best = -1;
  rootBound = 52;
  private bestLen = 0;
  private readonly bestPath = new Int32Array(MAX_DEPTH * 2 + 64);
  private readonly bounds = new Map<number, number>();
  private readonly start: State;
  private readonly search: Search;

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
    const { deadCheck, restarts, deadlocks, lockingMoves } = MOST_HOME_OPTIONS;
    this.search = new Search(s, tt, budget, pr, deadCheck, memory, restarts, deadlocks, lockingMoves, this);
  }

  /** Runs the search to a proved maximum (or a spent budget). */
  run(): MostHomeResult {
    const t0 = performance.now();
    this.rootBound = this.useBound ? homeBound(this.s) : 52;
    this.search.explore();
    const ms = performance.now() - t0;
    const { moves, end } = expandPath(this.start, this.bestPath, this.bestLen);
    if (end.home !== this.best) throw new Error('internal: the best line does not reach its count');
    const { nodes, hits } = this.search;
    const stats: SolveStats = { nodes, uniqueStates: this.tt.states, ttHits: hits, ms, solutionLength: moves.length };
    const aborted = this.search.aborted === 'reached' ? undefined : this.search.aborted;
    if (aborted === 'restart') throw new Error('internal: a most-home search restarted');
    const best = this.best;
    // a stop by budget proves only the start's bound; a finished search proves the best found
    const bound = aborted && best < this.rootBound ? this.rootBound : best;
    const proved = best === bound;
    const verdict: Verdict = best === 52 ? 'winnable' : bound < 52 ? 'unwinnable' : 'unknown';
    const out: MostHomeResult = { verdict, mostHome: best, bound, proved, moves, stats };
    if (proved && best < 52) out.proof = best === this.rootBound ? 'bound' : 'exhausted';
    if (!proved && aborted) out.reason = aborted;
    return out;
  }

  /** The objective: the most cards home at once (safe moves only add to it); 52 or the start's bound ends the search. */
  reached(s: State, path: Int32Array, pathLen: number): boolean {
    if (s.home <= this.best) return false;
    this.best = s.home;
    this.bestLen = pathLen;
    this.bestPath.set(path.subarray(0, pathLen));
    return s.home === 52 || s.home >= this.rootBound;
  }

  /** A position whose bound cannot beat the best found adds nothing (nor can it later: the best only grows). */
  cut(s: State): boolean {
    return this.useBound && this.boundHere(s) <= this.best;
  }

  /** `homeBound` of the position, cached by the face-down counts (all it depends on). */
  private boundHere(s: State): number {
    const down = s.down;
    let key = 0;
    for (let a = 0; a < 7; a++) key = key * 64 + down[a];
    let b = this.bounds.get(key);
    if (b === undefined) {
      b = homeBound(s);
      this.bounds.set(key, b);
    }
    return b;
  }
}

let memory: SearchMemory | undefined;
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
  const tt = mem.table(b.maxMemoryMb);
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
    if (own) {
      mem.renewIfLarge();
      busy = false;
    }
  }
}
