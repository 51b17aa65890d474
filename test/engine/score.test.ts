/**
 * Scores: each rule of the standard and the Vegas scoring on hand-built games whose scores are
 * worked out by hand (each test fails if its rule is wrong), the floor at 0 after every move, the
 * redeal penalty at each draw and free-pass setting, the Vegas result of a number of cards home,
 * and solver solutions of seeded deals, cross-checked against an independent scorer written on
 * the naive engine.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Card, parseCard } from '../../src/engine/cards.ts';
import type { AtomicMove, PileName } from '../../src/engine/notation.ts';
import type { Position } from '../../src/engine/position.ts';
import {
  DEFAULT_SCORE_SETTINGS,
  type GameScore,
  SCORE_KINDS,
  type ScoreSettings,
  scoreGame,
  scoreTable,
  timeBonus,
  vegasPassLimit,
  vegasResult,
  vegasRules,
} from '../../src/engine/score.ts';
import { solve } from '../../src/solver/index.ts';
import { type Rules, rulesLabel } from '../../src/types.ts';
import { naiveApply } from '../support/naive.ts';
import { build, cards, seedPosition } from '../support/positions.ts';

const D1: Rules = { draw: 1, passes: null, foundationReturn: true };
const mv = (from: PileName, to: PileName, count = 1): AtomicMove => ({ from, to, count });

/**
 * A position from piles (bottom → top, with face-down counts), waste and foundation heights; every
 * card not placed goes to the stock after `stock`, in card order.
 */
function game(spec: {
  piles?: string[];
  down?: number[];
  waste?: string;
  stock?: string;
  foundations: [number, number, number, number];
}): Position {
  const placed = new Set<Card>();
  const [fc, fd, fh, fs] = spec.foundations;
  const heights = [fc, fd, fh, fs];
  for (let c = 0; c < 52; c++) if ((c >> 2) + 1 <= heights[c & 3]) placed.add(c);
  for (const c of cards([...(spec.piles ?? []), spec.waste ?? '', spec.stock ?? ''].join(' '))) placed.add(c);
  const rest: string[] = [];
  for (let c = 0; c < 52; c++) if (!placed.has(c)) rest.push(['A', ...'23456789', 'T', 'J', 'Q', 'K'][c >> 2] + 'cdhs'[c & 3]);
  return build({
    piles: spec.piles ?? [],
    down: spec.down,
    waste: spec.waste,
    stock: [spec.stock ?? '', ...rest].join(' '),
    foundations: spec.foundations,
  });
}

