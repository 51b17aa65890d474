/**
 * What the move generator (generate.ts) knows while it works: the rules and pruning switches of
 * the search (`configure`), the position's numbers and where its cards could go for the running
 * call (`beginCall`), the stock list, and the pruning rules the generator applies (each argued
 * where it is stated). The kinds of move (stock-plays.ts, tableau-moves.ts) read them.
 */
import { col, deck, deckIndex, down, found, isDown, len, pileOf, top } from './position-arrays.ts';
import { deckM, downM, emptyP, feetM, homeM, topsM } from './search-position.ts';
import { STRIDE } from './shared/layout.ts';
import { makeCard } from './shared/card-relations.ts';
import { mv } from './shared/move-encoding.ts';
import { CHILD1, CHILD2, PARENT1, PARENT2, RANK, RED, at, put } from './card-lookups.ts';
import { push } from './move-list.ts';

// ---- the position's numbers for the running call ----
/** The deck's length, the stock position, a redeal left (set by each call). */
export let dn: i32 = 0;
export let dw: i32 = 0;
export let redeal: bool = false;
/** The stock's last card may go home safely (rules.ts `safeLastStockCard`, worked out by the caller). */
export let lastSafe: bool = false;

// ---- the rules and switches of the search (`configure`) ----
export let draw: i32 = 1;
export let foundationReturn: bool = true;
export let allReach: bool = true;
export let partialRule: bool = true;
export let foundationReturns: bool = true;
export let oneEmptyColumn: bool = true;
export let twinSwaps: bool = true;
export let emptyForKing: bool = true;
/** keepSafeHome: a foundation card that the safe moves would send straight back home is not brought down (`bouncesHome`). */
export let keepSafeHome: bool = true;
/** Safe moves home are played (safeFoundation), and not every stock card is always reachable: the stock's last card may hold back the plays after a redeal (rules.ts `safeLastStockCard`). */
export let lastCheck: bool = false;

// ---- where cards could go, for the running call ----
/** The first empty pile (−1: none). */
export let firstEmpty: i32 = -1;
/** The cards that fit on some pile's top (bit c: one of c's parents is a top), so that "does any pile take c" is one test. */
export let takenMask: u64 = 0;
/** After a restriction onto pile `only`: the two cards that fit on its top (−1: no restriction), and whether either is face up in the tableau. */
export let fit1: i32 = -1;
export let fit2: i32 = -1;
export let fitFaceUp: bool = false;
/** Whether a King could fill a pile emptied now (−1: not worked out yet this call). */
let kingMayCome: i32 = -1;

// ---- the stock list ----
/**
 * The stock lists worked out so far, one row for each deck length n (0–52), stock position w
 * (0–n) and whether a redeal is left: a stamp (the row is this search's when it holds `reachStamp`),
 * the count, the indices (from byte 8) and their costs (from byte 60), a byte each, and the
 * indices of cost 1 and of cost 2 as sets (64-bit words at bytes 112 and 120).
 */
const REACH_ROW: i32 = 128;
const reachRows: usize = memory.data(53 * 53 * 2 * REACH_ROW, 16);
/** Rows stamped otherwise were made under other rules (a new search's `configure` moves it on). */
let reachStamp: i32 = 1;
/** The running call's row, and its count. */
let reachAt: usize = reachRows;
export let reachN: i32 = 0;
/** The k-th deck index of the stock list. */
export function reach(k: i32): i32 {
  return <i32>load<u8>(reachAt + 8 + <usize>k);
}
/** Its cost: 0 the waste top, 1 this pass, 2 after a redeal. */
export function reachCost(k: i32): i32 {
  return <i32>load<u8>(reachAt + 60 + <usize>k);
}
/** The running call's deck indices of cost 1 and of cost 2 (bit i: index i). */
let reach1: u64 = 0;
let reach2: u64 = 0;
/** The cost of deck index i in the running call's stock list, or −1 when the list does not hold it. */
export function costOf(i: i32): i32 {
  if (i === dw - 1) return 0;
  if (((reach1 >> <u64>i) & 1) !== 0) return 1;
  return ((reach2 >> <u64>i) & 1) !== 0 ? 2 : -1;
}
/** The entries of the stock list found by `stockListOf`: cost << 8 | deck index. */
const listAt: usize = memory.data(64 * 4, 16);
/** The k-th entry found by `stockListOf`. */
export function listed(k: i32): i32 {
  return at(listAt, k);
}
/**
 * The entries of the running call's stock list (`stockReach`) whose cards lie in set `want` (cards
 * in the deck), in the list's order (cost, then index), into `listed`, without those of cost 2
 * when `skipRedeal`; returns how many. Each card's index is looked up (`deckIndex`) and its cost
 * read from the list's sets: the list itself is not walked.
 */
