/**
 * The tableau's moves: tops to their foundations, King runs into empty piles, whole runs onto
 * other piles, partial runs (with twinSwaps: off a card that then goes home, as one compound
 * move), foundation cards back down, and the Kings that may follow an emptied pile.
 */
import { col, down, found, len, pileOf, pilesOf, top } from './position-arrays.ts';
import { deckM, downM, emptyP, feetM, nextM, topsM } from './search-position.ts';
import { KING_TO_EMPTY, PARTIAL, PARTIAL_HOME, RETURN, RUN_EMPTIES, RUN_TURNS_UP, TO_FOUNDATION } from './shared/order.ts';
import { STRIDE } from './shared/layout.ts';
import { F2T, HOME_AFTER, S2T, T2F, T2T, mv } from './shared/move-encoding.ts';
import { makeCard } from './shared/card-relations.ts';
import { PLACED, UNCOVERED } from './shared/modes.ts';
import { PARENT1, PARENT2, RANK, at, put } from './card-lookups.ts';
import {
  addOnto,
  bouncesHome,
  anyPileTakes,
  availableMarked,
  emptyForKing,
  emptyingAfterPlaced,
  firstEmpty,
  firstEmptyOnly,
  fit1,
  fit2,
  fitFaceUp,
  foundationReturn,
  foundationReturns,
  kingMayComeNow,
  keepSafeHome,
  kingRunMayMove,
  markAvailable,
  partialRule,
  partialSendsHome,
  KINGS,
  listed,
  stockListOf,
  returnUseful,
  setStock,
  stockReach,
  takenMask,
  topPile,
  twinCanReplace,
  twinSwaps,
} from './generator-context.ts';
import { push, setMove } from './move-list.ts';

const partialMove: usize = memory.data(7 * 4, 16);
const partialScore: usize = memory.data(7 * 4, 16);

export function toFoundation(base: i32, n: i32, only: i32, mode: i32): i32 {
  if (only >= 0 && mode !== UNCOVERED) return n;
  // the tops that are their suit's next card home, pile by pile
  const ready = topsM & nextM;
  if (ready === 0) return n;
  let piles = inline.always(pilesOf(ready));
  if (only >= 0) piles &= 1 << only;
  for (; piles !== 0; piles &= piles - 1) {
    const a = ctz(piles);
    const l = len(a);
    const t = top(a);
    const d = down(a);
    n = inline.always(push(base, n, mv(T2F, a, t & 3, 1, 0), TO_FOUNDATION + (l === d + 1 ? d : 0)));
  }
  return n;
}

export function kingRuns(base: i32, n: i32, only: i32): i32 {
  if (firstEmpty < 0 || fit1 >= 0) return n;
  const kings = feetM & KINGS;
  if (kings === 0) return n;
  for (let piles = inline.always(pilesOf(kings)); piles !== 0; piles &= piles - 1) {
    const a = ctz(piles);
    const l = len(a);
    const d = down(a);
    if (!kingRunMayMove(a)) continue;
    for (let b = 0; b < 7; b++) {
      if (len(b) !== 0 || (only >= 0 && b !== only) || (firstEmptyOnly() && b !== firstEmpty)) continue;
      n = inline.always(push(base, n, mv(T2T, a, b, l - d, 0), KING_TO_EMPTY + d));
    }
  }
  return n;
}

export function wholeRuns(base: i32, n: i32, only: i32, mode: i32): i32 {
  const c1 = fit1;
  const c2 = fit2;
  if (c1 >= 0 && mode !== PLACED && !fitFaceUp) return n;
  // the runs whose foot some pile takes, pile by pile
  const movable = feetM & takenMask;
  if (movable === 0) return n;
  for (let piles = inline.always(pilesOf(movable)); piles !== 0; piles &= piles - 1) {
    const a = ctz(piles);
    const l = len(a);
    const d = down(a);
    const baseCard = col(a * STRIDE + d);
    const anyPile = mode === PLACED && emptyingAfterPlaced(a);
    if (c1 >= 0 && baseCard !== c1 && baseCard !== c2 && !anyPile) continue;
    let b1 = inline.always(topPile(at(PARENT1, baseCard)));
    let b2 = inline.always(topPile(at(PARENT2, baseCard)));
    if (d === 0 && emptyForKing && !kingMayComeNow()) continue;
    if (b1 > b2) {
      const t = b1;
      b1 = b2;
      b2 = t;
    }
    const move = mv(T2T, a, 0, l - d, 0);
    const score = d > 0 ? RUN_TURNS_UP + d : RUN_EMPTIES;
    if (b1 >= 0 && (only < 0 || b1 === only || anyPile)) n = inline.always(push(base, n, move | (b1 << 8), score));
    if (b2 >= 0 && (only < 0 || b2 === only || anyPile)) n = inline.always(push(base, n, move | (b2 << 8), score));
  }
  return n;
}

