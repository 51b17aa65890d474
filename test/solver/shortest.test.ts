/**
 * The shortest solution is proved minimal: on positions small enough to search exhaustively, its
 * count equals a breadth-first search of the plain engine (every legal atomic move, positions
 * compared card for card), under each rule variant and from mid-game positions, counted both ways
 * (every atomic move; KSolve's count, redeals free: a 0-1 breadth-first search); every line
 * replays and wins; the lower bound never exceeds the count; and with every pruning rule off the
 * count is the same. The post-pass never lengthens a line and its result replays.
 */
import { describe, expect, it } from 'vitest';
import { RANK, RED, makeCard } from '../../src/engine/cards.ts';
import { REDEAL, genAtomic, kindOf, make, undo } from '../../src/engine/moves.ts';
import { Core } from '../../src/solver/core-instance.ts';
import type { Position } from '../../src/engine/position.ts';
import { shorten } from '../../src/engine/shorten.ts';
import { replay } from '../../src/engine/solution.ts';
import { State } from '../../src/engine/state.ts';
import { type MoveCount, NO_PRUNING, type Pruning, SHORTEST_PRUNING, countMoves, shortest, solve } from '../../src/solver/index.ts';
import type { Rules } from '../../src/types.ts';
import { ALL_RULES, checked, prng, reducedDeal, rulesTag, seedPosition } from '../support/positions.ts';
import { SLOW, bySize, heavyTests } from '../support/slow.ts';

// each test proves solutions shortest: minutes on a busy machine
heavyTests();

const BIG = { maxNodes: 20_000_000, timeoutMs: 120_000 };

/**
 * The fewest moves that win from the position, by breadth-first search of the plain engine's
 * atomic moves (with `count` ksolve a redeal costs nothing: a 0-1 breadth-first search), positions
 * told apart by their exact 64-bit key (the stock position always in it); -1 when no line wins,
 * undefined past `cap` positions.
 */
function bfs(p: Position, rules: Rules, count: MoveCount, cap = 80_000): number | undefined {
  const start = State.fromPosition(p, rules, { exactStock: true });
  const key = (s: State) => `${s.h1}:${s.h2}`;
  const dist = new Map<string, number>([[key(start), 0]]);
  let front = [start];
  const buf = new Int32Array(256);
  for (let d = 0; front.length > 0; d++) {
    const next: State[] = [];
    // a redeal that costs nothing puts its position in this distance's frontier, behind the rest
    for (let q = 0; q < front.length; q++) {
      const here = front[q];
      if (here.home === 52) return d;
      const n = genAtomic(here, buf);
      for (let k = 0; k < n; k++) {
        const m = buf[k];
        const t = make(here, m);
        const free = count === 'ksolve' && kindOf(m) === REDEAL;
        const cost = free ? d : d + 1;
        const id = key(here);
        const seen = dist.get(id);
        if (seen === undefined || seen > cost) {
          dist.set(id, cost);
          (free ? front : next).push(here.clone());
          if (dist.size > cap) return undefined;
        }
        undo(here, m, t);
      }
    }
    front = next;
  }
  return -1;
}

function expectShortest(p: Position, rules: Rules, count: MoveCount, label: string): boolean {
  const want = bfs(p, rules, count);
  if (want === undefined) return false;
  const r = shortest(p, rules, BIG, { count });
  if (want < 0) {
    expect(r.verdict, label).toBe('unwinnable');
    return true;
  }
  expect(r.verdict, label).toBe('winnable');
  expect(r.proved, label).toBe(true);
  expect(r.length, label).toBe(want);
  expect(r.lowerBound, label).toBe(want);
  expect(countMoves(r.moves, count), label).toBe(want);
  expect(replay(p, rules, r.moves).status, label).toBe('won');
  expect(r.firstLength, label).toBeGreaterThanOrEqual(r.shortenedLength);
  expect(r.shortenedLength, label).toBeGreaterThanOrEqual(r.length);
  // the same count with every pruning rule off (the plain engine's moves, the exact key)
  const plain = shortest(p, rules, BIG, { count, pruning: NO_PRUNING });
  expect(plain.proved && plain.length, `${label}, no pruning`).toBe(want);
  return true;
}

