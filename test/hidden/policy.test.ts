/**
 * Policies: the legal moves of an observation are the game's; the hint order and its tie-breaks;
 * safe moves; and the non-peeking property: two games that differ only in cards the player has not
 * seen get the same decisions, move after move, until a card revealed differs.
 */
import { describe, expect, it } from 'vitest';
import { makeCard } from '../../src/engine/cards.ts';
import { Game } from '../../src/hidden/game.ts';
import { Observation } from '../../src/hidden/observation.ts';
import { isSafeHome, legalMoves } from '../../src/hidden/policy.ts';
import { PriorityPolicy, priorityMoves } from '../../src/hidden/policy-priority.ts';
import { SearchPolicy, type Weighed, compareWeighed, freeLook, rankWeighed } from '../../src/hidden/policy-search.ts';
import { Random } from '../../src/hidden/sample.ts';
import { movesToCompact, type AtomicMove } from '../../src/engine/notation.ts';
import type { Position } from '../../src/engine/position.ts';
import type { Rules, StockMode } from '../../src/types.ts';
import { seedPosition } from '../support/positions.ts';
import { heavyTests } from '../support/slow.ts';

// the search policy samples worlds and solves each: seconds of CPU a game
heavyTests();

const DRAW3: Rules = { draw: 3, passes: null, foundationReturn: true };
const DRAW1: Rules = { draw: 1, passes: null, foundationReturn: true };

/** A Solvitaire deal as a position. */
const deal = seedPosition;

function start(p: Position, rules: Rules, stock: StockMode): Game {
  const g = Game.start(p, rules, stock);
  if (!g.ok) throw new Error(g.error);
  return g.value;
}

/** The deal with the cards a player cannot see shuffled among their slots (a different deal, the same view). */
function twinDeal(p: Position, stock: StockMode, seed: number): Position {
  const rng = new Random(seed);
  const slots: [number, number][] = [];
  for (let i = 0; i < 7; i++) for (let j = 0; j < p.faceDown[i]; j++) slots.push([i, j]);
  if (stock === 'hidden') for (let j = 0; j < p.stock.length; j++) slots.push([7, j]);
  const q: Position = { ...p, tableau: p.tableau.map((x) => x.slice()), stock: p.stock.slice() };
  const at = (s: [number, number]) => (s[0] === 7 ? q.stock : q.tableau[s[0]]);
  const cards = slots.map((s) => at(s)[s[1]]);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  for (let k = 0; k < slots.length; k++) at(slots[k])[slots[k][1]] = cards[k];
  return q;
}

describe('moves seen by a policy', () => {
  it('the legal moves of an observation are those of the game', () => {
    const g = start(deal(11), DRAW1, 'hidden');
    for (let k = 0; k < 60 && !g.won; k++) {
      const o = g.observe();
      expect(legalMoves(o)).toEqual(g.legalMoves());
      const moves = g.legalMoves();
      g.play(moves[(k * 7) % moves.length]);
    }
  });

  it('waste cards are never safe at draw 3 (a card taken off the waste shifts the groups of three)', () => {
    const p = deal(42);
    // put A♣ on the waste
    const i = p.stock.indexOf(makeCard(1, 0));
    const pos = { ...p, stock: p.stock.filter((_, k) => k !== i), waste: [makeCard(1, 0)] };
    const move: AtomicMove = { from: 'waste', to: 'fc', count: 1 };
    const o3 = Observation.ofPosition(pos, DRAW3, 'visible');
    const o1 = Observation.ofPosition(pos, DRAW1, 'visible');
    if (!o3.ok || !o1.ok) throw new Error('bad observation');
    expect(isSafeHome(o3.value, move)).toBe(false);
    expect(isSafeHome(o1.value, move)).toBe(true);
  });
});

