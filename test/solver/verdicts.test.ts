/**
 * The solver against the shared verdict fixture (verdicts other solvers agree on): a fixed subset
 * of rows the solver decides quickly, over every rule set in the file, winnable and unwinnable.
 * Each deal gets a node budget (not a time budget, so the test does not depend on machine speed);
 * winnable solutions must replay to a win on the plain engine.
 *
 * The subset was chosen from a measurement of every row with a 5 s timeout (bench/results/verdict-fixture.md):
 * for each rule set and verdict, about 8 rows spread over those decided in under 2 s; about 25 s
 * of solving in all on a busy 2-core machine. All rows: verdicts.slow.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../../src/engine/solution.ts';
import { solve } from '../../src/solver/index.ts';
import { type FixtureRow, readVerdictFixture, rowLabel, seedPosition } from '../support/positions.ts';

/** Rows of the default suite: draw, passes, foundation return, seeds (Solvitaire family). */
const SUBSET: [number, string, string, number[]][] = [
  [1, '1', 'yes', [1, 2, 7, 9, 14, 16, 17, 19, 20, 24, 25, 29, 30, 31, 42, 43]],
  [1, 'unlimited', 'no', [1, 7, 16, 20, 30, 35, 42, 45, 49]],
  [
    1,
    'unlimited',
    'yes',
    [
      1000012, 1000023, 1000033, 1000062, 1000161, 1000167, 1000177, 1000192, 1000230, 1000291, 1000294, 1000308, 1000372, 1000431, 1000478,
      1000484,
    ],
  ],
  [3, '1', 'yes', [1, 7, 13, 14, 21, 24, 26, 36, 42]],
  [3, '3', 'yes', [1, 3, 7, 8, 13, 16, 18, 21, 24, 29, 35, 40, 42, 45, 48, 50]],
  [3, 'unlimited', 'no', [1, 5, 7, 11, 14, 19, 21, 26, 27, 29, 38, 40, 43, 45, 50]],
  [
    3,
    'unlimited',
    'yes',
    [
      1000007, 1000072, 1000130, 1000139, 1000176, 1000242, 1000251, 1000267, 1000275, 1000280, 1000288, 1000308, 1000338, 1000364, 1000493,
      1000500,
    ],
  ],
];

/** Each of these rows took under 300k nodes when chosen; the budget leaves room for slower versions. */
const BUDGET = { maxNodes: 5_000_000, timeoutMs: 600_000, maxMemoryMb: 256 };

const fixture = readVerdictFixture();

function pick(): FixtureRow[] {
  const out: FixtureRow[] = [];
  for (const [draw, passes, fr, seeds] of SUBSET) {
    for (const seed of seeds) {
      const row = fixture.find(
        (r) =>
          r.family === 'solvitaire' &&
          r.seed === seed &&
          r.rules.draw === draw &&
          String(r.rules.passes ?? 'unlimited') === passes &&
          r.rules.foundationReturn === (fr === 'yes'),
      );
      if (!row) throw new Error(`subset row not in the fixture: seed ${seed} draw ${draw} passes ${passes} return ${fr}`);
      out.push(row);
    }
  }
  return out;
}

const rows = pick();

describe('verdict fixture, fast subset', () => {
  it('covers every rule set of the fixture with both verdicts where the fixture has both', () => {
    const sets = new Map<string, Set<string>>();
    for (const r of fixture) sets.set(rowLabel(r, false), new Set());
    for (const r of rows) sets.get(rowLabel(r, false))!.add(r.verdict);
    for (const [label, verdicts] of sets) {
      const inFixture = new Set(fixture.filter((r) => rowLabel(r, false) === label).map((r) => r.verdict));
      expect([...verdicts].sort(), label).toEqual([...inFixture].sort());
    }
  });

  it.each(rows.map((r) => [rowLabel(r, true), r] as const))('%s', (_label, row) => {
    const position = seedPosition(row.seed, row.family);
    const r = solve(position, row.rules, BUDGET);
    expect(r.verdict).toBe(row.verdict);
    if (r.verdict === 'winnable') {
      expect(r.stats.solutionLength).toBe(r.moves.length);
      expect(replay(position, row.rules, r.moves)).toEqual({ status: 'won' });
    } else expect(r.moves).toEqual([]);
  });
});
