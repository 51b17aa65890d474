/**
 * Odds: an exact answer when nothing is unseen, and on a late position with four unseen cards
 * (24 arrangements, every one solved here) the sampled estimate agrees with the exact share.
 */
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/deals/families.ts';
import { gameAfter } from '../../src/hidden/game.ts';
import { Observation } from '../../src/hidden/observation.ts';
import { estimateOdds } from '../../src/hidden/odds.ts';
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
