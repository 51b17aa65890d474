/**
 * The end of a game: "no moves left" only when it is proved that no line of play turns a card or
 * sends one home (src/engine/progress.ts, which the browser game asks), never on a position a winning line passes through.
 *
 * - Every position along the solver's winning lines of Solvitaire deals is not stuck, and is proved
 *   so (the search finds the card that turns or goes home) within its budget. By default a few
 *   deals at draw 1 and draw 3 and under each pass limit the app deals; SLOW=1 runs seeds 1–200 at
 *   draw 1 and 3 and 1–50 under each pass limit.
 * - Against an independent reference: a naive breadth-first search over the plain rules (the test
 *   generator of test/support/naive.ts, every position keyed exactly, no symmetry, no shortcut),
 *   on random small positions, both answers (stuck and not stuck) among them.
 * - Hand-made stuck positions are found stuck, and a budget too small says nothing.
 */
import { describe, expect, it } from 'vitest';
import { type Card, RANK, RED, SUIT } from '../../src/engine/cards.ts';
import { make } from '../../src/engine/moves.ts';
import { findMove } from '../../src/engine/solution.ts';
import { solve } from '../../src/solver/index.ts';
import { State } from '../../src/engine/state.ts';
import type { Position } from '../../src/engine/position.ts';
import type { Rules } from '../../src/types.ts';
import { PlayedGame } from '../../web/src/played-game.ts';
import { PROGRESS_BUDGET, QUICK_PROGRESS_BUDGET, canProgress, searchProgress } from '../../src/engine/progress.ts';
import { naiveApply, naiveMoves } from '../support/naive.ts';
import { build, checked, prng, seedPosition } from '../support/positions.ts';

const SLOW = process.env.SLOW === '1';
const rules = (draw: number, passes: number | null): Rules => ({ draw, passes, foundationReturn: true });

/** The positions along the solver's winning line of a deal (the start included, the won end not). */
function winningLine(seed: number, r: Rules): State[] {
  const start = seedPosition(seed);
  const sol = solve(start, r, { maxNodes: 2_000_000 });
  if (sol.verdict !== 'winnable') return [];
  const s = State.fromPosition(start, r);
  const out: State[] = [];
  for (const m of sol.moves) {
    out.push(s.clone());
    const f = findMove(s, m);
    if (!f.ok) throw new Error(`seed ${seed}: ${f.error}`);
    make(s, f.value);
  }
  expect(s.home).toBe(52);
  return out;
}

describe('the end of a game along winning lines', () => {
  const cases: [Rules, number, number][] = [
    [rules(1, null), 1, SLOW ? 200 : 12],
    [rules(3, null), 1, SLOW ? 200 : 12],
    [rules(1, 1), 1, SLOW ? 50 : 4],
    [rules(3, 3), 1, SLOW ? 50 : 4],
    [rules(1, 3), 1, SLOW ? 50 : 3],
    // (the one deal of 1–50 winnable at draw 3 with a single pass)
    [rules(3, 1), SLOW ? 1 : 26, SLOW ? 50 : 26],
  ];
  for (const [r, lo, hi] of cases) {
    it(`is never called stuck: Solvitaire ${lo}–${hi}, draw ${r.draw}, ${r.passes ?? 'unlimited'} passes`, () => {
      let positions = 0;
      let proved = 0;
      const stuck: string[] = [];
      for (let seed = lo; seed <= hi; seed++) {
        const line = winningLine(seed, r);
        line.forEach((s, k) => {
          positions++;
          const p = canProgress(s);
          if (p === false) stuck.push(`seed ${seed} after move ${k}`);
          if (p === true) proved++;
        });
      }
      expect(stuck).toEqual([]);
      expect(positions).toBeGreaterThan(0);
      // each one proved open, bar a rare position whose search runs out of budget (then nothing is said)
      expect(proved / positions).toBeGreaterThanOrEqual(0.995);
    }, 600_000);
  }

  it('Solvitaire 4 at draw 1 is open from its first position (its stock must be gone through to find the move)', () => {
    const g = new PlayedGame(seedPosition(4), rules(1, null));
    expect(g.status()).toBe('playing');
    expect(g.status(QUICK_PROGRESS_BUDGET)).toBe('playing');
  });

  it('no position of Solvitaire 7 at draw 1 is stuck, by the page quick check or in full', () => {
    const line = winningLine(7, rules(1, null));
    expect(line.length).toBeGreaterThan(100);
    for (const s of line) expect(canProgress(s, QUICK_PROGRESS_BUDGET)).not.toBe(false);
    for (const s of line) expect(canProgress(s)).toBe(true);
  });
});

