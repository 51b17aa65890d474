/**
 * The stock-reach rule and the solver's stock macro-moves, node by node along random playouts
 * under many rule variants and every table-key option:
 * - `stockCost` (the one statement of the rule) agrees with turning the stock by hand (atomic
 *   draws and redeals, no card played), and the solver's stock list (src/core/generate.ts
 *   `stockReach`) holds exactly the cards it allows, cheapest first;
 * - every macro-move (a stock card to its foundation or onto a pile, however far away) leaves the
 *   state its atomic expansion leaves, each atomic step legal; the solver core's `childHash` predicts its hash; the
 *   hash equals a fresh one; undo restores the state exactly.
 * Then pass numbers of any size: hash terms, undo tokens, pack.
 */
import { describe, expect, it } from 'vitest';
import { RANK } from '../../src/engine/cards.ts';
import { DRAW, REDEAL, S2F, S2T, fitsPile, genAtomic, make, mv, stockCost, undo } from '../../src/engine/moves.ts';
import { Core } from '../../src/solver/core.ts';
import { State } from '../../src/engine/state.ts';
import type { Rules } from '../../src/types.ts';
import { prng, seedPosition } from '../support/positions.ts';
import { type KeyOptions, passTerm1, passTerm2 } from '../../src/engine/zobrist.ts';
import { pack, unpack } from '../../src/engine/pack.ts';

/** The solver's core, whose stock list is checked. */
const core = new Core();

/** The start of a seeded deal. */
const deal = seedPosition;

const RULES: Rules[] = [
  { draw: 1, passes: null, foundationReturn: true },
  { draw: 1, passes: 2, foundationReturn: false },
  { draw: 2, passes: 3, foundationReturn: true },
  { draw: 3, passes: null, foundationReturn: true },
  { draw: 3, passes: 1, foundationReturn: true },
  { draw: 3, passes: 4, foundationReturn: false },
  { draw: 5, passes: null, foundationReturn: false },
];
const KEYS: KeyOptions[] = [
  {},
  { exactStock: true },
  { twinKey: true },
  { gridStock: true },
  { twinKey: true, gridStock: true },
  { twinKey: true, gridStock: true, stockMask: true },
];
const label = (r: Rules, k: KeyOptions) =>
  `draw ${r.draw}, passes ${r.passes ?? 'unlimited'}, fr ${r.foundationReturn ? 'yes' : 'no'}, key ${JSON.stringify(k)}`;

/** The cost of reaching each deck card by turning the stock by hand (no card played): 0 now, 1 this pass, 2 after one redeal, −1 never. */
function costsByHand(s: State): number[] {
  const c = s.clone();
  const costs = new Array<number>(c.n).fill(-1);
  if (c.w > 0) costs[c.w - 1] = 0;
  let phase = 1;
  for (;;) {
    if (c.w < c.n) {
      make(c, mv(DRAW, 0, 0, 1, 0));
      if (costs[c.w - 1] < 0) costs[c.w - 1] = phase;
    } else if (phase === 1 && c.n > 0 && c.pass < c.passLimit) {
      make(c, mv(REDEAL, 0, 0, 1, 0));
      phase = 2;
    } else return costs;
  }
}

const stepBuf = new Int32Array(256);

/**
 * Makes atomic move m on s after checking the plain engine lists it. Here and below, a check that
 * runs at every node compares first and calls expect only to report a difference: an expect per
 * check cost most of the file's time.
 */
function legalStep(s: State, m: number): void {
  const n = genAtomic(s, stepBuf);
  if (!stepBuf.subarray(0, n).includes(m)) expect(Array.from(stepBuf.subarray(0, n)), `atomic move ${m} legal`).toContain(m);
  make(s, m);
}

/** Equal arrays of numbers. */
const same = (a: ArrayLike<number>, b: ArrayLike<number>) => a.length === b.length && Array.prototype.every.call(a, (x, i) => x === b[i]);

