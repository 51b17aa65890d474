/**
 * Where the move generator writes a call's moves (at `outPtr`, or in the search's frame, `setOut`)
 * with their scores (shared/order.ts), the seeded noise a restarted search adds to the scores,
 * and the stable sort that orders the moves by them.
 */
import { at, put } from './card-lookups.ts';

/** The most moves a call writes. */
export const OUT_MOVES: i32 = 256;

const mv0: usize = memory.data(OUT_MOVES * 4, 16);
/** Where the moves of a call go. */
export function outPtr(): usize {
  return mv0;
}
/** How many moves fit there. */
export function outMoves(): i32 {
  return OUT_MOVES;
}

const scores: usize = memory.data(OUT_MOVES * 4, 16);
let noise: i32 = 0;
let rng: i32 = 1;

/** Where the moves of the running call go: `outPtr`, or the search's frame (`generateAt`). */
let outAt: usize = mv0;
/** The moves of the next call go to `at` (0: to `outPtr`). */
export function setOut(at: usize): void {
  outAt = at !== 0 ? at : mv0;
}
export function moveAt(k: i32): i32 {
  return load<i32>(outAt + ((<usize>k) << 2));
}
export function setMove(k: i32, m: i32): void {
  store<i32>(outAt + ((<usize>k) << 2), m);
}
export function push(base: i32, n: i32, move: i32, score: i32): i32 {
  inline.always(setMove(base + n, move));
  put(scores, n, score);
  return n + 1;
}

/** The noise that `generate` adds to each move's score when asked: in [0, amount), from the xorshift state `seed` (`addNoise`). */
export function setNoise(amount: i32, seed: i32): void {
  noise = amount;
  rng = seed !== 0 ? seed : 1;
}
/** No noise (the generator's state for it is kept). */
export function clearNoise(): void {
  noise = 0;
}
/** The generator's state for the noise (the TypeScript side reads it back after a pause). */
export function noiseState(): i32 {
  return rng;
}
/** Noise is set. */
export function noisy(): bool {
  return noise > 0;
}

/**
 * Adds to scores[0 … n) a pseudo-random amount in [0, noise) each, from the xorshift32 state (not
 * 0): the state, read as an unsigned 32-bit number, modulo the noise (for noise below 2^15 worked
 * out from its two 16-bit halves: the same amounts).
 */
export function addNoise(n: i32): void {
  let x = rng;
  const small = noise > 0 && noise < 0x8000;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const add = small ? <i32>((((<u32>x >>> 16) % <u32>noise) * 0x10000 + (<u32>x & 0xffff)) % <u32>noise) : <i32>(<u32>x % <u32>noise);
    put(scores, i, at(scores, i) + add);
  }
  rng = x;
}

/** Sorts the moves at `base` by scores[0 … n), highest first, stable (insertion sort: lists are short). */
export function sortByScore(base: i32, n: i32): void {
  for (let i = 1; i < n; i++) {
    const m = inline.always(moveAt(base + i));
    const v = at(scores, i);
    let j = i - 1;
    while (j >= 0 && at(scores, j) < v) {
      inline.always(setMove(base + j + 1, moveAt(base + j)));
      put(scores, j + 1, at(scores, j));
      j--;
    }
    inline.always(setMove(base + j + 1, m));
    put(scores, j + 1, v);
  }
}

// ---- for the tests: the noise and the sort on given scores ----

/** The scores of `n` moves at `outPtr` (read back there), each 0, with noise in [0, amount) from the xorshift state `seed`; returns the next state. */
export function noiseOf(amount: i32, seed: i32, n: i32): i32 {
  outAt = mv0;
  for (let i = 0; i < n; i++) put(scores, i, 0);
  noise = amount;
  rng = seed;
  addNoise(n);
  noise = 0;
  for (let i = 0; i < n; i++) inline.always(setMove(i, at(scores, i)));
  return rng;
}

/** Sorts the `n` moves at `outPtr` by the scores that follow them there (out[n … 2n)). */
export function sortOut(n: i32): void {
  outAt = mv0;
  for (let i = 0; i < n; i++) put(scores, i, inline.always(moveAt(n + i)));
  inline.always(sortByScore(0, n));
}
