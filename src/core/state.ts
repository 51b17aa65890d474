/**
 * The search's position in the core: the arrays that src/engine/state.ts lays out in this module's memory
 * (`statePtr`, shared/layout.ts), the numbers state.ts keeps beside them (the deck's length, the stock
 * position, the pass, the cards home, the hash), and the changes the solver makes to it: `make`,
 * `undo` and `childHash`, with the hash kept as state.ts keeps it. They restate src/engine/moves.ts and the
 * State primitives for the solver's search, which runs here; the rules engine (moves.ts) stays
 * the independent statement, and the tests compare the two at every step of random playouts
 * under every rule set and key.
 *
 * Beside the arrays it keeps, with every change, what the move generator reads as sets of cards
 * (64-bit words, bit c for card c): the piles' tops, the feet of their face-up runs, the cards face
 * down, in the deck, home and next home, the empty piles and each tableau card's pile. They are
 * worked out afresh whenever a position is handed over (`setScalars`), and the tests check them
 * against the arrays at every step of random playouts (`derivedAgree`).
 *
 * The Zobrist terms are state.ts's: its module hands them over (`zobristPtr`, `zobristWords`)
 * with the pair terms and stock-position terms of the search's key already chosen.
 */

import { BACKING_BYTES, BOTTOM, COLS_AT, DECK_AT, DOWN_AT, FOUND_AT, IN_DECK_AT, IS_DOWN_AT, LEN_AT, STRIDE } from './shared/layout.ts';
import { makeCard } from './shared/cards.ts';
import { DRAW, F2T, S2F, S2T, T2F, T2T } from './shared/move-encoding.ts';

// ---- the arrays ----
export const st: usize = memory.data(BACKING_BYTES, 16);
/** Where the position lies. */
export function statePtr(): usize {
  return st;
}
export function col(i: i32): i32 {
  return <i32>load<u8>(st + <usize>(COLS_AT + i));
}
function setCol(i: i32, c: i32): void {
  store<u8>(st + <usize>(COLS_AT + i), <u8>c);
}
export function len(a: i32): i32 {
  return <i32>load<u8>(st + <usize>(LEN_AT + a));
}
function setLen(a: i32, v: i32): void {
  store<u8>(st + <usize>(LEN_AT + a), <u8>v);
}
export function down(a: i32): i32 {
  return <i32>load<u8>(st + <usize>(DOWN_AT + a));
}
function setDown(a: i32, v: i32): void {
  store<u8>(st + <usize>(DOWN_AT + a), <u8>v);
}
export function found(suit: i32): i32 {
  return <i32>load<u8>(st + <usize>(FOUND_AT + suit));
}
function setFound(suit: i32, v: i32): void {
  store<u8>(st + <usize>(FOUND_AT + suit), <u8>v);
}
export function deck(i: i32): i32 {
  return <i32>load<u8>(st + <usize>(DECK_AT + i));
}
function setDeck(i: i32, c: i32): void {
  store<u8>(st + <usize>(DECK_AT + i), <u8>c);
}
export function isDown(c: i32): bool {
  return load<u8>(st + <usize>(IS_DOWN_AT + c)) !== 0;
}
function setIsDown(c: i32, v: i32): void {
  store<u8>(st + <usize>(IS_DOWN_AT + c), <u8>v);
}
export function inDeck(c: i32): bool {
  return load<u8>(st + <usize>(IN_DECK_AT + c)) !== 0;
}
function setInDeck(c: i32, v: i32): void {
  store<u8>(st + <usize>(IN_DECK_AT + c), <u8>v);
}
export function top(a: i32): i32 {
  return col(a * STRIDE + len(a) - 1);
}