/** Checks the stock rule and every macro-move of state s; returns how many macro-moves. */
function checkStock(s: State): number {
  const costs = costsByHand(s);
  for (let i = 0; i < s.n; i++) if (stockCost(s, i) !== costs[i]) expect(stockCost(s, i), `stockCost of deck[${i}]`).toBe(costs[i]);
  const { indices, costs: listCosts } = core.reach(s.n, s.w, s.pass < s.passLimit, s.draw);
  const expected = costs
    .map((c, i) => [c, i])
    .filter(([c]) => c >= 0)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([, i]) => i);
  if (!same(indices, expected)) expect(indices).toEqual(expected);
  const wantCosts = expected.map((i) => costs[i]);
  if (!same(listCosts, wantCosts)) expect(listCosts).toEqual(wantCosts);
  let macros = 0;
  for (const i of expected) {
    const c = s.deck[i];
    const moves: number[] = [];
    if (s.found[c & 3] === RANK[c] - 1) moves.push(mv(S2F, 0, c & 3, 1, i));
    for (let b = 0; b < 7; b++) if (fitsPile(s, c, b)) moves.push(mv(S2T, 0, b, 1, i));
    for (const m of moves) {
      const before = s.clone();
      core.load(s);
      core.x.childHash(m);
      const predicted = [core.x.getPh1(), core.x.getPh2()];
      const t = make(s, m);
      if (!same([s.h1, s.h2], predicted)) expect([s.h1, s.h2], 'childHash').toEqual(predicted);
      const fresh = s.hashFromScratch();
      if (!same(fresh, [s.h1, s.h2])) expect(fresh, 'incremental hash').toEqual([s.h1, s.h2]);
      // the same move, expanded into atomic draws, at most one redeal, and the waste play
      const e = before.clone();
      if (costs[i] === 2) {
        while (e.w < e.n) legalStep(e, mv(DRAW, 0, 0, 1, 0));
        legalStep(e, mv(REDEAL, 0, 0, 1, 0));
      }
      while (e.w < i + 1) legalStep(e, mv(DRAW, 0, 0, 1, 0));
      if (e.w !== i + 1) expect(e.w).toBe(i + 1);
      legalStep(e, m);
      if (!e.equals(s)) expect(s.toPosition(), 'macro-move = its expansion').toEqual(e.toPosition());
      undo(s, m, t);
      if (!s.equals(before) || s.h1 !== before.h1 || s.h2 !== before.h2)
        expect([s.toPosition(), s.h1, s.h2], 'undo').toEqual([before.toPosition(), before.h1, before.h2]);
      macros++;
    }
  }
  return macros;
}

describe('the stock-reach rule and macro-moves at every node of random playouts', () => {
  for (const rules of RULES)
    for (const key of KEYS) {
      it(label(rules, key), () => {
        let macros = 0;
        let crossing = 0;
        for (const seed of [3, 17, 40]) {
          const rnd = prng(seed * 7 + rules.draw);
          const s = State.fromPosition(deal(seed), rules, key);
          const buf = new Int32Array(256);
          for (let step = 0; step < 150; step++) {
            macros += checkStock(s);
            for (let i = 0; i < s.n; i++) if (stockCost(s, i) === 2) crossing++;
            const n = genAtomic(s, buf);
            if (n === 0) break;
            make(s, buf[Math.floor(rnd() * n)]);
          }
        }
        expect(macros).toBeGreaterThan(rules.passes === 1 ? 30 : 100);
        // a pass limit of 1 never allows a card after a redeal; the others do
        if (rules.passes === 1) expect(crossing).toBe(0);
        else expect(crossing).toBeGreaterThan(0);
      });
    }
});

describe('pass numbers of any size', () => {
  const limited: Rules = { draw: 3, passes: 5, foundationReturn: true };
  const unlimited: Rules = { ...limited, passes: null };

  it('every pass has its own hash term (no two of 1…5,000 alike; none repeating 256 apart)', () => {
    const seen = new Set<string>();
    for (let p = 1; p <= 5000; p++) seen.add(`${passTerm1(p)}:${passTerm2(p)}`);
    for (const p of [2 ** 25, 2 ** 32, 2 ** 32 + 1, 2 ** 40 + 7, Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER])
      seen.add(`${passTerm1(p)}:${passTerm2(p)}`);
    expect(seen.size).toBe(5006);
    const on = (pass: number) => State.fromPosition({ ...deal(1), pass }, { ...limited, passes: 400 });
    expect([on(1).h1, on(1).h2]).not.toEqual([on(257).h1, on(257).h2]);
  });

  it('a macro-move across a redeal on a huge pass is undone exactly (the token holds no pass number)', () => {
    for (const pass of [1, 255, 256, 2 ** 25, 2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER - 1]) {
      for (const rules of [unlimited, { ...limited, passes: Number.MAX_SAFE_INTEGER }]) {
        const s = State.fromPosition({ ...deal(42), pass }, rules);
        // turn the whole stock, so that every card but the last needs a redeal
        while (s.w < s.n) make(s, mv(DRAW, 0, 0, 1, 0));
        const i = core.reach(s.n, s.w, s.pass < s.passLimit, s.draw).indices.find((j) => stockCost(s, j) === 2);
        expect(i).toBeDefined();
        const m = mv(S2T, 0, 0, 1, i ?? 0); // the target pile does not matter to the stock
        const before = s.clone();
        const t = make(s, m);
        expect(s.pass).toBe(pass + 1);
        expect(s.hashFromScratch()).toEqual([s.h1, s.h2]);
        undo(s, m, t);
        expect(s.pass).toBe(pass);
        expect(s.equals(before)).toBe(true);
        expect([s.h1, s.h2]).toEqual([before.h1, before.h2]);
      }
    }
  });

  it('pack round-trips any pass (a base-128 varint)', () => {
    for (const pass of [1, 127, 128, 300, 65_535, 65_536, 2 ** 25, Number.MAX_SAFE_INTEGER]) {
      const s = State.fromPosition({ ...deal(1), pass }, limited);
      const u = unpack(pack(s), limited);
      expect(u.pass).toBe(pass);
      expect(u.equals(s)).toBe(true);
      expect([u.h1, u.h2]).toEqual([s.h1, s.h2]);
    }
  });
});
