/**
 * The solver's depth-first search, in the core: the loop that src/solver/search-driver.ts describes and
 * runs (with the restarts, budgets and objectives around it), over the position of search-position.ts,
 * with the moves of generate.ts, the rules of rules.ts and the transposition table of table.ts.
 * It calls back into TypeScript, through the module's imports, for the budget checks (every
 * 1,024 positions, and at the node budget), for the plain engine's moves when a search has no
 * stock macro-moves, and for another objective.
 *
 * Frames are indexed by depth: the moves of frame d at `movesPtr` + d·MOVES_PER_NODE, the keys
 * of the positions after them beside (64-bit words), the path from the start and its
 * undo tokens, and per frame its move count, the next move to try, its safe moves and where they
 * start on the path, and the undo tokens of the move being tried. A search stopped short (a
 * budget, a restart) unwinds to its start before it returns, so the position is then the start's.
 */

import { F2T, HOME_AFTER, S2F, S2T, T2F, T2T, mv } from './shared/move-encoding.ts';
import { MAX_DEPTH, MOVES_PER_NODE, PATH_WORDS } from './shared/frames.ts';
import { EMPTIED, FREE, PLACED, UNCOVERED } from './shared/modes.ts';
import { generateAt, kingsForEmptiedAt } from './generate.ts';
import {
  drawReach,
  lockedCards,
  locks,
  onDrawGrid,
  placedCardLeft,
  restrictionAfter,
  safeLastStockCard,
  safeSuits,
  stockAlwaysReachable,
} from './rules.ts';
import { deck, deckIndex, pilesOf, top, len } from './position-arrays.ts';
import { drawN, unlimited } from './game-rules.ts';
import { wk } from './zobrist-key.ts';
import { SUIT_LANE, deckM, downM, hash, make, nextM, shome, sn, sw, topsM, undo } from './search-position.ts';
import { keyAfter } from './child-key.ts';
import { deadlocked, newLayout } from './deadlock.ts';
import { tAddBits, tInsert, tRemove, tRemoveBit, tTouch } from './table.ts';

// ---- the budgets and objectives, in TypeScript (the module's imports from "search": core-instance.ts) ----
/** The budget check: returns why the search stops (0: it goes on); sets the next check (`setNextCheck`) and `forgetting`. */
declare function check(): i32;
/** Without stock macro-moves: the plain engine's moves of the position (moves.ts `genAtomic`) at frame offset `base`; returns how many. */
declare function atomicMoves(base: i32): i32;
/** Another objective (src/solver/objective.ts `Objective`): the position entered, after its safe moves, with the path to it; 1 ends the search. */
declare function reached(pathLen: i32): i32;
/** The same position, once stored in the table: 1 cuts it. */
declare function cut(): i32;

const movesAt: usize = memory.data(MAX_DEPTH * MOVES_PER_NODE * 4, 16);
const childKeysAt: usize = memory.data(MAX_DEPTH * MOVES_PER_NODE * 8, 16);
const pathAt: usize = memory.data(PATH_WORDS * 4, 16);
const tokensAt: usize = memory.data(PATH_WORDS * 4, 16);
const fCountAt: usize = memory.data(MAX_DEPTH * 4, 16);
const fNextAt: usize = memory.data(MAX_DEPTH * 4, 16);
const fAutosAt: usize = memory.data(MAX_DEPTH * 4, 16);
const fMarkAt: usize = memory.data(MAX_DEPTH * 4, 16);
const fTokenAt: usize = memory.data(MAX_DEPTH * 4, 16);
const fToken2At: usize = memory.data(MAX_DEPTH * 4, 16);

export function movesPtr(): usize {
  return movesAt;
}
export function pathPtr(): usize {
  return pathAt;
}

function ld(at: usize, i: i32): i32 {
  return load<i32>(at + ((<usize>i) << 2));
}
function st32(at: usize, i: i32, v: i32): void {
  store<i32>(at + ((<usize>i) << 2), v);
}
/** The key of the position after move k of the frames (`childHashes`). */
function childKeyAt(k: i32): u64 {
  return load<u64>(childKeysAt + ((<usize>k) << 3));
}

