/**
 * The restriction after a foundation card comes back down (`delayReturn`, pruning.ts
 * `restrictionAfter`): which moves the generator still offers, along random playouts, and that
 * the rule changes the search but not the verdict. Its exactness against the search with every
 * rule off is in solver.test.ts (the "delayReturn off" variant and the cross-checks).
 */
import { describe, expect, it } from 'vitest';
import { F2T, S2F, S2T, T2F, T2T, aOf, bOf, genAtomic, kindOf, make, mv } from '../src/moves.ts';
import { FULL_PRUNING, solve } from '../src/solver.ts';
import { Generator, HOME_AFTER, MOVES_PER_NODE } from '../src/solver/generate.ts';
import { resolvePruning } from '../src/solver/options.ts';
import { FREE, RETURNED, restrictionAfter } from '../src/solver/pruning.ts';
import { State } from '../src/state.ts';
import type { Rules } from '../src/types.ts';
import { prng, returnNeededPosition, seedPosition, upAndDownPosition } from './positions.ts';

const D1: Rules = { draw: 1, passes: null, foundationReturn: true };
const D3: Rules = { draw: 3, passes: null, foundationReturn: true };
const PR = resolvePruning(FULL_PRUNING);

/** The generator's moves of s after the previous move left `mode` on pile `rCol`. */
function movesOf(s: State, rCol: number, mode: number): number[] {
  const out = new Int32Array(MOVES_PER_NODE);
  const n = new Generator(s, PR, out).generate(0, rCol, mode);
  return Array.from(out.subarray(0, n));
}

describe('after a card comes back down', () => {
  it('the next move builds on it, plays from the stock or brings a card down', () => {
    let checked = 0;
    let fewer = 0;
    let freeTotal = 0;
    let restrictedTotal = 0;
    for (const rules of [D1, D3])
      for (let seed = 1; seed <= 20; seed++) {
        const s = State.fromPosition(seedPosition(seed), rules);
        const rand = prng(seed * 7919);
        const buf = new Int32Array(256);
        for (let step = 0; step < 400; step++) {
          for (const m of movesOf(s, -1, FREE)) {
            if (kindOf(m) !== F2T || s.found[aOf(m)] === 13) continue;
            const b = bOf(m);
            expect(restrictionAfter(s, m, true, true, true, true)).toBe(RETURNED);
            expect(restrictionAfter(s, m, true, true, true, false)).toBe(FREE);
            const child = s.clone();
            make(child, m);
            const restricted = movesOf(child, b, RETURNED);
            const free = movesOf(child, -1, FREE);
            for (const r of restricted) {
              const k = kindOf(r & ~HOME_AFTER);
              const ok = k === S2F || k === S2T || k === F2T || (k === T2T && bOf(r) === b);
              expect(ok, `move ${r} after bringing down onto pile ${b}`).toBe(true);
              // nothing the free generator would not offer
              expect(free).toContain(r);
            }
            // every free move that builds on the card, plays from the stock or brings a card down stays
            for (const f of free) {
              const k = kindOf(f & ~HOME_AFTER);
              if (k === S2F || k === S2T || k === F2T || (k === T2T && bOf(f) === b)) expect(restricted).toContain(f);
            }
            checked++;
            freeTotal += free.length;
            restrictedTotal += restricted.length;
            // the card itself home again (the position before) aside, did the rule take anything away?
            const T2F_FROM_B = (f: number) => kindOf(f) === T2F && aOf(f) === b;
            if (restricted.length < free.filter((f) => !T2F_FROM_B(f)).length) fewer++;
          }
          const n = genAtomic(s, buf);
          if (n === 0) break;
          make(s, buf[Math.floor(rand() * n)]);
        }
      }
    expect(checked).toBeGreaterThan(200);
    // 2,332 of 5,402 when written
    expect(fewer).toBeGreaterThan(checked / 4);
    expect(restrictedTotal).toBeLessThan(freeTotal);
  });

  it('a King brought down into an empty pile leaves the next move free', () => {
    // two suits home to their Kings, four piles empty
    const s = State.fromPosition(upAndDownPosition(), D1);
    const suit = s.found.indexOf(13);
    expect(suit).toBeGreaterThanOrEqual(0);
    expect(s.len.indexOf(0)).toBeGreaterThanOrEqual(0);
    const king = mv(F2T, suit, s.len.indexOf(0), 1, 0);
    expect(restrictionAfter(s, mv(F2T, s.found.indexOf(7), 0, 1, 0), true, true, true, true)).toBe(RETURNED);
    expect(restrictionAfter(s, king, true, true, true, true)).toBe(FREE);
  });

  it('on and off, the same verdicts; the lost deals searched in fewer positions', () => {
    for (const p of [returnNeededPosition(), upAndDownPosition()])
      for (const rules of [D1, D3]) {
        const on = solve(p, rules, { maxNodes: 2_000_000 });
        const off = solve(p, rules, { maxNodes: 2_000_000 }, { pruning: { ...FULL_PRUNING, delayReturn: false } });
        expect(on.verdict).toBe('winnable');
        expect(off.verdict).toBe('winnable');
      }
    let on = 0;
    let off = 0;
    // Solvitaire deals lost at draw 1 (a search of some thousands of positions each)
    for (const seed of [1, 181, 893]) {
      const a = solve(seedPosition(seed), D1, { maxNodes: 2_000_000 }, { deadlocks: false, lockingMoves: false });
      const b = solve(
        seedPosition(seed),
        D1,
        { maxNodes: 2_000_000 },
        {
          deadlocks: false,
          lockingMoves: false,
          pruning: { ...FULL_PRUNING, delayReturn: false },
        },
      );
      expect(a.verdict).toBe('unwinnable');
      expect(b.verdict).toBe('unwinnable');
      on += a.stats.ttHits;
      off += b.stats.ttHits;
    }
    expect(on).toBeLessThan(off);
  });
});
