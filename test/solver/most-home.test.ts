/**
 * The most cards home: the branch-and-bound search (src/solver/most-home.ts) against the same
 * search with every pruning rule and the bound off, and against a plain breadth-first walk of the
 * naive engine's positions, on positions small enough to exhaust, under every rule variant; the
 * pinned-card bound on hand-built positions; budgets; every line replays to its count.
 */
import { describe, expect, it } from 'vitest';
import { mostHome, homeBound } from '../../src/solver/index.ts';
import { FULL_PRUNING, NO_PRUNING, type Pruning } from '../../src/solver/index.ts';
import { State } from '../../src/engine/state.ts';
import { replay } from '../../src/engine/solution.ts';
import type { Position } from '../../src/engine/position.ts';
import type { Rules } from '../../src/types.ts';
import { naiveApply, naiveMoves } from '../support/naive.ts';
import { ALL_RULES, build, reducedDeal, returnNeededPosition, rulesTag, seedPosition } from '../support/positions.ts';
import { heavyTests } from '../support/slow.ts';

// each test runs searches of up to millions of positions: minutes on a busy machine
heavyTests();

/**
 * Q♥ lies on K♣ over K♠ and J♥: it never leaves, so J♥ up and both Kings never go home; the
 * other free cards (J♣ Q♣, J♠ Q♠, K♥) can: 47 at most, and every line can reach 47.
 */
function smallPinned(): Position {
  return build({ piles: ['Ks Kc Jh Qh', 'Qs', 'Jc'], down: [3, 0, 0], stock: 'Js Kh Qc', foundations: [10, 13, 10, 10] });
}

const SMALL = { maxNodes: 3_000_000, timeoutMs: 600_000, maxMemoryMb: 64 };
const home = (p: Position) => p.foundations.reduce((a, b) => a + b, 0);

/** The cards home after the result's line, replayed on the plain engine. */
function replayedHome(p: Position, rules: Rules, moves: Parameters<typeof replay>[2]): number {
  const o = replay(p, rules, moves);
  if (o.status === 'illegal') throw new Error(`illegal move ${o.index}: ${o.why}`);
  return o.status === 'won' ? 52 : home(o.position);
}

/** The largest count over every position the naive engine reaches (a breadth-first walk with a visited set). */
function naiveMostHome(p: Position, rules: Rules, limit = 200_000): number {
  const seen = new Set<string>([JSON.stringify(p)]);
  const queue = [p];
  let best = home(p);
  while (queue.length > 0) {
    const q = queue.pop()!;
    best = Math.max(best, home(q));
    if (best === 52) return 52;
    for (const m of naiveMoves(q, rules)) {
      const next = naiveApply(q, m, rules);
      const k = JSON.stringify(next);
      if (seen.has(k)) continue;
      seen.add(k);
      if (seen.size > limit) throw new Error('naive walk too large');
      queue.push(next);
    }
  }
  return best;
}

/** The switches only the search for the fewest moves reads. */
const SHORTEST_ONLY: (keyof Pruning)[] = ['stockSafeFirst', 'safeWasteTop', 'safeStockNext'];

/** Every pruning rule off with the bound off; then each rule off on its own; then the bound off. */
const VARIANTS: [string, { pruning: Pruning; bound: boolean }][] = [
  ['no pruning, no bound', { pruning: NO_PRUNING, bound: false }],
  // stockSafeFirst, safeWasteTop and safeStockNext are read by the search for the fewest moves only
  // (shortest.test.ts switches them)
  ...(Object.keys(FULL_PRUNING) as (keyof Pruning)[])
    .filter((k) => !SHORTEST_ONLY.includes(k))
    .map((k) => [`${k} off`, { pruning: { ...FULL_PRUNING, [k]: false }, bound: true }] as [string, { pruning: Pruning; bound: boolean }]),
  ['bound off', { pruning: FULL_PRUNING, bound: false }],
];

describe('most cards home: the same count with every pruning rule off', () => {
  // seeds with low ranks already home, lost under some or all rule sets: seed 15 (ranks 1–9) at
  // 44 under every rule set, seed 34 (ranks 1–8) 34 at draw 3 and 52 at draw 1, seed 40 (ranks
  // 1–7) 34 at draw 3 with one pass and 52 otherwise
  const CASES: [number, number, Rules[]][] = [
    [15, 9, ALL_RULES],
    [34, 8, ALL_RULES],
    [40, 7, ALL_RULES.filter((r) => r.draw === 3 && r.passes !== null)],
  ];
  const counts = new Set<number>();
  for (const [seed, k, rulesList] of CASES) {
    it.each(rulesList.map((r) => [rulesTag(r), r] as const))(`seed ${seed} (ranks 1–${k} home), %s`, (_tag, rules) => {
      const p = reducedDeal(seed, k);
      const full = mostHome(p, rules, SMALL);
      expect(full.proved).toBe(true);
      expect(replayedHome(p, rules, full.moves)).toBe(full.mostHome);
      expect(full.verdict).toBe(full.mostHome === 52 ? 'winnable' : 'unwinnable');
      counts.add(full.mostHome);
      for (const [name, o] of VARIANTS) {
        const r = mostHome(p, rules, SMALL, o);
        expect(r.proved, name).toBe(true);
        expect(r.mostHome, name).toBe(full.mostHome);
        expect(replayedHome(p, rules, r.moves), name).toBe(r.mostHome);
      }
    });
  }
  it('saw lost counts below 52 and above the start, and wins', () => {
    expect([...counts].sort((a, b) => a - b)).toEqual([34, 44, 52]);
  });

  it('a small lost position: 47 in every variant, and by the naive engine walked exhaustively', () => {
    const p = smallPinned();
    for (const rules of ALL_RULES) {
      const full = mostHome(p, rules, SMALL);
      expect(full.mostHome, rulesTag(rules)).toBe(47);
      // with foundation returns every card home can come back down, and without a pass limit the
      // pass number grows for ever: the walk only ends with neither
      if (!rules.foundationReturn && rules.passes !== null) expect(naiveMostHome(p, rules), rulesTag(rules)).toBe(47);
      for (const [name, o] of VARIANTS) {
        const r = mostHome(p, rules, SMALL, o);
        expect(r.mostHome, `${rulesTag(rules)}, ${name}`).toBe(47);
        expect(replayedHome(p, rules, r.moves)).toBe(47);
      }
    }
  });

  it('a card that must come back down from its foundation: 52 with returns, nothing more without', () => {
    const p = returnNeededPosition();
    for (const rules of ALL_RULES) {
      const full = mostHome(p, rules, SMALL);
      expect(full.mostHome, rulesTag(rules)).toBe(rules.foundationReturn ? 52 : home(p));
      for (const [name, o] of VARIANTS) expect(mostHome(p, rules, SMALL, o).mostHome, `${rulesTag(rules)}, ${name}`).toBe(full.mostHome);
    }
  });
});