// ---- the search's settings and counts (the search for the fewest moves, best-first.ts, reads them too) ----
let dom: bool = false;
export let safeFoundation: bool = true;
export let delayStock: bool = true;
export let delayPartial: bool = true;
export let emptyForKing: bool = true;
let stockToo: bool = false;
let lastToo: bool = false;
/**
 * The search for the fewest moves at draw 1 (src/solver/options.ts `safeWasteTop`,
 * `safeStockNext`): the waste's top card goes home when safe (no draw: one move, like a pile's
 * top), and the stock's next card with the draw that turns it (`safeDraws`). Why a line is kept
 * that is never longer, counted either way: best-first.ts `safeInStock`'s argument with S at
 * place −1 (the waste's top) or 0 (the stock's next card). L' makes the draw that turns S (none
 * for the waste's top), sends S home, then makes L's moves leaving out each draw that turns S
 * (for the stock's next card, L's first draw is one), each move of S and each move of a card of
 * H; that argument's steps hold whatever L's first move is, so every other first move can go.
 * After a stock card placed, the card these bring within reach can go home before the placed
 * one: rules.ts `placedCardLeft` (the restriction is lifted then, `deckPlayed`).
 */
let wasteTopToo: bool = false;
let stockNextToo: bool = false;
/** The draws the last safe moves (`playSafe`) made: moves beyond one a card. */
export let safeDraws: i32 = 0;
export let locksOn: bool = false;
/** The search for the fewest moves at draw 1: no stock play past the first safe card (best-first.ts `safeInStock`). */
export let stockSafeFirst: bool = true;
export let macros: bool = true;
/** The deadPositions strategy: a position entered after a move that put a card on a pile is tested for a deadlock (deadlock.ts). */
let deadOn: bool = false;
/** The move being tried puts a card on a pile, the card it covers (52: none, a King into an empty pile), and its kind (deadlock.ts `deadlocked`). */
let deadTest: bool = false;
let covered: i32 = 52;
let coverKind: i32 = 0;
let objective: bool = false;
let noiseDepth: i32 = 0;
/**
 * The last safe moves (`playSafe`) sent a card of the stock or waste home by the rules that reach
 * only some of its cards: the stock's last card (`lastToo`), the waste's top or the stock's next
 * card (`wasteTopToo`, `stockNextToo`). After a stock card placed, the restriction is then lifted
 * (rules.ts `placedCardLeft` says why).
 */
export let deckPlayed: bool = false;
let nodes: f64 = 0;
let hits: f64 = 0;
let nextCheck: f64 = 0;
/** Why the search stopped (0: it did not); the codes are src/solver/search-driver.ts's. */
let aborted: i32 = 0;
const ABORT_DEPTH: i32 = 4;
const ABORT_REACHED: i32 = 6;
/** The search stops to go on later: the positions of its line come out of the table. */
let forgetting: bool = false;
let pathLen: i32 = 0;

/**
 * The settings of a search (bits: stock dominance 1, safe foundation moves 2, delayStock 4,
 * delayPartial 8, emptyForKing 16, stock macro-moves 32, another objective 64, the moves counted
 * 128: the search for the fewest moves, best-first.ts; deadlocked positions cut 256; in that
 * search at draw 1, no stock play past a safe card 512: best-first.ts `safeInStock`, the waste's
 * top home when safe 1024 and the stock's next card 2048: `wasteTopToo`), the depth below which
 * its frames get noise; the rules are game-rules.ts's (set by zobrist-key.ts `setRules`). With
 * the moves counted, only tableau cards and, at draw 1 with those bits, the waste's top and the
 * stock's next card go home as safe moves (a stock card's other draws are moves too).
 */
