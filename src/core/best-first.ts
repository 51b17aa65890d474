/**
 * The search for the fewest moves, in the core: A* (Hart, Nilsson and Raphael, "A formal basis for
 * the heuristic determination of minimum cost paths", IEEE Transactions on Systems Science and
 * Cybernetics 4, 1968) over the moves of the verdict's search (search.ts, generate.ts), each move
 * costing the atomic moves it stands for and every position valued at its moves so far plus
 * bound.ts `lowerBound`, an admissible bound on the moves left.
 *
 * The positions found are nodes: a node keeps its parent, the move from it, its moves so far and
 * its depth (16 bytes), in the memory past the transposition table's room (table.ts `ttRoomEnd`),
 * from the top down. Open nodes wait in one list per count, the last one in taken first (deeper
 * lines first among equals). The table keeps the fewest moves each position was reached with: a
 * position reached again with no fewer is dropped. A node taken is searched from where the last
 * one left the position: its moves are taken back to the two nodes' common ancestor and made
 * again to it, with their safe moves (`goTo`). A win reached with fewer moves than the best line
 * known is kept as the best line; the search ends when the least count open is no smaller.
 *
 * Why the count it ends with is proved: every count taken from the lists is a lower bound on the
 * fewest moves. The first node of a shortest line not yet searched with the fewest moves to it is
 * open, with those moves, and its count is at most the line's (the bound is admissible, and a
 * node's count is at least its parent's, which keeps that true along the line); the count taken
 * is the least open. So when it reaches the best line's count, that line is the shortest.
 *
 * The restrictions a move puts on the next one (rules.ts `restrictionAfter`) make a position's
 * moves depend on the move that reached it: a position under a restriction has a key of its own
 * (`restrictedKey`), so that the table's entries are about one position and one set of moves. The
 * restrictions keep a line never longer than each line they drop (each reorders a line's moves;
 * rules.ts argues them).
 */
import { HOME_AFTER, S2F, S2T, T2F, mv } from './shared/move-encoding.ts';
import { MAX_DEPTH, MOVES_PER_NODE, PATH_WORDS } from './shared/frames.ts';
import { EMPTIED, FREE, PLACED, UNCOVERED } from './shared/modes.ts';
import { generateAt, kingsForEmptiedAt } from './generate.ts';
import { locks, placedCardLeft, restrictionAfter, safeSuits } from './rules.ts';
import { deckIndex, top } from './position-arrays.ts';
import { drawN } from './game-rules.ts';
import { SUIT_LANE, deckM, hash, nextM, shome, sn, sw } from './search-position.ts';
import { keyAfter } from './child-key.ts';
import { GOLDEN, fullBound, lowerBound, moveCost, setRedealCost, setupBound } from './bound.ts';
import { tBudget, tTouch, tWord, ttRoomEnd } from './table.ts';
import {
  clearPath,
  countNode,
  delayPartial,
  delayStock,
  emptyForKing,
  engineMoves,
  getPathLen,
  deckPlayed,
  locksOn,
  macros,
  movesPtr,
  pathPtr,
  playSafe,
  pushPath,
  safeDraws,
  safeFoundation,
  stockSafeFirst,
  undoSafe,
} from './search.ts';

/** How `bestFirst` ended: the least count open reached the best line (or none is open), a budget, the room for nodes, the depth. */
const FINISHED: i32 = 0;
const STOPPED: i32 = 1;
const FULL: i32 = 2;
const TOO_DEEP: i32 = 3;

const NIL: u32 = 0xffffffff;
/**
 * Open lists, one per count and bound (the count less the moves so far): the least count first,
 * and among equal counts the least bound, the nearest to a win (a count from COUNTS − 1 on, or a
 * bound from BOUNDS − 1 on, waits in the last list).
 */
