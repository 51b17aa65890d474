/**
 * Pass numbers and pass limits through the solver: a position's pass is checked against the
 * rules, any pass number gives the verdict of the passes it has left (never a solution that does
 * not replay, never a hang past the budgets), a pass limit the stock cannot use is searched as
 * unlimited, and a large limit is searched exactly (no two passes share a table key). Then the
 * Solver itself: reusable, reentrant.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/tmp.ts';
import { parsePosition } from '../../src/deals/formats/index.ts';
import { type Position, makePositionJson, parsePositionJson, validatePosition } from '../../src/engine/position.ts';
import { replay } from '../../src/engine/solution.ts';
import { runPerft } from '../../src/cli/perft.ts';
import { FULL_PRUNING, NO_PRUNING, type SolveResult, Solver, type SolverOptions, solve } from '../../src/solver/index.ts';
import type { Rules } from '../../src/types.ts';
import { runInProcess } from '../support/cli-run.ts';
import { reducedDeal, seedPosition } from '../support/positions.ts';
import { makeSolutionJson, parseSolutionJson } from '../../src/deals/solution-json.ts';

const d3: Rules = { draw: 3, passes: null, foundationReturn: true };
const d1: Rules = { ...d3, draw: 1 };
const FAST = { maxNodes: 2_000_000, timeoutMs: 600_000, maxMemoryMb: 64 };

function expectReplays(p: Position, rules: Rules, r: SolveResult): void {
  if (r.verdict === 'winnable') expect(replay(p, rules, r.moves)).toEqual({ status: 'won' });
}

const redeals = (r: SolveResult) => r.moves.filter((m) => m.to === 'stock').length;

describe("a position's pass against the rules", () => {
  const p42 = seedPosition(42);
  it('a pass past the limit is refused in one line; within it, or with unlimited passes, accepted', () => {
    const five: Rules = { ...d3, passes: 5 };
    expect(validatePosition({ ...p42, pass: 7 }, five)).toEqual({
      ok: false,
      error: 'the position is on pass 7, past the limit of 5 passes',
    });
    expect(validatePosition({ ...p42, pass: 2 ** 25 }, five).ok).toBe(false);
    expect(validatePosition({ ...p42, pass: 5 }, five).ok).toBe(true);
    expect(validatePosition({ ...p42, pass: 2 ** 25 }, d3).ok).toBe(true);
    expect(validatePosition({ ...p42, pass: 2 }, { ...d3, passes: 1 })).toEqual({
      ok: false,
      error: 'the position is on pass 2, past the limit of 1 pass',
    });
  });

  it('a pass must be a whole number from 1 to 2^53 − 1, in every format', () => {
    for (const pass of [0, 1.5, 2 ** 53, 1e300, -3]) expect(validatePosition({ ...p42, pass }).ok, String(pass)).toBe(false);
    const json = (pass: string) =>
      JSON.stringify({ ...makePositionJson({ ...p42, pass: 2 }), pass: 0 }).replace('"pass":0', `"pass":${pass}`);
    for (const pass of ['9007199254740992', '9007199254740993', '1e300', '1.5', '0']) {
      const r = parsePositionJson(json(pass));
      expect(r.ok, pass).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/^"pass" must be a whole number from 1 to 2\^53 − 1/);
    }
    expect(parsePositionJson(json('9007199254740991')).ok).toBe(true);
    const pysol = parsePosition(`Talon: 6C 8H AH\nPass: 9007199254740993\n`, 'pysol');
    expect(pysol).toEqual({ ok: false, error: 'Pass: must be a whole number from 1 to 2^53 − 1, got "9007199254740993"' });
  });

  it('solve, perft and replay refuse a pass past the limit; solve a pass of 2^53 at once (exit 2, one line)', async () => {
    const dir = tempDir('passes');
    const file = (name: string, pass: string) => {
      const path = join(dir, name);
      writeFileSync(path, JSON.stringify({ ...makePositionJson({ ...p42, pass: 2 }), pass: 0 }).replace('"pass":0', `"pass":${pass}`));
      return path;
    };
    const past = await runInProcess(['solve', '--deal', file('p25.json', '33554432'), '--passes', '5']);
    expect(past).toEqual({ stdout: '', stderr: 'klondike: the position is on pass 33554432, past the limit of 5 passes\n', code: 2 });
    for (const pass of ['9007199254740992', '1e300']) {
      const r = await runInProcess(['solve', '--deal', file('huge.json', pass), '--timeout', '2', '--max-nodes', '100']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^klondike: .*"pass" must be a whole number from 1 to 2\^53 − 1, got .*\n$/);
    }
    // perft and replay refuse it too
    expect(() => runPerft({ deal: file('p7.json', '7'), draw: 3, passes: 5, foundationReturn: true, depth: 1 })).toThrow(
      'the position is on pass 7, past the limit of 5 passes',
    );
    const solution = makeSolutionJson({ rules: { ...d3, passes: 5 }, deal: { ...p42, pass: 7 }, moves: [] });
    expect(parseSolutionJson(JSON.stringify(solution))).toEqual({
      ok: false,
      error: 'deal: the position is on pass 7, past the limit of 5 passes',
    });
    const pysol = join(dir, 'p.pysol');
    writeFileSync(pysol, (await runInProcess(['deal', '--seed', '42', '--format', 'pysol'])).stdout + 'Pass: 9007199254740993\n');
    const r = await runInProcess(['solve', '--deal', pysol, '--timeout', '2', '--max-nodes', '100']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')).toHaveLength(2);
  });
});

describe('any pass number: the verdict of the passes left, within the budgets', () => {
  const p42 = seedPosition(42);

  it('only the passes left count: pass 2^25 of unlimited is pass 1; pass 4 of 5 is pass 1 of 2', () => {
    const base = solve(p42, d3, FAST);
    expect(base.verdict).toBe('winnable');
    for (const pass of [2 ** 25, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      const r = solve({ ...p42, pass }, d3, FAST);
      expect(r.verdict).toBe('winnable');
      expect(r.stats.nodes).toBe(base.stats.nodes);
      expectReplays({ ...p42, pass }, d3, r);
    }
    for (const [pass, passes] of [
      [4, 5],
      [2 ** 25 - 1, 2 ** 25],
      [Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER],
    ]) {
      const two = solve(p42, { ...d3, passes: 2 }, FAST);
      const r = solve({ ...p42, pass }, { ...d3, passes }, FAST);
      expect([r.verdict, r.stats.nodes], `pass ${pass} of ${passes}`).toEqual([two.verdict, two.stats.nodes]);
      expectReplays({ ...p42, pass }, { ...d3, passes }, r);
    }
  });

  it('a pass past the limit is refused, never searched', () => {
    // this once said "winnable" for pass 2^25 under 5 passes, with a solution that redealt
    const five: Rules = { ...d3, passes: 5 };
    expect(solve({ ...p42, pass: 5 }, five, FAST).verdict).not.toBe('error');
    for (const pass of [6, 2 ** 25, 2 ** 31 + 5])
      expect(() => solve({ ...p42, pass }, five, FAST), `pass ${pass}`).toThrow(/past the limit of 5 passes/);
  });

  it('pass numbers and limits a double cannot count exactly are refused (2^53, 1e300, Infinity)', () => {
    // these once hung past --timeout and --max-nodes
    for (const pass of [2 ** 53, 2 ** 53 + 2, 1e300, Infinity])
      expect(() => solve({ ...p42, pass }, d3, { maxNodes: 100 })).toThrow(/pass must be a whole number from 1 to 2\^53/);
    expect(() => solve(p42, { ...d3, passes: 1e300 }, { maxNodes: 100 })).toThrow(/passes must be a whole number ≥ 1/);
  });
});

describe('pass limits the stock cannot use, and large limits searched exactly', () => {
  it('--passes 300 is searched as unlimited (same verdict, same nodes) and its solutions replay under 300', () => {
    for (const rules of [d3, d1]) {
      for (const seed of [1, 2, 4, 5, 6, 7, 9, 10, 11, 12]) {
        const p = seedPosition(seed);
        const free = solve(p, rules, FAST);
        const r = solve(p, { ...rules, passes: 300 }, FAST);
        expect([r.verdict, r.stats.nodes], `seed ${seed}, draw ${rules.draw}`).toEqual([free.verdict, free.stats.nodes]);
        expectReplays(p, { ...rules, passes: 300 }, r);
      }
    }
  });

  it('the boundary: 24 redeals left for 24 stock cards is no limit (solutions stay within it); 23 is one', () => {
    const p = seedPosition(5);
    const free = solve(p, d3, FAST);
    const exact = solve(p, { ...d3, passes: 25 }, FAST);
    expect([exact.verdict, exact.stats.nodes]).toEqual([free.verdict, free.stats.nodes]);
    expectReplays(p, { ...d3, passes: 25 }, exact);
    let winnable = 0;
    // (seeds that take the solver more than about 50,000 nodes left out, for time)
    const quick = [1, 2, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 17, 19, 20, 21, 23, 24, 25, 26, 27, 28, 29, 30];
    for (const seed of quick) {
      const q = seedPosition(seed);
      const r = solve(q, { ...d3, passes: 25 }, FAST);
      expectReplays(q, { ...d3, passes: 25 }, r);
      expect(redeals(r)).toBeLessThanOrEqual(24);
      if (r.verdict === 'winnable') winnable++;
    }
    expect(winnable).toBeGreaterThan(12);
    // one redeal fewer than the stock holds: a searched limit, whose solutions keep to it too
    for (const seed of quick.slice(0, 8)) {
      const q = seedPosition(seed);
      expectReplays(q, { ...d3, passes: 24 }, solve(q, { ...d3, passes: 24 }, FAST));
    }
  });

  it('atomic searches keep a large limit exactly: 300 passes agree with unlimited', () => {
    const atomic: SolverOptions = {
      pruning: { ...FULL_PRUNING, stockMacros: false },
      relaxation: false,
      deadCheck: false,
      deadlocks: false,
      lockingMoves: false,
    };
    const plain: SolverOptions = {
      pruning: NO_PRUNING,
      relaxation: false,
      deadCheck: false,
      deadlocks: false,
      deadPositions: false,
      lockingMoves: false,
    };
    let compared = 0;
    for (const [seed, k] of [
      [17, 9],
      [20, 9],
      [282, 9],
      [3, 10],
    ]) {
      const p = reducedDeal(seed, k);
      for (const rules of [d1, d3]) {
        const free = solve(p, rules, FAST);
        for (const options of [atomic, plain]) {
          const r = solve(p, { ...rules, passes: 300 }, { ...FAST, maxNodes: 300_000 }, options);
          if (r.verdict === 'unknown') continue;
          expect(r.verdict, `seed ${seed}, draw ${rules.draw}`).toBe(free.verdict);
          expectReplays(p, { ...rules, passes: 300 }, r);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(8);
  });
});

describe('the Solver', () => {
  it('a Solver reused for many solves answers as fresh ones do', () => {
    const shared = new Solver();
    for (const seed of [1, 2, 6, 7]) {
      const p = seedPosition(seed);
      const fresh = new Solver();
      for (const budget of [{ maxNodes: 50 }, { ...FAST, maxMemoryMb: 16 }, FAST]) {
        const a = shared.solve(p, d3, budget);
        const b = fresh.solve(p, d3, budget);
        const c = new Solver().solve(p, d3, budget);
        expect([a.verdict, a.stats.nodes, a.stats.uniqueStates, a.moves]).toEqual([
          b.verdict,
          b.stats.nodes,
          b.stats.uniqueStates,
          b.moves,
        ]);
        expect([a.verdict, a.stats.nodes, a.moves]).toEqual([c.verdict, c.stats.nodes, c.moves]);
      }
    }
  });

  it('solve is reentrant: a solve started inside a solve (here from a getter) runs on its own Solver', () => {
    const p = seedPosition(6);
    const expected = solve(p, d3, FAST);
    let inner: SolveResult | undefined;
    const tricky = { ...p } as Position;
    Object.defineProperty(tricky, 'pass', {
      get: () => {
        if (!inner) inner = solve(seedPosition(6), d3, FAST);
        return 1;
      },
    });
    const outer = solve(tricky, d3, FAST);
    expect(inner && [inner.verdict, inner.stats.nodes, inner.moves]).toEqual([expected.verdict, expected.stats.nodes, expected.moves]);
    expect([outer.verdict, outer.stats.nodes, outer.moves]).toEqual([expected.verdict, expected.stats.nodes, expected.moves]);
    // one Solver refuses a second solve while busy, rather than corrupt the first
    const one = new Solver();
    const nested = { ...p } as Position;
    let error: unknown;
    Object.defineProperty(nested, 'pass', {
      get: () => {
        try {
          one.solve(p, d3, FAST);
        } catch (e) {
          error = e;
        }
        return 1;
      },
    });
    expect(one.solve(nested, d3, FAST).verdict).toBe(expected.verdict);
    expect(String(error)).toMatch(/already solving/);
  });
});
