/**
 * The packed state and move generator, node by node: perft trees and long random playouts under
 * every rule variant, checking at every node that
 * - the incremental hash equals hashFromScratch(), and 52 distinct cards are in play;
 * - pack() then unpack() gives an equal state with the same hash;
 * - the packed moves (named with toAtomic) are exactly the naive generator's, each once;
 * - every child (make, then toPosition) equals naiveApply's child, the solver core's childHash (the
 *   hash before the move is made, src/core/state.ts) equals the hash after make, and undo
 *   restores the state exactly (equals, h1, h2).
 * Then the hash: column order does not change it; different positions get different hashes.
 */
import { describe, expect, it } from 'vitest';
import { genAtomic, make, toAtomic, undo } from '../../src/engine/moves.ts';
import { type Position, parsePositionJson } from '../../src/engine/position.ts';
import { Core } from '../../src/solver/core.ts';
import { State } from '../../src/engine/state.ts';
import { parseCard } from '../../src/engine/cards.ts';
import type { Rules } from '../../src/types.ts';
import { naiveApply, naiveMoveKey, naiveMoves } from '../support/naive.ts';
import { prng, seedPosition } from '../support/positions.ts';
import { pack, unpack } from '../../src/engine/pack.ts';
import { checkCards } from '../support/invariants.ts';

/** The start of a seeded deal. */
const deal = seedPosition;

const VARIANTS: Rules[] = [
  { draw: 1, passes: null, foundationReturn: true },
  { draw: 1, passes: 1, foundationReturn: true },
  { draw: 1, passes: 3, foundationReturn: false },
  { draw: 3, passes: null, foundationReturn: true },
  { draw: 3, passes: 1, foundationReturn: false },
  { draw: 3, passes: 3, foundationReturn: true },
  { draw: 3, passes: null, foundationReturn: false },
  { draw: 2, passes: 2, foundationReturn: true },
];

const label = (r: Rules) => `draw ${r.draw}, passes ${r.passes ?? 'unlimited'}, fr ${r.foundationReturn ? 'yes' : 'no'}`;

