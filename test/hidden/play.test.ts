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
import { createPolicy, parsePolicyName, playSeeded } from '../../src/hidden/policies.ts';
import { Game } from '../../src/hidden/game.ts';
import { dealFromSeed, exactCode } from '../../src/deals/families.ts';
import { dealPosition } from '../../src/engine/position.ts';
import type { AtomicMove } from '../../src/engine/notation.ts';
import { SearchPolicy } from '../../src/hidden/policy-search.ts';
import { type Position, UNSEEN } from '../../src/engine/position.ts';
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
    // small settings: what is checked is the replay and the same game twice, not how well it plays
    const opts = { samples: 2, nodes: 1000, seed: 1 };
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
  });
});

describe('playSeeded (for batch workers)', () => {
  it('plays the game klondike play plays: the same deal and policy seed', () => {
    const a = playSeeded({ family: 'solvitaire', seed: 4, rules: DRAW1, stock: 'hidden', policy: 'priority' });
    const b = play(4, DRAW1, new PriorityPolicy());
    expect(a.ok && a.value.moves).toEqual(b.moves);
    // the search player on a short game (seed 1, lost in under 200 moves)
    const s1 = playSeeded({
      family: 'solvitaire',
      seed: 1,
      rules: DRAW1,
      stock: 'visible',
      policy: 'search',
      options: { samples: 2, nodes: 1000 },
    });
    const s2 = play(1, DRAW1, new SearchPolicy({ samples: 2, nodes: 1000, seed: 1 }), 'visible');
    expect(s1.ok && s1.value.moves).toEqual(s2.moves);
    expect(playSeeded({ family: 'solvitaire', seed: -1, rules: DRAW1, stock: 'hidden', policy: 'priority' }).ok).toBe(false);
  });
});

/** The moves of a game of `a` that both deals play alike: up to and including the first that reveals a card where they differ. */
function twinPrefix(a: Position, b: Position, rules: Rules, moves: readonly AtomicMove[]): number {
  const ga = Game.start(a, rules, 'hidden');
  const gb = Game.start(b, rules, 'hidden');
  if (!ga.ok || !gb.ok) throw new Error('bad twin');
  for (let k = 0; k < moves.length; k++) {
    const ra = ga.value.play(moves[k]);
    const rb = gb.value.play(moves[k]);
    if (!ra.ok || !rb.ok) throw new Error('twin move illegal');
    if (ra.value.join() !== rb.value.join()) return k + 1;
  }
  return moves.length;
}

describe('the sampling seed comes from what the player sees', () => {
  it('two exact deals that differ only in two face-down cards play the same moves until one is turned up', () => {
    const d = dealFromSeed(100_004);
    if (!d.ok) throw new Error(d.error);
    const twin = { ...d.value, tableau: d.value.tableau.map((p) => p.slice()) };
    [twin.tableau[6][0], twin.tableau[6][1]] = [twin.tableau[6][1], twin.tableau[6][0]];
    const codes = [exactCode(d.value), exactCode(twin)];
    expect(codes[0]).not.toBe(codes[1]);
    const games = codes.map((seed) => {
      const r = playSeeded({
        family: 'exact',
        seed,
        rules: DRAW3,
        stock: 'hidden',
        policy: 'search',
        options: { samples: 2, nodes: 1000 },
      });
      if (!r.ok) throw new Error(r.error);
      return r.value.moves;
    });
    const k = twinPrefix(dealPosition(d.value), dealPosition(twin), DRAW3, games[0]);
    expect(k).toBeGreaterThan(9);
    expect(games[1].slice(0, k)).toEqual(games[0].slice(0, k));
  });
});