export function stockListOf(want: u64, skipRedeal: bool): i32 {
  let k = 0;
  for (; want !== 0; want &= want - 1) {
    const i = inline.always(deckIndex(<i32>ctz(want)));
    const cost = inline.always(costOf(i));
    if (cost < 0 || (cost === 2 && skipRedeal)) continue;
    const key = (cost << 8) | i;
    let j = k - 1;
    while (j >= 0 && at(listAt, j) > key) {
      put(listAt, j + 1, at(listAt, j));
      j--;
    }
    put(listAt, j + 1, key);
    k++;
  }
  return k;
}

// ---- cards that could land somewhere now (`markAvailable`) ----
const available: usize = memory.data(52 * 4, 16);
let mark: i32 = 0;
let marked: bool = false;

/**
 * The rules and the pruning switches of a search (bits: partialRuns 1, foundationReturns 2,
 * oneEmptyColumn 4, twinSwaps 8, emptyForKing 16, safeFoundation 32, moves counted 64,
 * keepSafeHome 128, which src/solver/options.ts turns off with safeFoundation). A search
 * that counts moves lists the stock plays by their draws even where every card is always within
 * reach (draw 1, unlimited passes): the draws are moves too.
 */
export function configure(drawN: i32, unlimitedPasses: bool, returnsAllowed: bool, switches: i32): void {
  draw = drawN;
  foundationReturn = returnsAllowed;
  allReach = drawN === 1 && unlimitedPasses && (switches & 64) === 0;
  partialRule = (switches & 1) !== 0;
  foundationReturns = (switches & 2) !== 0;
  oneEmptyColumn = (switches & 4) !== 0;
  twinSwaps = (switches & 8) !== 0;
  emptyForKing = (switches & 16) !== 0;
  keepSafeHome = (switches & 128) !== 0;
  lastCheck = (switches & 32) !== 0 && !(drawN === 1 && unlimitedPasses);
  reachStamp++;
}

/** The stock's numbers for the running call: the deck's length, the stock position, a redeal left. */
export function setStock(n: i32, w: i32, redealLeft: bool): void {
  dn = n;
  dw = w;
  redeal = redealLeft;
}

/** Sets up a call of the generator on the position (`only`: the pile the previous move restricts the next to, or −1). */
export function beginCall(n: i32, w: i32, redealLeft: bool, lastCardSafe: bool, only: i32): void {
  inline.always(setStock(n, w, redealLeft));
  lastSafe = lastCardSafe;
  if (!allReach) stockReach();
  firstEmpty = emptyP !== 0 ? ctz(emptyP) : -1;
  takenMask = inline.always(childrenOf(topsM));
  marked = false;
  kingMayCome = -1;
  if (only >= 0 && len(only) !== 0) {
    const t = top(only);
    fit1 = at(CHILD1, t);
    fit2 = at(CHILD2, t);
    fitFaceUp = inline.always(faceUpInTableau(fit1)) || inline.always(faceUpInTableau(fit2));
  } else {
    fit1 = -1;
    fit2 = -1;
    fitFaceUp = false;
  }
}

/** Bit 0 of every rank's four cards. */
const LANE: u64 = 0x1111111111111;
/** The four Kings. */
export const KINGS: u64 = (<u64>15) << 48;
/**
 * The cards that fit on some card of set t (one rank lower, the other colour), as a set: for each
 * rank, a red card there (diamonds, hearts: bits 1 and 2 of its four) admits the clubs and spades
 * (bits 0 and 3) of the rank below, a black one the diamonds and hearts. Nothing fits on an Ace.
 */
export function childrenOf(t: u64): u64 {
  const red = ((t >> 1) | (t >> 2)) & LANE;
  const black = (t | (t >> 3)) & LANE;
  return ((red * 9) | (black * 6)) >> 4;
}

/** The pile whose top card c (0–52) is, or −1. */
export function topPile(c: i32): i32 {
  return ((topsM >> <u64>c) & 1) !== 0 ? pileOf(c) : -1;
}

// ---- the rules the generator applies (the others: rules.ts) ----
/**
 * The top card c of the foundation of `suit` may come back down: some card of the other colour,
 * one rank lower (to land on c) or of the same rank (to hold the next lower card of c's suit,
 * which c must leave the foundation for), is not face down. Never an Ace (nothing lands on it,
 * and nothing lies under it). Exact: while all four are face down, c on the tableau can neither
 * hold a card nor open the way for one; a line that brings c down then can bring it down just
 * before one of them turns up and is used instead (keeping c home longer), or never.
 */