const COUNTS: i32 = 512;
const BOUNDS: i32 = 128;
const headsAt: usize = memory.data(COUNTS * BOUNDS * 4, 16);
/** The list taken from next: its count and bound (a node added below them moves them back). */
let countNow: i32 = 0;
let boundNow: i32 = 0;
/** The best line found: the path (search.ts) that reached it. */
const bestPathAt: usize = memory.data(PATH_WORDS * 4, 16);
/** Per depth of the position searched: its node, where its move starts on the path, and its restriction. */
const navNodeAt: usize = memory.data(MAX_DEPTH * 4, 16);
const navMarkAt: usize = memory.data(MAX_DEPTH * 4, 16);
const navModeAt: usize = memory.data(MAX_DEPTH * 4, 16);
const chainAt: usize = memory.data(MAX_DEPTH * 4, 16);
/** Moves so far below this count in the table (it keeps the most "moves to spare", here G_TOP less the moves so far). */
const G_TOP: i32 = 0x40000000;

let nodesTop: usize = 0;
let capacity: u32 = 0;
let stored: u32 = 0;
let depthNow: i32 = 0;
let lower: i32 = 0;
let best: i32 = 0;
let bestLen: i32 = -1;
/** Set by `step`: the moves counted for the move, and for the safe moves played after it (their draws too). */
let stepCost: i32 = 0;
let stepAutos: i32 = 0;

function get(at: usize, i: i32): i32 {
  return load<i32>(at + ((<usize>i) << 2));
}
function set(at: usize, i: i32, v: i32): void {
  store<i32>(at + ((<usize>i) << 2), v);
}
function nodeAt(n: u32): usize {
  return nodesTop - ((<usize>n + 1) << 4);
}
function parentOf(n: u32): u32 {
  return load<u32>(nodeAt(n));
}
function moveOf(n: u32): i32 {
  return load<i32>(nodeAt(n), 4);
}
function gOf(n: u32): i32 {
  return <i32>load<u16>(nodeAt(n), 12);
}
function depthOf(n: u32): i32 {
  return <i32>load<u16>(nodeAt(n), 14) & 0x7fff;
}
/** The node's count includes bound.ts `fullBound` (bit 15 of its depth's word). */
function valued(n: u32): bool {
  return (load<u16>(nodeAt(n), 14) & 0x8000) !== 0;
}

/** The key of the position with the restriction on its next move: the hash, told apart per restriction and pile (any pile after EMPTIED). */
function restrictedKey(mode: i32, rCol: i32): u64 {
  return hash ^ salt(mode, rCol);
}
function salt(mode: i32, rCol: i32): u64 {
  if (mode === FREE) return 0;
  const which = <u64>(mode * 8 + (mode === EMPTIED ? 7 : rCol) + 1);
  return which * GOLDEN;
}

/** Adds a node open with count f; false when there is no room. */
function addNode(parent: u32, m: i32, g: i32, depth: i32, f: i32): bool {
  if (stored >= capacity) return false;
  const n = stored++;
  const at = nodeAt(n);
  store<u32>(at, parent);
  store<i32>(at, m, 4);
  store<u16>(at, <u16>g, 12);
  store<u16>(at, <u16>depth, 14);
  open(n, f, g);
  return true;
}
/** Puts node n (g moves so far) on the open list of count f. */
function open(n: u32, f: i32, g: i32): void {
  const fl = min(f, COUNTS - 1);
  const hl = min(f - g, BOUNDS - 1);
  if (fl === countNow && hl < boundNow) boundNow = hl;
  const list = headsAt + ((<usize>(fl * BOUNDS + hl)) << 2);
  store<u32>(nodeAt(n), load<u32>(list), 8);
  store<u32>(list, n);
}

/**
 * Makes move m (with the card home after it, for a compound move) and the safe moves after it, on
 * the path; sets `stepCost` and `stepAutos`. Returns the restriction it leaves (search.ts's steps):
 * the mode, bits 4–7 the pile plus one, bits 8–15 that pile's top plus one.
 */
