/**
 * The stock macro-moves (a stock card played where it can go, after the draws that bring it to
 * the waste top; engine/moves.ts `stockCost`), cheapest first: from the stock list (gen-state.ts) or,
 * with draw 1 and unlimited passes (every card always reachable), the cards some pile or
 * foundation takes.
 */
import { deck, deckIndex, deckM, found, len, nextM, top } from './state.ts';
import { STOCK_KING_TO_EMPTY, STOCK_TO_FOUNDATION, STOCK_TO_PILE } from './shared/order.ts';
import { S2F, S2T, mv } from './shared/move-encoding.ts';
import { PLACED, UNCOVERED } from './shared/modes.ts';
import { RANK, at, put } from './cards.ts';
import {
  addOnto,
  allReach,
  anyPileTakes,
  childrenOf,
  dw,
  firstEmpty,
  firstEmptyOnly,
  KINGS,
  lastSafe,
  listed,
  stockListOf,
  takenMask,
} from './gen-state.ts';
import { push } from './moves-out.ts';

const wantKey: usize = memory.data(64 * 4, 16);

export function stockPlays(base: i32, n: i32, only: i32, mode: i32): i32 {
  const mustBuild = mode === UNCOVERED || (mode === PLACED && allReach);
  if (allReach) return stockPlaysAll(base, n, only, mustBuild);
  // the stock cards that some pile or foundation takes (or an empty pile, a King): onto pile `only` alone when the next move must build there
  let want: u64;
  if (mustBuild) want = len(only) !== 0 ? inline.always(childrenOf((<u64>1) << (<u64>top(only)))) : 0;
  else want = takenMask | nextM | (firstEmpty >= 0 ? KINGS : 0);
  want &= deckM;
  if (want === 0) return n;
  // those on the stock list, in its order
  const k = stockListOf(want, !mustBuild && lastSafe);
  for (let q = 0; q < k; q++) {
    const e = listed(q);
    n = inline.always(cardPlays(base, n, e & 255, e >> 8, only, mustBuild));
  }
  return n;
}

function cardPlays(base: i32, n: i32, i: i32, cost: i32, only: i32, mustBuild: bool): i32 {
  const c = deck(i);
  if (mustBuild) return inline.always(anyPileTakes(c)) ? inline.always(addOnto(base, n, c, S2T, 0, i, STOCK_TO_PILE - cost, only)) : n;
  if (found(c & 3) === at(RANK, c) - 1) n = inline.always(push(base, n, mv(S2F, 0, c & 3, 1, i), STOCK_TO_FOUNDATION - cost));
  if (at(RANK, c) !== 13)
    return inline.always(anyPileTakes(c)) ? inline.always(addOnto(base, n, c, S2T, 0, i, STOCK_TO_PILE - cost, -1)) : n;
  for (let b = 0; b < 7; b++) {
    if (len(b) !== 0) continue;
    n = inline.always(push(base, n, mv(S2T, 0, b, 1, i), STOCK_KING_TO_EMPTY - cost));
    if (firstEmptyOnly()) break;
  }
  return n;
}

function stockPlaysAll(base: i32, n: i32, only: i32, mustBuild: bool): i32 {
  // the stock cards that some pile or foundation takes (or an empty pile, a King): onto pile `only` alone when the next move must build there
  let want: u64;
  if (mustBuild) want = len(only) !== 0 ? inline.always(childrenOf((<u64>1) << (<u64>top(only)))) : 0;
  else want = takenMask | nextM | (firstEmpty >= 0 ? KINGS : 0);
  want &= deckM;
  if (want === 0) return n;
  // in the stock list's order (every card is on it): the waste top, the cards after it, then those before it, each as cost << 8 | index
  const w = dw;
  let k = 0;
  for (; want !== 0; want &= want - 1) {
    const i = inline.always(deckIndex(<i32>ctz(want)));
    const key = ((i === w - 1 ? 0 : i >= w ? 1 : 2) << 8) | i;
    let j = k - 1;
    while (j >= 0 && at(wantKey, j) > key) {
      put(wantKey, j + 1, at(wantKey, j));
      j--;
    }
    put(wantKey, j + 1, key);
    k++;
  }
  for (let q = 0; q < k; q++) {
    const e = at(wantKey, q);
    n = inline.always(cardPlays(base, n, e & 255, e >> 8, only, mustBuild));
  }
  return n;
}
