// The interval of a mean of counts bounded by 0 and 52 (cards home): it stays inside the counts
// seen, so inside the bounds, where the normal interval passed 52 for a few deals near it; it
// covers the true mean about 95% of the time once there are tens of values; for many values it is
// the normal one. `stats` gives it for the most cards home and for the cards home of player games.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeMostHome, mostHomeLines } from '../../src/stats/most-home.ts';
import { meanInterval, t975 } from '../../src/math/mean-interval.ts';
import { computePlayStats } from '../../src/stats/plays.ts';
import { openReader } from '../../src/store/reader.ts';
import { EMPTY_RESULT_EXTRAS } from '../../src/store/rows.ts';
import { openStore } from '../../src/store/writer.ts';
import { prng } from '../support/positions.ts';
import { tempDir } from '../support/tmp.ts';

const dir = tempDir('mean-interval');

/** The counts of each value 0…52 among `values`. */
function histogram(values: readonly number[]): number[] {
  const c = new Array<number>(53).fill(0);
  for (const v of values) c[v]++;
  return c;
}

/** The normal interval, mean ± 1.96 s/√n, as the statistics gave it before. */
function normal(values: readonly number[]): { low: number; high: number } {
  const n = values.length;
  const m = values.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - m) ** 2, 0) / (n - 1));
  return { low: m - (1.96 * sd) / Math.sqrt(n), high: m + (1.96 * sd) / Math.sqrt(n) };
}

// four deals proved to reach 52, two lost ones: the normal interval passes 52
const NEAR_52 = [52, 52, 52, 52, 30, 35];

describe('meanInterval', () => {
  it("Student's t quantiles: exact for 1 and 2 degrees of freedom, within 0.2% from 3", () => {
    const table: [number, number][] = [
      [1, 12.706205],
      [2, 4.302653],
      [3, 3.1824],
      [4, 2.7764],
      [5, 2.5706],
      [10, 2.2281],
      [30, 2.0423],
      [100, 1.984],
    ];
    for (const [df, t] of table) expect(Math.abs(t975(df) - t) / t, `df ${df}`).toBeLessThan(df <= 2 ? 1e-5 : 0.002);
  });

  it('stays inside the values seen, where the normal interval passes 52', () => {
    expect(normal(NEAR_52).high).toBeGreaterThan(52);
    const ci = meanInterval(histogram(NEAR_52))!;
    expect(ci.mean).toBeCloseTo(45.5, 12);
    expect(ci.low).toBeGreaterThan(30);
    expect(ci.high).toBeLessThan(52);
    expect(ci.low).toBeLessThan(ci.mean);
    expect(ci.high).toBeGreaterThan(ci.mean);
    // any sample: inside [smallest, largest], around the mean
    const rand = prng(3);
    for (let i = 0; i < 100; i++) {
      const xs = Array.from({ length: 2 + Math.floor(rand() * 20) }, () => (rand() < 0.5 ? 52 : Math.floor(rand() * 53)));
      const c = meanInterval(histogram(xs))!;
      expect(c.low).toBeGreaterThanOrEqual(Math.min(...xs));
      expect(c.high).toBeLessThanOrEqual(Math.max(...xs));
      expect(c.low).toBeLessThanOrEqual(c.mean);
      expect(c.high).toBeGreaterThanOrEqual(c.mean);
    }
  });

  it('nothing, one value, or every value the same: no spread to speak of', () => {
    expect(meanInterval(histogram([]))).toBeUndefined();
    expect(meanInterval(histogram([40]))).toEqual({ mean: 40, low: 40, high: 40 });
    expect(meanInterval(histogram([52, 52, 52]))).toEqual({ mean: 52, low: 52, high: 52 });
  });

  it('covers the true mean about 95% of the time from 30 values on, counts crowding at 52', () => {
    const rand = prng(7);
    const draw = () => (rand() < 0.85 ? 52 : 20 + Math.floor(rand() * 21));
    const mu = 0.85 * 52 + 0.15 * 30;
    for (const n of [30, 100]) {
      let covered = 0;
      const reps = 200;
      for (let r = 0; r < reps; r++) {
        const ci = meanInterval(histogram(Array.from({ length: n }, draw)))!;
        if (ci.low <= mu && mu <= ci.high) covered++;
      }
      expect(covered / reps, `n = ${n}`).toBeGreaterThan(0.92);
    }
  });

  it('is the normal interval for many values far from the bounds', () => {
    const rand = prng(11);
    const xs = Array.from({ length: 5000 }, () => 10 + Math.floor(rand() * 31));
    const ci = meanInterval(histogram(xs))!;
    const nm = normal(xs);
    expect(Math.abs(ci.low - nm.low)).toBeLessThan(0.01);
    expect(Math.abs(ci.high - nm.high)).toBeLessThan(0.01);
  });
});

describe('the statistics that use it', () => {
  const db = join(dir, 'stats.sqlite');
  const R = { draw: 3, passes: 3, foundationReturn: true };
  const s = openStore(db);
  if (!s.ok) throw new Error(s.error);
  const id = s.value.ruleSetId(R);
  const common = { family: 'solvitaire', ruleSet: id, solverVersion: 'test', solvedAt: '2025-01-01T00:00:00Z' };
  s.value.putResults(
    NEAR_52.map((home, i) => ({
      ...EMPTY_RESULT_EXTRAS,
      ...common,
      seed: BigInt(i + 1),
      verdict: home === 52 ? ('winnable' as const) : ('unwinnable' as const),
      nodes: 1,
      ms: 1,
      solutionLength: null,
      moves: null,
      error: null,
      maxNodes: 1,
      timeoutMs: 1,
      maxMemoryMb: 64,
      mostHome: home,
      mostHomeBound: home,
      mostHomeProved: true,
    })),
  );
  s.value.putPlays(
    NEAR_52.map((home, i) => ({
      ...common,
      seed: BigInt(i + 1),
      stock: 'hidden' as const,
      policy: 'priority',
      params: '{}',
      won: home === 52,
      moveCount: 100,
      moves: 'SW3',
      cardsHome: home,
      ms: 1,
      error: null,
    })),
  );
  s.value.close();

  it('the most cards home of a few deals near 52: the interval and the Vegas one stay inside the bounds', () => {
    const r = openReader(db);
    if (!r.ok) throw new Error(r.error);
    const m = [...computeMostHome(r.value.db).values()][0];
    r.value.close();
    expect(m.mean).toBeCloseTo(45.5, 10);
    expect(m.ciHigh!).toBeLessThanOrEqual(52);
    expect(m.ciLow!).toBeGreaterThanOrEqual(0);
    expect(m.vegasHigh!).toBeLessThanOrEqual(5 * 52 - 52);
    expect(mostHomeLines(m)[0]).toMatch(/mean 45\.50 cards \(95% interval (\d+\.\d\d) – (\d+\.\d\d)\)$/);
    const high = Number(/– (\d+\.\d\d)\)$/.exec(mostHomeLines(m)[0])![1]);
    expect(high).toBeLessThanOrEqual(52);
  });

  it('the cards home of a few games near 52 likewise', () => {
    const r = openReader(db);
    if (!r.ok) throw new Error(r.error);
    const [p] = computePlayStats(r.value.db);
    r.value.close();
    expect(p.cardsHomeMean).toBeCloseTo(45.5, 10);
    expect(p.cardsHomeCiHigh!).toBeLessThanOrEqual(52);
    expect(p.cardsHomeCiLow!).toBeGreaterThanOrEqual(30);
    expect(p.vegasCiHigh!).toBeLessThanOrEqual(5 * 52 - 52);
  });
});