function step(m: i32): i32 {
  let mode = FREE;
  let rCol = -1;
  let rCard = -1;
  if (m & HOME_AFTER) {
    const m1 = m & ~HOME_AFTER;
    const from = (m1 >> 4) & 15;
    stepCost = 2;
    pushPath(m1);
    pushPath(mv(T2F, from, top(from) & 3, 1, 0));
  } else {
    mode = restrictionAfter(m, delayStock, delayPartial, emptyForKing);
    stepCost = moveCost(m);
    pushPath(m);
    if (mode !== FREE) {
      rCol = mode === PLACED ? (m >> 8) & 15 : (m >> 4) & 15;
      if (mode !== EMPTIED) rCard = top(rCol);
    }
  }
  stepAutos = safeFoundation ? playSafe() + safeDraws : 0;
  if (mode === PLACED && stepAutos > 0 && deckPlayed) mode = FREE;
  if (mode === UNCOVERED && stepAutos > 0) mode = FREE;
  return mode | ((rCol + 1) << 4) | ((rCard + 1) << 8);
}

/** Brings the position to node t's: its line's moves taken back to the common ancestor with the position's node, and made again down to t. */
function goTo(t: u32): void {
  let x = t;
  let k = 0;
  while (depthOf(x) > depthNow) {
    set(chainAt, k++, x);
    x = parentOf(x);
  }
  while (<u32>get(navNodeAt, depthOf(x)) !== x) {
    set(chainAt, k++, x);
    x = parentOf(x);
  }
  const common = depthOf(x);
  if (common < depthNow) {
    const mark = get(navMarkAt, common + 1);
    undoSafe(getPathLen() - mark, mark);
  }
  depthNow = common;
  while (k > 0) {
    const y = <u32>get(chainAt, --k);
    const d = depthNow + 1;
    set(navMarkAt, d, getPathLen());
    set(navModeAt, d, step(moveOf(y)));
    set(navNodeAt, d, y);
    depthNow = d;
  }
}

/**
 * The keys of the positions after the moves at `at` as each move leaves them (before any safe
 * moves; 0 for a compound move), into `keysAt`; and their table slots read, in one loop, so that
 * their waits for memory overlap.
 */
function touchChildren(at: usize, count: i32): void {
  let t = 0;
  for (let k = 0; k < count; k++) {
    const m = get(at, k);
    let key: u64 = 0;
    if ((m & HOME_AFTER) === 0) {
      const mode = restrictionAfter(m, delayStock, delayPartial, emptyForKing);
      const rCol = mode === PLACED ? (m >> 8) & 15 : (m >> 4) & 15;
      key = keyAfter(m) ^ salt(mode, rCol);
      t ^= tTouch(key);
    }
    store<u64>(keysAt + ((<usize>k) << 3), key);
  }
  touched = t;
}
const keysAt: usize = memory.data(MOVES_PER_NODE * 8, 16);
/** What the last read-ahead read (kept, so that the reads are not optimised away). */
let touched: i32 = 0;
export function bfTouched(): i32 {
  return touched;
}

/**
 * Where deck index i comes in the order the stock's cards are reached at draw 1: the waste's top
 * (-1), then the stock to its end, then from the start after a redeal. A card at place p is p + 1
 * draws away, and a redeal too from place sn − sw on.
 */
function stockOrder(i: i32): i32 {
  return i === sw - 1 ? -1 : i >= sw ? i - sw : sn - sw + i;
}

