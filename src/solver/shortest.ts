/**
 * The shortest solution: the fewest moves that win from a position, proved when the search
 * completes, else the shortest line found and the best lower bound proved ("winnable in at most
 * 112 moves; no solution shorter than 97"). The one search with the objective `fewestMoves`: the
 * moves and rules of the verdict's search (search.ts, src/core/), searched best-first (A*,
 * src/core/best-first.ts): each position is valued at its moves so far plus an admissible lower
 * bound on the moves left (src/core/bound.ts), and the least valued is searched next, so that the
 * first line found at a value no open position is below is the shortest there is.
 *
 * Moves are counted two ways (`MoveCount`): every atomic move of the solution JSON (draws,
 * redeals and card moves; turning a face-down card up is not a move), or KSolve's count, which
 * leaves out the redeals (its solutions write draws `DR#`, recycles `NEW` and flips `F#`, and it
 * counts draws and card moves only). Either is the objective's count, not a relabelling: the
 * fewest moves of one may need more of the other.
 *
 * How a solve goes (`Solver.shortest`): the verdict first (the staged solve, which proves most
 * losses at once); a winnable deal's line goes through the post-pass (engine/shorten.ts); then,
 * with what is left of the budget, the best-first search below that line's count (no position
 * valued at the count or more is kept). A budget that runs out leaves the least value open as
 * the lower bound; the memory budget is shared by the table and the search's nodes.
 *
 * The pruning rules and strategies, and why each is kept or not for this objective (the
 * arguments of pruning.ts and src/core/ are made for the verdict; here the question is whether
 * a kept line is never longer):
 * - kept: safe moves home of tableau cards (the line that sends the card home first uses a subset
 *   of the moves of the line it stands for); at draw 1, no stock play past the first safe card
 *   in the order the stock comes up (`stockSafeFirst`: the line that sends that card home as it
 *   comes up makes the same draws and leaves out its later ones; best-first.ts `safeInStock`),
 *   and the waste's top and the stock's next card sent home when safe (`safeWasteTop`,
 *   `safeStockNext`: the same argument with the card first in that order or next after it;
 *   src/core/search.ts `wasteTopToo`); no return of a card that would go straight back
 *   home (a line making it and the safe move that undoes it is two moves longer than one without
 *   them); foundation returns only when useful, Kings into one
 *   empty pile, a pile emptied only for a King, and the restrictions after a stock card placed or
 *   a partial run (each argument reorders the moves of a line or drops some: never longer; after
 *   a stock card placed, not when a stock or waste card went home among the safe moves after it:
 *   the card placed from the waste may have uncovered it, and then go home after it;
 *   src/core/rules.ts `placedCardLeft`);
 *   stock macro-moves (in a shortest line the draws between two plays from the stock are the
 *   fewest that reach the second card, at most one redeal, and moves off the stock commute with
 *   draws: each play with its draws is a macro-move, costed at its draws, its redeal and the play);
 *   the strategies that only prove a loss (dead deal, deadlocks, locking moves);
 * - off: twin keys and the partial-run rule that rests on them (two twin positions can be a move
 *   apart), the draw grid and stock dominance (stock positions on the grid are a few draws apart),
 *   the other safe moves of stock cards (a stock card's draws are moves; at draw 3 the waste's top
 *   gone shifts the cards a redeal's draws reach) and the commuting of stock plays
 *   at draw 1 (their order changes the draws), restarts (the order of a best-first search is its
 *   values').
 * The tests compare the count with a breadth-first search of the plain engine on positions small
 * enough, under each rule variant.
 */
import type { AtomicMove } from '../engine/notation.ts';
import type { Position } from '../engine/position.ts';
import { shorten } from '../engine/shorten.ts';
import { State } from '../engine/state.ts';
import type { Rules } from '../types.ts';
import type { SearchMemory } from './memory.ts';
import { type MoveCount, NO_STRATEGIES, type Objective, allowsSearch, countMoves, searchSpec, spentBudget } from './objective.ts';
import { type Budget, FULL_PRUNING, type Pruning } from './options.ts';
import { keyOptions, searchedGame } from './pruning.ts';
import { Search, type SolveResult, type SolveStats, type Verdict } from './search-driver.ts';