// ---- where the cards are, as the move generator reads it: kept by every change below ----
/** The pile of each card in the tableau, face down or up, and the index of each card in the deck (a byte a card; stale for the others). */
const pileAt: usize = memory.data(64, 16);
const deckIndexAt: usize = memory.data(64, 16);
/** The pile that card c (0–52) lies in, for a card in the tableau. */
export function pileOf(c: i32): i32 {
  return <i32>load<u8>(pileAt + <usize>c);
}
/** The piles (bit a: pile a) in which the cards of set s lie (cards in the tableau). */
export function pilesOf(s: u64): i32 {
  let piles = 0;
  while (s !== 0) {
    piles |= 1 << pileOf(<i32>ctz(s));
    s &= s - 1;
  }
  return piles;
}
/** The deck index of card c, for a card in the deck. */
export function deckIndex(c: i32): i32 {
  return <i32>load<u8>(deckIndexAt + <usize>c);
}
function setDeckCard(i: i32, c: i32): void {
  setDeck(i, c);
  store<u8>(deckIndexAt + <usize>c, <u8>i);
}
/** Sets of cards (bit c: card c): the piles' tops, the feet of their face-up runs (the lowest face-up card), the cards face down, in the deck, home, and next to go home (one a suit, none for a suit complete). */
export let topsM: u64 = 0;
export let feetM: u64 = 0;
export let downM: u64 = 0;
export let deckM: u64 = 0;
export let homeM: u64 = 0;
export let nextM: u64 = 0;
/** The empty piles (bit a: pile a). */
export let emptyP: i32 = 0;
/** Bit 0 of every rank's four cards: shifted by a suit, the cards of that suit. */
export const SUIT_LANE: u64 = 0x1111111111111;
function bit(c: i32): u64 {
  return (<u64>1) << (<u64>c);
}

/** Works the sets above out afresh from the arrays (whenever the position is handed over: `setScalars`). */
function derive(): void {
  let tops: u64 = 0;
  let feet: u64 = 0;
  let dn: u64 = 0;
  let empty = 0;
  for (let a = 0; a < 7; a++) {
    const l = len(a);
    const d = down(a);
    if (l === 0) empty |= 1 << a;
    else tops |= bit(col(a * STRIDE + l - 1));
    if (l > d) feet |= bit(col(a * STRIDE + d));
    for (let j = 0; j < l; j++) {
      store<u8>(pileAt + <usize>col(a * STRIDE + j), <u8>a);
      if (j < d) dn |= bit(col(a * STRIDE + j));
    }
  }
  let dk: u64 = 0;
  for (let i = 0; i < sn; i++) {
    dk |= bit(deck(i));
    store<u8>(deckIndexAt + <usize>deck(i), <u8>i);
  }
  let home: u64 = 0;
  let next: u64 = 0;
  for (let suit = 0; suit < 4; suit++) {
    const f = found(suit);
    for (let r = 1; r <= f; r++) home |= bit(makeCard(r, suit));
    if (f < 13) next |= bit(makeCard(f + 1, suit));
  }
  topsM = tops;
  feetM = feet;
  downM = dn;
  deckM = dk;
  homeM = home;
  nextM = next;
  emptyP = empty;
}

/** Whether the kept sets agree with the arrays (for the tests). */
export function derivedAgree(): bool {
  const tops = topsM;
  const feet = feetM;
  const dn = downM;
  const dk = deckM;
  const home = homeM;
  const next = nextM;
  const empty = emptyP;
  let piles = true;
  for (let a = 0; a < 7; a++) for (let j = 0; j < len(a); j++) if (pileOf(col(a * STRIDE + j)) !== a) piles = false;
  for (let i = 0; i < sn; i++) if (deckIndex(deck(i)) !== i) piles = false;
  derive();
  return piles && tops === topsM && feet === feetM && dn === downM && dk === deckM && home === homeM && next === nextM && empty === emptyP;
}

/** Foundation `suit` to height v (one more or one less than it is), with the sets of cards home and next. */
function setHome(suit: i32, v: i32): void {
  const old = found(suit);
  setFound(suit, v);
  nextM = (nextM & ~(SUIT_LANE << (<u64>suit))) | (v < 13 ? inline.always(bit(makeCard(v + 1, suit))) : 0);
  homeM = v > old ? homeM | inline.always(bit(makeCard(v, suit))) : homeM & ~inline.always(bit(makeCard(old, suit)));
}

// ---- the numbers beside them ----
export let sn: i32 = 0;
export let sw: i32 = 0;
export let spass: i32 = 1;
export let shome: i32 = 0;
/** The key: the hash's two 32-bit halves as one word (state.ts `h1` the low half, `h2` the high). */
export let hash: u64 = 0;
/** The hash after a move, written by `childHash`. */
export let childKey: u64 = 0;

