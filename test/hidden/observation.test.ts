/**
 * Observations: what a player sees of a seeded game under both stock models, after draws, flips
 * and redeals; the sampled worlds agree with the observation and are uniform; repaired worlds
 * agree with a later observation.
 */
import { describe, expect, it } from 'vitest';
import { NUM_CARDS } from '../../src/engine/cards.ts';
import { type Game, gameAfter } from '../../src/hidden/game.ts';
import { Observation } from '../../src/hidden/observation.ts';
import { applyMove } from '../../src/hidden/policy.ts';
import { Random, fillWorld, repairWorld, sampleWorld } from '../../src/hidden/sample.ts';
import { movesFromCompact } from '../../src/engine/notation.ts';
import { type Position, UNSEEN } from '../../src/engine/position.ts';
import type { Rules } from '../../src/types.ts';
import { seedPosition } from '../support/positions.ts';

const DRAW3: Rules = { draw: 3, passes: null, foundationReturn: true };
const DRAW1: Rules = { draw: 1, passes: null, foundationReturn: true };

/** A Solvitaire deal as a position. */
const deal = seedPosition;

function game(seed: number, rules: Rules, stock: 'hidden' | 'visible', compact = ''): Game {
  const moves = movesFromCompact(compact);
  if (!moves.ok) throw new Error(moves.error);
  const g = gameAfter(deal(seed), rules, stock, moves.value);
  if (!g.ok) throw new Error(g.error);
  return g.value;
}

/** True when the complete position agrees with the observation on every seen card. */
function agrees(world: Position, o: Observation): boolean {
  const p = o.position;
  const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && b.every((c, i) => c === UNSEEN || c === a[i]);
  return (
    same(world.stock, p.stock) &&
    same(world.waste, p.waste) &&
    world.pass === p.pass &&
    world.foundations.every((h, s) => h === p.foundations[s]) &&
    world.tableau.every((pile, i) => world.faceDown[i] === p.faceDown[i] && same(pile, p.tableau[i]))
  );
}

describe('what a player sees', () => {
  it('a fresh deal: the 21 face-down cards unseen; the stock too when hidden', () => {
    const d = deal(42);
    const h = game(42, DRAW3, 'hidden').observe();
    expect(h.unseen.length).toBe(45);
    expect(h.position.stock.every((c) => c === UNSEEN)).toBe(true);
    h.position.tableau.forEach((pile, i) => {
      expect(pile.slice(0, i).every((c) => c === UNSEEN)).toBe(true);
      expect(pile[i]).toBe(d.tableau[i][i]);
    });
    const v = game(42, DRAW3, 'visible').observe();
    expect(v.unseen.length).toBe(21);
    expect(v.position.stock).toEqual(d.stock);
    // the unseen cards are exactly the face-down cards (and the stock)
    const down = d.tableau.flatMap((pile, i) => pile.slice(0, i)).sort((a, b) => a - b);
    expect(v.unseen).toEqual(down);
    expect(h.unseen).toEqual([...down, ...d.stock].sort((a, b) => a - b));
  });

  it('Observation.ofPosition hides what a player cannot have seen', () => {
    const d = deal(5);
    expect(Observation.ofPosition(d, DRAW3, 'hidden')).toEqual(Observation.of(game(5, DRAW3, 'hidden').observe().position, DRAW3));
    const v = Observation.ofPosition(d, DRAW3, 'visible');
    expect(v.ok && v.value.key()).toBe(game(5, DRAW3, 'visible').observe().key());
    // from the second pass the whole stock is known
    const later = Observation.ofPosition({ ...d, pass: 2 }, DRAW3, 'hidden');
    expect(later.ok && later.value.position.stock).toEqual(d.stock);
  });

  it('drawn cards are remembered, and after a pass the whole stock is known', () => {
    const d = deal(42);
    const g = game(42, DRAW3, 'hidden', 'SW3 SW3');
    const o = g.observe();
    expect(o.position.waste).toEqual(d.stock.slice(0, 6));
    expect(o.position.stock.every((c) => c === UNSEEN)).toBe(true);
    for (let k = 0; k < 6; k++) expect(g.play({ from: 'stock', to: 'waste', count: 3 }).ok).toBe(true);
    expect(g.play({ from: 'waste', to: 'stock', count: 24 }).ok).toBe(true);
    const after = g.observe();
    expect(after.position.stock).toEqual(d.stock);
    expect(after.unseen.length).toBe(21);
  });

  it('a flip reveals the card under the moved one, and play reports it', () => {
    // Solvitaire 42: 6d (t6 top) is an Ace? find a move that turns up a card
    const g = game(1, DRAW1, 'visible');
    const moves = g.legalMoves().filter((m) => m.from[0] === 't');
    expect(moves.length).toBeGreaterThan(0);
    const before = g.observe().unseen.length;
    const r = g.play(moves[0]);
    expect(r.ok && r.value.length).toBe(1);
    expect(g.observe().unseen.length).toBe(before - 1);
    if (r.ok) expect(g.observe().unseen).not.toContain(r.value[0]);
  });

  it('an illegal move is refused and changes nothing', () => {
    const g = game(42, DRAW3, 'hidden');
    const key = g.observe().key();
    const r = g.play({ from: 't1', to: 't2', count: 1 });
    expect(r.ok).toBe(false);
    expect(g.observe().key()).toBe(key);
    expect(g.moves.length).toBe(0);
    const bad = gameAfter(deal(42), DRAW3, 'hidden', [{ from: 'stock', to: 'waste', count: 1 }]);
    expect(!bad.ok && bad.error).toMatch(/^move 1 \(stock → waste\) is illegal: a draw turns 3 cards, not 1$/);
  });

  it('the observation is frozen: a policy cannot change it', () => {
    const o = game(42, DRAW3, 'hidden').observe();
    expect(() => (o.position.tableau[0] as number[]).push(1)).toThrow();
    expect(() => (o.position.stock as number[]).splice(0, 1)).toThrow();
  });
});

