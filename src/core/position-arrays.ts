/**
 * The search's position in the core's memory: the arrays that src/engine/state.ts lays out there
 * (`statePtr`, shared/layout.ts: the piles, their lengths and face-down counts, the foundations,
 * the deck, the per-card flags), read and written a byte at a time, and where each card lies (its
 * pile, its index in the deck), kept beside them. Only search-position.ts changes them, with
 * every move it makes or undoes.
 */
import { BACKING_BYTES, COLS_AT, DECK_AT, DOWN_AT, FOUND_AT, IN_DECK_AT, IS_DOWN_AT, LEN_AT, STRIDE } from './shared/layout.ts';

// ---- the arrays ----
export const st: usize = memory.data(BACKING_BYTES, 16);
/** Where the position lies. */
export function statePtr(): usize {
  return st;
}
export function col(i: i32): i32 {
  return <i32>load<u8>(st + <usize>(COLS_AT + i));
}
export function setCol(i: i32, c: i32): void {
  store<u8>(st + <usize>(COLS_AT + i), <u8>c);
}
export function len(a: i32): i32 {
  return <i32>load<u8>(st + <usize>(LEN_AT + a));
}
export function setLen(a: i32, v: i32): void {
  store<u8>(st + <usize>(LEN_AT + a), <u8>v);
}
export function down(a: i32): i32 {
  return <i32>load<u8>(st + <usize>(DOWN_AT + a));
}
export function setDown(a: i32, v: i32): void {
  store<u8>(st + <usize>(DOWN_AT + a), <u8>v);
}
export function found(suit: i32): i32 {
  return <i32>load<u8>(st + <usize>(FOUND_AT + suit));
}
export function setFound(suit: i32, v: i32): void {
  store<u8>(st + <usize>(FOUND_AT + suit), <u8>v);
}
export function deck(i: i32): i32 {
  return <i32>load<u8>(st + <usize>(DECK_AT + i));
}
export function setDeck(i: i32, c: i32): void {
  store<u8>(st + <usize>(DECK_AT + i), <u8>c);
}
export function isDown(c: i32): bool {
  return load<u8>(st + <usize>(IS_DOWN_AT + c)) !== 0;
}
export function setIsDown(c: i32, v: i32): void {
  store<u8>(st + <usize>(IS_DOWN_AT + c), <u8>v);
}
export function inDeck(c: i32): bool {
  return load<u8>(st + <usize>(IN_DECK_AT + c)) !== 0;
}
export function setInDeck(c: i32, v: i32): void {
  store<u8>(st + <usize>(IN_DECK_AT + c), <u8>v);
}
export function top(a: i32): i32 {
  return col(a * STRIDE + len(a) - 1);
}

// ---- where each card lies, as the move generator reads it: kept by every change of search-position.ts ----
/** The pile of each card in the tableau, face down or up, and the index of each card in the deck (a byte a card; stale for the others). */
export const pileAt: usize = memory.data(64, 16);
export const deckIndexAt: usize = memory.data(64, 16);
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
/** Puts card c at deck index i, and notes its index. */
export function setDeckCard(i: i32, c: i32): void {
  setDeck(i, c);
  store<u8>(deckIndexAt + <usize>c, <u8>i);
}
