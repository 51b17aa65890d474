/**
 * The encoding of a move as a small integer: `kind | a << 4 | b << 8 | count << 12 | index << 18`
 * (moves.ts says what each kind does). A module of its own, so that moves.ts, which makes and
 * undoes moves, holds these as constants of its own (docs/solver.md, "A node's cost"), and so
 * that the solver's core (src/core/, AssemblyScript) compiles the constants in: plain
 * declarations only.
 */

export const DRAW = 0;
export const REDEAL = 1;
export const S2F = 2;
export const S2T = 3;
export const T2F = 4;
export const T2T = 5;
export const F2T = 6;

export function mv(kind: number, a: number, b: number, count: number, index: number): number {
  return kind | (a << 4) | (b << 8) | (count << 12) | (index << 18);
}
export function kindOf(m: number): number {
  return m & 15;
}
export function aOf(m: number): number {
  return (m >> 4) & 15;
}
export function bOf(m: number): number {
  return (m >> 8) & 15;
}
export function countOf(m: number): number {
  return (m >> 12) & 63;
}
export function indexOf(m: number): number {
  return (m >> 18) & 63;
}
/** Flag on a partial T2T move of the solver: then play the card it uncovers to its foundation (twinSwaps). */
export const HOME_AFTER = 1 << 24;