describe('the priority policy', () => {
  it('follows the hint order: foundation, uncover, waste, stock', () => {
    // Solvitaire 42 after two draws: A♦ can go home from t6, the waste top is 7♣
    const g = start(deal(42), DRAW3, 'hidden');
    g.play({ from: 'stock', to: 'waste', count: 3 });
    g.play({ from: 'stock', to: 'waste', count: 3 });
    const o = g.observe();
    const order = priorityMoves(o).map((m) => movesToCompact([m]));
    expect(order[0]).toBe('6d');
    expect(order[order.length - 1]).toBe('SW3');
    const d = new PriorityPolicy().decide(o);
    expect(d.move && movesToCompact([d.move])).toBe('6d');
    expect(d.reason).toBe('foundation');
  });

  it('prefers uncovering the pile with the most face-down cards', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const o = start(deal(seed), DRAW3, 'visible').observe();
      const moves = priorityMoves(o);
      const uncover = moves.filter((m) => m.from[0] === 't' && m.to[0] === 't');
      for (let k = 1; k < uncover.length; k++) {
        const a = Number(uncover[k - 1].from[1]) - 1;
        const b = Number(uncover[k].from[1]) - 1;
        expect(o.position.faceDown[a] > o.position.faceDown[b] || (o.position.faceDown[a] === o.position.faceDown[b] && a <= b)).toBe(true);
      }
    }
  });

  it('never suggests a foundation return or a partial run', () => {
    const g = start(deal(3), DRAW1, 'visible');
    for (let k = 0; k < 200 && !g.won; k++) {
      const o = g.observe();
      for (const m of priorityMoves(o)) {
        expect(m.from[0]).not.toBe('f');
        const a = Number(m.from[1]) - 1;
        if (m.from[0] === 't' && m.to[0] === 't') expect(m.count).toBe(o.position.tableau[a].length - o.position.faceDown[a]);
      }
      const moves = g.legalMoves();
      g.play(moves[(k * 5) % moves.length]);
    }
  });
});

describe('a policy cannot peek', () => {
  const cases: { stock: StockMode; rules: Rules; seed: number }[] = [
    { stock: 'visible', rules: DRAW3, seed: 2 },
    { stock: 'hidden', rules: DRAW3, seed: 12 },
    { stock: 'hidden', rules: DRAW1, seed: 18 },
  ];

  it.each(cases)(
    'two games that differ only in unseen cards get the same hint (same policy seed; stock $stock, draw $rules.draw)',
    ({ stock, rules, seed }) => {
      const a = deal(seed);
      const b = twinDeal(a, stock, seed);
      expect(b).not.toEqual(a);
      const oa = start(a, rules, stock).observe();
      const ob = start(b, rules, stock).observe();
      expect(ob.key()).toBe(oa.key());
      const opts = { samples: 6, nodes: 3000, seed: 77, look: false };
      const da = new SearchPolicy(opts).decide(oa);
      const db = new SearchPolicy(opts).decide(ob);
      expect(db).toEqual(da);
      expect(new PriorityPolicy().decide(ob)).toEqual(new PriorityPolicy().decide(oa));
    },
  );

  it.each(cases)('and the same moves, until the cards revealed differ (stock $stock, draw $rules.draw)', ({ stock, rules, seed }) => {
    const a = deal(seed);
    const b = twinDeal(a, stock, seed + 1);
    const ga = start(a, rules, stock);
    const gb = start(b, rules, stock);
    const opts = { samples: 6, nodes: 3000, seed: 5, look: false, shared: 3 };
    const pa = new SearchPolicy(opts);
    const pb = new SearchPolicy(opts);
    let same = 0;
    for (let k = 0; k < 150 && !ga.won; k++) {
      const oa = ga.observe();
      const ob = gb.observe();
      if (oa.key() !== ob.key()) break;
      const da = pa.decide(oa);
      const db = pb.decide(ob);
      expect(db).toEqual(da);
      if (!da.move) break;
      ga.play(da.move);
      gb.play(da.move);
      same++;
    }
    expect(same).toBeGreaterThan(0);
  });
});

