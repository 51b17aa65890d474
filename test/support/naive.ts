/**
 * A deliberately naive reference move generator, written only for tests.
 *
 * It exists to cross-check the fast bit-packed generator (src/engine/state.ts, src/engine/moves.ts): plain arrays,
 * a fresh copy of the position for every child, and each rule of the move definitions in docs/engine.md
 * transcribed directly, one block per kind of move. Clarity over speed: never use this in
 * the solver.
 */
import { type Card, RANK, SUIT, fitsOn, makeCard } from '../../src/engine/cards.ts';
import { COLUMN_NAMES as TABLEAU_NAMES, FOUNDATION_NAMES, type PileName } from '../../src/engine/notation.ts';
import type { Position } from '../../src/engine/position.ts';
import type { Rules } from '../../src/types.ts';

/** One atomic move: a draw is stock→waste (count = cards turned), a redeal waste→stock (count = waste size). */
export interface NaiveMove {
  from: PileName;
  to: PileName;
  count: number;
}

const KING = 13;

/** The key of a move in `naivePerftDivide`: `from>to*count`. */
export function naiveMoveKey(m: NaiveMove): string {
  return `${m.from}>${m.to}*${m.count}`;
}

/** All 52 cards are on the foundations. */
export function isWon(p: Position): boolean {
  return p.foundations.every((h) => h === 13);
}

/** A deep copy of a position. */
export function copyPosition(p: Position): Position {
  return {
    tableau: p.tableau.map((pile) => pile.slice()),
    faceDown: p.faceDown.slice(),
    stock: p.stock.slice(),
    waste: p.waste.slice(),
    foundations: p.foundations.slice(),
    pass: p.pass,
  };
}

/** True when `card` may go onto tableau pile `pile`: onto a card one higher of the other colour, or a King onto an empty pile. */
function fitsOnPile(card: Card, pile: Card[]): boolean {
  if (pile.length === 0) return RANK[card] === KING;
  return fitsOn(card, pile[pile.length - 1]);
}

/** True when `card` is the next card of its suit's foundation. */
function fitsOnFoundation(card: Card, foundations: number[]): boolean {
  return foundations[SUIT[card]] === RANK[card] - 1;
}

/** True when another redeal is allowed: the current pass is below the limit (or there is no limit). */
function passesRemain(p: Position, rules: Rules): boolean {
  return rules.passes === null || p.pass < rules.passes;
}

/** Every legal move of a position, each distinct (from, to, count) once. */
export function naiveMoves(p: Position, rules: Rules): NaiveMove[] {
  const moves: NaiveMove[] = [];
  if (isWon(p)) return moves;

  // Draw: the stock is not empty.
  if (p.stock.length > 0) {
    moves.push({ from: 'stock', to: 'waste', count: Math.min(rules.draw, p.stock.length) });
  }

  // Redeal: the stock is empty, the waste is not, and passes remain.
  if (p.stock.length === 0 && p.waste.length > 0 && passesRemain(p, rules)) {
    moves.push({ from: 'waste', to: 'stock', count: p.waste.length });
  }

  // Waste top → its foundation, and → every tableau pile where it fits.
  if (p.waste.length > 0) {
    const card = p.waste[p.waste.length - 1];
    if (fitsOnFoundation(card, p.foundations)) {
      moves.push({ from: 'waste', to: FOUNDATION_NAMES[SUIT[card]], count: 1 });
    }
    for (let t = 0; t < 7; t++) {
      if (fitsOnPile(card, p.tableau[t])) moves.push({ from: 'waste', to: TABLEAU_NAMES[t], count: 1 });
    }
  }

  // Tableau top → its foundation.
  for (let t = 0; t < 7; t++) {
    const pile = p.tableau[t];
    if (pile.length === 0) continue;
    const card = pile[pile.length - 1];
    if (fitsOnFoundation(card, p.foundations)) {
      moves.push({ from: TABLEAU_NAMES[t], to: FOUNDATION_NAMES[SUIT[card]], count: 1 });
    }
  }

  // Tableau → tableau: every face-up card heading a run up to the top, onto every other pile where it fits.
  for (let from = 0; from < 7; from++) {
    const pile = p.tableau[from];
    for (let i = p.faceDown[from]; i < pile.length; i++) {
      if (!isRun(pile.slice(i))) continue;
      const card = pile[i];
      const count = pile.length - i;
      for (let to = 0; to < 7; to++) {
        if (to === from) continue;
        if (fitsOnPile(card, p.tableau[to])) moves.push({ from: TABLEAU_NAMES[from], to: TABLEAU_NAMES[to], count });
      }
    }
  }

  // Foundation top → every tableau pile where it fits (only when allowed).
  if (rules.foundationReturn) {
    for (let s = 0; s < 4; s++) {
      if (p.foundations[s] === 0) continue;
      const card = makeCard(p.foundations[s], s);
      for (let t = 0; t < 7; t++) {
        if (fitsOnPile(card, p.tableau[t])) moves.push({ from: FOUNDATION_NAMES[s], to: TABLEAU_NAMES[t], count: 1 });
      }
    }
  }

  return moves;
}