/** The numbers of the position (state.ts keeps them as fields). */
export function setScalars(n: i32, w: i32, pass: i32, home: i32, hash1: i32, hash2: i32): void {
  sn = n;
  sw = w;
  spass = pass;
  shome = home;
  hash = <u64>(<u32>hash1) | ((<u64>hash2) << 32);
  derive();
}
export function getN(): i32 {
  return sn;
}
export function getW(): i32 {
  return sw;
}
export function getPass(): i32 {
  return spass;
}
export function getHome(): i32 {
  return shome;
}
export function getH1(): i32 {
  return <i32>hash;
}
export function getH2(): i32 {
  return <i32>(hash >> 32);
}
export function getPh1(): i32 {
  return <i32>childKey;
}
export function getPh2(): i32 {
  return <i32>(childKey >> 32);
}

// ---- the rules and the key ----
export let drawN: i32 = 1;
/** The pass limit (0x7fffffff: unlimited, or more than a search can reach). */
export let passLimit: i32 = 0x7fffffff;
export let unlimited: bool = true;
export let returnsAllowed: bool = true;
let hashPass: bool = false;
let gridW: bool = false;
/** The key holds the stock position (its terms are not all zero: without stock dominance). */
let wHashed: bool = true;
/** Which stock positions w (below 64) are multiples of the draw, a byte each, set with the rules: no division at a move. */
const gridAt: usize = memory.data(64, 16);
/** w (0–63) is a multiple of the draw. */
export function onGrid(w: i32): bool {
  return load<u8>(gridAt + <usize>w) !== 0;
}

/** The rules and key of the search's state (state.ts): the draw, the pass limit (negative: unlimited), returns, the pass in the hash, stock positions on the grid as 0. */
export function setRules(draw: i32, limit: i32, returns: bool, passHashed: bool, grid: bool): void {
  drawN = draw;
  unlimited = limit < 0;
  passLimit = limit < 0 ? 0x7fffffff : limit;
  returnsAllowed = returns;
  hashPass = passHashed;
  gridW = grid;
  for (let w = 0; w < 64; w++) store<u8>(gridAt + <usize>w, w % draw === 0 ? 1 : 0);
  // the key's stock-position terms (its module wrote them before the rules): all zero when the key leaves the stock position out
  wHashed = false;
  for (let w = 0; w < 53; w++) if (z(ZW_AT + w) !== 0) wHashed = true;
}

// ---- the Zobrist terms (state.ts's, written here by its module) ----
const ZP_AT: i32 = 0;
const ZD_AT: i32 = ZP_AT + 52 * 53;
const ZS_AT: i32 = ZD_AT + 52;
const ZW_AT: i32 = ZS_AT + 52;
const ZPASS_AT: i32 = ZW_AT + 53;
const Z_TERMS: i32 = ZPASS_AT + 256;
const zob: usize = memory.data(Z_TERMS * 8, 16);
/** Where the terms go, each as one 64-bit word (its two halves, the low one first): the pair terms of the key (52·53), the face-down terms (52), the deck terms (52), the stock-position terms of the key (53), the pass terms (256). */
export function zobristPtr(): usize {
  return zob;
}
/** The 32-bit words the terms take. */
export function zobristWords(): i32 {
  return Z_TERMS * 2;
}
function z(at: i32): u64 {
  return load<u64>(zob + ((<usize>at) << 3));
}
/** A 32-bit mix (murmur3's finaliser) of a pass number with a seed (state.ts `mixPass`, for a number below 2^32). */
function mixPass(p: i32, seed: i32): i32 {
  let h = (p ^ seed) * 0xcc9e2d51;
  h ^= h >>> 16;
  h = h * 0x85ebca6b;
  h ^= h >>> 13;
  h = h * 0xc2b2ae35;
  return h ^ (h >>> 16);
}
function passTerm(p: i32): u64 {
  return p < 256 ? z(ZPASS_AT + p) : <u64>(<u32>mixPass(p, 0x27d4eb2f)) | ((<u64>mixPass(p, 0x165667b1)) << 32);
}