describe('the search policy ranks candidates by the worlds won after them', () => {
  const weighed = (wins: number, quick: number, moves = 1, support = 0): Weighed => ({
    seg: {
      moves: Array.from({ length: moves }, () => ({ from: 'stock', to: 'waste', count: 1 }) as AtomicMove),
      key: `${wins}/${quick}`,
      support,
    },
    wins,
    quick,
    complete: true,
    bonus: 0,
    rank: 0,
    home: 0,
    open: 0,
    weighed: wins,
  });

  it('without the quick option, a count of quick wins never outranks the win count', () => {
    const fewWinsManyQuick = weighed(3, 3);
    const manyWins = weighed(7, 0);
    const sorted = [fewWinsManyQuick, manyWins].sort((a, b) => compareWeighed(a, b, { quick: 0, ties: 'short' }));
    expect(sorted[0]).toBe(manyWins);
    // with the option, the quick count is the value
    const q = [manyWins, fewWinsManyQuick].sort((a, b) => compareWeighed(a, b, { quick: 500, ties: 'short' }));
    expect(q[0]).toBe(fewWinsManyQuick);
  });

  it('at equal wins: the shorter segment (ties short) or the one more plans chose (ties support)', () => {
    const long = weighed(5, 0, 4, 3);
    const short = weighed(5, 0, 1, 0);
    expect([long, short].sort((a, b) => compareWeighed(a, b, { quick: 0, ties: 'short' }))[0]).toBe(short);
    expect([short, long].sort((a, b) => compareWeighed(a, b, { quick: 0, ties: 'support' }))[0]).toBe(long);
  });

  it('the leaders weighed again with shared next moves come first, by that value, whatever their wins', () => {
    const most = weighed(9, 0);
    const robust = weighed(8, 0);
    const other = weighed(9, 0, 2);
    const behind = weighed(4, 0);
    most.shared = 3;
    robust.shared = 6;
    other.shared = 3;
    const sorted = rankWeighed([behind, most, other, robust], { quick: 0, ties: 'short' });
    expect(sorted).toEqual([robust, most, other, behind]);
    // without shared values, the order is compareWeighed's
    const plain = [behind, weighed(8, 0), weighed(9, 0)];
    expect(rankWeighed(plain.slice(), { quick: 0, ties: 'short' })).toEqual(
      plain.slice().sort((a, b) => compareWeighed(a, b, { quick: 0, ties: 'short' })),
    );
  });

  it('in play with shared next moves, the move chosen is the leader that keeps the most worlds when it may not see them', () => {
    const g = start(deal(11), DRAW1, 'hidden');
    const close = 2;
    const policy = new SearchPolicy({ samples: 12, maxSamples: 12, nodes: 3000, seed: 4, close, shared: 1 });
    let weighedAgain = 0;
    for (let k = 0; k < 200 && !g.won; k++) {
      const d = policy.decide(g.observe());
      if (!d.move) break;
      const leaders = d.candidates.filter((c) => c.shared !== undefined);
      if (leaders.length > 1) {
        weighedAgain++;
        const head = d.candidates[0];
        expect(movesToCompact([head.move])).toBe(movesToCompact([d.move]));
        expect(head.shared).toBe(Math.max(...leaders.map((c) => c.shared ?? 0)));
        const most = Math.max(...d.candidates.map((c) => c.wins ?? 0));
        expect(head.wins ?? 0).toBeGreaterThanOrEqual(most - close);
        for (const c of leaders) expect(c.shared ?? 0).toBeLessThanOrEqual(c.wins ?? 0);
        expect(head.note).toMatch(/won with one next move per card revealed/);
      }
      g.play(d.move);
    }
    expect(weighedAgain).toBeGreaterThan(2);
  });

  it.each([
    { rules: DRAW3, stock: 'visible' as StockMode, seed: 3 },
    { rules: DRAW1, stock: 'hidden' as StockMode, seed: 7 },
  ])(
    'in play, the move chosen has the most wins among the candidates fully weighed (draw $rules.draw, stock $stock)',
    ({ rules, stock, seed }) => {
      const g = start(deal(seed), rules, stock);
      const policy = new SearchPolicy({ samples: 8, nodes: 3000, seed, look: false, maxSamples: rules.draw === 1 ? 8 : 24, shared: 0 });
      let searched = 0;
      for (let k = 0; k < 120 && !g.won; k++) {
        const d = policy.decide(g.observe());
        if (!d.move) break;
        const weighedAll = d.candidates.filter((c) => c.wins !== undefined);
        if (d.reason === 'search' && weighedAll.length > 1) {
          searched++;
          expect(movesToCompact([d.candidates[0].move])).toBe(movesToCompact([d.move]));
          const most = Math.max(...weighedAll.map((c) => c.wins ?? 0));
          expect(d.candidates[0].wins).toBe(most);
        }
        g.play(d.move);
      }
      expect(searched).toBeGreaterThan(2);
    },
  );
});

