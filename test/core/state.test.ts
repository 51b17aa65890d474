/**
 * The solver core's position (src/core/state.ts) against moves.ts and state.ts: random
 * playouts from seeded deals make and undo the same moves in a State and in the core (atomic
 * moves and stock macro-moves to any reachable deck index), and at every step
 * - the core's childHash, before the move is made, gives the hash that moves.ts `make` leaves,
 * - make returns the same undo token,
 * - the six scalars (deck length, stock position, pass, cards home, both hash halves) agree,
 * - and so do all the position's bytes,
 * - and the sets of cards the core keeps for its move generator (tops, feet, face down, deck, home,
 *   next home, empty piles, each card's pile) agree with the position.
 * Under each rule set and key the core's search uses, and past pass 256 (where the hash's pass
 * terms are mixed rather than looked up). Pass numbers beyond 2^31 − 1 do not load.
 */
import { describe, expect, it } from 'vitest';
import { BACKING_BYTES } from '../../src/core/shared/layout.ts';
import { REDEAL, S2F, S2T, fitsPile, genAtomic, indexOf, kindOf, make, mv, stockCost, undo } from '../../src/engine/moves.ts';
import { Core } from '../../src/solver/core.ts';
import { State } from '../../src/engine/state.ts';
import type { Rules } from '../../src/types.ts';
import { seedPosition } from '../support/positions.ts';
import type { KeyOptions } from '../../src/engine/zobrist.ts';

