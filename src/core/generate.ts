/**
 * The solver's move generator, compiled to WebAssembly (AssemblyScript: TypeScript with machine
 * integer types; `npm run build` compiles it, src/solver/core.ts loads it): the same moves in the
 * same order as the TypeScript it replaced, with a node about a fifth cheaper in machine
 * instructions (docs/solver.md, "The generator in WebAssembly").
 *
 * Stock macro-moves and pruned tableau moves, scored (order.ts) and sorted: one function per kind
 * of move: stock plays, tableau tops to the foundations, King runs into empty piles, whole runs,
 * partial runs (twins), foundation returns, and the Kings that may follow an emptied pile. Each
 * kind has its own score class, so generating the kinds one after another gives the same order,
 * after the stable sort, as any interleaving. After a move that restricts the next one
 * (pruning.ts: PLACED, UNCOVERED), only moves onto pile `only` are generated, plus stock plays
 * after PLACED (onto `only` too when stock plays commute), the top of `only` to its foundation
 * after UNCOVERED, and (emptyForKing) runs that empty a pile. Cards are found by where they could
 * go: `topCol[card]` is the pile whose top is that card (kept all −1 between calls), so "which
 * piles take card c" is two lookups.
 *
 * The position lives in this module's memory (`statePtr`), where the solver's state keeps its
 * arrays, laid out as layout.ts says (state.ts, a state made with `backing`). The deck's length,
 * the stock position and whether a redeal is left come with each call. The moves go to
 * `outPtr`, scores aside.
 */

import {
  KING_TO_EMPTY,
  PARTIAL,
  PARTIAL_HOME,
  RETURN,
  RUN_EMPTIES,
  RUN_TURNS_UP,
  STOCK_KING_TO_EMPTY,
  STOCK_TO_FOUNDATION,
  STOCK_TO_PILE,
  TO_FOUNDATION,
} from './shared/order.ts';
import { F2T, HOME_AFTER, S2F, S2T, T2F, T2T } from './shared/move-encoding.ts';
import { STRIDE } from './shared/layout.ts';
import { col, deck, down, found, inDeck, isDown, len, passLimit, sn, spass, sw, top } from './state.ts';
import { safeLastStockCard } from './rules.ts';

import { FREE, PLACED, UNCOVERED } from './shared/modes.ts';
import { makeCard } from './shared/cards.ts';
import { mv } from './shared/move-encoding.ts';
import { CHILD1, CHILD2, PARENT1, PARENT2, RANK, RED } from './cards.ts';

/** The most moves a call writes. */
const OUT_MOVES: i32 = 256;

// ---- the position (position.ts) and the moves of a call ----
const mv0: usize = memory.data(OUT_MOVES * 4, 16);
/** Where the moves of a call go. */
export function outPtr(): usize {
  return mv0;
}
/** How many moves fit there. */
export function outMoves(): i32 {
  return OUT_MOVES;
}
// the deck's length, the stock position, a redeal left (set by each call)
let dn: i32 = 0;
let dw: i32 = 0;
let redeal: bool = false;
// the stock's last card may go home safely (pruning.ts `safeLastStockCard`, worked out by the caller)
let lastSafe: bool = false;

// ---- the rules and switches of the search (`configure`) ----
let draw: i32 = 1;
let foundationReturn: bool = true;
let allReach: bool = true;
let partialRule: bool = true;
let foundationReturns: bool = true;
let oneEmptyColumn: bool = true;
let twinSwaps: bool = true;
let emptyForKing: bool = true;
/** Safe moves home are played (safeFoundation), and not every stock card is always reachable: the stock's last card may hold back the plays after a redeal (rules.ts `safeLastStockCard`). */
let lastCheck: bool = false;

