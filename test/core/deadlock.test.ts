/**
 * The core's deadlock test (src/core/deadlock.ts) against its plain statement
 * (test/support/deadlock.ts): the same answer at every step of random playouts from seeded deals,
 * under rule sets with every draw and pass limit the test reads, with and without returns; both
 * answers occur. Whether the test is exact (never calls a winnable position lost) is checked
 * against the search in test/solver/pruning.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { genAtomic, make } from '../../src/engine/moves.ts';
import { State } from '../../src/engine/state.ts';
import { Core } from '../../src/solver/core.ts';
import type { Rules } from '../../src/types.ts';
import { deadlockedReference } from '../support/deadlock.ts';
import { prng, rulesTag, seedPosition } from '../support/positions.ts';

const RULES: Rules[] = [
  { draw: 3, passes: null, foundationReturn: true },
  { draw: 1, passes: null, foundationReturn: true },
  { draw: 3, passes: 2, foundationReturn: true },
  { draw: 1, passes: 1, foundationReturn: false },
  { draw: 2, passes: null, foundationReturn: false },
];

describe('the core deadlock test', () => {
  const core = new Core();
  it.each(RULES.map((r) => [rulesTag(r), r] as const))('agrees with its plain statement along random playouts, %s', (_tag, rules) => {
    const moves = new Int32Array(256);
    let dead = 0;
    let steps = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const rand = prng(seed * 104729 + rules.draw);
      const s = State.fromPosition(seedPosition(seed), rules);
      for (let step = 0; step < 120 && s.home < 52; step++) {
        const n = genAtomic(s, moves, 0);
        if (n === 0) break;
        make(s, moves[Math.floor(rand() * n)]);
        core.load(s);
        const want = deadlockedReference(s);
        const got = core.x.deadlockedHere() === 1;
        if (got !== want) expect(got, `seed ${seed}, step ${step}: ${JSON.stringify(s.toPosition())}`).toBe(want);
        if (want) dead++;
        steps++;
      }
    }
    expect(steps).toBeGreaterThan(3_000);
    expect(dead).toBeGreaterThan(steps / 20);
    expect(dead).toBeLessThan(steps);
  });
});