export function partialRuns(base: i32, n: i32, only: i32): i32 {
  if (partialRule && twinSwaps) return inline.always(partialHomeRuns(base, n, only));
  for (let a = 0; a < 7; a++) {
    const end = a * STRIDE + len(a);
    const pileMove = mv(T2T, a, 0, 0, 0);
    let slots = 0;
    for (let j = a * STRIDE + down(a) + 1; j < end; j++) {
      const x = col(j - 1);
      let flag = 0;
      let score = PARTIAL;
      if (partialRule) {
        const home = partialSendsHome(x);
        if (twinSwaps) {
          if (!home) continue;
          flag = HOME_AFTER;
          score = PARTIAL_HOME;
        } else if (home) score = PARTIAL_HOME;
        else {
          if (!availableMarked()) markAvailable();
          if (!twinCanReplace(col(j))) continue;
        }
      }
      const c = col(j);
      const move = pileMove | ((end - j) << 12) | flag;
      for (let t = 0; t < 2; t++) {
        const b = inline.always(topPile(t === 0 ? at(PARENT1, c) : at(PARENT2, c)));
        if (b < 0 || (only >= 0 && b !== only)) continue;
        put(partialMove, b, move | (b << 8));
        put(partialScore, b, score);
        slots |= 1 << b;
      }
    }
    for (let b = 0; slots !== 0; b++, slots >>= 1) if (slots & 1) n = inline.always(push(base, n, at(partialMove, b), at(partialScore, b)));
  }
  return n;
}

export function partialHomeRuns(base: i32, n: i32, only: i32): i32 {
  if (fit1 >= 0 && !fitFaceUp) return n;
  // the suits' next cards home that lie face up in the tableau with cards on them (partialSendsHome holds for each)
  const under = nextM & ~downM & ~deckM & ~topsM;
  if (under === 0) return n;
  for (let piles = inline.always(pilesOf(under)); piles !== 0; piles &= piles - 1) {
    const a = ctz(piles);
    const foot = a * STRIDE + down(a);
    const end = a * STRIDE + len(a);
    const footRank = at(RANK, col(foot));
    const pileMove = mv(T2T, a, 0, 0, 0) | HOME_AFTER;
    let slots = 0;
    for (let xs = under; xs !== 0; xs &= xs - 1) {
      const x = <i32>ctz(xs);
      if (pileOf(x) !== a) continue;
      // the face-up run descends a rank a card from its foot: the run on x starts just above it
      const j = foot + footRank - at(RANK, x) + 1;
      const c = col(j);
      const move = pileMove | ((end - j) << 12);
      for (let t = 0; t < 2; t++) {
        const b = inline.always(topPile(t === 0 ? at(PARENT1, c) : at(PARENT2, c)));
        if (b < 0 || (only >= 0 && b !== only)) continue;
        put(partialMove, b, move | (b << 8));
        slots |= 1 << b;
      }
    }
    for (let b = 0; slots !== 0; b++, slots >>= 1) if (slots & 1) n = inline.always(push(base, n, at(partialMove, b), PARTIAL_HOME));
  }
  return n;
}

export function returns(base: i32, n: i32, only: i32): i32 {
  if (fit1 >= 0) return returnsOnto(base, n, only);
  for (let suit = 0; suit < 4; suit++) {
    const h = found(suit);
    if (h === 0) continue;
    if (h === 13 ? firstEmpty < 0 : !inline.always(anyPileTakes(makeCard(h, suit)))) continue;
    if ((foundationReturns && !returnUseful(suit)) || (keepSafeHome && bouncesHome(suit))) continue;
    if (h === 13) {
      for (let b = 0; b < 7; b++) {
        if (len(b) !== 0 || (only >= 0 && b !== only)) continue;
        n = inline.always(push(base, n, mv(F2T, suit, b, 1, 0), RETURN));
        if (firstEmptyOnly()) break;
      }
      continue;
    }
    n = inline.always(addOnto(base, n, makeCard(h, suit), F2T, suit, 0, RETURN, only));
  }
  return n;
}

function returnsOnto(base: i32, n: i32, only: i32): i32 {
  const c1 = fit1;
  const c2 = fit2;
  if (c1 === 52) return n;
  if (found(c1 & 3) === at(RANK, c1) && (!foundationReturns || returnUseful(c1 & 3)) && !(keepSafeHome && bouncesHome(c1 & 3)))
    n = inline.always(push(base, n, mv(F2T, c1 & 3, only, 1, 0), RETURN));
  if (found(c2 & 3) === at(RANK, c2) && (!foundationReturns || returnUseful(c2 & 3)) && !(keepSafeHome && bouncesHome(c2 & 3)))
    n = inline.always(push(base, n, mv(F2T, c2 & 3, only, 1, 0), RETURN));
  return n;
}

export function kingsAfterEmptied(n: i32, w: i32, redealLeft: bool): i32 {
  inline.always(setStock(n, w, redealLeft));
  const base = 0;
  let k = 0;
  stockReach();
  // the stock's Kings in the stock list's order, and the piles whose King run has cards under it
  const fromStock = stockListOf(deckM & KINGS, false);
  let kingPiles = 0;
  for (let piles = inline.always(pilesOf(feetM & KINGS)); piles !== 0; piles &= piles - 1) {
    const a = ctz(piles);
    if (down(a) > 0) kingPiles |= 1 << a;
  }
  for (let empty = emptyP; empty !== 0; empty &= empty - 1) {
    const b = ctz(empty);
    for (let q = 0; q < fromStock; q++) inline.always(setMove(base + k++, mv(S2T, 0, b, 1, listed(q) & 255)));
    for (let piles = kingPiles; piles !== 0; piles &= piles - 1) {
      const a = ctz(piles);
      inline.always(setMove(base + k++, mv(T2T, a, b, len(a) - down(a), 0)));
    }
    if (foundationReturn)
      for (let suit = 0; suit < 4; suit++) if (found(suit) === 13) inline.always(setMove(base + k++, mv(F2T, suit, b, 1, 0)));
    if (firstEmptyOnly()) break;
  }
  return k;
}