describe('worlds', () => {
  it('every sampled world is complete and agrees with the observation', () => {
    const rng = new Random(3);
    for (const stock of ['hidden', 'visible'] as const) {
      const o = game(42, DRAW3, stock, 'SW3 SW3').observe();
      for (let k = 0; k < 50; k++) {
        const w = sampleWorld(o, rng);
        expect(agrees(w, o)).toBe(true);
        const all = [...w.tableau.flat(), ...w.stock, ...w.waste].sort((a, b) => a - b);
        expect(all).toEqual(Array.from({ length: NUM_CARDS }, (_, c) => c));
      }
    }
  });

  it('the unseen cards are spread uniformly over the unseen slots', () => {
    // 21 face-down slots: count where one card lands over many samples (chi-square, 20 degrees of freedom)
    const o = game(9, DRAW3, 'visible').observe();
    const card = o.unseen[0];
    const slots: [number, number][] = [];
    for (let i = 0; i < 7; i++)
      for (let j = 0; j < o.position.tableau[i].length; j++) if (o.position.tableau[i][j] === UNSEEN) slots.push([i, j]);
    const counts = new Array<number>(slots.length).fill(0);
    const rng = new Random(11);
    const n = 4200;
    for (let k = 0; k < n; k++) {
      const w = sampleWorld(o, rng);
      counts[slots.findIndex(([i, j]) => w.tableau[i][j] === card)]++;
    }
    const e = n / slots.length;
    const chi2 = counts.reduce((s, x) => s + ((x - e) * (x - e)) / e, 0);
    expect(chi2).toBeLessThan(45.3); // the 0.1% critical value
    expect(chi2).toBeGreaterThan(5.9); // and not suspiciously even (the 0.1% lower tail)
  });

  it('the same seed gives the same worlds', () => {
    const o = game(42, DRAW3, 'hidden').observe();
    const a = new Random(5);
    const b = new Random(5);
    for (let k = 0; k < 5; k++) expect(sampleWorld(o, a)).toEqual(sampleWorld(o, b));
    expect(fillWorld(o)).toEqual(fillWorld(o));
  });

  it('a world made after a move and repaired agrees with the new observation', () => {
    const g = game(1, DRAW1, 'hidden');
    const rng = new Random(2);
    for (let step = 0; step < 40; step++) {
      const o = g.observe();
      const worlds = Array.from({ length: 8 }, () => sampleWorld(o, rng));
      const moves = g.legalMoves();
      const m = moves[step % moves.length];
      expect(g.play(m).ok).toBe(true);
      const next = g.observe();
      for (const w of worlds) {
        const after = applyMove(w, DRAW1, m);
        expect(after).toBeDefined();
        expect(repairWorld(after!, next)).toBeGreaterThanOrEqual(0);
        expect(agrees(after!, next)).toBe(true);
      }
    }
  });

  it('a world of another game cannot be repaired', () => {
    const o = game(42, DRAW3, 'hidden', 'SW3').observe();
    const w = sampleWorld(game(42, DRAW3, 'hidden').observe(), new Random(1));
    expect(repairWorld(w, o)).toBe(-1);
  });
});
