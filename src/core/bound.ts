/**
 * What the search for the shortest solution (search.ts, bounded) counts: the atomic moves a
 * solver move stands for (`moveCost`), and a lower bound on the atomic moves still needed to win
 * from the position (`lowerBound`), admissible, so that a search that cuts every position whose
 * moves so far plus the bound exceed a limit misses no solution within the limit.
 *
 * Atomic moves are those of the solution JSON: a draw, a redeal, a card moved (one or a run);
 * turning a face-down card up is not a move. A stock macro-move costs the draws (and the redeal)
 * that bring its card to the waste top, the fewest there are (the ones engine/moves.ts `stockCost` and
 * search.ts `expandPath` play), plus the play. With `redealCost` 0 the redeals are free: the count
 * of KSolve, whose solutions count draws and card moves but neither flips nor recycles.
 *
 * The bound adds moves no two of which can be one:
 * - each card not home needs its own move to a foundation (foundation moves take one card);
 * - each card still in the stock (past the waste) can leave only through the waste, and a draw
 *   turns at most `draw` of them: ⌈(n − w) / draw⌉ draws;
 * - a face-down card with a lower card of its own suit under it in its pile must leave the pile
 *   before that card can go home, by a move that is not to a foundation (it cannot go home
 *   first), and it is the top card when it leaves (it turns up only once uncovered), so no
 *   other such card leaves in the same move;
 * - a pile whose face-up run holds a card with a lower card of its suit under it in the pile
 *   needs a move off the pile that is not to a foundation, for the same reason (one, since the
 *   whole run can go at once); it moves face-up cards, so it is none of the moves above;
 * - the waste's order (`wasteMoves`): a waste card above a lower card of its suit leaves the
 *   waste onto a pile, or stays there until a redeal and is turned again after it.
 * Moves to foundations, draws before the first redeal, draws after it, moves off different piles
 * and moves off the waste are different moves.
 */
import { STRIDE } from './shared/layout.ts';
import { REDEAL, S2F, S2T } from './shared/move-encoding.ts';
import { RANK, at } from './card-lookups.ts';
import { col, deck, down, len } from './position-arrays.ts';
import { drawN, passLimit } from './game-rules.ts';
import { shome, sn, spass, sw } from './search-position.ts';

/** A redeal's cost: 1 (atomic moves), or 0 (KSolve's count). */
let redealCost: i32 = 1;

/** What a redeal costs in the moves counted (1, or 0 for KSolve's count). */
export function setRedealCost(cost: i32): void {
  redealCost = cost;
}

/** The fewest draws from stock position w (of n cards) that leave w' = target (a position on the draw grid from w, or n). */
function drawsTo(w: i32, target: i32): i32 {
  return (target - w + drawN - 1) / drawN;
}

/** The moves counted for solver move m in the position: 1, or for a stock play its draws, its redeal and the play. */
export function moveCost(m: i32): i32 {
  const kind = m & 15;
  if (kind !== S2F && kind !== S2T) return kind === REDEAL ? redealCost : 1;
  const i = (m >> 18) & 63;
  if (i === sw - 1) return 1;
  // on this pass's draw grid (w + d − 1, w + 2d − 1, …, and the last card), else after a redeal
  if (i >= sw && ((i + 1 - sw) % drawN === 0 || i === sn - 1)) return drawsTo(sw, i + 1) + 1;
  return drawsTo(sw, sn) + redealCost + drawsTo(0, i + 1) + 1;
}

/**
 * The moves the waste's order forces. Say M waste cards lie above a lower card of their suit in
 * the waste, the k-th lowest of them at index i_k. Each such card X cannot go home while that
 * lower card, under it, is in the waste; it leaves the waste from its top, so either it leaves
 * onto a pile before the first redeal (a move of a waste card onto a pile: none of the other
 * terms' moves), or it is still there at the redeal. The cards still there then are the k lowest
 * (a card below one that stays cannot leave), with every card under them: after the redeal (a
 * move, when redeals count) the i_k + 1 cards up to X_k must be turned again, at least
 * ⌈(i_k + 1) / draw⌉ draws after the first redeal (the stock's draws come before it). So at least
 * the least, over k, of (M − k) + ⌈(i_k + 1) / draw⌉ + the redeal, and M with k = 0 (or with no
 * redeal left): at draw 1 always M, since i_k ≥ k.
 */
function wasteMoves(): i32 {
  // the lowest rank of each suit seen so far from the bottom of the waste, 4 bits a suit
  let lows: i32 = 0xffff;
  let m = 0;
  // the least of ⌈(i_k + 1) / draw⌉ + the redeal − k: what staying k cards saves (0: none)
  let least = 0;
  const redeal = spass < passLimit;
  for (let i = 0; i < sw; i++) {
    const c = deck(i);
    const shift = (c & 3) << 2;
    const r = at(RANK, c);
    if (((lows >> shift) & 15) < r) {
      m++;
      if (redeal) least = min(least, drawsTo(0, i + 1) + redealCost - m);
    } else lows = (lows & ~(15 << shift)) | (r << shift);
  }
  return m + least;
}

/** An admissible lower bound on the moves still needed to win from the position (module comment). */
export function lowerBound(): i32 {
  let bound = 52 - shome + (sn > sw ? drawsTo(sw, sn) : 0) + wasteMoves();
  for (let a = 0; a < 7; a++) {
    const l = len(a);
    if (l < 2) continue;
    const d = down(a);
    const base = a * STRIDE;
    // the lowest rank of each suit seen so far from the bottom of the pile, 4 bits a suit
    let lows: i32 = 0xffff;
    let runBlocked = false;
    for (let k = 0; k < l; k++) {
      const c = col(base + k);
      const suit = c & 3;
      const r = at(RANK, c);
      const low = (lows >> (suit << 2)) & 15;
      if (low < r) {
        if (k < d) bound++;
        else runBlocked = true;
      } else lows = (lows & ~(15 << (suit << 2))) | (r << (suit << 2));
    }
    if (runBlocked) bound++;
  }
  return bound;
}

/** The bound of the position, with a redeal costing `cost` (for the tests). */
export function lowerBoundHere(cost: i32): i32 {
  setRedealCost(cost);
  return lowerBound();
}
