/**
 * The encoding of a move as a small integer: `kind | a << 4 | b << 8 | count << 12 | index << 18`
 * (moves.ts says what each kind does). A module of its own, so that moves.ts, which makes and
 * undoes moves, holds these as constants of its own (docs/solver.md, "A node's cost").
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
export const kindOf = (m: number) => m & 15;
export const aOf = (m: number) => (m >> 4) & 15;
export const bOf = (m: number) => (m >> 8) & 15;
export const countOf = (m: number) => (m >> 12) & 63;
export const indexOf = (m: number) => (m >> 18) & 63;
