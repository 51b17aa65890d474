/**
 * The solve's progress callback: called every 65,536 positions with the positions searched so far
 * over every stage of a staged solve, and without effect on the search.
 */
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/deals/families.ts';
import { dealPosition } from '../../src/engine/position.ts';
import { solve } from '../../src/solver/index.ts';
import { heavyTests } from '../support/slow.ts';

// whole searches, watched as they go: seconds of CPU
heavyTests();

describe('solve progress', () => {
  it('reports the positions searched so far, rising, through every stage, and changes nothing', () => {
    const d = dealFromSeed(8846, 'solvitaire');
    if (!d.ok) throw new Error(d.error);
    const rules = { draw: 3, passes: null, foundationReturn: true };
    const budget = { maxNodes: 300_000, maxMemoryMb: 64 };
    const seen: number[] = [];
    const r = solve(dealPosition(d.value), rules, budget, { onProgress: (n) => seen.push(n) });
    const plain = solve(dealPosition(d.value), rules, budget);
    expect(r.verdict).toBe(plain.verdict);
    expect(r.stats.nodes).toBe(plain.stats.nodes);
    expect(r.stats.nodes).toBeGreaterThan(3 * 65_536);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (let k = 1; k < seen.length; k++) expect(seen[k]).toBeGreaterThan(seen[k - 1]);
    expect(seen.at(-1)!).toBeLessThanOrEqual(r.stats.nodes);
    // the staged solve: counts after the first stage include the nodes before it
    expect(seen.some((n) => n % 65_536 !== 0)).toBe(true);
  });
});