describe('the search policy looks through the stock while that is free', () => {
  it('with unlimited passes it draws through the stock and redeals first; under a pass limit, or with look off, it does not', () => {
    const g = start(deal(100_004), DRAW3, 'hidden');
    const p = new SearchPolicy({ samples: 4, nodes: 2000 });
    const looked: AtomicMove[] = [];
    for (let k = 0; k < 9; k++) {
      const d = p.decide(g.observe());
      if (!d.move) break;
      expect(d.reason).toBe('look');
      expect(d.solves).toBe(0);
      looked.push(d.move);
      g.play(d.move);
    }
    expect(movesToCompact(looked)).toBe('SW3 SW3 SW3 SW3 SW3 SW3 SW3 SW3 WS24');
    // back where it started, in the second pass, with the stock seen
    const o = g.observe();
    expect(o.position.pass).toBe(2);
    expect(o.position.stock).toEqual(deal(100_004).stock);
    expect(o.unseen.length).toBe(21);
    expect(freeLook(o)).toBe(false);
    expect(p.decide(o).reason).not.toBe('look');
    const fresh = start(deal(100_004), DRAW3, 'hidden').observe();
    expect(new SearchPolicy({ samples: 4, nodes: 2000, look: false }).decide(fresh).reason).not.toBe('look');
    expect(new SearchPolicy({ samples: 4, nodes: 2000, allMoves: true }).decide(fresh).reason).not.toBe('look');
    const limited = start(deal(100_004), { ...DRAW3, passes: 3 }, 'hidden').observe();
    expect(freeLook(limited)).toBe(false);
  });

  it('takes the same look with the stock visible, after which the two stock modes are one game', () => {
    for (const rules of [DRAW3, DRAW1]) {
      const [hidden, visible] = (['hidden', 'visible'] as const).map((mode) => {
        const g = start(deal(100_006), rules, mode);
        const p = new SearchPolicy({ samples: 4, maxSamples: 4, nodes: 2000 });
        const played: AtomicMove[] = [];
        for (let k = 0; k < 60 && !g.won; k++) {
          const d = p.decide(g.observe());
          if (!d.move) break;
          played.push(d.move);
          g.play(d.move);
        }
        return { moves: movesToCompact(played), key: g.observe().key() };
      });
      expect(hidden.moves.split(' ').length).toBeGreaterThan(rules.draw === 3 ? 20 : 40);
      expect(visible).toEqual(hidden);
    }
  });

  it('at draw 3 the look is free only while the waste holds a multiple of three cards', () => {
    const g = start(deal(100_004), DRAW3, 'hidden');
    expect(freeLook(g.observe())).toBe(true);
    g.play({ from: 'stock', to: 'waste', count: 3 });
    expect(freeLook(g.observe())).toBe(true);
    const o = g.observe();
    const fromWaste = legalMoves(o).find((m) => m.from === 'waste');
    if (fromWaste) {
      g.play(fromWaste);
      expect(freeLook(g.observe())).toBe(false);
    }
  });
});

describe('the cards objective', () => {
  it('plays a Vegas game for cards home: candidates carry the cards expected, not a chance', () => {
    const rules: Rules = { draw: 1, passes: 1, foundationReturn: true };
    const g = start(deal(100_002), rules, 'hidden');
    const p = new SearchPolicy({ samples: 3, nodes: 1000, objective: 'cards' });
    let weighedOnce = false;
    for (let k = 0; k < 200 && !g.won && !weighedOnce; k++) {
      const d = p.decide(g.observe());
      if (!d.move) break;
      expect(d.reason).not.toBe('look');
      if (d.reason === 'search' && d.candidates.length > 1) {
        weighedOnce = true;
        for (const c of d.candidates) expect(c.chance).toBeUndefined();
        expect(d.candidates[0].note).toMatch(/cards home expected/);
      }
      g.play(d.move);
    }
    expect(weighedOnce).toBe(true);
  });
});