/** Seven tops that fit nowhere and cannot go home, the other cards face down under them and in the stock. */
function stuckPosition(stock: string[], pass = 1, waste: string[] = []): Position {
  const tops = ['5c', '7c', '9c', 'Jc', '5s', '7s', '9s'];
  const rest: string[] = [];
  for (const r of 'A23456789TJQK')
    for (const s of 'cdhs') if (!tops.includes(r + s) && !stock.includes(r + s) && !waste.includes(r + s)) rest.push(r + s);
  const piles = tops.map((t, i) => [...rest.filter((_, k) => k % 7 === i), t].join(' '));
  return build({
    piles,
    down: piles.map((p) => p.split(' ').length - 1),
    stock: stock.join(' '),
    waste: waste.join(' '),
    foundations: [0, 0, 0, 0],
    pass,
  });
}

describe('a stuck game', () => {
  it('is proved stuck whatever the draw and the pass limit, when no stock card ever helps', () => {
    const useless = ['2c', '3c', '4c', '2s', '3s', 'Ks', 'Kc', '4s'];
    for (const r of [rules(1, null), rules(3, null), rules(1, 1), rules(3, 3), rules(2, null)]) {
      const g = new PlayedGame(stuckPosition(useless), r);
      expect(searchProgress(g.engineState()).progress, `draw ${r.draw}, ${r.passes} passes`).toBe(false);
      expect(g.status()).toBe('stuck');
    }
  });

  it('is open when one stock card deep in the stock helps, at draw 1 as at draw 3, but not once the passes are spent', () => {
    // 8♥ under seven useless cards: onto 9♣, and then 7♣ onto it turns a card
    const stock = ['2c', '3c', '4c', '2s', '3s', 'Ks', 'Kc', '8h'];
    for (const r of [rules(1, null), rules(3, null), rules(1, 1), rules(3, 3)]) {
      expect(canProgress(new PlayedGame(stuckPosition(stock), r).engineState()), `draw ${r.draw}`).toBe(true);
    }
    // the last pass, with 8♥ already gone by on the waste: nothing can bring it back
    const waste = ['2c', '3c', '4c', '2s', '3s', '8h', 'Ks', '4s'];
    expect(canProgress(new PlayedGame(stuckPosition(['Kc'], 3, waste), rules(3, 3)).engineState())).toBe(false);
    // one pass more allowed: 8♥ comes round again (the sixth card, turned by the second draw)
    expect(canProgress(new PlayedGame(stuckPosition(['Kc'], 3, waste), rules(3, 4)).engineState())).toBe(true);
    // but not a card the draws of three never turn up (the seventh)
    const missed = ['2c', '3c', '4c', '2s', '3s', 'Ks', '8h', '4s'];
    expect(canProgress(new PlayedGame(stuckPosition(['Kc'], 1, missed), rules(3, null)).engineState())).toBe(false);
    expect(canProgress(new PlayedGame(stuckPosition(['Kc'], 1, missed), rules(1, null)).engineState())).toBe(true);
  });

  it('says nothing when the proof is out of its budget', () => {
    const s = new PlayedGame(stuckPosition(['2c', '3c', '4c', '2s', '3s', 'Ks', 'Kc', '4s']), rules(1, 3)).engineState();
    const full = searchProgress(s);
    expect(full).toEqual({ progress: false, visited: full.visited });
    expect(full.visited).toBeGreaterThan(2);
    expect(canProgress(s, full.visited - 1)).toBeUndefined();
    const g = new PlayedGame(stuckPosition(['2c', '3c', '4c', '2s', '3s', 'Ks', 'Kc', '4s']), rules(1, 3));
    expect(g.status(full.visited - 1)).toBe('unproved');
  });
});

