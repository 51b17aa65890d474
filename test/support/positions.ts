/**
 * Small positions for solver tests: seeded deals with the low ranks already home (small enough
 * to search exhaustively with pruning off), and hand-built positions (won, no moves at all, a
 * card that must come back down from its foundation).
 */
import { readFileSync } from 'node:fs';
import { type Card, RANK, parseCard } from '../../src/engine/cards.ts';
import { dealFromSeed } from '../../src/deals/families.ts';
import { type Position, dealPosition, validatePosition } from '../../src/engine/position.ts';
import { NO_PRUNING, type SolverOptions } from '../../src/solver/index.ts';
import { type Family, type Rules, rulesLabel } from '../../src/types.ts';

/** A small seeded PRNG (mulberry32) for reproducible playouts. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The start of a seeded deal. */
export function seedPosition(seed: number, family: Family = 'solvitaire'): Position {
  const d = dealFromSeed(seed, family);
  if (!d.ok) throw new Error(d.error);
  return dealPosition(d.value);
}

/** Validates a position or throws with the validator's message. */
export function checked(p: Position): Position {
  const r = validatePosition(p);
  if (!r.ok) throw new Error(`bad test position: ${r.error}`);
  return r.value;
}

/**
 * The deal of `seed` with ranks 1…k moved straight to the foundations: those cards leave the
 * piles and the stock, each pile keeps the face-down count of its remaining cards minus its top
 * (so every non-empty top is face up), the stock keeps its order.
 */
export function reducedDeal(seed: number, k: number, family: Family = 'solvitaire'): Position {
  const p = seedPosition(seed, family);
  const keep = (c: Card) => RANK[c] > k;
  const tableau = p.tableau.map((pile) => pile.filter(keep));
  return checked({
    tableau,
    faceDown: tableau.map((pile) => Math.max(0, pile.length - 1)),
    stock: p.stock.filter(keep),
    waste: [],
    foundations: [k, k, k, k],
    pass: 1,
  });
}

/** Cards from their codes (`Ah 7s Td`). */
export function cards(text: string): Card[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => {
      const c = parseCard(t);
      if (c === undefined) throw new Error(`bad card ${t}`);
      return c;
    });
}

/**
 * A position from piles written bottom → top, with the face-down count of each pile, the stock
 * and waste, and the foundation heights c d h s. Validated.
 */
export function build(spec: {
  piles: string[];
  down?: number[];
  stock?: string;
  waste?: string;
  foundations: [number, number, number, number];
  pass?: number;
}): Position {
  const tableau = Array.from({ length: 7 }, (_, i) => cards(spec.piles[i] ?? ''));
  return checked({
    tableau,
    faceDown: spec.down ? Array.from({ length: 7 }, (_, i) => spec.down![i] ?? 0) : tableau.map(() => 0),
    stock: cards(spec.stock ?? ''),
    waste: cards(spec.waste ?? ''),
    foundations: spec.foundations.slice(),
    pass: spec.pass ?? 1,
  });
}

/** Every card on its foundation. */
export function wonPosition(): Position {
  return build({ piles: [], foundations: [13, 13, 13, 13] });
}

/**
 * No legal move under any rules: empty stock and waste, empty foundations (nothing to bring
 * down), no empty pile, and the seven face-up tops all red court cards and a red ten, so none
 * fits on another and none can go home.
 */
export function noMovesPosition(): Position {
  const tops = cards('Kd Kh Qd Qh Jd Jh Td');
  const rest: Card[] = [];
  for (let c = 0; c < 52; c++) if (!tops.includes(c)) rest.push(c);
  const tableau: Card[][] = [];
  const sizes = [6, 6, 6, 6, 7, 7, 7]; // 45 face-down cards
  let at = 0;
  for (let i = 0; i < 7; i++) {
    tableau.push([...rest.slice(at, at + sizes[i]), tops[i]]);
    at += sizes[i];
  }
  return checked({ tableau, faceDown: sizes, stock: [], waste: [], foundations: [0, 0, 0, 0], pass: 1 });
}

/**
 * A black 8 already on its foundation is needed as the resting place of the red 7 that covers
 * the 6♥: 8♠ must come down onto 9♥, then 7♥ onto it, then everything goes home. With foundation
 * returns forbidden, nothing moves at all.
 *
 *   foundations ♣K ♦K ♥5 ♠8;  t1: [6♥] 7♥;  t2: 9♥;  t3: [K♠ Q♠ J♠ T♠ 9♠ K♥ Q♥ J♥ T♥] 8♥
 */
export function returnNeededPosition(): Position {
  return build({
    piles: ['6h 7h', '9h', 'Ks Qs Js Ts 9s Kh Qh Jh Th 8h'],
    down: [1, 0, 9],
    foundations: [13, 13, 5, 8],
  });
}

/**
 * The Klondike-Solver trap: a card must go up to uncover what it sits on, and come back down.
 * 8♠ covers the 5♥ (needed home) above the 9♥; 7♥ covers the 6♥. Playing 7♥ onto 8♠ first buries
 * the 5♥ for good (no red 9 takes the 8♠ 7♥ run). So 8♠ goes home, 5♥ goes home, 9♥ turns up,
 * 8♠ comes back down onto it and takes the 7♥, and everything goes home. With foundation returns
 * forbidden it cannot be won.
 *
 *   foundations ♣K ♦K ♥4 ♠7;  t1: [6♥] 7♥;  t2: [9♥ 5♥] 8♠;  t3: [K♠ Q♠ J♠ T♠ 9♠ K♥ Q♥ J♥ T♥] 8♥
 */