function score(p: Position, rules: Rules, moves: AtomicMove[], settings?: ScoreSettings): GameScore {
  const r = scoreGame(p, rules, moves, settings);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** Clubs and diamonds home, hearts to 5, spades to 6: 37 cards home, a Vegas start of 5 × 37 − 52 = 133. */
const F37: [number, number, number, number] = [13, 13, 5, 6];

describe('standard scoring, one rule at a time', () => {
  it('a waste card to the tableau: +5 standard, nothing in Vegas', () => {
    const s = score(game({ piles: ['9s'], waste: '8h', foundations: F37 }), D1, [mv('waste', 't1')]);
    expect(s.standard).toBe(5);
    expect(s.vegas).toBe(133);
    expect(s.kinds.wasteToTableau).toEqual({ count: 1, standard: 5, vegas: 0 });
  });
  it('a waste card straight to its foundation: +10 (not +15), Vegas +5', () => {
    const s = score(game({ waste: '6h', foundations: F37 }), D1, [mv('waste', 'fh')]);
    expect(s.standard).toBe(10);
    expect(s.vegas).toBe(138);
    expect(s.kinds.wasteToFoundation).toEqual({ count: 1, standard: 10, vegas: 5 });
    expect(s.kinds.wasteToTableau.count).toBe(0);
  });
  it('a waste card to the tableau, then to its foundation: 5 + 10 = 15', () => {
    const s = score(game({ piles: ['7s'], waste: '6h', foundations: F37 }), D1, [mv('waste', 't1'), mv('t1', 'fh')]);
    expect(s.running.standard).toEqual([5, 15]);
    expect(s.running.vegas).toEqual([133, 138]);
  });
  it('a tableau card to its foundation: +10, and +5 more when it uncovers a face-down card', () => {
    const bare = score(game({ piles: ['6h'], foundations: F37 }), D1, [mv('t1', 'fh')]);
    expect(bare.standard).toBe(10);
    expect(bare.kinds.flip.count).toBe(0);
    const uncovering = score(game({ piles: ['Ks 6h'], down: [1], foundations: F37 }), D1, [mv('t1', 'fh')]);
    expect(uncovering.standard).toBe(15);
    expect(uncovering.vegas).toBe(138);
    expect(uncovering.kinds.tableauToFoundation).toEqual({ count: 1, standard: 10, vegas: 5 });
    expect(uncovering.kinds.flip).toEqual({ count: 1, standard: 5, vegas: 0 });
  });
  it('tableau to tableau: nothing, unless it uncovers a face-down card (+5); emptying a pile turns nothing', () => {
    const empties = score(game({ piles: ['9s', '8h'], foundations: F37 }), D1, [mv('t2', 't1')]);
    expect(empties.standard).toBe(0);
    expect(empties.kinds.tableauToTableau).toEqual({ count: 1, standard: 0, vegas: 0 });
    const run = score(game({ piles: ['Ts', 'Kh 9h 8s'], down: [0, 1], foundations: F37 }), D1, [mv('t2', 't1', 2)]);
    expect(run.standard).toBe(5);
    expect(run.kinds.flip.count).toBe(1);
    expect(run.vegas).toBe(133);
  });
  it('a foundation card back down: −15 standard, −5 Vegas', () => {
    // 6h home with Ks turned (15), 7h home (25), 7h back onto 8s (10).
    const p = game({ piles: ['Ks 6h', '8s'], down: [1, 0], waste: '7h', foundations: F37 });
    const s = score(p, D1, [mv('t1', 'fh'), mv('waste', 'fh'), mv('fh', 't2')]);
    expect(s.running.standard).toEqual([15, 25, 10]);
    expect(s.running.vegas).toEqual([138, 143, 138]);
    expect(s.kinds.foundationToTableau).toEqual({ count: 1, standard: -15, vegas: -5 });
    expect(s.floor).toBe(0);
  });
  it('a foundation return is forbidden under rules without it: an error, not a score', () => {
    const p = game({ piles: ['', '8s'], foundations: [13, 13, 7, 6] });
    const r = scoreGame(p, { ...D1, foundationReturn: false }, [mv('fh', 't2')]);
    expect(r).toEqual({ ok: false, error: 'illegal move 1: fh → t2: foundation to tableau is forbidden under these rules' });
  });
  it('draws score nothing', () => {
    const s = score(game({ foundations: F37 }), { draw: 3, passes: null, foundationReturn: true }, [mv('stock', 'waste', 3)]);
    expect(s.standard).toBe(0);
    expect(s.kinds.draw).toEqual({ count: 1, standard: 0, vegas: 0 });
  });
});

describe('the standard score never goes below 0, after every move', () => {
  it('a return at 0 leaves 0 and the points after it count from 0', () => {
    // 7h comes back down onto 8s at a score of 0, then 6s goes from the waste onto it.
    const p = game({ piles: ['', '8s'], waste: '6s', foundations: [13, 13, 7, 5] });
    const s = score(p, D1, [mv('fh', 't2'), mv('waste', 't2')]);
    expect(s.running.standard).toEqual([0, 5]);
    expect(s.kinds.foundationToTableau.standard).toBe(-15);
    expect(s.floor).toBe(15);
    expect(s.standard).toBe(s.standardStart + s.floor + SCORE_KINDS.reduce((a, k) => a + s.kinds[k].standard, 0));
    // Vegas has no floor: 5 × 38 − 52 = 138 at the start, one card down.
    expect(s.running.vegas).toEqual([133, 133]);
  });
  it('a return at 5 leaves 0, not −10', () => {
    const p = game({ piles: ['9s', '8s'], waste: '8h', foundations: [13, 13, 7, 5] });
    const s = score(p, D1, [mv('waste', 't1'), mv('fh', 't2')]);
    expect(s.running.standard).toEqual([5, 0]);
    expect(s.floor).toBe(10);
  });
});

/**
 * Clubs and diamonds home, the stock holds the hearts A…Q grouped so that each draw of `draw`
 * cards can be played home top first (+120 in all), then K♥ and the spades. Then `redeals` times:
 * the stock drawn out and the waste turned over.
 */
function redealGame(draw: number, redeals: number): { position: Position; moves: AtomicMove[] } {
  const hearts = 'A23456789TJQ'.split('').map((r) => `${r}h`);
  const groups: string[] = [];
  for (let k = 0; k < 12; k += draw) groups.push(...hearts.slice(k, k + draw).reverse());
  const position = game({ stock: groups.join(' '), foundations: [13, 13, 0, 0] });
  const moves: AtomicMove[] = [];
  for (let k = 0; k < 12; k += draw) {
    moves.push(mv('stock', 'waste', draw));
    for (let j = 0; j < draw; j++) moves.push(mv('waste', 'fh'));
  }
  const drawOut = () => {
    for (let left = 14; left > 0; left -= draw) moves.push(mv('stock', 'waste', Math.min(draw, left)));
  };
  drawOut();
  for (let r = 0; r < redeals; r++) {
    moves.push(mv('waste', 'stock', 14));
    drawOut();
  }
  return { position, moves };
}

/** The standard score just after each redeal. */
function afterRedeals(draw: number, redeals: number, settings?: ScoreSettings): number[] {
  const g = redealGame(draw, redeals);
  const s = score(g.position, { draw, passes: null, foundationReturn: true }, g.moves, settings);
  expect(s.kinds.redeal.count).toBe(redeals);
  expect(s.vegas).toBe(5 * 38 - 52);
  return g.moves.flatMap((m, k) => (m.to === 'stock' ? [s.running.standard[k]] : []));
}

describe('redeals', () => {
  it('cost 100 each at draw 1, down to the floor', () => {
    expect(afterRedeals(1, 3)).toEqual([20, 0, 0]);
    const g = redealGame(1, 3);
    const s = score(g.position, D1, g.moves);
    expect(s.kinds.redeal).toEqual({ count: 3, standard: -300, vegas: 0 });
    expect(s.floor).toBe(180);
    expect(s.standard).toBe(0);
  });
  it('cost 20 each at draw 3 and at any other draw above 1', () => {
    expect(afterRedeals(3, 4)).toEqual([100, 80, 60, 40]);
    expect(afterRedeals(2, 4)).toEqual([100, 80, 60, 40]);
    expect(afterRedeals(4, 2)).toEqual([100, 80]);
  });
  it('free passes: the first three passes free, or four as Windows Solitaire', () => {
    expect(afterRedeals(3, 4, { freePasses: 3 })).toEqual([120, 120, 100, 80]);
    expect(afterRedeals(3, 4, { freePasses: 4 })).toEqual([120, 120, 120, 100]);
    expect(afterRedeals(2, 2, { freePasses: 2 })).toEqual([120, 100]);
  });
  it('free passes do not apply at draw 1: every redeal costs 100', () => {
    expect(afterRedeals(1, 1, { freePasses: 4 })).toEqual([20]);
  });
  it('count the passes of a mid-game position: from pass 3, the next redeal starts pass 4', () => {
    const p = { ...game({ waste: '', foundations: [13, 13, 13, 12] }), pass: 3 };
    // Only K♠ is left, in the stock: draw it, redeal, draw it again, play it home.
    const moves = [mv('stock', 'waste'), mv('waste', 'stock'), mv('stock', 'waste'), mv('waste', 'fs')];
    const rules: Rules = { draw: 3, passes: null, foundationReturn: true };
    expect(score(p, rules, moves, { freePasses: 3 }).running.standard).toEqual([0, 0, 0, 10]);
    expect(score(p, rules, moves, { freePasses: 4 }).kinds.redeal.standard).toBe(0);
    expect(score(p, rules, moves, { freePasses: 3 }).kinds.redeal.standard).toBe(-20);
    const s = score(p, rules, moves);
    expect(s.passes).toBe(4);
    expect(s.withinVegasPassLimit).toBe(false);
    expect(s.won).toBe(true);
    expect(s.vegasStart).toBe(5 * 51 - 52);
    expect(s.vegas).toBe(208);
  });
});

describe('Vegas', () => {
  it('the result of a number of cards home: 5 × home − 52', () => {
    expect(vegasResult(0)).toBe(-52);
    expect(vegasResult(10)).toBe(-2);
    expect(vegasResult(11)).toBe(3);
    expect(vegasResult(52)).toBe(208);
    for (const bad of [-1, 53, 1.5, Number.NaN]) expect(() => vegasResult(bad)).toThrow(RangeError);
  });
  it('pass limits: one pass at draw 1, three at draw 3 (and at other draws)', () => {
    expect(vegasRules(1)).toEqual({ draw: 1, passes: 1, foundationReturn: true });
    expect(vegasRules(3, false)).toEqual({ draw: 3, passes: 3, foundationReturn: false });
    expect(vegasPassLimit(2)).toBe(3);
  });
  it('a game within the limit, and one beyond it', () => {
    const within = redealGame(3, 2);
    const s = score(within.position, vegasRules(3), within.moves);
    expect([s.passes, s.vegasPassLimit, s.withinVegasPassLimit]).toEqual([3, 3, true]);
    const beyond = redealGame(3, 3);
    const t = score(beyond.position, { draw: 3, passes: null, foundationReturn: true }, beyond.moves);
    expect([t.passes, t.withinVegasPassLimit]).toEqual([4, false]);
    expect(scoreTable(t, vegasRules(3)).at(-1)).toBe(
      'Vegas play allows 3 passes at draw 3; this game used 4, so it cannot be played under the Vegas rules',
    );
    // Under the Vegas rules themselves the third redeal is illegal.
    const r = scoreGame(beyond.position, vegasRules(3), beyond.moves);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^illegal move \d+: waste → stock ×14: no passes left \(pass 3 of 3\)$/);
  });
  it('a fresh deal starts at −52, and an empty move list scores the start', () => {
    const s = score(seedPosition(1), D1, []);
    expect([s.standard, s.vegas, s.vegasStart, s.running.standard.length]).toEqual([0, -52, -52, 0]);
  });
});