/**
 * At draw 1, with `stockSafeFirst` (src/solver/options.ts): the place in the stock's order
 * (`stockOrder`) of the first card that may go home safely (rules.ts `safeHome`), where a stock
 * play home may come next (no restriction, or after a card placed from the stock); else past
 * every place. Stock plays of the cards after it are not made.
 *
 * Why a line it drops is matched by one it keeps that is never longer, counted either way. Let S
 * (rank r) be that card, at place s, and L a winning line from here whose first move plays a card
 * C at place c > s from the stock: its draws turn S on the way to C (after the same redeal when S
 * lies past the stock's end). L' makes L's draws as far as S's turn (none when S is the waste's
 * top), sends S home, makes the rest of the draws and plays C (c + 1 draws in all, as in L, and
 * the same redeal), then makes L's moves leaving out each later draw that turns S, each move of
 * S, and each move of a card of H: the cards home here of rank r − 1 or less (only foundation
 * returns move them). Each move of L' is legal, with L''s position L's without S and the cards of
 * H that L has brought down (home in L'):
 * - stock and waste: at draw 1 a draw turns the stock's next card, in L' the same card as in L
 *   unless that is S; a redeal needs an empty stock, and L''s is empty when L's is, so the redeals
 *   and passes are the same; the waste's top is L's unless that is S, and L plays no card from
 *   under S before S leaves, so every waste play of L but S's plays the same card in L'.
 * - piles: only cards of rank r − 1 of the other colour go on S, and those are home here (safe);
 *   with returns, every card of rank r − 2 or less is home too (the other colour holds r − 1,
 *   S's suit r − 1, its twin r − 2), so every card that can rest on S or on a card of H, at any
 *   depth, is in H. So L''s piles are L's with S and the cards of H lifted off, every other card
 *   in its place; a run that L moves is moved the same less those cards, to the same place (a King
 *   S into an empty pile is left out, and that pile stays empty).
 * - foundations: each holds L's cards and, in L', S (before L sends it) and the cards of H that L
 *   has brought down. L plays home or returns no card below one of these in its suit: a card
 *   below one of H is of lower rank and home here, so in H; below S is S − 1, in H; and L plays
 *   nothing home on S's suit before S.
 *   With a two as S (safe at any height), an Ace L puts on S goes home in L' instead, the same
 *   move from the same place, and its later moves are left out.
 * L moves S at least once (S goes home in it), so L' has no more draws, redeals and card moves
 * than L, and wins where L wins. Its first move, S's play home, is made here: a play home is
 * never a locking move, and after a card placed from the stock a stock play may come next. Then
 * from the position after it, with fewer moves to the fewest, the same again (by induction on the
 * fewest moves, each move costing one or more): every position keeps a shortest line. The rule
 * reads only the position and its restriction, both in the table's key (`restrictedKey`).
 */
function safeInStock(mode: i32): i32 {
  if (!stockSafeFirst || drawN !== 1 || (mode !== FREE && mode !== PLACED)) return 0x7fffffff;
  let cards = nextM & (SUIT_LANE * <u64>safeSuits()) & deckM;
  let first = 0x7fffffff;
  for (; cards !== 0; cards &= cards - 1) first = min(first, stockOrder(deckIndex(<i32>ctz(cards))));
  return first;
}

/** Searches the position of node n (open with count f): its children open, a win kept. Returns how the search goes on (FINISHED: it does). */
function expand(n: u32, f: i32): i32 {
  const d = depthNow;
  if (d + 1 >= MAX_DEPTH - 1) return TOO_DEEP;
  const restriction = get(navModeAt, d);
  const mode = restriction & 15;
  const rCol = ((restriction >> 4) & 15) - 1;
  const at = movesPtr();
  const count = !macros ? engineMoves(0) : mode === EMPTIED ? kingsForEmptiedAt(at) : generateAt(at, false, rCol, mode);
  const g = gOf(n);
  touchChildren(at, count);
  const passed = safeInStock(mode);
  for (let k = 0; k < count; k++) {
    const m = get(at, k);
    if (locksOn && locks(m)) continue;
    const kind = m & 15;
    if ((kind === S2F || kind === S2T) && stockOrder((m >> 18) & 63) > passed) continue;
    // reached before with no more moves: its key as the move leaves it is in the table only when
    // no safe move follows (a position kept has none left), and then it is the child's
    const key = load<u64>(keysAt + ((<usize>k) << 3));
    if (key !== 0 && tWord(key) > G_TOP - g - moveCost(m)) continue;
    if (countNode()) return STOPPED;
    const mark = getPathLen();
    const r = step(m);
    const gc = g + stepCost + stepAutos;
    if (gc > 0xffff) return TOO_DEEP;
    let room = true;
    if (shome === 52) {
      if (gc < best) {
        best = gc;
        bestLen = getPathLen();
        memory.copy(bestPathAt, pathPtr(), (<usize>bestLen) << 2);
      }
    } else if ((r & 15) !== PLACED || !placedCardLeft(((r >> 4) & 15) - 1, (r >> 8) - 1)) {
      // a child's count is at least its parent's (a lower bound on a line through it too)
      const fc = max(f, gc + lowerBound());
      if (fc < best && !tBudget(restrictedKey(r & 15, ((r >> 4) & 15) - 1), G_TOP - gc)) room = addNode(n, m, gc, d + 1, fc);
    }
    undoSafe(getPathLen() - mark, mark);
    if (!room) return FULL;
  }
  return FINISHED;
}

