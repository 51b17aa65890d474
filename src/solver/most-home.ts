/**
 * The most cards a position can have on the foundations at once, proved: a branch-and-bound
 * search, the one search (search-driver.ts `Search`) with its own objective (`MostCardsHome`, an
 * objective.ts `Objective`): the same moves, table and pruning rules, the same loop. It reaches a number two ways: a line of play
 * shows a lower bound (the best found, kept as a path and expanded into atomic moves that replay
 * on the plain engine), and an upper bound is proved either by searching every line (the
 * reachable positions, each entered once through the table, are all seen) or by `homeBound`
 * meeting the best found. 52 ends the search at once, with a win.
 *
 * Why an objective rather than a flag of the verdict search: the objective changes what is
 * exact. The pruning rules (pruning.ts) keep the largest count of cards home as well as the
 * verdict (each argument there is made for both), but the two strategies do not: the staged
 * solve proves a loss under easier rules, which says nothing of how many cards go home, and the
 * dead-deal test stops at a lost deal however far it could go. So this objective allows every
 * pruning rule and no strategy, and adds the bound.
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
import { PATH_WORDS } from '../core/shared/frames.ts';
import { PARENT1, PARENT2, RANK, makeCard } from '../engine/cards.ts';
import type { AtomicMove } from '../engine/notation.ts';
import type { Position } from '../engine/position.ts';
import { STRIDE, State } from '../engine/state.ts';
import type { Rules } from '../types.ts';
import type { SearchMemory } from './memory.ts';
import { NO_STRATEGIES, type Objective, allowsSearch, searchSpec, spentBudget } from './objective.ts';
import { type Budget, FULL_PRUNING, type Pruning } from './options.ts';
import { keyOptions, searchedGame } from './pruning.ts';
import { Search, type SolveStats, type Verdict, expandPath } from './search-driver.ts';

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
  /** The pruning rules (default every rule: each is exact for this objective, pruning.ts). */
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
 * The objective: the most cards home at once, with the path that reached them; 52, or the start's
 * bound, ends the search, and a position whose bound cannot beat the best found is cut.
 */
export class MostCardsHome implements Objective {
  readonly pruning = FULL_PRUNING;
  /**
   * None: the staged solve proves a loss under easier rules, which bounds the cards home but does
   * not give their number; the dead-deal tests and the locking moves stop at a lost deal however
   * many cards could still go home; restarts would be exact but useless, a search run to its end
   * gaining nothing from a new order.
   */
  readonly strategies = NO_STRATEGIES;
  /** The most cards home seen (-1: none yet), the path that reached it, and the start's bound. */
  best = -1;
  bestLen = 0;
  readonly bestPath = new Int32Array(PATH_WORDS);
  rootBound = 52;
  private readonly bounds = new Map<number, number>();

  /** `useBound`: use `homeBound` (MostHomeOptions `bound`). */
  constructor(private readonly useBound: boolean) {}

  /** Before the search of state s: the start's bound. */
  begin(s: State): void {
    this.rootBound = this.useBound ? homeBound(s) : 52;
  }

  /** The most cards home at once (safe moves only add to it); 52 or the start's bound ends the search. */
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

/**
 * The most cards the position (validated) can have on the foundations at once under the rules,
 * searched in `memory` (a Solver's: `Solver.mostHome` runs this).
 */
export function mostHomeSearch(
  position: Position,
  rules: Rules,
  budget: Budget,
  options: MostHomeOptions,
  memory: SearchMemory,
): MostHomeResult {
  const objective = new MostCardsHome(options.bound ?? true);
  const spec = searchSpec(objective, budget, { pruning: options.pruning });
  const game = searchedGame(position, rules, spec.pruning);
  const start: Position = game.pass === position.pass ? position : { ...position, pass: game.pass };
  const state = State.fromPosition(start, game.rules, keyOptions(spec.pruning));
  if (!allowsSearch(spec.budget)) {
    const home = state.home;
    const bound = homeBound(state);
    return {
      verdict: home === 52 ? 'winnable' : bound < 52 ? 'unwinnable' : 'unknown',
      mostHome: home,
      bound,
      proved: home === bound,
      ...(home === bound ? {} : { reason: spentBudget(spec.budget) }),
      moves: [],
      stats: { nodes: 0, uniqueStates: 0, ttHits: 0, ms: 0, solutionLength: 0 },
    };
  }
  objective.begin(state);
  const rootBound = objective.rootBound;
  const t0 = performance.now();
  const search = new Search(state, memory, spec);
  search.run();
  const ms = performance.now() - t0;
  // a budget that stopped the search on entering the start (one node) saw no count: the start's own holds
  if (objective.best < 0) {
    objective.best = state.home;
    objective.bestLen = 0;
  }
  const { moves, end } = expandPath(state, objective.bestPath, objective.bestLen);
  if (end.home !== objective.best) throw new Error('internal: the best line does not reach its count');
  const stats: SolveStats = { nodes: search.nodes, uniqueStates: search.states, ttHits: search.hits, ms, solutionLength: moves.length };
  const aborted = search.aborted === 'reached' ? undefined : search.aborted;
  if (aborted === 'restart') throw new Error('internal: a most-home search restarted');
  const best = objective.best;
  // a stop by budget proves only the start's bound; a finished search proves the best found
  const bound = aborted && best < rootBound ? rootBound : best;
  const proved = best === bound;
  const verdict: Verdict = best === 52 ? 'winnable' : bound < 52 ? 'unwinnable' : 'unknown';
  const out: MostHomeResult = { verdict, mostHome: best, bound, proved, moves, stats };
  if (proved && best < 52) out.proof = best === rootBound ? 'bound' : 'exhausted';
  if (!proved && aborted) out.reason = aborted;
  return out;
}
