import { describe, expect, it } from 'vitest';
import { addNoise, sortByScore } from '../src/solver/order.ts';

describe('move-order noise', () => {
  it('adds the xorshift32 state modulo the noise, read as an unsigned number, for small and large noise', () => {
    for (const noise of [1, 7, 3000, 32767, 32768, 1_000_003, 2 ** 31 - 1]) {
      const scores = new Int32Array(64);
      const end = addNoise(scores, 64, noise, 0x2545f491);
      let x = 0x2545f491;
      for (let i = 0; i < 64; i++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        expect(scores[i], `noise ${noise}, move ${i}`).toBe((x >>> 0) % noise);
      }
      expect(end).toBe(x);
    }
  });

  it('sorts highest first and keeps the order of equal scores', () => {
    const moves = new Int32Array([10, 11, 12, 13, 14]);
    sortByScore(moves, new Int32Array([5, 9, 5, 9, 1]), 0, 5);
    expect(Array.from(moves)).toEqual([11, 13, 10, 12, 14]);
  });
});
