/**
 * The stock macro-moves (a stock card played where it can go, after the draws that bring it to
 * the waste top; stock.ts `stockCost`), cheapest first: from the stock list (gen-state.ts) or,
 * with draw 1 and unlimited passes (every card always reachable), the cards some pile or
 * foundation takes.
 */
import { deck, found, inDeck, len } from './state.ts';
import { STOCK_KING_TO_EMPTY, STOCK_TO_FOUNDATION, STOCK_TO_PILE } from './shared/order.ts';
import { S2F, S2T, mv } from './shared/move-encoding.ts';
import { makeCard } from './shared/cards.ts';
import { PLACED, UNCOVERED } from './shared/modes.ts';
import { CHILD1, CHILD2, RANK, at, put } from './cards.ts';
import {
  addOnto,
  allReach,
  anyPileTakes,
  dn,
  dw,
  firstEmpty,
  firstEmptyOnly,
  lastSafe,
  reach,
  reachCost,
  reachN,
  tops,
} from './gen-state.ts';
import { push } from './moves-out.ts';

const wantCard: usize = memory.data(24 * 4, 16);
const wantIndex: usize = memory.data(24 * 4, 16);
const wantKey: usize = memory.data(24 * 4, 16);

export function stockPlays(base: i32, n: i32, only: i32, mode: i32): i32 {
  const mustBuild = mode === UNCOVERED || (mode === PLACED && allReach);
  if (allReach) return stockPlaysAll(base, n, only, mustBuild);
  const skipRedeal = !mustBuild && lastSafe;
  for (let k = 0; k < reachN; k++) {
    const cost = reachCost(k);
    if (cost === 2 && skipRedeal) continue;
    n = inline.always(cardPlays(base, n, reach(k), cost, only, mustBuild));
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

function listed(k: i32, c: i32): bool {
  for (let q = 0; q < k; q++) if (at(wantCard, q) === c) return true;
  return false;
}

function stockPlaysAll(base: i32, n: i32, only: i32, mustBuild: bool): i32 {
  let k = 0;
  const lo = mustBuild ? only : 0;
  const hi = mustBuild ? only : 6;
  for (let b = lo; b <= hi; b++) {
    const t = at(tops, b);
    if (t < 0) continue;
    const c1 = at(CHILD1, t);
    if (c1 < 52 && inDeck(c1) && !listed(k, c1)) put(wantCard, k++, c1);
    const c2 = at(CHILD2, t);
    if (c2 < 52 && inDeck(c2) && !listed(k, c2)) put(wantCard, k++, c2);
  }
  if (!mustBuild) {
    for (let suit = 0; suit < 4; suit++) {
      const f = found(suit);
      if (f === 13) continue;
      const c = makeCard(f + 1, suit);
      if (inDeck(c) && !listed(k, c)) put(wantCard, k++, c);
    }
    if (firstEmpty >= 0)
      for (let suit = 0; suit < 4; suit++) {
        const c = makeCard(13, suit);
        if (inDeck(c) && !listed(k, c)) put(wantCard, k++, c);
      }
  }
  if (k === 0) return n;
  const w = dw;
  const size = dn;
  for (let q = 0; q < k; q++) {
    const c = at(wantCard, q);
    let i = 0;
    while (deck(i) !== c) i++;
    const key = i === w - 1 ? -1 : i >= w ? i : i + size;
    let j = q - 1;
    while (j >= 0 && at(wantKey, j) > key) {
      put(wantKey, j + 1, at(wantKey, j));
      put(wantIndex, j + 1, at(wantIndex, j));
      j--;
    }
    put(wantKey, j + 1, key);
    put(wantIndex, j + 1, i);
  }
  for (let q = 0; q < k; q++) {
    const i = at(wantIndex, q);
    n = inline.always(cardPlays(base, n, i, i === w - 1 ? 0 : i >= w ? 1 : 2, only, mustBuild));
  }
  return n;
}