// ---- the generator's own memory ----
const scores = new StaticArray<i32>(OUT_MOVES);
const topCol = new StaticArray<i32>(53);
const tops = new StaticArray<i32>(7);
const reach = new StaticArray<i32>(52);
const reachCost = new StaticArray<i32>(52);
let reachN: i32 = 0;
let reachW: i32 = -1;
let reachDeck: i32 = -1;
let reachRedeal: i32 = -1;
const available = new StaticArray<i32>(52);
let mark: i32 = 0;
let marked: bool = false;
const wantCard = new StaticArray<i32>(24);
const wantIndex = new StaticArray<i32>(24);
const wantKey = new StaticArray<i32>(24);
let firstEmpty: i32 = -1;
let fit1: i32 = -1;
let fit2: i32 = -1;
let fitFaceUp: bool = false;
let kingMayCome: i32 = -1;
const partialMove = new StaticArray<i32>(7);
const partialScore = new StaticArray<i32>(7);
const nextCards = new StaticArray<i32>(4);
let noise: i32 = 0;
let rng: i32 = 1;

for (let c = 0; c < 53; c++) topCol[c] = -1;

/** The rules and the pruning switches of a search (bits: partialRuns 1, foundationReturns 2, oneEmptyColumn 4, twinSwaps 8, emptyForKing 16, safeFoundation 32). */
export function configure(drawN: i32, unlimitedPasses: bool, returnsAllowed: bool, switches: i32): void {
  draw = drawN;
  foundationReturn = returnsAllowed;
  allReach = drawN === 1 && unlimitedPasses;
  partialRule = (switches & 1) !== 0;
  foundationReturns = (switches & 2) !== 0;
  oneEmptyColumn = (switches & 4) !== 0;
  twinSwaps = (switches & 8) !== 0;
  emptyForKing = (switches & 16) !== 0;
  lastCheck = (switches & 32) !== 0 && !(drawN === 1 && unlimitedPasses);
  reachW = -1;
  noise = 0;
}
/** The noise that `generate` adds to each move's score when asked: in [0, amount), from the xorshift state `seed` (`addNoise`). */
export function setNoise(amount: i32, seed: i32): void {
  noise = amount;
  rng = seed !== 0 ? seed : 1;
}
/** The generator's state for the noise (the TypeScript side reads it back after a pause). */
export function noiseState(): i32 {
  return rng;
}

/** Where the moves of the running call go: `outPtr`, or the search's frame (`generateAt`). */
let outAt: usize = mv0;
function moveAt(k: i32): i32 {
  return load<i32>(outAt + ((<usize>k) << 2));
}
function setMove(k: i32, m: i32): void {
  store<i32>(outAt + ((<usize>k) << 2), m);
}
function push(base: i32, n: i32, move: i32, score: i32): i32 {
  setMove(base + n, move);
  unchecked((scores[n] = score));
  return n + 1;
}

// ---- pruning.ts, the rules the generator applies ----
/**
 * The top card c of the foundation of `suit` may come back down: some card of the other colour,
 * one rank lower (to land on c) or of the same rank (to hold the next lower card of c's suit,
 * which c must leave the foundation for), is not face down. Never an Ace (nothing lands on it,
 * and nothing lies under it). Exact: while all four are face down, c on the tableau can neither
 * hold a card nor open the way for one; a line that brings c down then can bring it down just
 * before one of them turns up and is used instead (keeping c home longer), or never.
 */
function returnUseful(suit: i32): bool {
  const h = found(suit);
  if (h <= 1) return false;
  const c = makeCard(h, suit);
  const red = unchecked(RED[c]) !== 0;
  const o1 = red ? 0 : 1;
  const o2 = red ? 3 : 2;
  return !isDown(makeCard(h - 1, o1)) || !isDown(makeCard(h - 1, o2)) || !isDown(makeCard(h, o1)) || !isDown(makeCard(h, o2));
}
/**
 * A run that is not a pile's whole face-up run moves off face-up card x only to send x home next
 * (with twinSwaps, as one compound move). Exact: the run's base card c fits only on x and on y,
 * the twin of x, so the move puts it on y; the position it leaves differs from the one before
 * only by which twin holds the run (one state with twinSwaps); what it adds is x uncovered, and
 * x uncovered matters for sending x home, or (without twinSwaps) for letting c's twin take c's
 * place on x (`twinCanReplace`).
 */
