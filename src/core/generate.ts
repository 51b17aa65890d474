/**
 * The solver's move generator, compiled to WebAssembly (AssemblyScript: TypeScript with machine
 * integer types; `npm run build` compiles it, src/solver/core.ts loads it): the same moves in the
 * same order as the TypeScript it replaced, with a node about a fifth cheaper in machine
 * instructions (docs/notes/solver-speed.md, "The generator in WebAssembly").
 *
 * Stock macro-moves and pruned tableau moves, scored (shared/order.ts) and sorted: one function
 * per kind of move: stock plays (stock-plays.ts), tableau tops to the foundations, King runs into
 * empty piles, whole runs, partial runs (twins), foundation returns, and the Kings that may follow
 * an emptied pile (tableau-moves.ts), from what gen-state.ts knows of the position; the moves go
 * where moves-out.ts says. Each
 * kind has its own score class, so generating the kinds one after another gives the same order,
 * after the stable sort, as any interleaving. After a move that restricts the next one
 * (pruning.ts: PLACED, UNCOVERED), only moves onto pile `only` are generated, plus stock plays
 * after PLACED (onto `only` too when stock plays commute), the top of `only` to its foundation
 * after UNCOVERED, and (emptyForKing) runs that empty a pile. Cards are found as sets (state.ts
 * keeps, with every change, the piles' tops, the feet of their face-up runs, the cards face down,
 * in the deck, home and next home, and each card's pile): the runs that can move are the feet
 * some top takes (gen-state.ts `childrenOf`), the tops that can go home are the tops next home,
 * and so on, so that a kind of move with nothing to do costs a few operations on 64-bit words
 * rather than a look at every pile; "which pile takes card c" is the pile of whichever parent of
 * c is a top (`topPile`).
 *
 * The position lives in the core's memory (state.ts `statePtr`), where the solver's state keeps its
 * arrays, laid out as shared/layout.ts says (engine/state.ts, a state made with `backing`). The deck's length,
 * the stock position and whether a redeal is left come with each call. The moves go to
 * `outPtr`, scores aside.
 */

import { passLimit, sn, spass, sw } from './state.ts';
import { FREE } from './shared/modes.ts';
import { beginCall, configure as configureState, foundationReturn, lastCheck, reachOfInto } from './gen-state.ts';
import { addNoise, clearNoise, noisy, outPtr, setOut, sortByScore } from './moves-out.ts';
import { safeLastStockCard } from './rules.ts';
import { stockPlays } from './stock-plays.ts';
import { kingRuns, kingsAfterEmptied, partialRuns, returns, toFoundation, wholeRuns } from './tableau-moves.ts';

/** The rules and the pruning switches of a search (gen-state.ts `configure`); no noise. */
export function configure(drawN: i32, unlimitedPasses: bool, returnsAllowed: bool, switches: i32): void {
  configureState(drawN, unlimitedPasses, returnsAllowed, switches);
  clearNoise();
}

/**
 * The moves of the position, in the order to try them, into the moves at `outPtr`; returns how
 * many. `mode` and `rCol` are the restriction left by the previous move (rules.ts); `noisy`: add
 * the noise (`setNoise`) to the scores (a restarted search's first levels).
 */
export function generate(addsNoise: bool, rCol: i32, mode: i32): i32 {
  setOut(0);
  return generateHere(addsNoise, rCol, mode);
}

/** `generate`, with the moves written at `at` (the search's frame). */
export function generateAt(at: usize, addsNoise: bool, rCol: i32, mode: i32): i32 {
  setOut(at);
  return generateHere(addsNoise, rCol, mode);
}

/** The moves of the position of state.ts: its deck, stock position and passes, and whether the stock's last card holds back the plays after a redeal. */
function generateHere(addsNoise: bool, rCol: i32, mode: i32): i32 {
  return generateMoves(addsNoise, rCol, mode, sn, sw, spass < passLimit, lastCheck && sw < sn && safeLastStockCard());
}

function generateMoves(addsNoise: bool, rCol: i32, mode: i32, n: i32, w: i32, redealLeft: bool, lastCardSafe: bool): i32 {
  const base = 0;
  const only = mode === FREE ? -1 : rCol;
  beginCall(n, w, redealLeft, lastCardSafe, only);
  let k = inline.always(stockPlays(base, 0, only, mode));
  k = inline.always(toFoundation(base, k, only, mode));
  k = inline.always(kingRuns(base, k, only));
  k = inline.always(wholeRuns(base, k, only, mode));
  k = inline.always(partialRuns(base, k, only));
  if (foundationReturn) k = inline.always(returns(base, k, only));
  if (addsNoise && noisy()) addNoise(k);
  inline.always(sortByScore(base, k));
  return k;
}

/**
 * After a pile was emptied (EMPTIED): every way to put a King into an empty pile (the first one
 * only with oneEmptyColumn), from the stock, the tableau (a King run with cards under it) or a
 * foundation, unscored, in that order, into the moves at `outPtr`; returns how many.
 * gen-state.ts `kingMayFill` tells, before the pile is emptied, whether there will be any.
 */
export function kingsForEmptied(): i32 {
  setOut(0);
  return kingsAfterEmptied(sn, sw, spass < passLimit);
}

/** `kingsForEmptied`, with the moves written at `at` (the search's frame). */
export function kingsForEmptiedAt(at: usize): i32 {
  setOut(at);
  return kingsAfterEmptied(sn, sw, spass < passLimit);
}

/** The stock list of a deck of n cards at stock position w, for the tests: its indices at `outPtr`, then their costs; returns how many. */
export function reachOf(n: i32, w: i32, redealLeft: bool): i32 {
  return reachOfInto(n, w, redealLeft, outPtr());
}