/** A seeded xorshift32: whole numbers in [0, n). */
function xorshift(seed: number): (n: number) => number {
  let x = seed | 0 || 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

/** The moves of a playout step: the atomic moves, and the stock macro-moves to every deck index stockCost allows. */
function candidates(s: State, buf: Int32Array): number[] {
  const out = Array.from(buf.subarray(0, genAtomic(s, buf)));
  for (let i = 0; i < s.n; i++) {
    if (stockCost(s, i) < 0) continue;
    const c = s.deck[i];
    if (s.found[c & 3] === c >> 2) out.push(mv(S2F, 0, c & 3, 1, i));
    for (let b = 0; b < 7; b++) if (fitsPile(s, c, b)) out.push(mv(S2T, 0, b, 1, i));
  }
  return out;
}

interface Tally {
  steps: number;
  undone: number;
  macro: number;
  redeals: number;
  /** Stock macro-moves that redeal on the way (into the next pass). */
  macroRedeals: number;
  maxPass: number;
}

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
const STEPS = 300;
const core = new Core();

/** Random playouts from each seed, every step checked; returns what they did. */
function playouts(rules: Rules, key: KeyOptions, pass = 1): Tally {
  const tally: Tally = { steps: 0, undone: 0, macro: 0, redeals: 0, macroRedeals: 0, maxPass: 0 };
  const buf = new Int32Array(256);
  for (const seed of SEEDS) {
    const js = State.fromPosition({ ...seedPosition(seed), pass }, rules, key);
    core.load(js.clone(core.state));
    const x = core.x;
    const rand = xorshift(seed * 0x9e3779b1);
    const history: [number, number, number][] = [];
    for (let step = 0; step < STEPS; step++) {
      const at = `seed ${seed}, step ${step}`;
      const moves = candidates(js, buf);
      if (moves.length === 0 || (history.length > 0 && rand(4) === 0)) {
        if (history.length === 0) break;
        const [m, t, tc] = history.pop()!;
        undo(js, m, t);
        x.undo(m, tc);
        tally.undone++;
      } else {
        const m = moves[rand(moves.length)];
        const fromStock = kindOf(m) === S2F || kindOf(m) === S2T;
        const macro = fromStock && indexOf(m) !== js.w - 1;
        const pass = js.pass;
        x.childHash(m);
        const predicted = [x.getPh1(), x.getPh2()];
        const t = make(js, m);
        if (predicted[0] !== js.h1 || predicted[1] !== js.h2)
          expect(predicted, `childHash of ${m.toString(16)}, ${at}`).toEqual([js.h1, js.h2]);
        const tc = x.make(m);
        if (tc !== t) expect(tc, `undo token of ${m.toString(16)}, ${at}`).toBe(t);
        history.push([m, t, tc]);
        if (macro) tally.macro++;
        if (macro && js.pass > pass) tally.macroRedeals++;
        if (kindOf(m) === REDEAL) tally.redeals++;
      }
      tally.steps++;
      tally.maxPass = Math.max(tally.maxPass, js.pass);
      const got = [x.getN(), x.getW(), x.getPass(), x.getHome(), x.getH1(), x.getH2()];
      const want = [js.n, js.w, js.pass, js.home, js.h1, js.h2];
      if (got.some((v, i) => v !== want[i])) expect(got, `scalars, ${at}`).toEqual(want);
      for (let i = 0; i < BACKING_BYTES; i++)
        if (core.state[i] !== js.bytes[i]) expect([i, core.state[i]], `bytes, ${at}`).toEqual([i, js.bytes[i]]);
      const agree = x.derivedAgree();
      if (agree !== 1) expect(agree, `the kept sets of cards, ${at}`).toBe(1);
    }
  }
  return tally;
}

const CASES: [string, Rules, KeyOptions][] = [
  [
    'draw 3, unlimited, twin, grid, mask',
    { draw: 3, passes: null, foundationReturn: true },
    { twinKey: true, gridStock: true, stockMask: true },
  ],
  ['draw 3, unlimited, twin, grid', { draw: 3, passes: null, foundationReturn: true }, { twinKey: true, gridStock: true }],
  ['draw 1, unlimited', { draw: 1, passes: null, foundationReturn: true }, {}],
  ['draw 1, unlimited, exact stock', { draw: 1, passes: null, foundationReturn: true }, { exactStock: true }],
  ['draw 3, 3 passes, no returns, twin', { draw: 3, passes: 3, foundationReturn: false }, { twinKey: true }],
  ['draw 2, 300 passes', { draw: 2, passes: 300, foundationReturn: true }, {}],
];

/** That the playouts ran their length (one that stops at once checks a handful of steps) and made every kind of stock change. */
function expectFull(t: Tally): void {
  expect(t.steps).toBeGreaterThanOrEqual(SEEDS.length * STEPS * 0.9);
  expect(t.undone).toBeGreaterThan(t.steps / 10);
  expect(t.macro).toBeGreaterThan(0);
  expect(t.macroRedeals).toBeGreaterThan(0);
  expect(t.redeals).toBeGreaterThan(0);
}

describe('core position', () => {
  it("starts at the first KiB of the core memory, where the compiler folds the piles' addresses into the loads", () => {
    // the module's first data (core/index.ts exports the state first); further up, the generator's
    // and the search's reads of the piles cost an addition each (431 at draw 3: 2% more instructions)
    expect(core.x.statePtr()).toBeLessThanOrEqual(1024);
  });

  for (const [name, rules, key] of CASES)
    it(`agrees with moves.ts: ${name}`, () => {
      expectFull(playouts(rules, key));
    });

  it('agrees with moves.ts past pass 256', () => {
    const t = playouts({ draw: 1, passes: 1000, foundationReturn: true }, { exactStock: true }, 250);
    expectFull(t);
    expect(t.maxPass).toBeGreaterThan(256);
  });

  it('does not load a pass beyond 2^31 − 1', () => {
    const rules: Rules = { draw: 1, passes: null, foundationReturn: true };
    const s = State.fromPosition({ ...seedPosition(1), pass: 0x7fffffff }, rules);
    core.load(s);
    expect(core.x.getPass()).toBe(0x7fffffff);
    expect(() => core.load(State.fromPosition({ ...seedPosition(1), pass: 0x80000000 }, rules))).toThrow(/pass number/);
  });
});