function partialSendsHome(x: i32): bool {
  return found(x & 3) === unchecked(RANK[x]) - 1;
}
/**
 * True when some King could go into a pile emptied now: a King among the stock cards that can be
 * played (the stock list, `stockReach`), a King at the foot of a run with
 * cards under it, or a King on a foundation when cards may come back down. Without one, a move
 * that empties a pile (`emptiesPile`) is not made: the pile would wait for a King that cannot
 * come next. Nothing else could bring one at once: the position before the move has had its safe
 * moves, and the move uncovers no card (nothing lies under the run) and leaves the run's top a
 * top; so the position after it has no move. Exact for the most cards home too (the move sends
 * nothing home).
 */
function kingMayFill(): bool {
  if (foundationReturn && (found(0) === 13 || found(1) === 13 || found(2) === 13 || found(3) === 13)) return true;
  for (let a = 0; a < 7; a++) {
    const d = down(a);
    if (d > 0 && unchecked(RANK[col(a * STRIDE + d)]) === 13) return true;
  }
  if (!inDeck(48) && !inDeck(49) && !inDeck(50) && !inDeck(51)) return false;
  if (allReach) return true;
  for (let k = 0; k < reachN; k++) if (unchecked(RANK[deck(unchecked(reach[k]))]) === 13) return true;
  return false;
}

// ---- empty piles and twins (oneEmptyColumn, emptyForKing, partialRuns without twinSwaps) ----

/**
 * oneEmptyColumn: a King (or King run) goes into the first empty pile only. Exact: the piles are
 * interchangeable (the key ignores their order), so every empty pile gives the same position.
 */
function firstEmptyOnly(): bool {
  return oneEmptyColumn;
}

/**
 * oneEmptyColumn: the King run of pile a may move into an empty pile only when cards lie under
 * it. Exact: with nothing under it, the move gives the same position up to column order.
 */
function kingRunMayMove(a: i32): bool {
  return !(oneEmptyColumn && down(a) === 0);
}

/**
 * After PLACED, pile a's whole run may also move elsewhere than onto the placed card when that
 * empties the pile and emptyForKing is on: the emptying must then come just before its King,
 * which the stock play may have brought within reach, so it cannot be moved before the stock play.
 */
function emptyingAfterPlaced(a: i32): bool {
  return emptyForKing && down(a) === 0;
}

/**
 * Without twinSwaps, the other reason to move a partial run based on c off x: c's twin is free
 * now (marked by `markAvailable`) and can take c's place on x.
 */
function twinCanReplace(c: i32): bool {
  return unchecked(available[c ^ 3]) === mark;
}

// ---- the stock list ----

/**
 * The deck indices that moves.ts `stockCost` allows (the one statement of the stock-reach rule),
 * cheapest first (the waste top, then this pass, then after a redeal; each group in deck order),
 * and their costs, into `reach` and `reachCost`. The loops step through the draw grids that
 * `stockCost` describes (a card on both grids, or the waste top, counts at its lower cost: the
 * grids coincide from w on when w is a multiple of the draw); the tests check the two agree at
 * every node. Which indices those are depends only on the stock position, the deck's length and
 * whether a redeal is left (the draw is the search's), so the list of the last call is kept while
 * those stay the same: most moves leave the stock alone.
 */
function stockReach(): void {
  const r: i32 = redeal ? 1 : 0;
  if (dw === reachW && dn === reachDeck && r === reachRedeal) return;
  const w = dw;
  const n = dn;
  let k = 0;
  if (w > 0) {
    unchecked((reach[k] = w - 1));
    unchecked((reachCost[k++] = 0));
  }
  if (w < n) {
    for (let i = w + draw - 1; i < n - 1; i += draw) {
      unchecked((reach[k] = i));
      unchecked((reachCost[k++] = 1));
    }
    unchecked((reach[k] = n - 1));
    unchecked((reachCost[k++] = 1));
  }
  if (redeal) {
    const end = w % draw === 0 ? min(w, n - 1) : n - 1;
    for (let i = draw - 1; i < end; i += draw)
      if (i !== w - 1) {
        unchecked((reach[k] = i));
        unchecked((reachCost[k++] = 2));
      }
  }
  reachN = k;
  reachW = w;
  reachDeck = n;
  reachRedeal = r;
}

