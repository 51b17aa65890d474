/// <reference path="./portable.d.ts" preserve="true" />
/**
 * The encoding of a move as a small integer: `kind | a << 4 | b << 8 | count << 12 | index << 18`
 * (src/engine/moves.ts says what each kind does), written once for the rules engine and the
 * solver's core, which compiles it in (portable code: portable.d.ts).
 */

export const DRAW: i32 = 0;
export const REDEAL: i32 = 1;
export const S2F: i32 = 2;
export const S2T: i32 = 3;
export const T2F: i32 = 4;
export const T2T: i32 = 5;
export const F2T: i32 = 6;

export function mv(kind: i32, a: i32, b: i32, count: i32, index: i32): i32 {
  return kind | (a << 4) | (b << 8) | (count << 12) | (index << 18);
}
export function kindOf(m: i32): i32 {
  return m & 15;
}
export function aOf(m: i32): i32 {
  return (m >> 4) & 15;
}
export function bOf(m: i32): i32 {
  return (m >> 8) & 15;
}
export function countOf(m: i32): i32 {
  return (m >> 12) & 63;
}
export function indexOf(m: i32): i32 {
  return (m >> 18) & 63;
}
/** Flag on a partial T2T move of the solver: then play the card it uncovers to its foundation (twinSwaps). */
export const HOME_AFTER: i32 = 1 << 24;