/** The pruning rules that keep the length of the shortest solution (module comment). */
export const SHORTEST_PRUNING: Readonly<Pruning> = {
  ...FULL_PRUNING,
  partialRuns: false,
  twinSwaps: false,
  stockGrid: false,
  stockDominance: false,
};

/** The objective: the fewest moves, counted so. */
export function fewestMoves(count: MoveCount): Objective {
  return {
    pruning: SHORTEST_PRUNING,
    strategies: { ...NO_STRATEGIES, deadCheck: true, deadlocks: true, lockingMoves: true },
    counting: count,
  };
}

/** Options of the search for the shortest solution. */
export interface ShortestOptions {
  /** How moves are counted (default `atomic`). */
  count?: MoveCount;
  /** The pruning rules (default SHORTEST_PRUNING; the tests turn them off). */
  pruning?: Pruning;
}

/** What the search for the shortest solution found. */
export interface ShortestResult {
  verdict: Verdict;
  /** The shortest line found: atomic moves that replay and win; empty unless winnable. */
  moves: AtomicMove[];
  count: MoveCount;
  /** Its moves, counted so (0 unless winnable). */
  length: number;
  /** True when no solution has fewer moves (then `lowerBound` is `length`). */
  proved: boolean;
  /** No solution has fewer moves than this, counted so (0 when not winnable). */
  lowerBound: number;
  /** Which budget ran out, when not proved (or not decided). */
  reason?: 'nodes' | 'time' | 'memory' | 'depth';
  /** The verdict search's first line and the post-pass's, counted so (0 unless winnable). */
  firstLength: number;
  shortenedLength: number;
  stats: SolveStats;
}

/**
 * The shortest solution of a winnable position from its verdict (`found`, winnable, its line
 * replaying from the position), searched in `memory` with what is left of `budget`.
 */
export function shortestFrom(
  position: Position,
  rules: Rules,
  found: SolveResult,
  budget: Budget,
  options: ShortestOptions,
  memory: SearchMemory,
): ShortestResult {
  const t0 = performance.now();
  const count = options.count ?? 'atomic';
  const spec = searchSpec(fewestMoves(count), budget, { pruning: options.pruning });
  const b = spec.budget;
  const left = { ...b, maxNodes: b.maxNodes - found.stats.nodes, timeoutMs: b.timeoutMs - found.stats.ms };
  const first = countMoves(found.moves, count);
  const best = shorten(position, rules, found.moves);
  const upper = countMoves(best, count);
  const game = searchedGame(position, rules, spec.pruning);
  const start: Position = game.pass === position.pass ? position : { ...position, pass: game.pass };
  // the stock position always counts: the draws to a card are moves
  const state = State.fromPosition(start, game.rules, { ...keyOptions(spec.pruning), exactStock: true });
  const result = (moves: AtomicMove[], lowerBound: number, stats: SolveStats, reason?: ShortestResult['reason']): ShortestResult => {
    const length = countMoves(moves, count);
    const out: ShortestResult = {
      verdict: 'winnable',
      moves,
      count,
      length,
      proved: lowerBound >= length,
      lowerBound: Math.min(lowerBound, length),
      firstLength: first,
      shortenedLength: upper,
      stats: { ...stats, solutionLength: moves.length },
    };
    if (!out.proved && reason) out.reason = reason;
    return out;
  };
  const statsOf = (nodes: number, uniqueStates: number, ttHits: number): SolveStats => ({
    nodes: found.stats.nodes + nodes,
    uniqueStates,
    ttHits: found.stats.ttHits + ttHits,
    ms: found.stats.ms + performance.now() - t0,
    solutionLength: 0,
  });
  if (!allowsSearch(left)) return result(best, 0, statsOf(0, found.stats.uniqueStates, 0), spentBudget(left));
  const search = new Search(state, memory, { ...spec, budget: left });
  const out = search.fewest(upper);
  if (out.line && countMoves(out.line, count) >= upper) throw new Error('internal: the shortest line is no shorter than the one given');
  const why = search.aborted;
  const stats = statsOf(search.nodes, search.states, search.hits);
  return result(out.line ?? best, out.lowerBound, stats, why === 'restart' || why === 'reached' ? undefined : why);
}