// ---- the generator ----
function faceUpInTableau(c: i32): bool {
  return c < 52 && !isDown(c) && !inDeck(c) && found(c & 3) < unchecked(RANK[c]);
}
function anyPileTakes(c: i32): bool {
  return unchecked(topCol[unchecked(PARENT1[c])]) >= 0 || unchecked(topCol[unchecked(PARENT2[c])]) >= 0;
}
function addOnto(base: i32, n: i32, c: i32, kind: i32, a: i32, i: i32, score: i32, only: i32): i32 {
  let b1 = unchecked(topCol[unchecked(PARENT1[c])]);
  let b2 = unchecked(topCol[unchecked(PARENT2[c])]);
  if (b1 > b2) {
    const t = b1;
    b1 = b2;
    b2 = t;
  }
  if (b1 >= 0 && (only < 0 || b1 === only)) n = push(base, n, mv(kind, a, b1, 1, i), score);
  if (b2 >= 0 && (only < 0 || b2 === only)) n = push(base, n, mv(kind, a, b2, 1, i), score);
  return n;
}

/**
 * The moves of the position, in the order to try them, into the moves at `outPtr`; returns how
 * many. `mode` and `rCol` are the restriction left by the previous move (pruning.ts); `noisy`:
 * add the noise (`setNoise`) to the scores (a restarted search's first levels); `lastCardSafe`: the stock's last card may go home safely (pruning.ts `safeLastStockCard`), so no
 * play that needs a redeal before it is made.
 */
export function generate(noisy: bool, rCol: i32, mode: i32): i32 {
  outAt = mv0;
  return generateHere(noisy, rCol, mode);
}

/** `generate`, with the moves written at `at` (the search's frame). */
export function generateAt(at: usize, noisy: bool, rCol: i32, mode: i32): i32 {
  outAt = at;
  return generateHere(noisy, rCol, mode);
}

/** The moves of the position of position.ts: its deck, stock position and passes, and whether the stock's last card holds back the plays after a redeal. */
function generateHere(noisy: bool, rCol: i32, mode: i32): i32 {
  return generateMoves(noisy, rCol, mode, sn, sw, spass < passLimit, lastCheck && sw < sn && safeLastStockCard());
}

function generateMoves(noisy: bool, rCol: i32, mode: i32, n: i32, w: i32, redealLeft: bool, lastCardSafe: bool): i32 {
  dn = n;
  dw = w;
  redeal = redealLeft;
  lastSafe = lastCardSafe;
  const base = 0;
  const only = mode === FREE ? -1 : rCol;
  if (!allReach) stockReach();
  firstEmpty = -1;
  for (let b = 0; b < 7; b++)
    if (len(b) === 0) {
      firstEmpty = b;
      break;
    }
  for (let b = 0; b < 7; b++) {
    const l = len(b);
    const t = l === 0 ? -1 : col(b * STRIDE + l - 1);
    unchecked((tops[b] = t));
    if (t >= 0) unchecked((topCol[t] = b));
  }
  marked = false;
  kingMayCome = -1;
  if (only >= 0 && len(only) !== 0) {
    const t = top(only);
    fit1 = unchecked(CHILD1[t]);
    fit2 = unchecked(CHILD2[t]);
    fitFaceUp = faceUpInTableau(fit1) || faceUpInTableau(fit2);
  } else {
    fit1 = -1;
    fit2 = -1;
    fitFaceUp = false;
  }
  let k = stockPlays(base, 0, only, mode);
  k = toFoundation(base, k, only, mode);
  k = kingRuns(base, k, only);
  k = wholeRuns(base, k, only, mode);
  k = partialRuns(base, k, only);
  if (foundationReturn) k = returns(base, k, only);
  for (let b = 0; b < 7; b++) {
    const t = unchecked(tops[b]);
    if (t >= 0) unchecked((topCol[t] = -1));
  }
  if (noisy && noise > 0) addNoise(k);
  sortByScore(base, k);
  return k;
}

