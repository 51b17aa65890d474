import { describe, expect, it } from 'vitest';
import { FULL_PRUNING } from '../../src/solver/index.ts';
import { Generator, MOVES_PER_NODE } from '../../src/solver/generator-handle.ts';
import { resolvePruning } from '../../src/solver/options.ts';
import { Core } from '../../src/solver/core-instance.ts';
import { FREE } from '../../src/solver/pruning.ts';
import { State } from '../../src/engine/state.ts';
import { seedPosition } from '../support/positions.ts';

describe('move-order noise', () => {
  it('adds the xorshift32 state modulo the noise, read as an unsigned number, for small and large noise', () => {
    for (const noise of [1, 7, 3000, 32767, 32768, 1_000_003, 2 ** 31 - 1]) {
      const { amounts: scores, next: end } = new Core().noise(noise, 0x2545f491, 64);
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
    expect(new Core().sort([10, 11, 12, 13, 14], [5, 9, 5, 9, 1])).toEqual([11, 13, 10, 12, 14]);
  });

  it('goes into the frames above the depth given only; deeper ones keep the plain order', () => {
    const rules = { draw: 3, passes: null, foundationReturn: true };
    const pr = resolvePruning(FULL_PRUNING);
    let reordered = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const s = State.fromPosition(seedPosition(seed), rules);
      const out = new Int32Array(MOVES_PER_NODE * 4);
      const plain = new Generator(s, pr, out);
      const n = plain.generate(0, -1, FREE);
      const want = Array.from(out.subarray(0, n));
      const noisy = new Generator(s, pr, out);
      noisy.setNoise(3000, seed, 2);
      // frames 0 and 1 get noise, frames 2 and 3 the plain order
      const got = [0, 1, 2, 3].map((d) => {
        const base = d * MOVES_PER_NODE;
        expect(noisy.generate(base, -1, FREE)).toBe(n);
        return Array.from(out.subarray(base, base + n));
      });
      for (const d of [0, 1]) {
        expect([...got[d]].sort()).toEqual([...want].sort());
        if (got[d].join() !== want.join()) reordered++;
      }
      expect(got[2]).toEqual(want);
      expect(got[3]).toEqual(want);
    }
    expect(reordered).toBeGreaterThan(10);
  });
});
