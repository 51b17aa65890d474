/**
 * Playing games with hidden cards: every game replays on the plain engine to the outcome reported,
 * the same seeds play the same game, a policy going round the stock is stopped, and the search
 * policy's decisions carry what it weighed.
 */
import { describe, expect, it } from 'vitest';
import type { Observation } from '../../src/hidden/observation.ts';
import { type PlayResult, playGame } from '../../src/hidden/play.ts';
import { type Decision, type Policy, legalMoves } from '../../src/hidden/policy.ts';
import { PriorityPolicy } from '../../src/hidden/policy-priority.ts';
import { createPolicy, gameSeed, parsePolicyName } from '../../src/hidden/policies.ts';
import { SearchPolicy } from '../../src/hidden/policy-search.ts';
import { UNSEEN } from '../../src/engine/position.ts';
import { replay } from '../../src/engine/solution.ts';
import type { Rules } from '../../src/types.ts';
import { seedPosition } from '../support/positions.ts';

const DRAW3: Rules = { draw: 3, passes: null, foundationReturn: true };
const DRAW1: Rules = { draw: 1, passes: null, foundationReturn: true };

/** A Solvitaire deal as a position. */
const deal = seedPosition;

function play(seed: number, rules: Rules, policy: Policy, stock: 'hidden' | 'visible' = 'hidden'): PlayResult {
  const r = playGame(deal(seed), rules, policy, { stock });
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

function checkReplay(seed: number, rules: Rules, r: PlayResult): void {
  const rp = replay(deal(seed), rules, r.moves);
  expect(rp.status).toBe(r.won ? 'won' : 'not won');
  if (rp.status === 'not won') expect(rp.position.foundations.reduce((a, b) => a + b, 0)).toBe(r.cardsHome);
}

/** Always draws (or redeals): a policy that never makes progress. */
class StockOnly implements Policy {
  readonly name = 'stock-only';
  decide(o: Observation): Decision {
    const m = legalMoves(o).find((x) => x.from === 'stock' || x.to === 'stock') ?? null;
    return { move: m, reason: 'stock', candidates: [], solves: 0, nodes: 0 };
  }
}

describe('playGame', () => {
  it('priority games replay on the plain engine to the outcome reported', () => {
    let won = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const r = play(seed, DRAW1, new PriorityPolicy());
      checkReplay(seed, DRAW1, r);
      expect(r.won).toBe(r.end === 'won');
      expect(r.won).toBe(r.cardsHome === 52);
      expect(r.solves).toBe(0);
      won += Number(r.won);
    }
    expect(won).toBeGreaterThan(0);
  });

  it('a policy going round the stock is stopped on the third visit of a position', () => {
    // stock visible: a pass is 8 draws and a redeal; the start comes back a third time after two passes
    const r = play(42, DRAW3, new StockOnly(), 'visible');
    expect(r.end).toBe('cycle');
    expect(r.moves.length).toBe(18);
    // stock hidden: positions of the first pass are seen with less known, so they do not count;
    // the position after the eighth draw (all seen) comes back at moves 17 and 26
    const h = play(42, DRAW3, new StockOnly(), 'hidden');
    expect(h.end).toBe('cycle');
    expect(h.moves.length).toBe(26);
    const limited = playGame(deal(42), { ...DRAW3, passes: 1 }, new StockOnly(), { stock: 'hidden' });
    expect(limited.ok && limited.value.end).toBe('no move');
  });

  it('a move limit ends the game', () => {
    const r = playGame(deal(42), DRAW3, new StockOnly(), { stock: 'hidden', maxMoves: 5 });
    expect(r.ok && r.value.end).toBe('move limit');
    expect(r.ok && r.value.moves.length).toBe(5);
  });

  it('refuses a deal that is not complete', () => {
    const p = deal(1);
    const r = playGame({ ...p, stock: p.stock.map(() => UNSEEN) }, DRAW3, new PriorityPolicy(), { stock: 'hidden' });
    expect(r.ok).toBe(false);
  });

  it('search games replay, spend solves, and the same seed plays the same game', () => {
    const opts = { samples: 6, nodes: 3000, seed: gameSeed(1, 7) };
    const a = play(7, DRAW3, new SearchPolicy(opts), 'visible');
    const b = play(7, DRAW3, new SearchPolicy(opts), 'visible');
    checkReplay(7, DRAW3, a);
    expect(b.moves).toEqual(a.moves);
    expect(a.solves).toBeGreaterThan(0);
    expect(a.nodes).toBeGreaterThan(0);
    expect(a.searched).toBeLessThan(a.moves.length);
  });

  it('policies by name', () => {
    expect(parsePolicyName('Search')).toEqual({ ok: true, value: 'search' });
    expect(parsePolicyName('greedy').ok).toBe(false);
    expect(createPolicy('priority').name).toBe('priority');
    expect((createPolicy('search', { samples: 5 }) as SearchPolicy).options.samples).toBe(5);
    expect(gameSeed(1, 2)).not.toBe(gameSeed(1, 3));
    expect(gameSeed(1, 2)).toBe(gameSeed(1, 2));
  });
});

describe('playSeeded (for batch workers)', () => {
  it('plays the game klondike play plays: the same deal and policy seed', async () => {
    const { playSeeded } = await import('../../src/hidden/policies.ts');
    const a = playSeeded({ family: 'solvitaire', seed: 4, rules: DRAW1, stock: 'hidden', policy: 'priority' });
    const b = play(4, DRAW1, new PriorityPolicy());
    expect(a.ok && a.value.moves).toEqual(b.moves);
    const s1 = playSeeded({
      family: 'solvitaire',
      seed: 4,
      rules: DRAW1,
      stock: 'visible',
      policy: 'search',
      options: { samples: 4, nodes: 2000 },
    });
    const s2 = play(4, DRAW1, new SearchPolicy({ samples: 4, nodes: 2000, seed: gameSeed(1, 4) }), 'visible');
    expect(s1.ok && s1.value.moves).toEqual(s2.moves);
    expect(playSeeded({ family: 'solvitaire', seed: -1, rules: DRAW1, stock: 'hidden', policy: 'priority' }).ok).toBe(false);
  });
});
