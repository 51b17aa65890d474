/**
 * The library's entries given bad arguments from plain JavaScript, where no type checks them:
 * each returns or throws one clear error and never answers a verdict for input it cannot use.
 * Rules with missing fields take the defaults (`{}` is draw 3, unlimited passes).
 */
import { describe, expect, it } from 'vitest';
import { cpuMs } from '../support/cpu-time.ts';
import { dealFromSeed } from '../../src/deals/families.ts';
import { formatPosition, parsePosition } from '../../src/deals/formats/index.ts';
import { type Position, dealPosition } from '../../src/engine/position.ts';
import { describeMoves, replay } from '../../src/engine/solution.ts';
import { Game, gameAfter } from '../../src/hidden/game.ts';
import { Observation } from '../../src/hidden/observation.ts';
import { OddsWorlds, estimateOdds } from '../../src/hidden/odds.ts';
import { createPolicy } from '../../src/hidden/policies.ts';
import { mostHome, shortest, solve } from '../../src/solver/index.ts';
import { UserError } from '../../src/types.ts';

const deal = (): Position => {
  const d = dealFromSeed(1000007n, 'solvitaire');
  if (!d.ok) throw new Error(d.error);
  return dealPosition(d.value);
};
const BUDGET = { maxNodes: 200_000 };
// plain JavaScript: anything at all
const js = (v: unknown) => v as never;

describe('rules from plain JavaScript', () => {
  it('missing fields take the defaults: {} and {draw: 3} are draw 3 with unlimited passes', () => {
    const full = solve(deal(), { draw: 3, passes: null, foundationReturn: true }, BUDGET).verdict;
    expect(full).toBe('winnable');
    expect(solve(deal(), js({}), BUDGET).verdict).toBe(full);
    expect(solve(deal(), js({ draw: 3 }), BUDGET).verdict).toBe(full);
    expect(solve(deal(), js(undefined), BUDGET).verdict).toBe(full);
  });
  const bad: [string, unknown, RegExp][] = [
    ['draw 0', { draw: 0 }, /^\w+: draw must be 1…24, got 0$/],
    ['draw 25', { draw: 25 }, /draw must be 1…24/],
    ['draw NaN', { draw: Number.NaN }, /draw must be 1…24/],
    ['draw -3', { draw: -3 }, /draw must be 1…24/],
    ['draw 1.5', { draw: 1.5 }, /draw must be 1…24/],
    ['draw "3"', { draw: '3' }, /draw must be a whole number 1…24, got "3"/],
    ['passes -1', { passes: -1 }, /passes must be a whole number ≥ 1/],
    ['passes 0', { passes: 0 }, /passes must be a whole number ≥ 1/],
    ['passes 1.5', { passes: 1.5 }, /passes must be a whole number ≥ 1/],
    ['passes NaN', { passes: Number.NaN }, /passes must be a whole number ≥ 1/],
    ['foundationReturn "no"', { foundationReturn: 'no' }, /foundationReturn must be true or false, got "no"/],
    ['a misspelt key', { Passes: 3 }, /unknown rules key "Passes"/],
    ['not an object', 3, /rules must be an object/],
  ];
  it.each(bad)('%s: one clear error from solve, mostHome and shortest', (_name, rules, re) => {
    for (const f of [solve, mostHome, shortest]) {
      expect(() => f(deal(), js(rules), BUDGET)).toThrow(UserError);
      expect(() => f(deal(), js(rules), BUDGET)).toThrow(re);
    }
  });
  it('mostHome(pos, {}) answers under the default rules', () => {
    const r = mostHome(deal(), js({}), { maxNodes: 5000 });
    expect(r.mostHome).toBeGreaterThanOrEqual(0);
  });
});