describe('the time bonus of a timed game', () => {
  // Only K♠ is out, on the waste: one move wins (+10).
  const last = game({ waste: 'Ks', foundations: [13, 13, 13, 12] });
  const win = [mv('waste', 'fs')];
  it('700,000 / seconds for a won game of 30 s or more, rounded to the nearest point', () => {
    // the rule document's own examples: 5 minutes 2,333, 10 minutes 1,167
    expect([timeBonus(300, true), timeBonus(600, true), timeBonus(30, true), timeBonus(7000, true)]).toEqual([2333, 1167, 23333, 100]);
    expect([timeBonus(29, true), timeBonus(0, true), timeBonus(300, false)]).toEqual([0, 0, 0]);
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => timeBonus(bad, true)).toThrow(RangeError);
  });
  it('is added to the final standard score only, and shown in the breakdown', () => {
    const r = scoreGame(last, D1, win, DEFAULT_SCORE_SETTINGS, 300);
    if (!r.ok) throw new Error(r.error);
    expect([r.value.standard, r.value.timeBonus, r.value.seconds, r.value.running.standard]).toEqual([2343, 2333, 300, [10]]);
    expect(r.value.vegas).toBe(208);
    const k = r.value.kinds;
    expect(r.value.standard).toBe(r.value.floor + r.value.timeBonus + SCORE_KINDS.reduce((a, x) => a + k[x].standard, 0));
    expect(scoreTable(r.value, D1).find((l) => l.startsWith('time bonus'))).toMatch(/^time bonus \(300 s\) +\+2333$/);
    // without a time, no bonus and no row
    const u = score(last, D1, win);
    expect([u.standard, u.timeBonus, u.seconds]).toEqual([10, 0, undefined]);
    expect(scoreTable(u, D1).some((l) => l.startsWith('time bonus'))).toBe(false);
  });
  it('a lost game and a win under 30 seconds get none', () => {
    const lost = scoreGame(last, D1, [], DEFAULT_SCORE_SETTINGS, 300);
    const quick = scoreGame(last, D1, win, DEFAULT_SCORE_SETTINGS, 29);
    expect(lost.ok && [lost.value.standard, lost.value.timeBonus]).toEqual([0, 0]);
    expect(quick.ok && [quick.value.standard, quick.value.timeBonus]).toEqual([10, 0]);
  });
  it('the time must be a whole number of seconds ≥ 0', () => {
    for (const seconds of [-1, 2.5, Number.POSITIVE_INFINITY])
      expect(scoreGame(last, D1, win, DEFAULT_SCORE_SETTINGS, seconds)).toEqual({
        ok: false,
        error: `seconds must be a whole number ≥ 0, got ${seconds}`,
      });
  });
});