/** The stock position as hashed: w, or 0 on the draw grid (state.ts `wk`). */
export function wk(w: i32, n: i32): i32 {
  return gridW && (w === n || onGrid(w)) ? 0 : w;
}

// ---- the primitives (state.ts), each keeping the hash ----
function flip(a: i32): i32 {
  const l = len(a);
  if (l > 0 && down(a) === l) {
    const c = col(a * STRIDE + l - 1);
    setDown(a, l - 1);
    setIsDown(c, 0);
    const b = inline.always(bit(c));
    downM &= ~b;
    feetM |= b;
    hash ^= z(ZD_AT + c);
    return 1;
  }
  return 0;
}
function unflip(a: i32): void {
  const l = len(a);
  const c = col(a * STRIDE + l - 1);
  setDown(a, l);
  setIsDown(c, 1);
  const b = inline.always(bit(c));
  downM |= b;
  feetM &= ~b;
  hash ^= z(ZD_AT + c);
}
function pushCol(b: i32, c: i32): void {
  const l = len(b);
  const under = l === 0 ? BOTTOM : col(b * STRIDE + l - 1);
  const k = c * 53 + under;
  hash ^= z(ZP_AT + k);
  setCol(b * STRIDE + l, c);
  setLen(b, l + 1);
  store<u8>(pileAt + <usize>c, <u8>b);
  // the foot when every card under it is face down (an empty pile, or one whose top was turned down by an undo)
  const m = inline.always(bit(c));
  if (l === down(b)) feetM |= m;
  if (l === 0) {
    emptyP &= ~(1 << b);
    topsM |= m;
  } else topsM = (topsM & ~inline.always(bit(under))) | m;
}
function cardFromCol(b: i32): i32 {
  const l = len(b) - 1;
  const c = col(b * STRIDE + l);
  const under = l === 0 ? BOTTOM : col(b * STRIDE + l - 1);
  const k = c * 53 + under;
  hash ^= z(ZP_AT + k);
  setLen(b, l);
  const m = inline.always(bit(c));
  topsM &= ~m;
  if (l === down(b)) feetM &= ~m;
  if (l === 0) emptyP |= 1 << b;
  else topsM |= inline.always(bit(under));
  return c;
}
function moveRun(a: i32, b: i32, count: i32): i32 {
  const la = len(a);
  const from = a * STRIDE + la - count;
  const base = col(from);
  const under = la - count === 0 ? BOTTOM : col(from - 1);
  const lb = len(b);
  const onto = lb === 0 ? BOTTOM : col(b * STRIDE + lb - 1);
  const k0 = base * 53 + under;
  const k1 = base * 53 + onto;
  hash ^= z(ZP_AT + k0) ^ z(ZP_AT + k1);
  const to = b * STRIDE + lb;
  for (let k = 0; k < count; k++) {
    const c = col(from + k);
    setCol(to + k, c);
    store<u8>(pileAt + <usize>c, <u8>b);
  }
  setLen(a, la - count);
  setLen(b, lb + count);
  const m = inline.always(bit(base));
  // the run's top stays a top; what lay under its base becomes one (or pile a empties), and b's top no longer is
  if (under === BOTTOM) emptyP |= 1 << a;
  else topsM |= inline.always(bit(under));
  // the base is b's foot when b was empty (and no foot of a's any more)
  if (onto === BOTTOM) {
    emptyP &= ~(1 << b);
    feetM |= m;
  } else {
    topsM &= ~inline.always(bit(onto));
    feetM &= ~m;
  }
  return inline.always(flip(a));
}
function unmoveRun(a: i32, b: i32, count: i32, flipped: i32): void {
  if (flipped) inline.always(unflip(a));
  const lb = len(b) - count;
  const from = b * STRIDE + lb;
  const base = col(from);
  const la = len(a);
  const under = la === 0 ? BOTTOM : col(a * STRIDE + la - 1);
  const onto = lb === 0 ? BOTTOM : col(from - 1);
  const k0 = base * 53 + under;
  const k1 = base * 53 + onto;
  hash ^= z(ZP_AT + k0) ^ z(ZP_AT + k1);
  const to = a * STRIDE + la;
  for (let k = 0; k < count; k++) {
    const c = col(from + k);
    setCol(to + k, c);
    store<u8>(pileAt + <usize>c, <u8>a);
  }
  setLen(a, la + count);
  setLen(b, lb);
  const m = inline.always(bit(base));
  if (under === BOTTOM) emptyP &= ~(1 << a);
  else topsM &= ~inline.always(bit(under));
  if (onto === BOTTOM) emptyP |= 1 << b;
  else topsM |= inline.always(bit(onto));
  if (la === down(a)) feetM |= m;
  else feetM &= ~m;
}
function setStock(w: i32, pass: i32): void {
  if (wHashed) hash ^= z(ZW_AT + inline.always(wk(sw, sn))) ^ z(ZW_AT + inline.always(wk(w, sn)));
  if (hashPass && pass !== spass) {
    hash ^= passTerm(spass) ^ passTerm(pass);
  }
  sw = w;
  spass = pass;
}
function takeDeck(i: i32): i32 {
  const c = deck(i);
  hash ^= z(ZS_AT + c);
  if (wHashed) hash ^= z(ZW_AT + inline.always(wk(sw, sn))) ^ z(ZW_AT + inline.always(wk(i, sn - 1)));
  const n = sn;
  for (let j = i; j < n - 1; j++) inline.always(setDeckCard(j, deck(j + 1)));
  sn = n - 1;
  sw = i;
  setInDeck(c, 0);
  deckM &= ~inline.always(bit(c));
  return c;
}
function putDeck(i: i32, c: i32): void {
  for (let j = sn; j > i; j--) inline.always(setDeckCard(j, deck(j - 1)));
  inline.always(setDeckCard(i, c));
  setInDeck(c, 1);
  deckM |= inline.always(bit(c));
  sn++;
  hash ^= z(ZS_AT + c);
  if (wHashed) hash ^= z(ZW_AT + inline.always(wk(sw, sn - 1))) ^ z(ZW_AT + inline.always(wk(i + 1, sn)));
  sw = i + 1;
}