/** True when the cards (bottom → top) descend by one rank with alternating colours. */
function isRun(cards: Card[]): boolean {
  for (let j = 1; j < cards.length; j++) if (!fitsOn(cards[j], cards[j - 1])) return false;
  return true;
}

function tableauIndex(name: PileName): number {
  return TABLEAU_NAMES.indexOf(name);
}

function foundationIndex(name: PileName): number {
  return FOUNDATION_NAMES.indexOf(name);
}

/** Takes the top `count` cards off a pile (waste, tableau or foundation) of a copy; returns them bottom → top. */
function takeCards(q: Position, from: PileName, count: number): Card[] {
  if (from === 'waste') return q.waste.splice(q.waste.length - count, count);
  const t = tableauIndex(from);
  if (t >= 0) {
    const cards = q.tableau[t].splice(q.tableau[t].length - count, count);
    // Flip: a face-down card left on top turns face up.
    if (q.tableau[t].length > 0 && q.faceDown[t] >= q.tableau[t].length) q.faceDown[t] = q.tableau[t].length - 1;
    return cards;
  }
  const s = foundationIndex(from);
  if (s >= 0) {
    const card = makeCard(q.foundations[s], s);
    q.foundations[s] -= 1;
    return [card];
  }
  throw new Error(`cannot take cards from ${from}`);
}

/**
 * The position after a move, as a new object (the argument is not changed). The move is assumed legal
 * (taken from `naiveMoves`); only gross misuse throws.
 */
export function naiveApply(p: Position, m: NaiveMove, rules: Rules): Position {
  const q = copyPosition(p);
  if (m.from === 'stock' && m.to === 'waste') {
    // Draw: turn cards one by one from the front of the stock onto the waste; the last turned ends on top.
    const n = Math.min(rules.draw, q.stock.length);
    for (let k = 0; k < n; k++) q.waste.push(q.stock.shift() as Card);
    return q;
  }
  if (m.from === 'waste' && m.to === 'stock') {
    // Redeal: the waste becomes the stock in the same order (waste[0] is turned first again).
    q.stock = q.waste;
    q.waste = [];
    q.pass += 1;
    return q;
  }
  const cards = takeCards(q, m.from, m.count);
  const t = tableauIndex(m.to);
  if (t >= 0) {
    q.tableau[t].push(...cards);
    return q;
  }
  const s = foundationIndex(m.to);
  if (s >= 0 && cards.length === 1 && SUIT[cards[0]] === s) {
    q.foundations[s] += 1;
    return q;
  }
  throw new Error(`bad move ${naiveMoveKey(m)}`);
}

/** Standard perft: the number of move sequences of length `depth` (a won position has no children). */
export function naivePerft(p: Position, rules: Rules, depth: number): number {
  if (depth === 0) return 1;
  const moves = naiveMoves(p, rules);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) total += naivePerft(naiveApply(p, m, rules), rules, depth - 1);
  return total;
}

/** Perft subtotals per first move, keyed by `from>to*count`. */
export function naivePerftDivide(p: Position, rules: Rules, depth: number): Map<string, number> {
  const out = new Map<string, number>();
  if (depth < 1) return out;
  for (const m of naiveMoves(p, rules)) {
    const key = naiveMoveKey(m);
    out.set(key, (out.get(key) ?? 0) + naivePerft(naiveApply(p, m, rules), rules, depth - 1));
  }
  return out;
}