export function returnUseful(suit: i32): bool {
  const h = found(suit);
  if (h <= 1) return false;
  const c = makeCard(h, suit);
  const red = at(RED, c) !== 0;
  const o1 = red ? 0 : 1;
  const o2 = red ? 3 : 2;
  return !isDown(makeCard(h - 1, o1)) || !isDown(makeCard(h - 1, o2)) || !isDown(makeCard(h, o1)) || !isDown(makeCard(h, o2));
}
/**
 * keepSafeHome (with safe moves home, safeFoundation): the top card c of the foundation of `suit`
 * would go straight back home if it came down: with its suit one lower, c is safe (rules.ts
 * `safeHome`: a two, or both foundations of the other colour at least one rank below c and the
 * other suit of its colour at least two below). Such a return is not made. Exact: the position it
 * leads to has c as a pile's top, ready and safe, so its safe moves send c home again, and nothing
 * else: the position before had played its safe moves, and c down makes no other card safer (a
 * lower foundation only takes safety away). So the position after the return and its safe moves
 * is the position before it, and a line through it does the same without the two moves. For the
 * most cards home likewise (the count goes down by one and back), and for the fewest moves (two
 * moves that change nothing). lonelybot leaves out the same "non-progress" returns.
 */
export function bouncesHome(suit: i32): bool {
  const h = found(suit);
  if (h <= 2) return true;
  // the other colour's suits: clubs and spades for a red suit, diamonds and hearts for a black one
  const red = suit === 1 || suit === 2;
  if (found(red ? 0 : 1) < h - 1 || found(red ? 3 : 2) < h - 1) return false;
  return found(suit ^ 3) >= h - 2;
}
/**
 * A run that is not a pile's whole face-up run moves off face-up card x only to send x home next
 * (with twinSwaps, as one compound move). Exact: the run's base card c fits only on x and on y,
 * the twin of x, so the move puts it on y; the position it leaves differs from the one before
 * only by which twin holds the run (one state with twinSwaps); what it adds is x uncovered, and
 * x uncovered matters for sending x home, or (without twinSwaps) for letting c's twin take c's
 * place on x (`twinCanReplace`).
 */