export function upAndDownPosition(): Position {
  return build({
    piles: ['6h 7h', '9h 5h 8s', 'Ks Qs Js Ts 9s Kh Qh Jh Th 8h'],
    down: [1, 2, 9],
    foundations: [13, 13, 4, 7],
  });
}

/**
 * A foundation card comes down so that the next card of its suit can: 7♥ onto 8♠, then 6♥ onto
 * 7♠, then 5♠ onto 6♥, which turns up 6♠ and 4♠, and everything goes home. No black 6 could land
 * on the 7♥ (6♣ lies under 7♣ on its foundation, 6♠ face down), and the 6♦ lies under the 5♠.
 * With foundation returns forbidden it cannot be won.
 *
 *   foundations ♣K ♦5 ♥7 ♠3;  t1: [6♦ 4♠ 6♠] 5♠;  t2: [7♦] 8♠;  t3: [8♦] 7♠;
 *   t4: [9♦] K♠ Q♥ J♠ T♥;  t5: [T♦] K♥ Q♠ J♥ T♠;  t6: [J♦] 9♠ 8♥;  t7: [Q♦ K♦] 9♥
 */
export function nextCardDownPosition(): Position {
  return build({
    piles: ['6d 4s 6s 5s', '7d 8s', '8d 7s', '9d Ks Qh Js Th', 'Td Kh Qs Jh Ts', 'Jd 9s 8h', 'Qd Kd 9h'],
    down: [3, 1, 1, 1, 1, 1, 2],
    foundations: [13, 5, 7, 3],
  });
}

/**
 * Two sevens that each wait for the other. The 4♣ must leave the 3♣ (with 5♣ and 6♣ face down
 * under it), and it can go only onto the 5♥ (the 5♦ is deep in its foundation), which lies under
 * 6♥ and 7♥ on the hearts. The 6♥ comes down only onto the 7♠ (the 7♣ lies face down), which
 * must first come down onto the 8♥; the 5♥ only onto the 6♠, under the 7♠ on the spades. So both
 * sevens come down before anything lands on either: 7♥ onto 8♣, 7♠ onto 8♥, 6♥ onto 7♠, 6♠ onto
 * 7♥, 5♥ onto 6♠, 4♣ onto 5♥; and when the first seven comes down, the card that will land on it
 * lies under the other seven on its foundation.
 *
 *   foundations ♣2 ♦K ♥7 ♠7;  t1: [6♣ 5♣ 3♣] 4♣;  t2: [7♣] 8♣;  t3: [9♣] 8♥;
 *   t4: K♠ Q♥ J♠ T♥ 9♠;  t5: K♥ Q♠ J♥ T♠ 9♥ 8♠;  t6: [T♣ J♣ Q♣] K♣
 */
export function twoReturnsPosition(): Position {
  return build({
    piles: ['6c 5c 3c 4c', '7c 8c', '9c 8h', 'Ks Qh Js Th 9s', 'Kh Qs Jh Ts 9h 8s', 'Tc Jc Qc Kc'],
    down: [3, 1, 1, 0, 0, 3],
    foundations: [2, 13, 7, 7],
  });
}

/** Every rule variant the solver must keep exact: draw 1/3 × passes 1/3/unlimited × returns yes/no. */
export const ALL_RULES: Rules[] = [1, 3].flatMap((draw) =>
  [1, 3, null].flatMap((passes) => [true, false].map((foundationReturn) => ({ draw, passes, foundationReturn }))),
);

/** Short label of rules for test names: `d3 p∞ fr`. */
export function rulesTag(r: Rules): string {
  return `d${r.draw} p${r.passes ?? '∞'} ${r.foundationReturn ? 'fr' : 'no-fr'}`;
}

/** A row of the shared verdict fixture (test/fixtures/verdicts.tsv). */
export interface FixtureRow {
  family: Family;
  seed: number;
  rules: Rules;
  verdict: 'winnable' | 'unwinnable';
}

export const VERDICT_FIXTURE = new URL('../fixtures/verdicts.tsv', import.meta.url);

/** Reads the verdict fixture; throws on a malformed line. */
export function readVerdictFixture(): FixtureRow[] {
  const lines = readFileSync(VERDICT_FIXTURE, 'utf8').split('\n');
  if (lines[0].trim() !== 'family\tseed\tdraw\tpasses\tfoundationReturn\tverdict')
    throw new Error(`verdicts.tsv: unexpected header ${lines[0]}`);
  const rows: FixtureRow[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    const [family, seed, draw, passes, fr, verdict] = lines[i].split('\t');
    if ((verdict !== 'winnable' && verdict !== 'unwinnable') || (fr !== 'yes' && fr !== 'no'))
      throw new Error(`verdicts.tsv line ${i + 1}: ${lines[i]}`);
    rows.push({
      family: family as Family,
      seed: Number(seed),
      rules: { draw: Number(draw), passes: passes === 'unlimited' ? null : Number(passes), foundationReturn: fr === 'yes' },
      verdict,
    });
  }
  return rows;
}

/** `draw 3, unlimited passes` (the rule set) or `solvitaire 17, draw 3, … → winnable` (the row). */
export function rowLabel(r: FixtureRow, full: boolean): string {
  const rules = rulesLabel(r.rules);
  return full ? `${r.family} ${r.seed}, ${rules} → ${r.verdict}` : rules;
}

/** No pruning rule, no staged solve, no dead-deal or deadlock test (at the start or at each position), no locking moves, no restarts: the plain engine's moves, searched exhaustively. */
export const PLAIN: SolverOptions = {
  pruning: NO_PRUNING,
  relaxation: false,
  deadCheck: false,
  deadlocks: false,
  deadPositions: false,
  lockingMoves: false,
  restarts: false,
};