/**
 * A* from the position in the core (the search's settings set: search.ts `setSearch`), with a line
 * of `upper` moves known, a redeal costing `redealCost`. Returns FINISHED (then `bfLower` is the
 * fewest moves, the best line's count), STOPPED (a budget: search.ts `getAborted`), FULL (no room
 * for more nodes) or TOO_DEEP; `bfLower` is a lower bound all the same. The position is the start's again on return.
 */
export function bestFirst(upper: i32, redealCost: i32): i32 {
  setRedealCost(redealCost);
  setupBound();
  nodesTop = (<usize>memory.size()) << 16;
  const floor = ttRoomEnd();
  capacity = nodesTop > floor ? <u32>((nodesTop - floor) >> 4) : 0;
  stored = 0;
  memory.fill(headsAt, 0xff, COUNTS * BOUNDS * 4);
  best = upper;
  bestLen = -1;
  clearPath();
  const autos = safeFoundation ? playSafe() + safeDraws : 0;
  let how = FINISHED;
  lower = autos + lowerBound();
  if (shome === 52) {
    if (autos < best) {
      best = autos;
      bestLen = getPathLen();
      memory.copy(bestPathAt, pathPtr(), (<usize>bestLen) << 2);
    }
  } else {
    set(navNodeAt, 0, 0);
    set(navMarkAt, 0, 0);
    set(navModeAt, 0, FREE);
    depthNow = 0;
    countNow = min(lower, COUNTS - 1);
    boundNow = 0;
    tBudget(hash, G_TOP - autos);
    if (!addNode(NIL, 0, autos, 0, lower)) how = FULL;
    else how = searchOpen();
  }
  if (how === FINISHED) lower = best;
  undoSafe(getPathLen(), 0);
  return how;
}

/** Takes open nodes, least count first, until that count reaches the best line's or a limit stops the search. */
function searchOpen(): i32 {
  let how = FINISHED;
  while (how === FINISHED) {
    let list = headsAt + ((<usize>(countNow * BOUNDS + boundNow)) << 2);
    while (countNow < COUNTS && load<u32>(list) === NIL) {
      if (++boundNow === BOUNDS) {
        countNow++;
        boundNow = 0;
      }
      list = headsAt + ((<usize>(countNow * BOUNDS + boundNow)) << 2);
    }
    const f = countNow;
    if (f >= best || f >= COUNTS) break;
    lower = max(lower, f);
    const n = load<u32>(list);
    store<u32>(list, load<u32>(nodeAt(n), 8));
    goTo(n);
    if (!valued(n)) {
      // the costlier part of the bound, on the nodes taken only: a node it raises waits again
      const at = nodeAt(n);
      store<u16>(at, load<u16>(at, 14) | 0x8000, 14);
      const g = gOf(n);
      const full = max(f, g + fullBound());
      if (full > f) {
        open(n, full, g);
        continue;
      }
    }
    how = expand(n, f);
  }
  return how;
}

/** After `bestFirst`: no line has fewer moves than this. */
export function bfLower(): i32 {
  return lower;
}
/** The best line's count: the one found, or `upper`. */
export function bfBest(): i32 {
  return best;
}
/** The path of the best line found (search.ts moves from the start), and its length (-1: none found). */
export function bfPathPtr(): usize {
  return bestPathAt;
}
export function bfPathLen(): i32 {
  return bestLen;
}
