/**
 * A pile is emptied only for a King that can come next (pruning.ts `emptiesPile`, src/core/generate.ts `kingMayFill`):
 * along random playouts, the generator offers a move that empties a pile exactly when the position
 * after it has a King to put there (the moves the search allows after emptying, `kingsForEmptied`).
 * A foundation card comes down only when it would not go straight back home (keepSafeHome,
 * src/core/generator-context.ts `bouncesHome`): the returns offered are those offered without the rule
 * whose card, once down, is not safe to send home (src/core/rules.ts `safeHome`).
 */
import { describe, expect, it } from 'vitest';
import { RANK } from '../../src/engine/cards.ts';
import { F2T, T2T, aOf, bOf, countOf, fitsPile, genAtomic, kindOf, make, mv } from '../../src/engine/moves.ts';
import { FULL_PRUNING } from '../../src/solver/index.ts';
import { Core } from '../../src/solver/core-instance.ts';
import { Generator, MOVES_PER_NODE } from '../../src/solver/generator-handle.ts';
import { resolvePruning } from '../../src/solver/options.ts';
import { FREE } from '../../src/solver/pruning.ts';
import { STRIDE, State } from '../../src/engine/state.ts';
import type { Rules } from '../../src/types.ts';
import { prng, seedPosition } from '../support/positions.ts';

const PR = resolvePruning(FULL_PRUNING);

describe('emptying a pile', () => {
  it('is offered exactly when a King could come next', () => {
    let offered = 0;
    let withheld = 0;
    // one instance of the core for all the generators (a position not in it is copied in at each call)
    const core = new Core();
    const rulesList: Rules[] = [
      { draw: 1, passes: null, foundationReturn: true },
      { draw: 3, passes: null, foundationReturn: true },
      { draw: 3, passes: 2, foundationReturn: false },
    ];
    for (const rules of rulesList)
      for (let seed = 1; seed <= 30; seed++) {
        const s = State.fromPosition(seedPosition(seed), rules);
        const rand = prng(seed * 104729);
        const buf = new Int32Array(256);
        const out = new Int32Array(MOVES_PER_NODE);
        for (let step = 0; step < 300; step++) {
          const n = new Generator(s, PR, out, core).generate(0, -1, FREE);
          const moves = Array.from(out.subarray(0, n));
          for (let a = 0; a < 7; a++) {
            const len = s.len[a];
            if (len === 0 || s.down[a] > 0 || RANK[s.cols[a * STRIDE]] === 13) continue;
            // the whole run of pile a (nothing under it) onto each pile that takes it
            for (let b = 0; b < 7; b++) {
              if (b === a || s.len[b] === 0 || !fitsPile(s, s.cols[a * STRIDE], b)) continue;
              const m = mv(T2T, a, b, len, 0);
              const child = s.clone();
              make(child, m);
              const kings = new Generator(child, PR, out, core).kingsForEmptied(0);
              const isOffered = moves.some((x) => kindOf(x) === T2T && aOf(x) === a && bOf(x) === b && countOf(x) === len);
              expect(isOffered, `seed ${seed} step ${step}: pile ${a} onto ${b}, ${kings} King moves after`).toBe(kings > 0);
              if (isOffered) offered++;
              else withheld++;
            }
          }
          const k = genAtomic(s, buf);
          if (k === 0) break;
          make(s, buf[Math.floor(rand() * k)]);
        }
      }
    expect(offered).toBeGreaterThan(50);
    expect(withheld).toBeGreaterThan(50);
  });
});

describe('foundation returns', () => {
  it('leave out the cards that would go straight back home', () => {
    let offered = 0;
    let left = 0;
    const core = new Core();
    const without = resolvePruning({ ...FULL_PRUNING, keepSafeHome: false });
    const rulesList: Rules[] = [
      { draw: 1, passes: null, foundationReturn: true },
      { draw: 3, passes: null, foundationReturn: true },
      { draw: 3, passes: 2, foundationReturn: true },
    ];
    for (const rules of rulesList)
      for (let seed = 1; seed <= 30; seed++) {
        const s = State.fromPosition(seedPosition(seed), rules);
        const rand = prng(seed * 15485863);
        const buf = new Int32Array(256);
        const out = new Int32Array(MOVES_PER_NODE);
        for (let step = 0; step < 400; step++) {
          const n = new Generator(s, PR, out, core).generate(0, -1, FREE);
          const moves = Array.from(out.subarray(0, n));
          const all = Array.from(out.subarray(0, new Generator(s, without, out, core).generate(0, -1, FREE)));
          for (const m of all) {
            if (kindOf(m) !== F2T) continue;
            const suit = aOf(m);
            const c = (s.found[suit] - 1) * 4 + suit;
            const child = s.clone();
            make(child, m);
            const bounces = core.rules(child).safeHome(c);
            expect(moves.includes(m), `seed ${seed} step ${step}: ${m.toString(16)}`).toBe(!bounces);
            if (bounces) left++;
            else offered++;
          }
          for (const m of moves) if (kindOf(m) === F2T) expect(all.includes(m)).toBe(true);
          const k = genAtomic(s, buf);
          if (k === 0) break;
          make(s, buf[Math.floor(rand() * k)]);
        }
      }
    expect(offered).toBeGreaterThan(50);
    expect(left).toBeGreaterThan(50);
  });
});