/**
 * Adds to scores[0 … n) a pseudo-random amount in [0, noise) each, from the xorshift32 state (not
 * 0): the state, read as an unsigned 32-bit number, modulo the noise (for noise below 2^15 worked
 * out from its two 16-bit halves: the same amounts).
 */
function addNoise(n: i32): void {
  let x = rng;
  const small = noise > 0 && noise < 0x8000;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const add = small ? <i32>((((<u32>x >>> 16) % <u32>noise) * 0x10000 + (<u32>x & 0xffff)) % <u32>noise) : <i32>(<u32>x % <u32>noise);
    unchecked((scores[i] += add));
  }
  rng = x;
}

/** Sorts the moves at `base` by scores[0 … n), highest first, stable (insertion sort: lists are short). */
function sortByScore(base: i32, n: i32): void {
  for (let i = 1; i < n; i++) {
    const m = moveAt(base + i);
    const v = unchecked(scores[i]);
    let j = i - 1;
    while (j >= 0 && unchecked(scores[j]) < v) {
      setMove(base + j + 1, moveAt(base + j));
      unchecked((scores[j + 1] = scores[j]));
      j--;
    }
    setMove(base + j + 1, m);
    unchecked((scores[j + 1] = v));
  }
}

function stockPlays(base: i32, n: i32, only: i32, mode: i32): i32 {
  const mustBuild = mode === UNCOVERED || (mode === PLACED && allReach);
  if (allReach) return stockPlaysAll(base, n, only, mustBuild);
  const skipRedeal = !mustBuild && lastSafe;
  for (let k = 0; k < reachN; k++) {
    const cost = unchecked(reachCost[k]);
    if (cost === 2 && skipRedeal) continue;
    n = cardPlays(base, n, unchecked(reach[k]), cost, only, mustBuild);
  }
  return n;
}

function cardPlays(base: i32, n: i32, i: i32, cost: i32, only: i32, mustBuild: bool): i32 {
  const c = deck(i);
  if (mustBuild) return addOnto(base, n, c, S2T, 0, i, STOCK_TO_PILE - cost, only);
  if (found(c & 3) === unchecked(RANK[c]) - 1) n = push(base, n, mv(S2F, 0, c & 3, 1, i), STOCK_TO_FOUNDATION - cost);
  if (unchecked(RANK[c]) !== 13) return addOnto(base, n, c, S2T, 0, i, STOCK_TO_PILE - cost, -1);
  for (let b = 0; b < 7; b++) {
    if (len(b) !== 0) continue;
    n = push(base, n, mv(S2T, 0, b, 1, i), STOCK_KING_TO_EMPTY - cost);
    if (firstEmptyOnly()) break;
  }
  return n;
}

function listed(k: i32, c: i32): bool {
  for (let q = 0; q < k; q++) if (unchecked(wantCard[q]) === c) return true;
  return false;
}

