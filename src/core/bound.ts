/**
 * What the search for the shortest solution (best-first.ts) counts: the atomic moves a
 * solver move stands for (`moveCost`), and a lower bound on the atomic moves still needed to win
 * from the position (`lowerBound`), admissible, so that a search that cuts every position whose
 * moves so far plus the bound exceed a limit misses no solution within the limit.
 *
 * Atomic moves are those of the solution JSON: a draw, a redeal, a card moved (one or a run);
 * turning a face-down card up is not a move. A stock macro-move costs the draws (and the redeal)
 * that bring its card to the waste top, the fewest there are (the ones engine/moves.ts `stockCost` and
 * src/solver/search-driver.ts `expandPath` play), plus the play. With `redealCost` 0 the redeals are free: the count
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
 *   waste onto a pile, or stays there until a redeal and is turned again after it;
 * - with `fullBound`, pairs of cards that wait for each other (cycles.ts), each needing a move of
 *   its own of a kind above that none of the others is.
 * Moves to foundations, draws before the first redeal, draws after it, moves off different piles
 * and moves off the waste are different moves.
 */
import { STRIDE } from './shared/layout.ts';
import { REDEAL, S2F, S2T } from './shared/move-encoding.ts';
import { col, deck, down, len } from './position-arrays.ts';
import { drawN, passLimit } from './game-rules.ts';
import { deckM, shome, sn, spass, sw } from './search-position.ts';
import { note, pairs } from './cycles.ts';

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
  // the term of the last waste seen again (the same cards in the deck, the same stock position and pass), unless noting
  if (!noting && deckM === lastDeck && sw === lastW && spass === lastPass) return lastMoves;
  // the lowest rank of each suit seen so far from the bottom of the waste, 4 bits a suit
  let lows: i32 = 0xffff;
  let m = 0;
  // the least of ⌈(i_k + 1) / draw⌉ + the redeal − k: what staying k cards saves (0: none)
  let least = 0;
  const redeal = spass < passLimit;
  // at draw 1 each waste card is a unit of cycles.ts (its own move off the waste, or its own draw)
  const units = drawN === 1;
  for (let i = 0; i < sw; i++) {
    const c = deck(i);
    const shift = (c & 3) << 2;
    const r = (c >> 2) + 1;
    const bit = (<u64>1) << (<u64>c);
    if (noting && units) {
      note(c, lows, bit);
      graph |= bit;
    }
    if (((lows >> shift) & 15) < r) {
      m++;
      if (redeal) least = min(least, drawsTo(0, i + 1) + redealCost - m);
      dead |= bit;
    } else lows = (lows & ~(15 << shift)) | (r << shift);
  }
  lastDeck = deckM;
  lastW = sw;
  lastPass = spass;
  lastMoves = m + least;
  return m + least;
}
let lastDeck: u64 = 0;
let lastW: i32 = -1;
let lastPass: i32 = 0;
let lastMoves: i32 = 0;

/** The cards of cycles.ts's graph (those with a card under them in a pile, and at draw 1 the waste's), and the units the other terms count. */
let graph: u64 = 0;
let dead: u64 = 0;

/** An admissible lower bound on the moves still needed to win from the position (module comment). */
export function lowerBound(): i32 {
  graph = 0;
  dead = 0;
  let bound = 52 - shome + (sn > sw ? drawsTo(sw, sn) : 0) + wasteMoves();
  for (let a = 0; a < 7; a++) {
    const l = len(a);
    if (l < 2) continue;
    const d = down(a);
    const base = a * STRIDE;
    let run: u64 = 0;
    if (noting) for (let k = d; k < l; k++) run |= (<u64>1) << (<u64>col(base + k));
    // the lowest rank of each suit seen so far from the bottom of the pile, 4 bits a suit; the
    // face-down cards' share worked out once a search (`setupBound`), unless noting
    let lows: i32 = 0xffff;
    let k = 0;
    if (!noting && d <= load<u8>(setupDownAt + <usize>a)) {
      const at = prefixAt + ((<usize>(a * 32 + d)) << 3);
      bound += load<i32>(at);
      lows = load<i32>(at, 4);
      k = d;
    }
    let runBlocked = false;
    for (; k < l; k++) {
      const c = col(base + k);
      const suit = c & 3;
      const r = (c >> 2) + 1;
      const low = (lows >> (suit << 2)) & 15;
      const bit = (<u64>1) << (<u64>c);
      if (noting && k > 0) {
        note(c, lows, k < d ? bit : run);
        graph |= bit;
      }
      if (low < r) {
        if (k < d) {
          bound++;
          dead |= bit;
        } else runBlocked = true;
      } else lows = (lows & ~(15 << (suit << 2))) | (r << (suit << 2));
    }
    if (runBlocked) {
      bound++;
      dead |= run;
    }
  }
  return bound;
}

/** `lowerBound` and, beyond it, cycles.ts's pairs of cards that wait for each other: costlier, for the positions searched. */
export function fullBound(): i32 {
  noting = true;
  const bound = lowerBound();
  noting = false;
  return bound + pairs(graph, dead);
}
/** `lowerBound` notes the cards of cycles.ts's graph (`fullBound`). */
let noting = false;

/**
 * Per pile, its face-down cards at the start of a search (they never move: a pile's face-down
 * cards are always the first of those, as many as are still down), and for each number p of them
 * the face-down cards among the first p above a lower card of their suit, and the lowest rank of
 * each suit among them: `lowerBound` starts each pile from there.
 */
const setupDownAt: usize = memory.data(8, 16);
const prefixAt: usize = memory.data(7 * 32 * 8, 16);

/** Works out the piles' face-down shares (`prefixAt`) for a search from the position. */
export function setupBound(): void {
  for (let a = 0; a < 7; a++) {
    const d = down(a);
    store<u8>(setupDownAt + <usize>a, <u8>d);
    let lows: i32 = 0xffff;
    let count = 0;
    for (let p = 0; ; p++) {
      const at = prefixAt + ((<usize>(a * 32 + p)) << 3);
      store<i32>(at, count);
      store<i32>(at, lows, 4);
      if (p === d) break;
      const c = col(a * STRIDE + p);
      const shift = (c & 3) << 2;
      const r = (c >> 2) + 1;
      if (((lows >> shift) & 15) < r) count++;
      else lows = (lows & ~(15 << shift)) | (r << shift);
    }
  }
  lastW = -1;
}

/** The bound of the position, with a redeal costing `cost` (for the tests). */
export function lowerBoundHere(cost: i32): i32 {
  setRedealCost(cost);
  setupBound();
  return fullBound();
}

/** `lowerBound` as a search gets it (each pile from its face-down share, the waste's term kept) beside the same worked out card by card, for the tests: the bound when they agree, else -1. */
export function quickBoundHere(cost: i32): i32 {
  setRedealCost(cost);
  setupBound();
  noting = true;
  const slow = lowerBound();
  noting = false;
  lastW = -1;
  const fast = lowerBound();
  const kept = lowerBound();
  return fast === slow && kept === slow ? slow : -1;
}