export function setSearch(flags: i32, noiseBelow: i32): void {
  dom = (flags & 1) !== 0;
  safeFoundation = (flags & 2) !== 0;
  delayStock = (flags & 4) !== 0;
  delayPartial = (flags & 8) !== 0;
  emptyForKing = (flags & 16) !== 0;
  macros = (flags & 32) !== 0;
  objective = (flags & 64) !== 0;
  const counted = (flags & 128) !== 0;
  deadOn = (flags & 256) !== 0;
  stockSafeFirst = (flags & 512) !== 0;
  stockToo = !counted && stockAlwaysReachable();
  lastToo = !counted && macros && drawN > 1 && unlimited;
  wasteTopToo = counted && drawN === 1 && (flags & 1024) !== 0;
  stockNextToo = counted && drawN === 1 && (flags & 2048) !== 0;
  noiseDepth = noiseBelow;
}
export function setLocks(on: bool): void {
  locksOn = on;
  if (on) lockedCards();
}
export function setCounts(n: f64, h: f64, next: f64): void {
  nodes = n;
  hits = h;
  nextCheck = next;
}
export function setNextCheck(next: f64): void {
  nextCheck = next;
}
export function setAborted(why: i32, forget: bool): void {
  aborted = why;
  forgetting = forget;
}
export function getNodes(): f64 {
  return nodes;
}
export function getHits(): f64 {
  return hits;
}
export function getAborted(): i32 {
  return aborted;
}
export function getPathLen(): i32 {
  return pathLen;
}
/** The path starts again from the position as it is (the search for the fewest moves, best-first.ts). */
export function clearPath(): void {
  pathLen = 0;
}
/** A position entered by the search for the fewest moves: counted, with the budget checks; true when the search stops. */
export function countNode(): bool {
  nodes += 1;
  if (nodes >= nextCheck) aborted = check();
  return aborted !== 0;
}
/** Without stock macro-moves: the plain engine's moves of the position at frame offset `base` (the client's `atomicMoves`). */
export function engineMoves(base: i32): i32 {
  return atomicMoves(base);
}

// ---- the table ----
/** Stores the position; true when it was there. */
export function insertHere(): bool {
  return storeHere(dom);
}
/** `insertHere` for a search with stock dominance (`isDom`) or not. */
function storeHere(isDom: bool): bool {
  return isDom ? tAddBits(hash, 1 << inline.always(wk(sw, sn))) : tInsert(hash);
}
function removeHere(isDom: bool): void {
  if (isDom) tRemoveBit(hash, inline.always(wk(sw, sn)));
  else tRemove(hash);
}
function closeHere(): void {
  const bits = drawReach();
  if (bits !== 0) tAddBits(hash, bits);
}
function childBit(m: i32): i32 {
  const kind = m & 15;
  return kind === S2F || kind === S2T ? inline.always(wk((m >> 18) & 63, sn - 1)) : inline.always(wk(sw, sn));
}

// ---- the search ----
const WON: i32 = 0;
const EXPANDED: i32 = 1;
const PRUNED: i32 = 2;

/** Makes move m, on the path with its undo token. */
export function pushPath(m: i32): void {
  st32(tokensAt, pathLen, inline.always(make(m)));
  st32(pathAt, pathLen++, m);
}
/** The suits' next cards home that may go there safely (rules.ts `safeHome`), as a set of cards. */
function safeCards(): u64 {
  return nextM & (SUIT_LANE * <u64>inline.always(safeSuits()));
}
/** Plays the position's safe moves home (onto the path); returns how many. */
export function playSafe(): i32 {
  deckPlayed = false;
  safeDraws = 0;
  let count = 0;
  for (;;) {
    // the safe cards that are not face down: in the tableau, or in the deck
    const safe = inline.always(safeCards()) & ~downM;
    if (safe === 0) break;
    let again = false;
    if ((safe & ~deckM) !== 0)
      // the tops among them, pile by pile, each pile's top taken as the pass reaches it (a card sent home may make a later pile's top safe)
      for (let from = 0; ; ) {
        const piles = (inline.always(pilesOf(inline.always(safeCards()) & topsM)) >> from) << from;
        if (piles === 0) break;
        const a = ctz(piles);
        inline.always(pushPath(mv(T2F, a, top(a) & 3, 1, 0)));
        count++;
        again = true;
        from = a + 1;
      }
    if (lastToo && ((again ? inline.always(safeCards()) : safe) & deckM) !== 0 && onDrawGrid() && safeLastStockCard()) {
      const i = sn - 1;
      inline.always(pushPath(mv(S2F, 0, deck(i) & 3, 1, i)));
      count++;
      again = true;
      deckPlayed = true;
    }
    if (wasteTopToo && sw > 0 && (((again ? inline.always(safeCards()) : safe) >> <u64>deck(sw - 1)) & 1) !== 0) {
      inline.always(pushPath(mv(S2F, 0, deck(sw - 1) & 3, 1, sw - 1)));
      count++;
      again = true;
      deckPlayed = true;
    } else if (stockNextToo && sw < sn && (((again ? inline.always(safeCards()) : safe) >> <u64>deck(sw)) & 1) !== 0) {
      inline.always(pushPath(mv(S2F, 0, deck(sw) & 3, 1, sw)));
      count++;
      safeDraws++;
      again = true;
      deckPlayed = true;
    }
    if (stockToo) {
      // the safe deck card of the lowest index
      let cards = (again ? inline.always(safeCards()) : safe) & deckM;
      if (cards !== 0) {
        let i = 64;
        for (; cards !== 0; cards &= cards - 1) i = min(i, deckIndex(<i32>ctz(cards)));
        inline.always(pushPath(mv(S2F, 0, deck(i) & 3, 1, i)));
        count++;
        again = true;
      }
    }
    if (!again) break;
  }
  return count;
}
/** Takes back the `autos` moves on the path from `pathMark` (every move above it, for the search for the fewest moves). */
export function undoSafe(autos: i32, pathMark: i32): void {
  for (let k = pathMark + autos - 1; k >= pathMark; k--) inline.always(undo(ld(pathAt, k), ld(tokensAt, k)));
  pathLen = pathMark;
}
function childHashes(base: i32, n: i32): void {
  for (let k = base; k < base + n; k++) {
    const m = ld(movesAt, k);
    if (m & HOME_AFTER) continue;
    store<u64>(childKeysAt + ((<usize>k) << 3), inline.always(keyAfter(m)));
  }
  // read the children's table slots ahead, in one loop, so that their waits for memory overlap
  let t = 0;
  for (let k = base; k < base + n; k++) t ^= tTouch(inline.always(childKeyAt(k)));
  touched = t;
}
/** What the last read-ahead read (kept, so that the reads are not optimised away). */
let touched: i32 = 0;
export function getTouched(): i32 {
  return touched;
}

