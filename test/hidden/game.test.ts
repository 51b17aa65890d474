/**
 * The hidden-card game: its true position for the referee, taking a move back (what was seen goes
 * back with it), and a game started past the first pass (the stock already drawn through once).
 */
import { describe, expect, it } from 'vitest';
import { Game, gameAfter } from '../../src/hidden/game.ts';
import { Observation } from '../../src/hidden/observation.ts';
import { PriorityPolicy } from '../../src/hidden/policy-priority.ts';
import { type Position, UNSEEN } from '../../src/engine/position.ts';
import type { Rules } from '../../src/types.ts';
import { seedPosition } from '../support/positions.ts';

const DRAW3: Rules = { draw: 3, passes: null, foundationReturn: true };

function started(p: Position, rules: Rules): Game {
  const g = Game.start(p, rules, 'hidden');
  if (!g.ok) throw new Error(g.error);
  return g.value;
}

describe('the hidden-card game', () => {
  it('gives the referee the true position, every card in it, and keeps it from the observation', () => {
    const g = started(seedPosition(42), DRAW3);
    expect(g.position()).toEqual(seedPosition(42));
    expect(g.observe().position.stock.every((c) => c === UNSEEN)).toBe(true);
    expect(g.play({ from: 'stock', to: 'waste', count: 3 }).ok).toBe(true);
    expect(g.position().waste).toEqual(seedPosition(42).stock.slice(0, 3));
    // the copy it gives cannot change the game
    g.position().stock.length = 0;
    expect(g.position().stock).toHaveLength(21);
  });

  it('takes a move back: the position, the moves and what was seen are as before it', () => {
    const g = started(seedPosition(7), DRAW3);
    const policy = new PriorityPolicy();
    const keys: string[] = [];
    const positions: string[] = [];
    for (let k = 0; k < 60; k++) {
      keys.push(g.observe().key());
      positions.push(JSON.stringify(g.position()));
      const d = policy.decide(g.observe());
      if (!d.move) break;
      expect(g.play(d.move).ok).toBe(true);
    }
    const n = g.moves.length;
    expect(n).toBeGreaterThan(20);
    const last = g.moves[n - 1];
    expect(g.undo()).toEqual(last);
    expect(g.moves).toHaveLength(n - 1);
    while (g.moves.length > 0) {
      const k = g.moves.length;
      expect(g.observe().key()).toBe(keys[k]);
      expect(JSON.stringify(g.position())).toBe(positions[k]);
      g.undo();
    }
    expect(g.observe().key()).toBe(keys[0]);
    expect(g.undo()).toBeUndefined();
  });

  it('hides again a card the move taken back had turned', () => {
    const g = started(seedPosition(42), DRAW3);
    const before = g.observe();
    const turning = g
      .legalMoves()
      .find((m) => m.from.startsWith('t') && m.count === 1 && before.position.faceDown[Number(m.from[1]) - 1] > 0);
    if (!turning) throw new Error('deal 42 has no move that turns a card at the start');
    const revealed = g.play(turning);
    expect(revealed.ok && revealed.value.length).toBe(1);
    expect(g.observe().unseen).toHaveLength(before.unseen.length - 1);
    g.undo();
    expect(g.observe().key()).toBe(before.key());
  });

  it('sees the whole stock from a position past its first pass, as Observation.ofPosition does', () => {
    const p: Position = { ...started(seedPosition(3), DRAW3).position(), pass: 2 };
    const o = started(p, DRAW3).observe();
    expect(o.position.stock).toEqual(p.stock);
    const same = Observation.ofPosition(p, DRAW3, 'hidden');
    if (!same.ok) throw new Error(same.error);
    expect(o.key()).toBe(same.value.key());
    // at the first pass the stock is unseen
    expect(
      started({ ...p, pass: 1 }, DRAW3)
        .observe()
        .position.stock.every((c) => c === UNSEEN),
    ).toBe(true);
  });

  it('records each move as the rules engine writes it, so a game replays from its moves', () => {
    const g = started(seedPosition(5), DRAW3);
    const policy = new PriorityPolicy();
    for (let k = 0; k < 40; k++) {
      const d = policy.decide(g.observe());
      if (!d.move) break;
      g.play(d.move);
    }
    const again = gameAfter(seedPosition(5), DRAW3, 'hidden', g.moves);
    if (!again.ok) throw new Error(again.error);
    expect(again.value.observe().key()).toBe(g.observe().key());
    expect(again.value.position()).toEqual(g.position());
  });
});