/** The reference: a breadth-first search over the plain rules, each position keyed exactly (the pass number only under a limit). */
function naiveProgress(p: Position, r: Rules): boolean {
  const home = (q: Position) => q.foundations.reduce((a, b) => a + b, 0);
  const down = (q: Position) => q.faceDown.reduce((a, b) => a + b, 0);
  const key = (q: Position) => JSON.stringify([q.tableau, q.faceDown, q.stock, q.waste, q.foundations, r.passes === null ? 0 : q.pass]);
  const seen = new Set([key(p)]);
  let level = [p];
  while (level.length > 0) {
    const next: Position[] = [];
    for (const q of level)
      for (const m of naiveMoves(q, r)) {
        const x = naiveApply(q, m, r);
        if (home(x) > home(p) || down(x) < down(p)) return true;
        const k = key(x);
        if (seen.has(k)) continue;
        seen.add(k);
        next.push(x);
        if (seen.size > 200_000) throw new Error('the reference search is too large');
      }
    level = next;
  }
  return false;
}

/**
 * A random position near the end of the road: each suit home to a random low rank, seven black
 * cards face up on the columns (none fits on another), the other cards face down under them but
 * for a few in the stock, some of them already on the waste.
 */
function randomPosition(rand: () => number, pass: number): Position {
  const pick = (xs: Card[]) => xs.splice(Math.floor(rand() * xs.length), 1)[0];
  const foundations = [0, 1, 2, 3].map(() => Math.floor(rand() * 4));
  const all = Array.from({ length: 52 }, (_, c) => c).filter((c) => RANK[c] > foundations[SUIT[c]]);
  const black = all.filter((c) => !RED[c]);
  const tops: Card[] = [];
  for (let i = 0; i < 7; i++) tops.push(pick(black));
  const rest = all.filter((c) => !tops.includes(c));
  const deck: Card[] = [];
  const size = 3 + Math.floor(rand() * 8);
  for (let i = 0; i < size; i++) deck.push(pick(rest));
  const tableau: Card[][] = tops.map(() => []);
  rest.forEach((c, k) => {
    tableau[(k * 5 + Math.floor(rand() * 3)) % 7].push(c);
  });
  tops.forEach((t, i) => {
    tableau[i].push(t);
  });
  const w = Math.floor(rand() * (deck.length + 1));
  return checked({ tableau, faceDown: tableau.map((p) => p.length - 1), stock: deck.slice(w), waste: deck.slice(0, w), foundations, pass });
}

describe('the proof against a naive reference search', () => {
  it('agrees on random positions, at draws 1, 2 and 3, with and without pass limits or foundation returns', () => {
    const rand = prng(57);
    const answers = { true: 0, false: 0 };
    for (let k = 0; k < (SLOW ? 1500 : 300); k++) {
      const r = [
        rules(1, null),
        rules(3, null),
        rules(2, null),
        rules(1, 2),
        rules(3, 3),
        rules(3, 1),
        { ...rules(1, null), foundationReturn: false },
      ][k % 7];
      const p = randomPosition(rand, r.passes === null ? 1 + Math.floor(rand() * 3) : 1 + Math.floor(rand() * r.passes));
      const ours = canProgress(State.fromPosition(p, r), PROGRESS_BUDGET);
      const want = naiveProgress(p, r);
      expect(ours, JSON.stringify({ p, r })).toBe(want);
      answers[String(want) as 'true' | 'false']++;
    }
    // both answers were put to the test
    expect(answers.true).toBeGreaterThan(20);
    expect(answers.false).toBeGreaterThan(20);
  });
});