export function partialSendsHome(x: i32): bool {
  return found(x & 3) === at(RANK, x) - 1;
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
export function kingMayFill(): bool {
  if (foundationReturn && (found(0) === 13 || found(1) === 13 || found(2) === 13 || found(3) === 13)) return true;
  for (let feet = feetM & KINGS; feet !== 0; feet &= feet - 1) if (down(pileOf(<i32>ctz(feet))) > 0) return true;
  let kings = deckM & KINGS;
  if (kings === 0) return false;
  if (allReach) return true;
  for (; kings !== 0; kings &= kings - 1) if (inline.always(costOf(deckIndex(<i32>ctz(kings)))) >= 0) return true;
  return false;
}

// ---- empty piles and twins (oneEmptyColumn, emptyForKing, partialRuns without twinSwaps) ----

/**
 * oneEmptyColumn: a King (or King run) goes into the first empty pile only. Exact: the piles are
 * interchangeable (the key ignores their order), so every empty pile gives the same position.
 */
export function firstEmptyOnly(): bool {
  return oneEmptyColumn;
}

/**
 * oneEmptyColumn: the King run of pile a may move into an empty pile only when cards lie under
 * it. Exact: with nothing under it, the move gives the same position up to column order.
 */
export function kingRunMayMove(a: i32): bool {
  return !(oneEmptyColumn && down(a) === 0);
}

/**
 * After PLACED, pile a's whole run may also move elsewhere than onto the placed card when that
 * empties the pile and emptyForKing is on: the emptying must then come just before its King,
 * which the stock play may have brought within reach, so it cannot be moved before the stock play.
 */
export function emptyingAfterPlaced(a: i32): bool {
  return emptyForKing && down(a) === 0;
}

/**
 * Without twinSwaps, the other reason to move a partial run based on c off x: c's twin is free
 * now (marked by `markAvailable`) and can take c's place on x.
 */
export function twinCanReplace(c: i32): bool {
  return at(available, c ^ 3) === mark;
}

/** Whether some King could fill a pile emptied now (`kingMayFill`), worked out once a call. */
export function kingMayComeNow(): bool {
  if (kingMayCome < 0) {
    stockReach();
    kingMayCome = kingMayFill() ? 1 : 0;
  }
  return kingMayCome === 1;
}

// ---- the stock list ----

/**
 * The deck indices that moves.ts `stockCost` allows (the one statement of the stock-reach rule),
 * cheapest first (the waste top, then this pass, then after a redeal; each group in deck order),
 * and their costs, into `reach` and `reachCost`. The loops step through the draw grids that
 * `stockCost` describes (a card on both grids, or the waste top, counts at its lower cost: the
 * grids coincide from w on when w is a multiple of the draw); the tests check the two agree at
 * every node. Which indices those are depends only on the stock position, the deck's length and
 * whether a redeal is left (the draw is the search's), so each list is worked out once a search
 * and kept in its row (`reachRows`): a search moves between a few stock positions, back and forth.
 */
/** Writes deck index i with its cost as entry k of the stock list at `row`; returns k + 1. */
function list(row: usize, k: i32, i: i32, cost: i32): i32 {
  store<u8>(row + 8 + <usize>k, <u8>i);
  store<u8>(row + 60 + <usize>k, <u8>cost);
  if (cost > 0) store<u64>(row + 104 + <usize>(cost << 3), load<u64>(row + 104 + <usize>(cost << 3)) | ((<u64>1) << (<u64>i)));
  return k + 1;
}
export function stockReach(): void {
  const r: i32 = redeal ? 1 : 0;
  const w = dw;
  const n = dn;
  const row = reachRows + <usize>(((n * 53 + w) * 2 + r) * REACH_ROW);
  reachAt = row;
  if (load<i32>(row) !== reachStamp) {
    store<u64>(row, 0, 112);
    store<u64>(row, 0, 120);
    let k = 0;
    if (w > 0) k = list(row, k, w - 1, 0);
    if (w < n) {
      for (let i = w + draw - 1; i < n - 1; i += draw) k = list(row, k, i, 1);
      k = list(row, k, n - 1, 1);
    }
    if (redeal) {
      const end = w % draw === 0 ? min(w, n - 1) : n - 1;
      for (let i = draw - 1; i < end; i += draw) if (i !== w - 1) k = list(row, k, i, 2);
    }
    store<u8>(row, <u8>k, 4);
    store<i32>(row, reachStamp);
  }
  reachN = <i32>load<u8>(row, 4);
  reach1 = load<u64>(row, 112);
  reach2 = load<u64>(row, 120);
}

// ---- where a card can go ----
/** All 52 cards. */
const ALL: u64 = ((<u64>1) << 52) - 1;
/** Card c (0–52) lies face up in the tableau: neither face down, in the deck nor home. */
export function faceUpInTableau(c: i32): bool {
  return (((ALL & ~(downM | deckM | homeM)) >> <u64>c) & 1) !== 0;
}
export function anyPileTakes(c: i32): bool {
  return ((takenMask >> <u64>c) & 1) !== 0;
}
export function addOnto(base: i32, n: i32, c: i32, kind: i32, a: i32, i: i32, score: i32, only: i32): i32 {
  let b1 = inline.always(topPile(at(PARENT1, c)));
  let b2 = inline.always(topPile(at(PARENT2, c)));
  if (b1 > b2) {
    const t = b1;
    b1 = b2;
    b2 = t;
  }
  if (b1 >= 0 && (only < 0 || b1 === only)) n = inline.always(push(base, n, mv(kind, a, b1, 1, i), score));
  if (b2 >= 0 && (only < 0 || b2 === only)) n = inline.always(push(base, n, mv(kind, a, b2, 1, i), score));
  return n;
}

/** Marks with a fresh mark (marks never need clearing) the cards that could land somewhere now: face-up tableau cards, reachable stock cards, foundation tops. */
export function markAvailable(): void {
  if (++mark === 0x7fffffff) {
    for (let c = 0; c < 52; c++) put(available, c, 0);
    mark = 1;
  }
  stockReach();
  for (let a = 0; a < 7; a++) for (let j = a * STRIDE + down(a); j < a * STRIDE + len(a); j++) put(available, col(j), mark);
  for (let k = 0; k < reachN; k++) put(available, deck(reach(k)), mark);
  if (foundationReturn) for (let suit = 0; suit < 4; suit++) if (found(suit) > 0) put(available, makeCard(found(suit), suit), mark);
  marked = true;
}

/** `markAvailable` has run this call. */
export function availableMarked(): bool {
  return marked;
}

/** The stock list (`stockReach`) of a deck of n cards at stock position w, for the tests: its indices and their costs in `out`; returns how many. */
export function reachOfInto(n: i32, w: i32, redealLeft: bool, out: usize): i32 {
  inline.always(setStock(n, w, redealLeft));
  reachStamp++; // worked out afresh
  stockReach();
  for (let k = 0; k < reachN; k++) {
    store<i32>(out + ((<usize>k) << 2), reach(k));
    store<i32>(out + ((<usize>(reachN + k)) << 2), reachCost(k));
  }
  return reachN;
}