function stockPlaysAll(base: i32, n: i32, only: i32, mustBuild: bool): i32 {
  let k = 0;
  const lo = mustBuild ? only : 0;
  const hi = mustBuild ? only : 6;
  for (let b = lo; b <= hi; b++) {
    const t = unchecked(tops[b]);
    if (t < 0) continue;
    const c1 = unchecked(CHILD1[t]);
    if (c1 < 52 && inDeck(c1) && !listed(k, c1)) unchecked((wantCard[k++] = c1));
    const c2 = unchecked(CHILD2[t]);
    if (c2 < 52 && inDeck(c2) && !listed(k, c2)) unchecked((wantCard[k++] = c2));
  }
  if (!mustBuild) {
    for (let suit = 0; suit < 4; suit++) {
      const f = found(suit);
      if (f === 13) continue;
      const c = makeCard(f + 1, suit);
      if (inDeck(c) && !listed(k, c)) unchecked((wantCard[k++] = c));
    }
    if (firstEmpty >= 0)
      for (let suit = 0; suit < 4; suit++) {
        const c = makeCard(13, suit);
        if (inDeck(c) && !listed(k, c)) unchecked((wantCard[k++] = c));
      }
  }
  if (k === 0) return n;
  const w = dw;
  const size = dn;
  for (let q = 0; q < k; q++) {
    const c = unchecked(wantCard[q]);
    let i = 0;
    while (deck(i) !== c) i++;
    const key = i === w - 1 ? -1 : i >= w ? i : i + size;
    let j = q - 1;
    while (j >= 0 && unchecked(wantKey[j]) > key) {
      unchecked((wantKey[j + 1] = wantKey[j]));
      unchecked((wantIndex[j + 1] = wantIndex[j]));
      j--;
    }
    unchecked((wantKey[j + 1] = key));
    unchecked((wantIndex[j + 1] = i));
  }
  for (let q = 0; q < k; q++) {
    const i = unchecked(wantIndex[q]);
    n = cardPlays(base, n, i, i === w - 1 ? 0 : i >= w ? 1 : 2, only, mustBuild);
  }
  return n;
}

function toFoundation(base: i32, n: i32, only: i32, mode: i32): i32 {
  if (only >= 0 && mode !== UNCOVERED) return n;
  const last = only >= 0 ? only : 6;
  for (let a = max(only, 0); a <= last; a++) {
    const l = len(a);
    if (l === 0) continue;
    const t = top(a);
    if (found(t & 3) !== unchecked(RANK[t]) - 1) continue;
    const d = down(a);
    n = push(base, n, mv(T2F, a, t & 3, 1, 0), TO_FOUNDATION + (l === d + 1 ? d : 0));
  }
  return n;
}

function kingRuns(base: i32, n: i32, only: i32): i32 {
  if (firstEmpty < 0 || fit1 >= 0) return n;
  for (let a = 0; a < 7; a++) {
    const l = len(a);
    const d = down(a);
    if (l === 0 || unchecked(RANK[col(a * STRIDE + d)]) !== 13 || !kingRunMayMove(a)) continue;
    for (let b = 0; b < 7; b++) {
      if (len(b) !== 0 || (only >= 0 && b !== only) || (firstEmptyOnly() && b !== firstEmpty)) continue;
      n = push(base, n, mv(T2T, a, b, l - d, 0), KING_TO_EMPTY + d);
    }
  }
  return n;
}

function wholeRuns(base: i32, n: i32, only: i32, mode: i32): i32 {
  const c1 = fit1;
  const c2 = fit2;
  if (c1 >= 0 && mode !== PLACED && !fitFaceUp) return n;
  for (let a = 0; a < 7; a++) {
    const l = len(a);
    if (l === 0) continue;
    const d = down(a);
    const baseCard = col(a * STRIDE + d);
    const anyPile = mode === PLACED && emptyingAfterPlaced(a);
    if (c1 >= 0 && baseCard !== c1 && baseCard !== c2 && !anyPile) continue;
    let b1 = unchecked(topCol[unchecked(PARENT1[baseCard])]);
    let b2 = unchecked(topCol[unchecked(PARENT2[baseCard])]);
    if (b1 < 0 && b2 < 0) continue;
    if (d === 0 && emptyForKing) {
      if (kingMayCome < 0) {
        stockReach();
        kingMayCome = kingMayFill() ? 1 : 0;
      }
      if (kingMayCome === 0) continue;
    }
    if (b1 > b2) {
      const t = b1;
      b1 = b2;
      b2 = t;
    }
    const move = mv(T2T, a, 0, l - d, 0);
    const score = d > 0 ? RUN_TURNS_UP + d : RUN_EMPTIES;
    if (b1 >= 0 && (only < 0 || b1 === only || anyPile)) n = push(base, n, move | (b1 << 8), score);
    if (b2 >= 0 && (only < 0 || b2 === only || anyPile)) n = push(base, n, move | (b2 << 8), score);
  }
  return n;
}

