/**
 * The solver's stock plays where every stock card is always reachable (draw 1, unlimited passes):
 * the generator finds them from the pile tops and the foundations; here they are worked out card
 * by card down the stock list (the cards moves.ts `stockCost` allows, cheapest first), and the two
 * must be the same moves in the
 * same order, after every kind of previous move, along random playouts.
 */
import { describe, expect, it } from 'vitest';
import { RANK } from '../../src/engine/cards.ts';
import { S2F, S2T, fitsPile, genAtomic, kindOf, make, mv, stockCost } from '../../src/engine/moves.ts';
import { FULL_PRUNING } from '../../src/solver/index.ts';
import { Core } from '../../src/solver/core.ts';
import { Generator, MOVES_PER_NODE } from '../../src/solver/generate.ts';
import { type Pruning, resolvePruning } from '../../src/solver/options.ts';
import { STOCK_KING_TO_EMPTY, STOCK_TO_FOUNDATION, STOCK_TO_PILE } from '../../src/core/shared/order.ts';
import { FREE, PLACED, UNCOVERED } from '../../src/solver/pruning.ts';
import { State } from '../../src/engine/state.ts';
import type { Rules } from '../../src/types.ts';
import { prng, seedPosition } from '../support/positions.ts';

/** The stock plays card by card: each card of the stock list, cheapest first, and where it may go; sorted by score, stably. */
function byCard(s: State, pr: Pruning, only: number, mustBuild: boolean): number[] {
  const list = [...Array(s.n).keys()]
    .map((i) => ({ i, cost: stockCost(s, i) }))
    .filter((x) => x.cost >= 0)
    .sort((x, y) => x.cost - y.cost || x.i - y.i);
  const out: [number, number][] = [];
  for (const { i, cost } of list) {
    const c = s.deck[i];
    const onto = (score: number) => {
      for (let b = 0; b < 7; b++) if (s.len[b] > 0 && fitsPile(s, c, b) && (only < 0 || b === only)) out.push([mv(S2T, 0, b, 1, i), score]);
    };
    if (mustBuild) {
      onto(STOCK_TO_PILE - cost);
      continue;
    }
    if (s.found[c & 3] === RANK[c] - 1) out.push([mv(S2F, 0, c & 3, 1, i), STOCK_TO_FOUNDATION - cost]);
    if (RANK[c] === 13) {
      for (let b = 0; b < 7; b++) {
        if (s.len[b] !== 0) continue;
        out.push([mv(S2T, 0, b, 1, i), STOCK_KING_TO_EMPTY - cost]);
        if (pr.oneEmptyColumn) break;
      }
    } else onto(STOCK_TO_PILE - cost);
  }
  return out
    .map(([m, score], order) => ({ m, score, order }))
    .sort((x, y) => y.score - x.score || x.order - y.order)
    .map((x) => x.m);
}

describe('stock plays with every stock card reachable', () => {
  it('are the moves card by card down the stock list, in the same order, after any previous move', () => {
    let compared = 0;
    let withStock = 0;
    const out = new Int32Array(MOVES_PER_NODE);
    const buf = new Int32Array(256);
    // one instance of the core for all the generators (a position not in it is copied in at each call)
    const core = new Core();
    for (const foundationReturn of [true, false])
      for (const pr of [resolvePruning(FULL_PRUNING), resolvePruning({ ...FULL_PRUNING, oneEmptyColumn: false })]) {
        const rules: Rules = { draw: 1, passes: null, foundationReturn };
        for (let seed = 1; seed <= 12; seed++) {
          const s = State.fromPosition(seedPosition(seed), rules);
          const rand = prng(seed * 7717);
          for (let step = 0; step < 250; step++) {
            const piles = [0, 1, 2, 3, 4, 5, 6].filter((b) => s.len[b] > 0);
            const cases: [number, number][] = [
              [-1, FREE],
              ...piles.flatMap((b) => [[b, PLACED] as [number, number], [b, UNCOVERED] as [number, number]]),
            ];
            for (const [rCol, mode] of cases) {
              const n = new Generator(s, pr, out, core).generate(0, rCol, mode);
              const got = Array.from(out.subarray(0, n)).filter((m) => kindOf(m) === S2F || kindOf(m) === S2T);
              const want = byCard(s, pr, mode === FREE ? -1 : rCol, mode !== FREE);
              // compared first, expect only on a difference: an expect per case was most of the time
              if (got.length !== want.length || got.some((m, j) => m !== want[j]))
                expect(got, `seed ${seed}, step ${step}, mode ${mode} on ${rCol}`).toEqual(want);
              compared++;
              if (want.length > 0) withStock++;
            }
            const k = genAtomic(s, buf);
            if (k === 0) break;
            make(s, buf[Math.floor(rand() * k)]);
          }
        }
      }
    expect(compared).toBeGreaterThan(10_000);
    expect(withStock).toBeGreaterThan(2_000);
  });
});
