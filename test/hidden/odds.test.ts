/**
 * Odds: an exact answer when nothing is unseen, and on a late position with four unseen cards
 * (24 arrangements, every one solved here) the sampled estimate agrees with the exact share. The
 * streaming parts (worlds by index, a tally fed in any order, the stop at a precision) give the
 * same estimate as one thread solving the worlds in order.
 */
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/deals/families.ts';
import { gameAfter } from '../../src/hidden/game.ts';
import { Observation } from '../../src/hidden/observation.ts';
import {
  type OddsResult,
  OddsTally,
  OddsWorlds,
  PRECISION_MIN_SAMPLES,
  type WorldVerdict,
  estimateOdds,
  halfWidth,
  solveWorld,
} from '../../src/hidden/odds.ts';
import { Random, sampleWorld } from '../../src/hidden/sample.ts';
import { fillWorld } from '../../src/hidden/sample.ts';
import { movesFromCompact } from '../../src/engine/notation.ts';
import { type Position, dealPosition } from '../../src/engine/position.ts';
import { solve } from '../../src/solver/index.ts';
import type { Rules } from '../../src/types.ts';

const DRAW1: Rules = { draw: 1, passes: null, foundationReturn: true };

function deal(seed: number): Position {
  const d = dealFromSeed(seed, 'solvitaire');
  if (!d.ok) throw new Error(d.error);
  return dealPosition(d.value);
}

// Solvitaire 6 at draw 1: 176 moves of a winning line, leaving four face-down cards.
const LINE =
  '4s SW SW SW SW SW SW SW SW SW SW SW SW SW SW SW SW SW SW Wh 4c SW SW SW SW SW SW WS23 SW SW SW SW SW SW SW SW SW SW SW SW SW SW SW SW Wc SW SW Wd 4d SW SW SW SW SW WS21 SW Wd SW SW SW SW SW SW SW SW SW Wd Wd SW Wd SW SW SW SW SW SW SW SW SW SW WS17 SW SW SW SW Wd 61 W3 53 SW SW W4 64 SW SW W5 SW SW SW SW SW SW SW W5 75 SW SW WS12 SW SW W4 142 SW SW SW SW SW SW SW SW SW W1 61 363 SW WS10 SW SW SW SW SW SW W1 SW SW W1 21 d3 634 564 5h 5c 3h 6h SW SW WS8 SW SW SW Wc 6c 76 614 6s SW SW SW SW Ws 3s 1s 3h SW WS6 SW Ws 1h 3c SW SW SW Wc 1s 3d 3c';

function permutations(a: number[]): number[][] {
  if (a.length <= 1) return [a];
  return a.flatMap((x, i) => permutations([...a.slice(0, i), ...a.slice(i + 1)]).map((p) => [x, ...p]));
}

describe('odds', () => {
  it('a position with nothing unseen is solved once, exactly', () => {
    const o = Observation.of(deal(42), DRAW1);
    if (!o.ok) throw new Error(o.error);
    const r = estimateOdds(o.value, { samples: 50 });
    expect(r.exact).toBe(true);
    expect(r.samples).toBe(1);
    const v = solve(deal(42), DRAW1).verdict;
    expect(r.winnable).toBe(v === 'winnable' ? 1 : 0);
    expect(r.interval?.rate).toBe(v === 'winnable' ? 1 : 0);
  });

  it('the sampled estimate agrees with the exact share over every arrangement', () => {
    const moves = movesFromCompact(LINE);
    if (!moves.ok) throw new Error(moves.error);
    const g = gameAfter(deal(6), DRAW1, 'visible', moves.value);
    if (!g.ok) throw new Error(g.error);
    const o = g.value.observe();
    expect(o.unseen.length).toBe(4);
    const verdicts = permutations([...o.unseen]).map((p) => solve(fillWorld(o, p), DRAW1).verdict);
    expect(verdicts).not.toContain('unknown');
    const exact = verdicts.filter((v) => v === 'winnable').length / verdicts.length;
    expect(exact).toBeGreaterThan(0);
    expect(exact).toBeLessThan(1);
    const r = estimateOdds(o, { samples: 400, seed: 3 });
    expect(r.exact).toBe(false);
    expect(r.samples).toBe(400);
    expect(r.winnable + r.unwinnable + r.unknown).toBe(400);
    expect(r.unknown).toBe(0);
    // 400 samples: the standard error is at most 2.5 points; allow four
    expect(Math.abs(r.interval!.rate - exact)).toBeLessThan(0.1);
    expect(r.interval!.low).toBeLessThanOrEqual(exact);
    expect(r.interval!.high).toBeGreaterThanOrEqual(exact);
    // the same seed, the same estimate
    expect(estimateOdds(o, { samples: 40, seed: 9 }).winnable).toBe(estimateOdds(o, { samples: 40, seed: 9 }).winnable);
  });

  it('undecided samples are counted apart, with bounds', () => {
    const o = Observation.ofPosition(deal(22), { draw: 3, passes: null, foundationReturn: true }, 'visible');
    if (!o.ok) throw new Error(o.error);
    const r = estimateOdds(o.value, { samples: 12, budget: { maxNodes: 1, maxMemoryMb: 16 } });
    expect(r.winnable + r.unwinnable + r.unknown).toBe(12);
    expect(r.unknown).toBeGreaterThan(0);
    expect(r.lower).toBe(r.winnable / 12);
    expect(r.upper).toBe((r.winnable + r.unknown) / 12);
  });
});