/** Marks with a fresh mark (marks never need clearing) the cards that could land somewhere now: face-up tableau cards, reachable stock cards, foundation tops. */
function markAvailable(): void {
  if (++mark === 0x7fffffff) {
    for (let c = 0; c < 52; c++) unchecked((available[c] = 0));
    mark = 1;
  }
  stockReach();
  for (let a = 0; a < 7; a++) for (let j = a * STRIDE + down(a); j < a * STRIDE + len(a); j++) unchecked((available[col(j)] = mark));
  for (let k = 0; k < reachN; k++) unchecked((available[deck(unchecked(reach[k]))] = mark));
  if (foundationReturn)
    for (let suit = 0; suit < 4; suit++) if (found(suit) > 0) unchecked((available[makeCard(found(suit), suit)] = mark));
  marked = true;
}

function partialRuns(base: i32, n: i32, only: i32): i32 {
  if (partialRule && twinSwaps) return partialHomeRuns(base, n, only);
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
          if (!marked) markAvailable();
          if (!twinCanReplace(col(j))) continue;
        }
      }
      const c = col(j);
      const move = pileMove | ((end - j) << 12) | flag;
      for (let t = 0; t < 2; t++) {
        const b = unchecked(topCol[t === 0 ? unchecked(PARENT1[c]) : unchecked(PARENT2[c])]);
        if (b < 0 || (only >= 0 && b !== only)) continue;
        unchecked((partialMove[b] = move | (b << 8)));
        unchecked((partialScore[b] = score));
        slots |= 1 << b;
      }
    }
    for (let b = 0; slots !== 0; b++, slots >>= 1) if (slots & 1) n = push(base, n, unchecked(partialMove[b]), unchecked(partialScore[b]));
  }
  return n;
}

function partialHomeRuns(base: i32, n: i32, only: i32): i32 {
  if (fit1 >= 0 && !fitFaceUp) return n;
  let k = 0;
  for (let suit = 0; suit < 4; suit++) {
    const h = found(suit);
    if (h === 13) continue;
    const x = makeCard(h + 1, suit);
    if (isDown(x) || inDeck(x) || unchecked(topCol[x]) >= 0 || !partialSendsHome(x)) continue;
    unchecked((nextCards[k++] = x));
  }
  if (k === 0) return n;
  for (let a = 0; a < 7; a++) {
    const foot = a * STRIDE + down(a);
    const end = a * STRIDE + len(a);
    if (end - foot < 2) continue;
    const footRank = unchecked(RANK[col(foot)]);
    const topRank = unchecked(RANK[col(end - 1)]);
    const pileMove = mv(T2T, a, 0, 0, 0) | HOME_AFTER;
    let slots = 0;
    for (let q = 0; q < k; q++) {
      const x = unchecked(nextCards[q]);
      const r = unchecked(RANK[x]);
      if (r <= topRank || r > footRank || col(foot + footRank - r) !== x) continue;
      const j = foot + footRank - r + 1;
      const c = col(j);
      const move = pileMove | ((end - j) << 12);
      for (let t = 0; t < 2; t++) {
        const b = unchecked(topCol[t === 0 ? unchecked(PARENT1[c]) : unchecked(PARENT2[c])]);
        if (b < 0 || (only >= 0 && b !== only)) continue;
        unchecked((partialMove[b] = move | (b << 8)));
        slots |= 1 << b;
      }
    }
    for (let b = 0; slots !== 0; b++, slots >>= 1) if (slots & 1) n = push(base, n, unchecked(partialMove[b]), PARTIAL_HOME);
  }
  return n;
}

function returns(base: i32, n: i32, only: i32): i32 {
  if (fit1 >= 0) return returnsOnto(base, n, only);
  for (let suit = 0; suit < 4; suit++) {
    const h = found(suit);
    if (h === 0) continue;
    if (h === 13 ? firstEmpty < 0 : !anyPileTakes(makeCard(h, suit))) continue;
    if (foundationReturns && !returnUseful(suit)) continue;
    if (h === 13) {
      for (let b = 0; b < 7; b++) {
        if (len(b) !== 0 || (only >= 0 && b !== only)) continue;
        n = push(base, n, mv(F2T, suit, b, 1, 0), RETURN);
        if (firstEmptyOnly()) break;
      }
      continue;
    }
    n = addOnto(base, n, makeCard(h, suit), F2T, suit, 0, RETURN, only);
  }
  return n;
}