describe('positions from plain JavaScript', () => {
  const edit = (f: (p: Position) => void): Position => {
    const p = deal();
    f(p);
    return p;
  };
  const bad: [string, () => unknown, RegExp][] = [
    ['card 60', () => edit((p) => (p.tableau[0][0] = 60)), /unknown card 60 at t1 card 1: cards are whole numbers 0…51/],
    ['card -1', () => edit((p) => (p.stock[0] = -1)), /unknown card -1 at stock card 1: cards are whole numbers 0…51/],
    ['card 1.5', () => edit((p) => (p.stock[0] = 1.5)), /stock must be a list of cards/],
    ['faceDown 99', () => edit((p) => (p.faceDown[6] = 99)), /face-down card on top of pile t7/],
    ['a face-down top card', () => edit((p) => (p.faceDown[1] = 2)), /face-down card on top of pile t2/],
    ['a duplicate card', () => edit((p) => (p.stock[0] = p.stock[1])), /duplicate card/],
    ['card 52 (unseen)', () => edit((p) => (p.stock[0] = 52)), /unseen card \?\? \(card 52\) at stock card 1/],
    [
      'a 67-card pile, then waste card 99',
      () =>
        edit((p) => {
          p.tableau[0] = Array.from({ length: 67 }, (_, i) => i % 52);
          p.waste = [99];
        }),
      /a pile holds at most 52 cards/,
    ],
    ['no stock', () => edit((p) => delete (p as Partial<Position>).stock), /stock must be a list/],
    ['a string', () => 'Ah', /a position must be an object/],
    ['pass "2"', () => edit((p) => (p.pass = js('2'))), /pass must be a whole number/],
  ];
  it.each(bad)('%s: one clear error, no verdict', (_name, position, re) => {
    for (const f of [solve, mostHome, shortest]) {
      // at once: a search to the 2 s timeout would take that much CPU
      const { ms } = cpuMs(() =>
        expect(() => f(js(position()), { draw: 1, passes: null, foundationReturn: true }, { timeoutMs: 2000 })).toThrow(re),
      );
      expect(ms).toBeLessThan(500);
    }
  });
  it('parsePosition never throws, whatever it is given', () => {
    for (const v of [undefined, null, 42, {}, ['x']]) {
      const r = parsePosition(js(v));
      expect(r.ok).toBe(false);
    }
  });
});

describe('budgets and options from plain JavaScript', () => {
  const rules = { draw: 3, passes: null, foundationReturn: true };
  it.each([
    [{ maxNodes: 0 }, /max-nodes must be a whole number ≥ 1/],
    [{ maxNodes: 1.5 }, /max-nodes must be a whole number ≥ 1/],
    [{ timeoutMs: -1 }, /timeoutMs must be a number of milliseconds above 0/],
    [{ maxMemoryMb: 4096 }, /max-memory must be a whole number of MiB 1…2048/],
    [{ maxMemoryMb: '64' }, /max-memory must be/],
    [{ maxnodes: 10 }, /unknown budget key "maxnodes"/],
  ])('budget %o is refused', (budget, re) => {
    expect(() => solve(deal(), rules, js(budget))).toThrow(re);
  });
  it('options of the wrong type are refused', () => {
    expect(() => solve(deal(), rules, BUDGET, js({ relaxation: 'no' }))).toThrow(/option relaxation must be a boolean/);
    expect(() => shortest(deal(), rules, BUDGET, js({ count: 'fewest' }))).toThrow(/count must be atomic or ksolve/);
    expect(() => mostHome(deal(), rules, BUDGET, js({ bound: 1 }))).toThrow(/option bound must be a boolean/);
  });
});

describe('the hidden-card entries', () => {
  it('Game.start and Observation.of refuse bad rules, positions and stock modes with a Result', () => {
    expect(Game.start(deal(), js({ draw: 0 }), 'hidden')).toMatchObject({ ok: false, error: expect.stringMatching(/draw must be 1…24/) });
    expect(Game.start(js({ tableau: 7 }), js({}), 'hidden')).toMatchObject({ ok: false });
    expect(Game.start(deal(), js({}), js('open'))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/stock must be hidden or visible/),
    });
    expect(Observation.of(deal(), js({ passes: 0 }))).toMatchObject({ ok: false });
    expect(Observation.ofPosition(js({}), js({}), 'hidden')).toMatchObject({ ok: false });
  });
  it('createPolicy refuses settings out of range', () => {
    expect(() => createPolicy('search', { samples: -1 })).toThrow(/samples must be a whole number ≥ 1/);
    expect(() => createPolicy(js('best'))).toThrow(/createPolicy/);
    expect(() => createPolicy('search', js({ sample: 3 }))).toThrow(/unknown option key "sample"/);
  });
});