/**
 * Enters the position after the move of frame d − 1. The search's settings come as arguments
 * (`run`): the copies of the loop made for the usual settings have them as constants, and the
 * tests on them compile away.
 */
function enter(d: i32, rCol: i32, mode: i32, rCard: i32, isDom: bool, isObjective: bool, isMacros: bool, isSafe: bool): i32 {
  nodes += 1;
  if (nodes >= nextCheck) aborted = check();
  if (aborted !== 0 || d >= MAX_DEPTH - 1) {
    if (aborted === 0) aborted = ABORT_DEPTH;
    return PRUNED;
  }
  const pathMark = pathLen;
  const autos = isSafe ? playSafe() : 0;
  if (isObjective && reached(pathLen) !== 0) {
    aborted = ABORT_REACHED;
    undoSafe(autos, pathMark);
    return PRUNED;
  }
  if (shome === 52) return WON;
  if (mode === PLACED && deckPlayed) mode = FREE;
  if (mode === PLACED && placedCardLeft(rCol, rCard)) {
    undoSafe(autos, pathMark);
    return PRUNED;
  }
  if (mode === UNCOVERED && autos > 0) mode = FREE;
  if (autos > 0 && inline.always(storeHere(isDom))) {
    hits += 1;
    undoSafe(autos, pathMark);
    return PRUNED;
  }
  if (isObjective && cut() !== 0) {
    undoSafe(autos, pathMark);
    return PRUNED;
  }
  // a deadlocked position is lost: stored as searched (it is in the table already), not expanded
  if (deadOn && deadTest && deadlocked(covered, coverKind)) {
    undoSafe(autos, pathMark);
    return PRUNED;
  }
  const base = d * MOVES_PER_NODE;
  const at = movesAt + ((<usize>base) << 2);
  const n = !isMacros ? atomicMoves(base) : mode === EMPTIED ? kingsForEmptiedAt(at) : generateAt(at, d < noiseDepth, rCol, mode);
  st32(fCountAt, d, n);
  childHashes(base, n);
  st32(fNextAt, d, 0);
  st32(fAutosAt, d, autos);
  st32(fMarkAt, d, pathMark);
  return EXPANDED;
}

function takeBack(d: i32, m: i32): void {
  if (m & HOME_AFTER) {
    pathLen -= 2;
    inline.always(undo(ld(pathAt, pathLen + 1), ld(fToken2At, d)));
    inline.always(undo(m & ~HOME_AFTER, ld(fTokenAt, d)));
  } else {
    pathLen--;
    inline.always(undo(m, ld(fTokenAt, d)));
  }
}

