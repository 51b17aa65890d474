import { describe, expect, it } from 'vitest';
import { parseDraw, parsePasses } from '../../src/cli/rule-options.ts';
import { parseSeedFilter as parseSeeds } from '../../src/cli/seed-options.ts';
import { parseFamily } from '../../src/deals/families.ts';
import { Z95, wilson, winBounds } from '../../src/math/wilson.ts';

describe('wilson', () => {
  it('8 of 10', () => {
    // Hand computation, z = 1.959964, z² = 3.841459:
    //   p = 0.8, z²/n = 0.3841459, 1 + z²/n = 1.3841459
    //   centre = (0.8 + 0.3841459/2) / 1.3841459 = 0.9920729 / 1.3841459 = 0.716737
    //   half   = (1.959964 / 1.3841459) · √(0.8·0.2/10 + 3.841459/400)
    //          = 1.416012 · √(0.016 + 0.009603648) = 1.416012 · 0.1600114 = 0.226578
    //   interval = 0.716737 ∓ 0.226578 = [0.490159, 0.943315]  (tables: 0.4902–0.9433)
    const w = wilson(8, 10)!;
    expect(w.rate).toBe(0.8);
    expect(w.low).toBeCloseTo(0.490159, 5);
    expect(w.high).toBeCloseTo(0.943315, 5);
  });

  it('6 of 8', () => {
    // p = 0.75, z²/n = 0.4801824, 1 + z²/n = 1.4801824
    // centre = (0.75 + 0.2400912) / 1.4801824 = 0.668902
    // half   = (1.959964 / 1.4801824) · √(0.75·0.25/8 + 3.841459/256)
    //        = 1.324137 · √(0.0234375 + 0.0150057) = 1.324137 · 0.1960694 = 0.259623
    // interval = [0.409279, 0.928525]
    const w = wilson(6, 8)!;
    expect(w.low).toBeCloseTo(0.409279, 5);
    expect(w.high).toBeCloseTo(0.928525, 5);
  });

  it('0 of 10 and 10 of 10 touch the ends and mirror each other', () => {
    // k = 0: p = 0, centre = 0.1920729 / 1.3841459 = 0.138767, half = 1.416012 · √0.009603648 = 0.138767
    // so the interval is [0, 0.277533]; k = n mirrors it to [0.722467, 1].
    const a = wilson(0, 10)!;
    const b = wilson(10, 10)!;
    expect(a.low).toBe(0);
    expect(a.high).toBeCloseTo(0.277533, 5);
    expect(b.high).toBe(1);
    expect(b.low).toBeCloseTo(1 - a.high, 12);
  });

  it('a Blake & Gent sized sample: 8194.5 of 10000 at ±0.75%', () => {
    // Normal approximation for large n: half ≈ z·√(p(1−p)/n) = 1.96 · √(0.81945·0.18055/10000) = 0.0075394;
    // Wilson's half-width differs from it by O(1/n).
    const w = wilson(8194.5, 10000)!;
    expect((w.high - w.low) / 2).toBeCloseTo(Z95 * Math.sqrt((0.81945 * 0.18055) / 10000), 4);
  });

  it('no trials: undefined', () => {
    expect(wilson(0, 0)).toBeUndefined();
  });
});

describe('winBounds', () => {
  it('counts undecided deals as lost, then as won', () => {
    // 6 winnable, 2 unwinnable, 1 unknown, 1 error of 10: lower 6/10, upper (6+1+1)/10.
    expect(winBounds({ winnable: 6, unwinnable: 2, unknown: 1, errors: 1 })).toEqual({ lower: 0.6, upper: 0.8 });
    // All decided: both bounds are the plain share.
    expect(winBounds({ winnable: 3, unwinnable: 1, unknown: 0, errors: 0 })).toEqual({ lower: 0.75, upper: 0.75 });
    expect(winBounds({ winnable: 0, unwinnable: 0, unknown: 0, errors: 0 })).toBeUndefined();
  });
});

describe('filter parsing', () => {
  it('seeds', () => {
    expect(parseSeeds('1-100,500, 7 - 9')).toEqual({
      ok: true,
      value: [
        { from: 1n, to: 100n },
        { from: 500n, to: 500n },
        { from: 7n, to: 9n },
      ],
    });
    for (const bad of ['', '1-', 'a', '5-1', '1,,x', '-3', '1.5']) expect(parseSeeds(bad).ok, bad).toBe(false);
  });
  it('passes, draw, family', () => {
    expect(parsePasses('unlimited')).toEqual({ ok: true, value: 'unlimited' });
    expect(parsePasses('3')).toEqual({ ok: true, value: 3 });
    expect(parsePasses('0')).toMatchObject({ ok: false, error: expect.stringMatching(/0 is not a number of passes/) });
    expect(parsePasses('-1').ok).toBe(false);
    expect(parsePasses('two').ok).toBe(false);
    expect(parseDraw('3')).toEqual({ ok: true, value: 3 });
    expect(parseDraw('25').ok).toBe(false);
    expect(parseFamily('Solvitaire')).toEqual({ ok: true, value: 'solvitaire' });
    expect(parseFamily('pysol').ok).toBe(false);
  });
});