function returnsOnto(base: i32, n: i32, only: i32): i32 {
  const c1 = fit1;
  const c2 = fit2;
  if (c1 === 52) return n;
  if (found(c1 & 3) === unchecked(RANK[c1]) && (!foundationReturns || returnUseful(c1 & 3)))
    n = push(base, n, mv(F2T, c1 & 3, only, 1, 0), RETURN);
  if (found(c2 & 3) === unchecked(RANK[c2]) && (!foundationReturns || returnUseful(c2 & 3)))
    n = push(base, n, mv(F2T, c2 & 3, only, 1, 0), RETURN);
  return n;
}

/**
 * After a pile was emptied (EMPTIED): every way to put a King into an empty pile (the first one
 * only with oneEmptyColumn), from the stock, the tableau (a King run with cards under it) or a
 * foundation, unscored, in that order, into the moves at `outPtr`; returns how many. `kingMayFill`
 * tells, before the pile is emptied, whether there will be any.
 */
export function kingsForEmptied(): i32 {
  outAt = mv0;
  return kingsAfterEmptied(sn, sw, spass < passLimit);
}

/** `kingsForEmptied`, with the moves written at `at` (the search's frame). */
export function kingsForEmptiedAt(at: usize): i32 {
  outAt = at;
  return kingsAfterEmptied(sn, sw, spass < passLimit);
}

function kingsAfterEmptied(n: i32, w: i32, redealLeft: bool): i32 {
  dn = n;
  dw = w;
  redeal = redealLeft;
  const base = 0;
  let k = 0;
  stockReach();
  for (let b = 0; b < 7; b++) {
    if (len(b) !== 0) continue;
    for (let q = 0; q < reachN; q++) {
      const i = unchecked(reach[q]);
      if (unchecked(RANK[deck(i)]) === 13) setMove(base + k++, mv(S2T, 0, b, 1, i));
    }
    for (let a = 0; a < 7; a++) {
      if (len(a) === 0 || down(a) === 0 || unchecked(RANK[col(a * STRIDE + down(a))]) !== 13) continue;
      setMove(base + k++, mv(T2T, a, b, len(a) - down(a), 0));
    }
    if (foundationReturn) for (let suit = 0; suit < 4; suit++) if (found(suit) === 13) setMove(base + k++, mv(F2T, suit, b, 1, 0));
    if (firstEmptyOnly()) break;
  }
  return k;
}

// ---- for the tests: the noise and the sort on given scores ----

/** The scores of `n` moves at `outPtr` (read back there), each 0, with noise in [0, amount) from the xorshift state `seed`; returns the next state. */
export function noiseOf(amount: i32, seed: i32, n: i32): i32 {
  outAt = mv0;
  for (let i = 0; i < n; i++) unchecked((scores[i] = 0));
  noise = amount;
  rng = seed;
  addNoise(n);
  noise = 0;
  for (let i = 0; i < n; i++) setMove(i, unchecked(scores[i]));
  return rng;
}

/** Sorts the `n` moves at `outPtr` by the scores that follow them there (out[n … 2n)). */
export function sortOut(n: i32): void {
  outAt = mv0;
  for (let i = 0; i < n; i++) unchecked((scores[i] = moveAt(n + i)));
  sortByScore(0, n);
}

/** The stock list (`stockReach`) of a deck of n cards at stock position w, for the tests: its indices at `outPtr`, then their costs; returns how many. */
export function reachOf(n: i32, w: i32, redealLeft: bool): i32 {
  outAt = mv0;
  dn = n;
  dw = w;
  redeal = redealLeft;
  reachW = -1;
  stockReach();
  for (let k = 0; k < reachN; k++) {
    setMove(k, unchecked(reach[k]));
    setMove(reachN + k, unchecked(reachCost[k]));
  }
  return reachN;
}