/** moves.ts `stockCost` (the stock-reach rule) for the pass a stock macro-move plays in: the pass, or the next one after a redeal. */
function stockPassFor(i: i32): i32 {
  const w = sw;
  if (i === w - 1) return spass;
  if (i >= w && (onGrid(i + 1 - w) || i === sn - 1)) return spass;
  return spass + 1;
}

/** Makes move m (moves.ts `make`); returns the undo token. */
export function make(m: i32): i32 {
  const kind = m & 15;
  if (kind === S2F || kind === S2T) {
    const i = (m >> 18) & 63;
    let token = sw;
    if (i !== sw - 1) {
      const pass = inline.always(stockPassFor(i));
      if (pass !== spass) token |= 64;
      inline.always(setStock(i + 1, pass));
    }
    const c = inline.always(takeDeck(i));
    if (kind === S2F) {
      inline.always(setHome(c & 3, found(c & 3) + 1));
      shome++;
    } else inline.always(pushCol((m >> 8) & 15, c));
    return token;
  }
  if (kind === T2T) return inline.always(moveRun((m >> 4) & 15, (m >> 8) & 15, (m >> 12) & 63));
  if (kind === T2F) {
    const a = (m >> 4) & 15;
    const c = inline.always(cardFromCol(a));
    inline.always(setHome(c & 3, found(c & 3) + 1));
    shome++;
    return inline.always(flip(a));
  }
  if (kind === F2T) {
    const suit = (m >> 4) & 15;
    const c = makeCard(found(suit), suit);
    inline.always(setHome(suit, found(suit) - 1));
    shome--;
    inline.always(pushCol((m >> 8) & 15, c));
    return 0;
  }
  if (kind === DRAW) {
    const w = sw;
    inline.always(setStock(min(w + drawN, sn), spass));
    return w;
  }
  // REDEAL
  const w = sw;
  inline.always(setStock(0, spass + 1));
  return w;
}