/** The search's core, for its lower bound (src/core/bound.ts). */
/** The cards above the foundations' heights (suit by suit), shuffled by `rand`. */
function cardsLeft(foundations: number[], rand: () => number): number[] {
  const left: number[] = [];
  for (let suit = 0; suit < 4; suit++) for (let r = foundations[suit] + 1; r <= 13; r++) left.push(makeCard(r, suit));
  for (let i = left.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [left[i], left[j]] = [left[j], left[i]];
  }
  return left;
}

/** A position of these piles (each card face down but the top), the talon with its first w cards the waste, and the foundations' heights. */
function laidOut(tableau: number[][], talon: number[], w: number, foundations: number[], pass: number): Position {
  return checked({
    tableau,
    faceDown: tableau.map((pile) => Math.max(0, pile.length - 1)),
    stock: talon.slice(w),
    waste: talon.slice(0, w),
    foundations,
    pass,
  });
}

const core = new Core();

/**
 * A random position with two to four cards of each suit left, seven to eleven of them in the stock
 * and waste (most suits with several there, often out of order), the rest in two to four piles,
 * all face down but the top; rules in turn from every rule set, a random pass. With `early`: at
 * draw 3, seven to ten in the stock and waste, at most two in the waste, one to three piles, the
 * first pass (several groups still to draw, where the cards under one that stays count).
 */
function talonOrderPosition(seed: number, early = false): { p: Position; rules: Rules } {
  const rand = prng(seed * 7907 + 11);
  const rules = early ? ALL_RULES[6 + (seed % 6)] : ALL_RULES[seed % ALL_RULES.length];
  const foundations = [0, 1, 2, 3].map(() => 9 + Math.floor(rand() * 3));
  const left = cardsLeft(foundations, rand);
  const talon = left.splice(
    0,
    early ? Math.min(left.length - 1, 7 + Math.floor(rand() * 4)) : Math.min(left.length - 2, 7 + Math.floor(rand() * 5)),
  );
  const tableau: number[][] = [[], [], [], [], [], [], []];
  const piles = early ? 1 + Math.floor(rand() * 3) : 2 + Math.floor(rand() * 3);
  for (const c of left) tableau[Math.floor(rand() * piles)].push(c);
  const w = Math.floor(rand() * (early ? 3 : talon.length + 1));
  const p = laidOut(tableau, talon, w, foundations, early ? 1 : 1 + Math.floor(rand() * (rules.passes ?? 3)));
  return { p, rules };
}

/** The bound's talon term (src/core/bound.ts `talonMoves`) counts more at p than the blocked waste cards alone. */
function talonTermAdds(p: Position, rules: Rules, count: MoveCount): boolean {
  const t = core.talonTerm(State.fromPosition(p, rules), count === 'ksolve' ? 0 : 1);
  return t.moves > t.wasteOnly;
}