describe('the pinned-card bound', () => {
  // 2♥ lies on 3♣ and A♥ over 3♠: it can go on neither 3 (both under it) nor home (A♥ under it),
  // so 2♥, everything under it and every higher card of those suits never go home
  const pinned = () =>
    build({
      piles: ['3s 3c Ah 2h'],
      down: [3],
      stock: 'Ac 2c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh As 2s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks',
      foundations: [0, 13, 0, 0],
    });

  it('counts the cards that never go home: diamonds, A♣ 2♣, A♠ 2♠ at most', () => {
    expect(homeBound(State.fromPosition(pinned(), { draw: 1, passes: null, foundationReturn: true }))).toBe(17);
  });

  it('the search stops as soon as a line meets it, under every rule set where it can', () => {
    for (const rules of ALL_RULES) {
      const r = mostHome(pinned(), rules, SMALL);
      expect(replayedHome(pinned(), rules, r.moves)).toBe(r.mostHome);
      expect(r.mostHome).toBeLessThanOrEqual(17);
      expect(r.proved).toBe(true);
      if (r.mostHome === 17) expect(r.proof, rulesTag(rules)).toBe('bound');
    }
    expect(mostHome(pinned(), { draw: 1, passes: null, foundationReturn: true }, SMALL).mostHome).toBe(17);
    const r = mostHome(smallPinned(), { draw: 3, passes: 1, foundationReturn: true }, SMALL);
    expect(r).toMatchObject({ mostHome: 47, proof: 'bound' });
    const slow = mostHome(smallPinned(), { draw: 3, passes: 1, foundationReturn: true }, SMALL, { bound: false });
    expect(slow).toMatchObject({ mostHome: 47, proof: 'exhausted' });
    expect(slow.stats.nodes).toBeGreaterThan(r.stats.nodes);
  });

  it('is 52 when nothing is pinned, and never below the count a search proves', () => {
    const p = seedPosition(2);
    expect(homeBound(State.fromPosition(p, { draw: 3, passes: null, foundationReturn: true }))).toBe(52);
    const p15 = seedPosition(15); // the dead deal: a card over both its parents and a lower card of its suit
    const b = homeBound(State.fromPosition(p15, { draw: 3, passes: 3, foundationReturn: true }));
    expect(b).toBeLessThan(52);
    expect(mostHome(p15, { draw: 1, passes: 1, foundationReturn: true }, SMALL).mostHome).toBeLessThanOrEqual(b);
  });
});

describe('mostHome on whole deals, and budgets', () => {
  const VEGAS3: Rules = { draw: 3, passes: 3, foundationReturn: true };

  it('a winnable deal: 52 and a winning line', () => {
    const p = seedPosition(2);
    const r = mostHome(p, VEGAS3, SMALL);
    expect(r).toMatchObject({ verdict: 'winnable', mostHome: 52, bound: 52, proved: true });
    expect(replay(p, VEGAS3, r.moves)).toEqual({ status: 'won' });
  });

  it('a lost deal: every line searched, the count reached by its line (Solvitaire 1, Vegas draw 3: 7)', () => {
    const p = seedPosition(1);
    const r = mostHome(p, VEGAS3, SMALL);
    expect(r).toMatchObject({ verdict: 'unwinnable', mostHome: 7, bound: 7, proved: true, proof: 'exhausted' });
    expect(replayedHome(p, VEGAS3, r.moves)).toBe(7);
    // the search with no pruning at all agrees
    expect(mostHome(p, VEGAS3, { ...SMALL, maxNodes: 20_000_000 }, { pruning: NO_PRUNING, bound: false }).mostHome).toBe(7);
  });

  it('a spent budget: the best found and the bound, not proved, never a number', () => {
    const p = seedPosition(3);
    const r = mostHome(p, VEGAS3, { ...SMALL, maxNodes: 2000 });
    expect(r.proved).toBe(false);
    expect(r.reason).toBe('nodes');
    expect(r.verdict).toBe('unknown');
    expect(r.bound).toBe(52);
    expect(r.mostHome).toBeLessThan(52);
    expect(r.stats.nodes).toBe(2000);
    expect(replayedHome(p, VEGAS3, r.moves)).toBe(r.mostHome);
    const done = mostHome(p, VEGAS3, SMALL);
    expect(done.proved).toBe(true);
    expect(r.mostHome).toBeLessThanOrEqual(done.mostHome);
  });
});