function samePosition(a: Position, b: Position): boolean {
  const same = (x: readonly number[], y: readonly number[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  return (
    a.pass === b.pass &&
    same(a.stock, b.stock) &&
    same(a.waste, b.waste) &&
    same(a.foundations, b.foundations) &&
    same(a.faceDown, b.faceDown) &&
    a.tableau.every((pile, i) => same(pile, b.tableau[i]))
  );
}

/**
 * Checks one node and returns its packed moves in buf. Cheap comparisons first; on a
 * disagreement, expect() reports the details.
 */
/** The solver's core, for its child hashes. */
const CORE = new Core();

function checkNode(s: State, rules: Rules, buf: Int32Array): number {
  const [a, b] = s.hashFromScratch();
  if (s.h1 !== a || s.h2 !== b) expect([s.h1, s.h2], 'incremental hash').toEqual([a, b]);
  const cards = checkCards(s);
  if (cards !== undefined) expect(cards).toBeUndefined();
  const u = unpack(pack(s), rules);
  if (!u.equals(s) || u.h1 !== s.h1 || u.h2 !== s.h2) expect(u.toPosition(), 'pack/unpack').toEqual(s.toPosition());
  const p = s.toPosition();
  const n = genAtomic(s, buf);
  const packed: string[] = [];
  for (let i = 0; i < n; i++) packed.push(naiveMoveKey(toAtomic(s, buf[i])));
  packed.sort();
  const naive = naiveMoves(p, rules).map(naiveMoveKey).sort();
  if (packed.join(' ') !== naive.join(' ')) expect(packed, `moves of ${JSON.stringify(p)}`).toEqual(naive);
  const before = s.clone();
  CORE.load(s);
  for (let i = 0; i < n; i++) {
    const m = buf[i];
    const child = naiveApply(p, toAtomic(s, m), rules);
    CORE.x.childHash(m);
    const ph1 = CORE.x.getPh1();
    const ph2 = CORE.x.getPh2();
    const t = make(s, m);
    if (s.h1 !== ph1 || s.h2 !== ph2)
      expect([ph1, ph2], `childHash of ${toAtomic(before, m).from}>${toAtomic(before, m).to}`).toEqual([s.h1, s.h2]);
    const got = s.toPosition();
    if (!samePosition(got, child)) expect(got, `child ${packed[i]}`).toEqual(child);
    undo(s, m, t);
    if (!s.equals(before) || s.h1 !== before.h1 || s.h2 !== before.h2)
      expect(s.toPosition(), `undo ${packed[i]}`).toEqual(before.toPosition());
    if (s.h1 !== before.h1 || s.h2 !== before.h2) expect([s.h1, s.h2], `hash after undo ${packed[i]}`).toEqual([before.h1, before.h2]);
  }
  return n;
}

/** Walks the whole perft tree to `depth`, checking every node; returns the number of nodes. */
function walkTree(s: State, rules: Rules, depth: number): number {
  const bufs = Array.from({ length: depth + 1 }, () => new Int32Array(256));
  let nodes = 0;
  const rec = (d: number) => {
    nodes++;
    const buf = bufs[d];
    const n = checkNode(s, rules, buf);
    if (d === 0) return;
    for (let i = 0; i < n; i++) {
      const m = buf[i];
      const t = make(s, m);
      rec(d - 1);
      undo(s, m, t);
    }
  };
  rec(depth);
  return nodes;
}

/** A random playout of up to `length` moves, checking every node; returns the states visited and the redeal count. */
function playout(p: Position, rules: Rules, seed: number, length: number): { states: State[]; redeals: number; moves: number } {
  const rnd = prng(seed);
  const s = State.fromPosition(p, rules);
  const buf = new Int32Array(256);
  const states: State[] = [s.clone()];
  const made: [number, number][] = [];
  let redeals = 0;
  for (let k = 0; k < length; k++) {
    const n = checkNode(s, rules, buf);
    if (n === 0) break;
    const m = buf[Math.floor(rnd() * n)];
    if (toAtomic(s, m).to === 'stock') redeals++;
    made.push([m, make(s, m)]);
    states.push(s.clone());
  }
  checkNode(s, rules, buf);
  // Undo the whole game back to the deal, checking each state on the way.
  for (let k = made.length - 1; k >= 0; k--) {
    undo(s, made[k][0], made[k][1]);
    expect(s.equals(states[k])).toBe(true);
    expect([s.h1, s.h2]).toEqual([states[k].h1, states[k].h2]);
  }
  return { states, redeals, moves: made.length };
}

describe('every node of perft trees', () => {
  const trees: [number, Rules, number][] = [
    // (seed, rules, depth): about 400–3,000 nodes each; the draw 3 trees reach the redeals (depth ≥ 9).
    [1, VARIANTS[0], 7],
    [12, VARIANTS[1], 7],
    [11, VARIANTS[2], 7],
    [1, VARIANTS[3], 14],
    [1, VARIANTS[4], 15],
    [5, VARIANTS[5], 11],
    [3, VARIANTS[6], 15],
    [2, VARIANTS[7], 9],
  ];
  for (const [seed, rules, depth] of trees) {
    it(`seed ${seed}, ${label(rules)}, depth ${depth}`, () => {
      expect(walkTree(State.fromPosition(deal(seed), rules), rules, depth)).toBeGreaterThan(depth);
    });
  }
  it('a mid-game position with foundations, a short stock and pass 2, under each variant', () => {
    const p = parsePositionJson(
      '{"tableau":[["Kc","Qd","Js"],["9c","8h","7s","6h"],["5d"],["6s","2h","9d"],["4h","5c","Kd"],["Qh","4s","3s","Td","Qs","5h","4c"],["Ac","Ts","3c","5s","3d","Ks","9h","8c","7d"]],"stock":["4d","Jc"],"faceDown":[0,1,0,2,2,5,6],"waste":["6d","Qc","8d","Jd","2c","Tc","Jh","Kh","3h","7h","Th","9s","6c","8s","7c","Ah"],"foundations":{"c":0,"d":2,"h":0,"s":2},"pass":2}',
    );
    if (!p.ok) throw new Error(p.error);
    for (const rules of VARIANTS) walkTree(State.fromPosition(p.value, rules), rules, 3);
  });
  it('the near-won position, and a won position (no moves)', () => {
    const near = parsePositionJson(
      '{"tableau":[["Kh"],[],[],[],[],[],[]],"faceDown":[0,0,0,0,0,0,0],"stock":[],"foundations":{"c":13,"d":13,"h":12,"s":13}}',
    );
    if (!near.ok) throw new Error(near.error);
    walkTree(State.fromPosition(near.value, VARIANTS[0]), VARIANTS[0], 2);
    const won = State.fromPosition(naiveApply(near.value, { from: 't1', to: 'fh', count: 1 }, VARIANTS[0]), VARIANTS[0]);
    expect(won.won).toBe(true);
    expect(checkNode(won, VARIANTS[0], new Int32Array(256))).toBe(0);
  });
});

describe('every node of long random playouts (redeals, pass limits)', () => {
  for (const [i, rules] of VARIANTS.entries()) {
    it(label(rules), () => {
      let redeals = 0;
      let moves = 0;
      for (const seed of [21 + i, 40 + i, 77 + i]) {
        const r = playout(deal(seed), rules, seed * 31 + i, 250);
        redeals += r.redeals;
        moves += r.moves;
      }
      // Unlimited passes: the playouts run their full length and redeal many times.
      if (rules.passes === null) {
        expect(moves).toBe(750);
        expect(redeals).toBeGreaterThan(3);
      }
      if (rules.passes === 1) expect(redeals).toBe(0);
      if (rules.passes !== null && rules.passes > 1) expect(redeals).toBeGreaterThan(0);
    });
  }
});

/** A key that names a state up to what the hash ignores: column order, and w / pass where the rules make them irrelevant. */
function canonicalKey(s: State, rules: Rules): string {
  const p = s.toPosition();
  const cols = p.tableau.map((pile, i) => `${p.faceDown[i]}:${pile.join(',')}`).sort();
  const hashW = rules.draw > 1 || rules.passes !== null;
  return [
    cols.join('|'),
    [...p.waste, ...p.stock].join(','),
    hashW ? p.waste.length : '-',
    rules.passes !== null ? p.pass : '-',
    p.foundations.join(','),
  ].join(' ');
}

describe('hash', () => {
  it('positions that differ only by the order of the columns hash alike', () => {
    const rnd = prng(5);
    for (const rules of [VARIANTS[0], VARIANTS[5]]) {
      const { states } = playout(deal(8), rules, 8, 120);
      for (const s of states.filter((_, k) => k % 10 === 0)) {
        const p = s.toPosition();
        const order = [0, 1, 2, 3, 4, 5, 6].sort(() => rnd() - 0.5);
        const q: Position = { ...p, tableau: order.map((i) => p.tableau[i]), faceDown: order.map((i) => p.faceDown[i]) };
        const t = State.fromPosition(q, rules);
        expect([t.h1, t.h2]).toEqual([s.h1, s.h2]);
      }
    }
  });
  it('different positions hash differently, equal ones alike (a sample of playout states)', () => {
    for (const rules of [VARIANTS[0], VARIANTS[3], VARIANTS[5]]) {
      const byKey = new Map<string, string>();
      const byHash = new Map<string, string>();
      for (const seed of [3, 4, 6, 9]) {
        for (const s of playout(deal(seed), rules, seed, 200).states) {
          const key = canonicalKey(s, rules);
          const hash = `${s.h1}:${s.h2}`;
          if (byKey.has(key)) expect(byKey.get(key)).toBe(hash);
          else byKey.set(key, hash);
          if (byHash.has(hash)) expect(byHash.get(hash)).toBe(key);
          else byHash.set(hash, key);
        }
      }
      expect(byKey.size).toBeGreaterThan(200);
    }
  });
  it('draw 1 with unlimited passes ignores the stock position; draw 3 and pass limits do not', () => {
    const p = deal(1);
    const drawn = naiveApply(p, { from: 'stock', to: 'waste', count: 1 }, VARIANTS[0]);
    const same = (r: Rules, q: Position) => State.fromPosition(p, r).h1 === State.fromPosition(q, r).h1;
    expect(same(VARIANTS[0], drawn)).toBe(true);
    expect(same(VARIANTS[3], naiveApply(p, { from: 'stock', to: 'waste', count: 3 }, VARIANTS[3]))).toBe(false);
    expect(same(VARIANTS[1], drawn)).toBe(false);
    expect(same(VARIANTS[5], { ...p, pass: 2 })).toBe(false);
    expect(same(VARIANTS[3], { ...p, pass: 2 })).toBe(true);
  });
});

/** A position with the given piles (face-down counts `down`), every other card in the stock. */
function withRest(piles: string[], down: number[], waste = 0): Position {
  const tableau = piles.map((t) => (t ? t.split(' ').map((x) => parseCard(x)!) : []));
  const used = new Set(tableau.flat());
  const rest = [...Array(52).keys()].filter((c) => !used.has(c));
  return { tableau, faceDown: down, stock: rest.slice(waste), waste: rest.slice(0, waste), foundations: [0, 0, 0, 0], pass: 1 };
}

describe('solver keys', () => {
  const d3: Rules = { draw: 3, passes: null, foundationReturn: true };
  const d3p3: Rules = { draw: 3, passes: 3, foundationReturn: true };
  it('twinKey: a run on either of two twins (8♠ or 8♣) hashes alike; the exact hash tells them apart', () => {
    const a = withRest(['2c 8s 7h', '3c 8c', '', '', '', '', ''], [1, 1, 0, 0, 0, 0, 0]);
    const b = withRest(['2c 8s', '3c 8c 7h', '', '', '', '', ''], [1, 1, 0, 0, 0, 0, 0]);
    const key = (p: Position, twin: boolean) => {
      const s = State.fromPosition(p, d3, { twinKey: twin });
      expect(s.hashFromScratch()).toEqual([s.h1, s.h2]);
      return `${s.h1}:${s.h2}`;
    };
    expect(key(a, true)).toBe(key(b, true));
    expect(key(a, false)).not.toBe(key(b, false));
    // a run on a card of the other colour is a different position under both keys
    const c = withRest(['2c 8s', '3c 8c', '8h 7s', '', '', '', ''], [1, 1, 0, 0, 0, 0, 0]);
    const e = withRest(['2c 8s 7s', '3c 8c', '8h', '', '', '', ''], [1, 1, 0, 0, 0, 0, 0]);
    expect(key(c, true)).not.toBe(key(e, true));
  });
  it('gridStock: with unlimited passes, stock positions 0, 3, 6 … and the whole stock turned hash alike', () => {
    const piles = ['Kc', 'Kd', 'Kh', 'Ks', 'Qc', 'Qd', 'Qh'];
    const at = (w: number) => withRest(piles, [0, 0, 0, 0, 0, 0, 0], w);
    const key = (p: Position, rules: Rules, grid: boolean) => {
      const s = State.fromPosition(p, rules, { gridStock: grid });
      expect(s.hashFromScratch()).toEqual([s.h1, s.h2]);
      return `${s.h1}:${s.h2}`;
    };
    const n = at(0).stock.length;
    expect(key(at(3), d3, true)).toBe(key(at(0), d3, true));
    expect(key(at(6), d3, true)).toBe(key(at(0), d3, true));
    expect(key(at(n), d3, true)).toBe(key(at(0), d3, true));
    expect(key(at(2), d3, true)).not.toBe(key(at(0), d3, true));
    expect(key(at(3), d3, false)).not.toBe(key(at(0), d3, false));
    expect(key(at(3), d3p3, true)).not.toBe(key(at(0), d3p3, true)); // a redeal costs a pass
    // kept incrementally through draws, redeals and plays from the waste
    const s = State.fromPosition(at(0), d3, { gridStock: true });
    const buf = new Int32Array(256);
    for (let k = 0; k < 60; k++) {
      const n = genAtomic(s, buf);
      make(s, buf[k % 4 === 3 ? n - 1 : 0]);
      expect(s.hashFromScratch()).toEqual([s.h1, s.h2]);
    }
  });
  it('stockMask: with unlimited passes and draw > 1, every stock position of a layout hashes alike (wk tells them apart)', () => {
    const start = deal(1);
    const deck = [...start.waste, ...start.stock];
    const at = (w: number) => ({ ...start, waste: deck.slice(0, w), stock: deck.slice(w) });
    const state = (p: Position, rules: Rules) => {
      const s = State.fromPosition(p, rules, { gridStock: true, stockMask: true });
      expect(s.hashFromScratch()).toEqual([s.h1, s.h2]);
      return s;
    };
    const key = (s: State) => `${s.h1}:${s.h2}`;
    const n = at(0).stock.length;
    expect(state(at(0), d3).stockMask).toBe(true);
    for (const w of [1, 2, 3, 5, n]) expect(key(state(at(w), d3))).toBe(key(state(at(0), d3)));
    expect([0, 1, 2, 3, 4, n].map((w) => state(at(w), d3).wk(w, n))).toEqual([0, 1, 2, 0, 4, 0]);
    // not in effect with a pass limit, nor with draw 1, where the key is the usual one
    for (const rules of [d3p3, { draw: 1, passes: null, foundationReturn: true }]) {
      const s = State.fromPosition(at(1), rules, { gridStock: true, stockMask: true });
      expect(s.stockMask).toBe(false);
      expect(key(s)).toBe(key(State.fromPosition(at(1), rules, { gridStock: true })));
    }
    // nor with more than 31 cards in the stock and waste (a stock position is a bit of 32)
    const big = withRest(['Kc', 'Kd', 'Kh', 'Ks', 'Qc', 'Qd', 'Qh'], [0, 0, 0, 0, 0, 0, 0], 1);
    expect(State.fromPosition(big, d3, { gridStock: true, stockMask: true }).stockMask).toBe(false);
    // kept incrementally through draws, redeals and plays from the waste
    const s = state(at(0), d3);
    const buf = new Int32Array(256);
    for (let k = 0; k < 60; k++) {
      const m = genAtomic(s, buf);
      make(s, buf[k % 4 === 3 ? m - 1 : 0]);
      expect(s.hashFromScratch()).toEqual([s.h1, s.h2]);
    }
  });
});

describe('pack', () => {
  it('is compact and round-trips a fresh deal', () => {
    const s = State.fromPosition(deal(1), VARIANTS[3]);
    const bytes = pack(s);
    expect(bytes.length).toBe(2 + 1 + 2 + 24 + 14 + 28); // foundations, pass, n and w, deck, pile headers, cards
    const u = unpack(bytes, VARIANTS[3]);
    expect(u.equals(s)).toBe(true);
    expect(u.toPosition()).toEqual(deal(1));
  });
  it('equals() notices every kind of difference', () => {
    const s = State.fromPosition(deal(1), VARIANTS[3]);
    const buf = new Int32Array(256);
    const n = genAtomic(s, buf);
    for (let i = 0; i < n; i++) {
      const c = s.clone();
      make(c, buf[i]);
      expect(c.equals(s)).toBe(false);
    }
  });
});