describe('bad input', () => {
  it('an illegal move names its index and why', () => {
    const r = scoreGame(seedPosition(1), D1, [mv('stock', 'waste'), mv('waste', 'fs')]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^illegal move 2: waste → fs: /);
  });
  it('free passes must be a whole number ≥ 1', () => {
    for (const freePasses of [0, -1, 1.5, Number.NaN])
      expect(scoreGame(seedPosition(1), D1, [], { freePasses })).toEqual({
        ok: false,
        error: `free passes must be a whole number ≥ 1, got ${freePasses}`,
      });
    expect(DEFAULT_SCORE_SETTINGS.freePasses).toBe(1);
  });
});

/**
 * An independent scorer on the naive engine: kinds from the pile names of each move, flips from the
 * face-down counts, the floor by hand. It shares nothing with src/engine/score.ts but the rules' numbers.
 */
function naiveScore(p: Position, rules: Rules, moves: AtomicMove[], freePasses = 1): { standard: number[]; vegas: number[] } {
  let q = p;
  let std = 0;
  const home = (x: Position) => x.foundations.reduce((a, b) => a + b, 0);
  const out = { standard: [] as number[], vegas: [] as number[] };
  for (const m of moves) {
    const toF = m.to.startsWith('f');
    const fromF = m.from.startsWith('f');
    const toT = m.to.startsWith('t');
    let pts = 0;
    if (m.from === 'waste' && toT) pts += 5;
    if (toF) pts += 10;
    if (fromF) pts -= 15;
    if (m.to === 'stock') pts -= rules.draw === 1 ? 100 : q.pass + 1 > freePasses ? 20 : 0;
    const next = naiveApply(q, m, rules);
    const down = (x: Position) => x.faceDown.reduce((a, b) => a + b, 0);
    pts += 5 * (down(q) - down(next));
    std = Math.max(0, std + pts);
    q = next;
    out.standard.push(std);
    out.vegas.push(5 * home(q) - 52);
  }
  return out;
}