/** Undoes move m made with token t (moves.ts `undo`). */
export function undo(m: i32, t: i32): void {
  const kind = m & 15;
  if (kind === S2F || kind === S2T) {
    const i = (m >> 18) & 63;
    let c: i32;
    if (kind === S2F) {
      const suit = (m >> 8) & 15;
      c = makeCard(found(suit), suit);
      inline.always(setHome(suit, found(suit) - 1));
      shome--;
    } else c = inline.always(cardFromCol((m >> 8) & 15));
    inline.always(putDeck(i, c));
    inline.always(setStock(t & 63, t & 64 ? spass - 1 : spass));
    return;
  }
  if (kind === T2T) {
    inline.always(unmoveRun((m >> 4) & 15, (m >> 8) & 15, (m >> 12) & 63, t));
    return;
  }
  if (kind === T2F) {
    const a = (m >> 4) & 15;
    const suit = (m >> 8) & 15;
    if (t) inline.always(unflip(a));
    const c = makeCard(found(suit), suit);
    inline.always(setHome(suit, found(suit) - 1));
    shome--;
    inline.always(pushCol(a, c));
    return;
  }
  if (kind === F2T) {
    const suit = (m >> 4) & 15;
    inline.always(cardFromCol((m >> 8) & 15));
    inline.always(setHome(suit, found(suit) + 1));
    shome++;
    return;
  }
  if (kind === DRAW) {
    inline.always(setStock(t, spass));
    return;
  }
  inline.always(setStock(t, spass - 1));
}

/** The hash after move m, without making it, into `childKey` (moves.ts `childHash`). */
export function childHash(m: i32): void {
  childKey = keyAfter(m);
}
/** The hash after move m, without making it (`childHash`). */
export function keyAfter(m: i32): u64 {
  let key = hash;
  const kind = m & 15;
  if (kind === S2F || kind === S2T) {
    const i = (m >> 18) & 63;
    const c = deck(i);
    key ^= z(ZS_AT + c);
    if (wHashed) key ^= z(ZW_AT + inline.always(wk(sw, sn))) ^ z(ZW_AT + inline.always(wk(i, sn - 1)));
    if (hashPass && i !== sw - 1) {
      const p = inline.always(stockPassFor(i));
      if (p !== spass) {
        key ^= passTerm(spass) ^ passTerm(p);
      }
    }
    if (kind === S2T) {
      const b = (m >> 8) & 15;
      const lb = len(b);
      const k = c * 53 + (lb === 0 ? BOTTOM : col(b * STRIDE + lb - 1));
      key ^= z(ZP_AT + k);
    }
  } else if (kind === T2F || kind === T2T) {
    const a = (m >> 4) & 15;
    const count = kind === T2F ? 1 : (m >> 12) & 63;
    const rest = len(a) - count;
    const from = a * STRIDE + rest;
    const c = col(from);
    const k0 = c * 53 + (rest === 0 ? BOTTOM : col(from - 1));
    key ^= z(ZP_AT + k0);
    if (kind === T2T) {
      const b = (m >> 8) & 15;
      const lb = len(b);
      const k1 = c * 53 + (lb === 0 ? BOTTOM : col(b * STRIDE + lb - 1));
      key ^= z(ZP_AT + k1);
    }
    if (rest > 0 && down(a) === rest) {
      const f = col(from - 1);
      key ^= z(ZD_AT + f);
    }
  } else if (kind === F2T) {
    const suit = (m >> 4) & 15;
    const b = (m >> 8) & 15;
    const c = makeCard(found(suit), suit);
    const lb = len(b);
    const k = c * 53 + (lb === 0 ? BOTTOM : col(b * STRIDE + lb - 1));
    key ^= z(ZP_AT + k);
  } else if (kind === DRAW) {
    const w = min(sw + drawN, sn);
    const k0 = inline.always(wk(sw, sn));
    const k1 = inline.always(wk(w, sn));
    key ^= z(ZW_AT + k0) ^ z(ZW_AT + k1);
  } else {
    const k0 = inline.always(wk(sw, sn));
    key ^= z(ZW_AT + k0) ^ z(ZW_AT);
    if (hashPass) {
      key ^= passTerm(spass) ^ passTerm(spass + 1);
    }
  }
  return key;
}