describe('moves, positions, budgets, games and odds from plain JavaScript: one clear error, never a TypeError', () => {
  const rules = { draw: 3, passes: null, foundationReturn: true };
  const freshDeal = () => {
    const d = dealFromSeed(1000007n, 'solvitaire');
    if (!d.ok) throw new Error(d.error);
    return d.value;
  };

  it('replay and describeMoves name themselves and what is wrong', () => {
    for (const moves of [null, undefined, 7, 'SW W3']) {
      expect(() => replay(deal(), rules, js(moves))).toThrow(
        new UserError(`replay: moves must be a list of moves {from, to, count}, got ${moves === 'SW W3' ? '"SW W3"' : String(moves)}`),
      );
      expect(() => describeMoves(deal(), rules, js(moves))).toThrow(/^describeMoves: moves must be a list of moves/);
    }
    expect(() => replay(js({}), rules, [])).toThrow(/^replay: tableau must be 7 lists of cards/);
    expect(() => replay(deal(), js({ draw: 0 }), [])).toThrow(/^replay: draw must be 1…24/);
    expect(() => replay(deal(), rules, js([null]))).toThrow(/^replay: move 1 must be an object \{from, to, count\}, got null/);
    // a move that is an object but not a legal one is an outcome, not an exception
    expect(replay(deal(), rules, js([{ from: 5, to: 't1', count: 1 }]))).toEqual({
      status: 'illegal',
      index: 1,
      why: '5 → t1: unknown pile 5 (piles: stock waste t1 t2 t3 t4 t5 t6 t7 fc fd fh fs)',
    });
  });

  it('formatPosition of what is not a position is an error Result', () => {
    expect(formatPosition(js({}), 'json')).toEqual({ ok: false, error: 'tableau must be 7 lists of cards (whole numbers 0…51)' });
    expect(formatPosition(js(null), 'text')).toEqual({ ok: false, error: 'a position must be an object, got null' });
    const p = deal();
    p.faceDown[3] = -1;
    expect(formatPosition(p, 'json')).toEqual({ ok: false, error: 'faceDown of t4 must be a whole number ≥ 0, got -1' });
    expect(formatPosition(deal(), 'json').ok).toBe(true);
  });

  it('card 52 is named as the unseen card, other numbers as what they are', () => {
    const p = deal();
    p.tableau[0][0] = 52;
    expect(() => solve(p, rules, BUDGET)).toThrow(/^solve: unseen card \?\? \(card 52\) at t1 card 1: every card must be known here$/);
    p.tableau[0][0] = 53;
    expect(() => solve(p, rules, BUDGET)).toThrow(/^solve: unknown card 53 at t1 card 1: cards are whole numbers 0…51/);
  });

  it('maxNodes past 2^53 − 1 is refused naming the limit', () => {
    expect(() => solve(deal(), rules, { maxNodes: 2 ** 53 })).toThrow(
      /^solve: max-nodes must be a whole number ≥ 1 and at most 2\^53 − 1 \(9007199254740991\), got 9007199254740992$/,
    );
  });

  it('a deal ({tableau, stock}) starts a game as docs/hidden.md says; solve names what it needs', () => {
    const g = Game.start(freshDeal(), rules, 'hidden');
    expect(g.ok).toBe(true);
    if (g.ok) expect(g.value.observe().position.faceDown).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(gameAfter(freshDeal(), rules, 'hidden', []).ok).toBe(true);
    expect(() => solve(js(freshDeal()), rules, BUDGET)).toThrow(
      /a deal \(tableau and stock only\) is not a position: dealPosition\(deal\)/,
    );
  });

  it('game.play of what is not a move says so', () => {
    const g = Game.start(deal(), rules, 'hidden');
    if (!g.ok) throw new Error(g.error);
    expect(g.value.play(js(123456))).toEqual({ ok: false, error: 'a move is an object {from, to, count}, got 123456' });
    expect(g.value.play(js({ from: 't9', to: 't1', count: 1 }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^unknown pile "t9"/),
    });
    expect(g.value.moves).toEqual([]);
  });

  it('estimateOdds and createPolicy refuse a seed outside 0…2^32 − 1 and too many samples', () => {
    const g = Game.start(deal(), rules, 'hidden');
    if (!g.ok) throw new Error(g.error);
    const o = g.value.observe();
    expect(() => estimateOdds(o, { seed: -1 })).toThrow(/^estimateOdds: seed must be a whole number 0…4294967295 \(2\^32 − 1\), got -1$/);
    expect(() => estimateOdds(o, { seed: 2 ** 32 })).toThrow(/seed must be a whole number 0…4294967295/);
    expect(() => estimateOdds(o, { samples: 1e9 })).toThrow(/^estimateOdds: samples must be a whole number 1…100000, got 1000000000$/);
    expect(() => estimateOdds(o, { samples: Number.POSITIVE_INFINITY })).toThrow(/samples must be a whole number 1…100000/);
    expect(() => estimateOdds(o, js({ budget: { maxNodes: 0 } }))).toThrow(/^estimateOdds: max-nodes must be/);
    expect(() => estimateOdds(o, js({ sample: 3 }))).toThrow(/unknown option key "sample"/);
    expect(() => new OddsWorlds(o, -1)).toThrow(RangeError);
    expect(() => createPolicy('search', { seed: -1 })).toThrow(/^createPolicy: seed must be a whole number 0…4294967295/);
    expect(estimateOdds(o, { samples: 2, seed: 2 ** 32 - 1, budget: { maxNodes: 2000 } }).samples).toBe(2);
  });
});