describe('solver solutions of seeded deals', () => {
  const cases: [number, Rules][] = [
    [2, vegasRules(3)],
    [2, vegasRules(1)],
    [2, { draw: 3, passes: null, foundationReturn: true }],
    [5, { draw: 3, passes: 3, foundationReturn: true }],
  ];
  for (const [seed, rules] of cases) {
    it(`Solvitaire seed ${seed}, ${rulesLabel(rules)}: Vegas 5 × 52 − 52 = 208, as the naive scorer says`, () => {
      const r = solve(seedPosition(seed), rules, { maxNodes: 2_000_000 });
      expect(r.verdict).toBe('winnable');
      for (const freePasses of [1, 3]) {
        const s = score(seedPosition(seed), rules, r.moves, { freePasses });
        expect(s.vegas).toBe(208);
        expect(s.won).toBe(true);
        expect(s.withinVegasPassLimit).toBe(s.passes <= vegasPassLimit(rules.draw));
        if (rules.passes !== null) expect(s.withinVegasPassLimit).toBe(rules.passes <= vegasPassLimit(rules.draw));
        expect(s.running).toEqual(naiveScore(seedPosition(seed), rules, r.moves, freePasses));
        // The breakdown adds up: 52 cards home net of returns, 21 face-down cards turned.
        const k = s.kinds;
        expect(k.wasteToFoundation.count + k.tableauToFoundation.count - k.foundationToTableau.count).toBe(52);
        expect(k.flip.count).toBe(21);
        expect(SCORE_KINDS.reduce((a, x) => a + k[x].count, 0) - k.flip.count).toBe(r.moves.length);
        expect(s.standard).toBe(s.standardStart + s.floor + SCORE_KINDS.reduce((a, x) => a + k[x].standard, 0));
        expect(s.vegas).toBe(s.vegasStart + SCORE_KINDS.reduce((a, x) => a + k[x].vegas, 0));
      }
    });
  }
});

describe('the card codes of the helper', () => {
  it('places every card once', () => {
    const p = game({ piles: ['Ks 6h', '8s'], down: [1, 0], waste: '7h', foundations: F37 });
    const all = [...p.tableau.flat(), ...p.stock, ...p.waste];
    expect(new Set(all).size).toBe(52 - 37);
    expect(all).toContain(parseCard('Kh'));
  });
});

describe('browser-safe', () => {
  it('src/engine/score.ts and everything it imports load no Node module and no package', () => {
    const seen = new Set<string>();
    const visit = (url: URL) => {
      if (seen.has(url.href)) return;
      seen.add(url.href);
      for (const [, spec] of readFileSync(url, 'utf8').matchAll(/^import (?!type )[^;]*? from '([^']+)';/gms)) {
        expect(spec, `${url.pathname} imports ${spec}`).toMatch(/^\.\.?\//);
        visit(new URL(spec, url));
      }
    };
    visit(new URL('../../src/engine/score.ts', import.meta.url));
    expect(seen.size).toBeGreaterThan(5);
  });
});