/** The depth-first search from the position (src/solver/search-driver.ts `search`): 1 when a win is on the path (`pathPtr`, `getPathLen`). */
export function search(): i32 {
  // the verdict's usual searches get copies of their own, where the settings are constants
  if (macros && safeFoundation && !objective)
    return dom ? inline.always(run(true, false, true, true)) : inline.always(run(false, false, true, true));
  return run(dom, objective, macros, safeFoundation);
}

/** `search`, with the search's settings as arguments (`enter`). */
function run(isDom: bool, isObjective: bool, isMacros: bool, isSafe: bool): i32 {
  pathLen = 0;
  // the start is no move's child (its deadlock test is made once a search, src/solver/search-driver.ts)
  deadTest = false;
  newLayout();
  const r0 = inline.always(enter(0, -1, FREE, -1, isDom, isObjective, isMacros, isSafe));
  if (r0 !== EXPANDED) return r0 === WON ? 1 : 0;
  let d = 0;
  while (d >= 0) {
    const k = ld(fNextAt, d);
    st32(fNextAt, d, k + 1);
    if (aborted !== 0 || k >= ld(fCountAt, d)) {
      const autos = ld(fAutosAt, d);
      if (forgetting) removeHere(isDom);
      else if (isDom && aborted === 0) closeHere();
      undoSafe(autos, ld(fMarkAt, d));
      if (forgetting) removeHere(isDom);
      else if (isDom && aborted === 0 && autos > 0) closeHere();
      d--;
      if (d >= 0) takeBack(d, ld(movesAt, d * MOVES_PER_NODE + ld(fNextAt, d) - 1));
      continue;
    }
    const at = d * MOVES_PER_NODE + k;
    const m = ld(movesAt, at);
    if (deadOn) {
      // the positions tested: those after a card was put on a pile, where nearly all the locked ones are (deadlock.ts)
      const kind = m & 15;
      deadTest = (m & HOME_AFTER) !== 0 || kind === S2T || kind === T2T || kind === F2T;
      const b = (m >> 8) & 15;
      covered = deadTest && len(b) > 0 ? top(b) : 52;
      coverKind = (m & HOME_AFTER) !== 0 ? 2 : kind === S2T ? 0 : kind === T2T ? 1 : 3;
    }
    let mode = FREE;
    if (m & HOME_AFTER) {
      if (locksOn && locks(m)) continue;
      const m1 = m & ~HOME_AFTER;
      const from = (m1 >> 4) & 15;
      st32(fTokenAt, d, inline.always(make(m1)));
      const m2 = mv(T2F, from, top(from) & 3, 1, 0);
      st32(fToken2At, d, inline.always(make(m2)));
      if (inline.always(storeHere(isDom))) {
        hits += 1;
        inline.always(undo(m2, ld(fToken2At, d)));
        inline.always(undo(m1, ld(fTokenAt, d)));
        continue;
      }
      st32(pathAt, pathLen++, m1);
      st32(pathAt, pathLen++, m2);
    } else {
      if (isDom ? tAddBits(inline.always(childKeyAt(at)), 1 << inline.always(childBit(m))) : tInsert(inline.always(childKeyAt(at)))) {
        hits += 1;
        continue;
      }
      if (locksOn && locks(m)) continue;
      mode = inline.always(restrictionAfter(m, delayStock, delayPartial, emptyForKing));
      st32(fTokenAt, d, inline.always(make(m)));
      st32(pathAt, pathLen++, m);
    }
    // the pile the restriction names (the one built on, or the one left), and its top
    let rCol = -1;
    let rCard = -1;
    if (mode !== FREE) {
      rCol = mode === PLACED ? (m >> 8) & 15 : (m >> 4) & 15;
      if (mode !== EMPTIED) rCard = top(rCol);
    }
    const r = inline.always(enter(d + 1, rCol, mode, rCard, isDom, isObjective, isMacros, isSafe));
    if (r === WON) return 1;
    if (r === EXPANDED) {
      d++;
      continue;
    }
    if (forgetting) removeHere(isDom);
    takeBack(d, m);
  }
  return 0;
}