describe('odds in pieces: worlds by index, a tally in any order, a stop at a precision', () => {
  const D3: Rules = { draw: 3, passes: null, foundationReturn: true };
  const fresh = Observation.ofPosition(deal(5), D3, 'hidden');
  if (!fresh.ok) throw new Error(fresh.error);
  const o = fresh.value;
  const budget = { maxNodes: 20_000, maxMemoryMb: 64 };
  /** A result without its solving time, which no two runs share. */
  const untimed = ({ ms: _ms, ...r }: OddsResult) => r;

  it('world i is the i-th world of the sampling, whichever worlds were asked before', () => {
    const rng = new Random(7);
    const seq = Array.from({ length: 12 }, () => sampleWorld(o, rng));
    const a = new OddsWorlds(o, 7);
    expect([0, 1, 2, 3].map((i) => a.world(i))).toEqual(seq.slice(0, 4));
    const b = new OddsWorlds(o, 7);
    expect([b.world(3), b.world(7), b.world(11)]).toEqual([seq[3], seq[7], seq[11]]);
    expect(() => b.world(5)).toThrow(RangeError);
  });

  it('a tally fed out of order counts in index order and gives estimateOdds’ result', () => {
    const n = 30;
    const worlds = new OddsWorlds(o, 1);
    const verdicts: WorldVerdict[] = Array.from({ length: n }, (_, i) => solveWorld(worlds.world(i), D3, budget));
    const want = estimateOdds(o, { samples: n, seed: 1, budget });
    const t = new OddsTally(false, { samples: n });
    // odd indices first, then the even ones backwards: nothing counts until world 0 is in
    for (let i = 1; i < n; i += 2) t.add(i, verdicts[i]);
    expect(t.counted).toBe(0);
    for (let i = n - 2; i >= 2; i -= 2) t.add(i, verdicts[i]);
    expect([t.counted, t.done]).toEqual([0, false]);
    expect(t.add(0, verdicts[0])).toBe(true);
    expect(t.done).toBe(true);
    expect(untimed(t.result())).toEqual(untimed(want));
    // a verdict after the end changes nothing
    t.add(n, verdicts[0]);
    expect(untimed(t.result())).toEqual(untimed(want));
  });

  it('with a precision it stops at the first count whose interval is that narrow, as one thread does', () => {
    const precision = 0.1;
    const r = estimateOdds(o, { samples: 500, seed: 1, budget, precision });
    expect(r.samples).toBeGreaterThanOrEqual(PRECISION_MIN_SAMPLES);
    expect(r.samples).toBeLessThan(500);
    expect(halfWidth(r.interval!)).toBeLessThanOrEqual(precision);
    // one world fewer was not precise enough (or below the minimum)
    const before = estimateOdds(o, { samples: r.samples - 1, seed: 1, budget });
    if (r.samples > PRECISION_MIN_SAMPLES) expect(halfWidth(before.interval!)).toBeGreaterThan(precision);
    // worlds arriving in any order stop at the same count, with the same result
    const worlds = new OddsWorlds(o, 1);
    const verdicts = Array.from({ length: r.samples + 10 }, (_, i) => solveWorld(worlds.world(i), D3, budget));
    const t = new OddsTally(false, { samples: 500, precision });
    for (let i = verdicts.length - 1; i >= 0; i--) t.add(i, verdicts[i]);
    expect(untimed(t.result())).toEqual(untimed(r));
  });

  it('a position with nothing unseen takes one world; bad settings are refused', () => {
    const t = new OddsTally(true, { samples: 50, precision: 0.05 });
    expect(t.total).toBe(1);
    expect(() => new OddsTally(false, { samples: 0 })).toThrow(RangeError);
    expect(() => new OddsTally(false, { samples: 10, precision: 0 })).toThrow(RangeError);
  });
});