describe('the shortest solution equals a breadth-first search of the plain engine', () => {
  // ranks 1…11 home (8 cards left) under every rule set; with SLOW=1 more deals, and 1…10 (12
  // cards) where the search stays small (`npm run test:slow`); cases whose breadth-first search
  // passes its cap are not compared
  const CASES: [number, number, Rules[]][] = [
    ...(SLOW ? [17, 20, 34, 90] : [20, 90]).map((seed) => [seed, 11, ALL_RULES] as [number, number, Rules[]]),
    ...(SLOW ? [2, 3] : []).map((seed) => [seed, 10, ALL_RULES.filter((r) => !r.foundationReturn)] as [number, number, Rules[]]),
  ];
  let compared = 0;
  for (const [seed, k, rulesList] of CASES)
    it.each(rulesList.map((r) => [rulesTag(r), r] as const))(`seed ${seed} (ranks 1–${k} home), %s`, (_tag, rules) => {
      const p = reducedDeal(seed, k);
      if (expectShortest(p, rules, 'atomic', `atomic, ${rulesTag(rules)}`)) compared++;
      if (expectShortest(p, rules, 'ksolve', `ksolve, ${rulesTag(rules)}`)) compared++;
    });
  it('compared nearly every case', () => {
    expect(compared).toBeGreaterThanOrEqual(SLOW ? 100 : 44);
  });

  it('mid-game positions: uneven foundations, the stock part-way through, later passes', () => {
    // seeds 1–5 (1–10 with SLOW=1)
    let compared = 0;
    for (let seed = 1; seed <= bySize(5, 10); seed++) {
      const rand = prng(seed * 104729 + 3);
      const heights = [0, 1, 2, 3].map(() => 10 + Math.floor(rand() * 2));
      const deal = seedPosition(seed);
      const keep = (c: number) => RANK[c] > heights[c & 3];
      const tableau = deal.tableau.map((pile) => pile.filter(keep));
      const deck = deal.stock.filter(keep);
      const w = Math.floor(rand() * (deck.length + 1));
      for (const rules of [ALL_RULES[rand() < 0.5 ? 0 : 5], ALL_RULES[6 + Math.floor(rand() * 6)]]) {
        const faceDown = tableau.map((pile) => {
          const l = pile.length;
          if (l < 2) return 0;
          const [a, b] = [pile[l - 2], pile[l - 1]];
          return RANK[a] === RANK[b] + 1 && RED[a] !== RED[b] && rand() < 0.8 ? l - 2 : l - 1;
        });
        const p = checked({
          tableau,
          faceDown,
          stock: deck.slice(w),
          waste: deck.slice(0, w),
          foundations: heights,
          pass: 1 + Math.floor(rand() * (rules.passes ?? 3)),
        });
        if (expectShortest(p, rules, 'atomic', `seed ${seed}, ${rulesTag(rules)}`)) compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(bySize(8, 16));
  });

  it("positions with cards of a suit out of order in the stock and waste, where the bound's talon term adds", () => {
    // seeds 1–70 (1–300 with SLOW=1), every rule set; only the positions where the term counts
    // more than the blocked waste cards alone; and in the first pass at draw 3, seeds 1–300 (1–1,500),
    // where the cards under one that stays add
    let compared = 0;
    for (let seed = 1; seed <= bySize(70, 300); seed++) {
      const { p, rules } = talonOrderPosition(seed);
      for (const count of ['atomic', 'ksolve'] as const)
        if (talonTermAdds(p, rules, count) && expectShortest(p, rules, count, `talon position ${seed}, ${rulesTag(rules)}`)) compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(bySize(11, 64));
    let early = 0;
    for (let seed = 1; seed <= bySize(300, 1_500); seed++) {
      const { p, rules } = talonOrderPosition(seed, true);
      for (const count of ['atomic', 'ksolve'] as const) {
        const t = core.talonTerm(State.fromPosition(p, rules), count === 'ksolve' ? 0 : 1);
        if (t.moves > t.plain && expectShortest(p, rules, count, `early talon position ${seed}, ${rulesTag(rules)}`)) early++;
      }
    }
    expect(early).toBeGreaterThanOrEqual(bySize(2, 15));
  });
});

describe('a budget too small for the proof', () => {
  it('gives the shortest line found and a lower bound that never exceeds the true count', () => {
    const p = reducedDeal(3, 7);
    const rules: Rules = { draw: 3, passes: null, foundationReturn: true };
    const full = shortest(p, rules, BIG);
    expect(full.proved).toBe(true);
    for (const maxNodes of [3_000, 30_000, 300_000]) {
      const r = shortest(p, rules, { maxNodes });
      expect(r.verdict).toBe('winnable');
      expect(replay(p, rules, r.moves).status).toBe('won');
      expect(r.lowerBound).toBeLessThanOrEqual(full.length);
      expect(r.length).toBeGreaterThanOrEqual(full.length);
      if (!r.proved) expect(r.reason).toBe('nodes');
    }
  });

  it('a lost deal is unwinnable, proved, with no line', () => {
    const r = shortest(seedPosition(1), { draw: 3, passes: null, foundationReturn: true });
    expect(r.verdict).toBe('unwinnable');
    expect(r.moves).toEqual([]);
  });
});

describe('the lower bound', () => {
  // the search's bound (src/core/bound.ts) never exceeds the fewest moves, found by breadth-first
  // search, counted either way: on small deals with their stock turned part or all of the way
  // (the waste's order in play), and with SLOW=1 along random playouts too
  const rulesList = ALL_RULES.filter(
    (r) => (r.passes === null && r.foundationReturn) || (r.draw === 3 && r.passes === 3 && !r.foundationReturn),
  );
  const wasteOrder = (p: Position) => p.waste.some((c, i) => p.waste.slice(0, i).some((y) => (y & 3) === (c & 3) && RANK[y] < RANK[c]));
  /**
   * Compares the bound with the fewest moves at p, both counts (and the part of it every position
   * gets, as a search works it out, with the same worked out card by card); how many were
   * compared, how many with the waste out of order, and how many where cycles.ts's pairs added.
   */
  const compare = (p: Position, rules: Rules, cap: number, label: string): [number, number, number] => {
    let compared = 0;
    let paired = 0;
    for (const count of ['atomic', 'ksolve'] as const) {
      const want = bfs(p, rules, count, cap);
      if (want === undefined || want < 0) continue;
      const s = State.fromPosition(p, rules);
      const redeal = count === 'ksolve' ? 0 : 1;
      const bound = core.lowerBound(s, redeal);
      const quick = core.quickBound(s, redeal);
      expect(bound, `${label}, ${count}`).toBeLessThanOrEqual(want);
      expect(quick, `${label}, ${count}: as a search works it out`).toBeGreaterThanOrEqual(0);
      expect(quick).toBeLessThanOrEqual(bound);
      compared++;
      if (bound > quick) paired++;
    }
    return [compared, wasteOrder(p) ? compared : 0, paired];
  };

  it('with the stock turned part or all of the way', () => {
    let compared = 0;
    let withWasteOrder = 0;
    // seeds 1, 4, 7, 8 and 11, whose turned stock leaves the waste out of order (1–12 with SLOW=1):
    // under unlimited passes the breadth-first search of the others mostly runs past its cap
    for (const seed of bySize([1, 4, 7, 8, 11], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]))
      for (const rules of rulesList) {
        const d = reducedDeal(seed, 11);
        for (const w of [d.stock.length, Math.floor(d.stock.length / 2) + 1]) {
          const p = checked({ ...d, waste: d.stock.slice(0, w), stock: d.stock.slice(w) });
          const [n, o] = compare(p, rules, 5_000, `seed ${seed}, ${rulesTag(rules)}, ${w} turned`);
          compared += n;
          withWasteOrder += o;
        }
      }
    expect(compared).toBeGreaterThanOrEqual(bySize(20, 40));
    expect(withWasteOrder).toBeGreaterThanOrEqual(15);
  });

  it('on random small positions: two or three cards of each suit left, in four piles and the stock', () => {
    let compared = 0;
    let paired = 0;
    // 40 positions (120 with SLOW=1)
    const count = bySize(40, 120);
    for (let seed = 1; seed <= count; seed++) {
      const rand = prng(seed * 31337);
      const foundations = [0, 1, 2, 3].map(() => 10 + Math.floor(rand() * 2));
      const left = cardsLeft(foundations, rand);
      const talon = left.splice(0, Math.floor(rand() * 3));
      const tableau: number[][] = [[], [], [], [], [], [], []];
      for (const c of left) tableau[Math.floor(rand() * 4)].push(c);
      const w = Math.floor(rand() * (talon.length + 1));
      const p = laidOut(tableau, talon, w, foundations, 1);
      const [n, , q] = compare(p, ALL_RULES[seed % ALL_RULES.length], 5_000, `random position ${seed}`);
      compared += n;
      paired += q;
    }
    expect(compared).toBeGreaterThanOrEqual(Math.round(count * 0.75));
    expect(paired).toBeGreaterThanOrEqual(Math.round(count / 6));
  });

  it("with cards of a suit out of order in the stock and waste: the talon's term adds, and the bound meets the fewest on some", () => {
    // 150 positions (1,000 with SLOW=1), every rule set: those where the talon's term (src/core/bound.ts
    // `talonMoves`) counts more than the blocked waste cards alone, and the breadth-first search ends
    let compared = 0;
    let met = 0;
    for (let seed = 1; seed <= bySize(150, 1_000); seed++) {
      const { p, rules } = talonOrderPosition(seed);
      for (const count of ['atomic', 'ksolve'] as const) {
        if (!talonTermAdds(p, rules, count)) continue;
        const want = bfs(p, rules, count, 20_000);
        if (want === undefined || want < 0) continue;
        const s = State.fromPosition(p, rules);
        const redeal = count === 'ksolve' ? 0 : 1;
        const bound = core.lowerBound(s, redeal);
        const label = `talon position ${seed}, ${rulesTag(rules)}, ${count}`;
        expect(bound, label).toBeLessThanOrEqual(want);
        expect(core.quickBound(s, redeal), `${label}: as a search works it out`).toBeGreaterThanOrEqual(0);
        compared++;
        if (bound === want) met++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(bySize(21, 150));
    // where the bound is the fewest moves, the term one larger would exceed it
    expect(met).toBeGreaterThanOrEqual(bySize(15, 90));
  });

  it('in the first pass at draw 3: the cards under one that stays add, and the bound meets the fewest on some', () => {
    // 1,000 positions (5,000 with SLOW=1): those where counting the cards under one that stays
    // (src/core/bound.ts `staying`) adds to the talon's term, and the breadth-first search ends
    let compared = 0;
    let met = 0;
    for (let seed = 1; seed <= bySize(1_000, 5_000); seed++) {
      const { p, rules } = talonOrderPosition(seed, true);
      for (const count of ['atomic', 'ksolve'] as const) {
        const s = State.fromPosition(p, rules);
        const redeal = count === 'ksolve' ? 0 : 1;
        const t = core.talonTerm(s, redeal);
        if (t.moves <= t.plain) continue;
        const want = bfs(p, rules, count, 40_000);
        if (want === undefined || want < 0) continue;
        const bound = core.lowerBound(s, redeal);
        expect(bound, `early talon position ${seed}, ${rulesTag(rules)}, ${count}`).toBeLessThanOrEqual(want);
        compared++;
        if (bound === want) met++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(bySize(10, 40));
    expect(met).toBeGreaterThanOrEqual(bySize(6, 22));
  });

  it.runIf(SLOW)(
    'along random playouts',
    () => {
      const buf = new Int32Array(256);
      let compared = 0;
      for (let seed = 1; seed <= 8; seed++)
        for (const rules of rulesList) {
          const rand = prng(seed * 7919 + rules.draw * 31 + (rules.passes ?? 0));
          const s = State.fromPosition(reducedDeal(seed, 11), rules, { exactStock: true });
          for (let step = 0; step < 30 && s.home < 52; step++) {
            const n = genAtomic(s, buf);
            if (n === 0) break;
            make(s, buf[Math.floor(rand() * n)]);
            if (step % 3 === 2) compared += compare(s.toPosition(), rules, 20_000, `seed ${seed}, ${rulesTag(rules)}, step ${step}`)[0];
          }
        }
      expect(compared).toBeGreaterThanOrEqual(300);
    },
    900_000,
  );
});

describe('the best-first search', () => {
  it("proves Solvitaire 25 at draw 1 minimal at 99 by KSolve's count (KSolve's minimum too)", () => {
    // 100 with the waste's top sent home when safe and the line cut where a card placed from the
    // waste uncovers a card that goes home before it (src/core/rules.ts `placedCardLeft`)
    const r = shortest(seedPosition(25), { draw: 1, passes: null, foundationReturn: true }, { maxNodes: 5_000_000 }, { count: 'ksolve' });
    expect(r).toMatchObject({ verdict: 'winnable', proved: true, length: 99, lowerBound: 99 });
  });
  it("proves Solvitaire 6 at draw 1 minimal (106 by KSolve's count) within 3,000,000 positions", () => {
    // each position is searched once: deepening runs with a rising limit needed 6.5 M positions here
    const r = shortest(seedPosition(6), { draw: 1, passes: null, foundationReturn: true }, { maxNodes: 3_000_000 }, { count: 'ksolve' });
    expect(r).toMatchObject({ verdict: 'winnable', proved: true, length: 106, lowerBound: 106 });
  });
});

/** The next card of suit `suit` may go home safely (src/core/rules.ts `safeHome`, restated). */
function safeNext(foundations: number[], suit: number, returns: boolean): boolean {
  const r = foundations[suit] + 1;
  if (r > 13) return false;
  if (r <= 2) return true;
  const other = suit === 1 || suit === 2 ? [0, 3] : [1, 2];
  if (foundations[other[0]] < r - 1 || foundations[other[1]] < r - 1) return false;
  return !returns || foundations[suit ^ 3] >= r - 2;
}

/**
 * A random draw-1 position of about 14 to 34 cards left, the foundations near one another (so that
 * next cards are often safe), 4 to 16 cards in the stock and waste with the safe next cards put
 * below others, the rest in three to six piles, all face down but the top (and the card under it
 * when the two make a run); any pass limit, returns or not. With `pairs`, most safe cards of the
 * deck have the next card of their suit right above them (it comes up next, and covers them in
 * the waste). Also: how many safe cards of the deck lie past the first place in the order the
 * stock's cards come up.
 */
function stockSafePosition(seed: number, pairs = false): { p: Position; rules: Rules; deep: number } {
  const rand = prng(seed * 7331 + 17);
  const rules: Rules = { draw: 1, passes: [1, 3, null, null][Math.floor(rand() * 4)], foundationReturn: rand() < 0.5 };
  const base = Math.round((52 - (14 + (seed % 21))) / 4) - 1;
  const foundations = [0, 1, 2, 3].map(() => Math.min(13, base + Math.floor(rand() * 3)));
  const left = cardsLeft(foundations, rand);
  const safe = left.filter((c) => RANK[c] === foundations[c & 3] + 1 && safeNext(foundations, c & 3, rules.foundationReturn));
  const deckLength = Math.min(left.length - 2, 4 + Math.floor(rand() * 13));
  const safeIn = safe.filter(() => rand() < 0.6).slice(0, Math.max(1, deckLength - 2));
  if (safeIn.length === 0 && safe.length > 0) safeIn.push(safe[0]);
  const deck = left.filter((c) => !safe.includes(c)).slice(0, deckLength - safeIn.length);
  for (const c of safeIn) deck.splice(1 + Math.floor(rand() * Math.max(1, deck.length)), 0, c);
  if (pairs)
    for (const c of safeIn) {
      const next = left.find((d) => (d & 3) === (c & 3) && RANK[d] === RANK[c] + 1);
      if (next === undefined || deck.includes(next) || rand() < 0.25 || left.length - deck.length < 4) continue;
      deck.splice(deck.indexOf(c) + 1, 0, next);
    }
  const tableau: number[][] = [[], [], [], [], [], [], []];
  const piles = 3 + Math.floor(rand() * 4);
  for (const c of left) if (!deck.includes(c)) tableau[Math.floor(rand() * piles)].push(c);
  const w = Math.floor(rand() * (deck.length + 1));
  const p = checked({
    tableau,
    faceDown: tableau.map((pile) => {
      const l = pile.length;
      if (l < 2) return 0;
      return RANK[pile[l - 2]] === RANK[pile[l - 1]] + 1 && RED[pile[l - 2]] !== RED[pile[l - 1]] ? l - 2 : l - 1;
    }),
    stock: deck.slice(w),
    waste: deck.slice(0, w),
    foundations,
    pass: 1 + Math.floor(rand() * (rules.passes ?? 3)),
  });
  const order = [...p.waste.slice(-1), ...p.stock, ...p.waste.slice(0, -1)];
  return { p, rules, deep: order.filter((c, i) => i > 0 && safeIn.includes(c)).length };
}

/** Rule on (the shortest search's pruning) against off, both counts, on `positions` of stockSafePosition: equal counts where both prove. */
function compareOnOff(positions: number, off: Pruning, underNext: boolean) {
  const budget = { maxNodes: 1_000_000, timeoutMs: 600_000 };
  const tally = { compared: 0, deep: 0, fewer: 0, nodesOn: 0, nodesOff: 0 };
  for (let seed = 1; seed <= positions; seed++) {
    const { p, rules, deep } = stockSafePosition(seed, underNext);
    for (const count of ['atomic', 'ksolve'] as const) {
      const label = `position ${seed}, ${rulesTag(rules)}, ${count}`;
      const a = shortest(p, rules, budget, { count });
      const b = shortest(p, rules, budget, { count, pruning: off });
      expect(a.verdict, label).toBe(b.verdict);
      if (a.verdict !== 'winnable' || !a.proved || !b.proved) continue;
      expect(a.length, label).toBe(b.length);
      expect(countMoves(a.moves, count), label).toBe(a.length);
      expect(replay(p, rules, a.moves).status, label).toBe('won');
      tally.compared++;
      if (deep > 0) tally.deep++;
      if (a.stats.nodes < b.stats.nodes) tally.fewer++;
      tally.nodesOn += a.stats.nodes;
      tally.nodesOff += b.stats.nodes;
    }
  }
  expect(tally.compared).toBeGreaterThanOrEqual(Math.round(positions * 1.5));
  // the rule acts: fewer positions entered with it on, on most positions
  expect(tally.fewer).toBeGreaterThanOrEqual(Math.round(tally.compared * 0.6));
  expect(tally.nodesOn).toBeLessThan(tally.nodesOff);
  return tally;
}

describe('at draw 1, no stock play past the first safe card (stockSafeFirst)', () => {
  it('keeps the fewest moves, counted both ways, on random positions with a safe card deep in the stock', () => {
    // 40 positions (1,000 with SLOW=1); the rule's argument: src/core/best-first.ts `safeInStock`
    const t = compareOnOff(bySize(40, 1_000), { ...SHORTEST_PRUNING, stockSafeFirst: false }, false);
    expect(t.deep).toBeGreaterThanOrEqual(Math.round(t.compared * 0.8));
  });
});

describe("at draw 1, the waste's top and the stock's next card sent home when safe (safeWasteTop, safeStockNext)", () => {
  it('keep the fewest moves, counted both ways, on random positions with safe cards under the next of their suit', () => {
    // 60 positions (3,000 with SLOW=1); the rules' argument: src/core/search.ts `playSafe`, and
    // after a stock card placed, src/core/rules.ts `placedCardLeft`
    compareOnOff(bySize(60, 3_000), { ...SHORTEST_PRUNING, safeWasteTop: false, safeStockNext: false }, true);
  });
});

describe('the post-pass', () => {
  it('never lengthens a winning line, and what it gives replays and wins', () => {
    for (const seed of [2, 3, 4, 5, 6]) {
      const p = seedPosition(seed);
      for (const draw of [1, 3]) {
        const rules: Rules = { draw, passes: null, foundationReturn: true };
        const r = solve(p, rules);
        if (r.verdict !== 'winnable') continue;
        const short = shorten(p, rules, r.moves);
        expect(short.length).toBeLessThanOrEqual(r.moves.length);
        expect(replay(p, rules, short).status).toBe('won');
      }
    }
  });

  it('cuts a card moved and moved back, and a turn of the stock that comes back to where it was', () => {
    const p = reducedDeal(2, 10);
    const rules: Rules = { draw: 1, passes: null, foundationReturn: true };
    const r = shortest(p, rules, BIG);
    // the same line with a detour spliced in at its start: the stock turned all the way round
    const s = State.fromPosition(p, rules);
    const detour = [];
    for (let k = 0; k < s.n; k++) detour.push({ from: 'stock', to: 'waste', count: 1 } as const);
    detour.push({ from: 'waste', to: 'stock', count: s.n } as const);
    const long = [...detour, ...r.moves];
    expect(replay(p, rules, long).status).toBe('won');
    expect(shorten(p, rules, long)).toEqual(r.moves);
  });
});
