/**
 * Policies: players that choose a move from an `Observation` alone (observation.ts says why they
 * cannot read a hidden card). This module holds the interface and the move facts every policy
 * shares, all computed from what is seen:
 *
 * - the legal moves: they depend only on seen cards (face-up cards, the waste top, the foundations,
 *   how many cards lie face down and in the stock), so they are generated on any world of the
 *   observation (`fillWorld`) and are the same on all of them;
 * - whether a move reveals a card: it turns up a face-down card, or draws a stock card not yet seen;
 * - safe foundation moves: a tableau card that is an Ace or a two, or of rank r with the two cards
 *   of the other colour at r−1 home and, when foundation returns are allowed, the same-colour other
 *   suit at r−2. No card ever needs to be built on such a card, so sending it home never loses a
 *   game a player could otherwise win, whatever the hidden cards are (the solver plays them the
 *   same way). A waste card is safe by the same test only at draw 1 with unlimited passes: at
 *   draw 3, taking a card off the waste shifts the groups of three the stock turns in, which can
 *   put another card out of reach.
 */
import { RANK, RED, SUIT, cardPretty } from '../engine/cards.ts';
import { genAtomic, make } from '../engine/moves.ts';
import type { AtomicMove } from '../engine/notation.ts';
import { type Position, UNSEEN } from '../engine/position.ts';
import { findMove, toAtomic } from '../engine/solution.ts';
import { State } from '../engine/state.ts';
import type { Rules } from '../types.ts';
import type { Observation } from './observation.ts';
import { fillWorld } from './sample.ts';

/**
 * One move considered by a policy, with its estimated chance when the policy has one (the search
 * policy's: the share of its worlds still winnable after it, every card known).
 */
export interface Candidate {
  move: AtomicMove;
  /** The estimated probability that the deal can still be won after this move, every card known (0…1), when the policy estimates one. */
  chance?: number;
  /** Sampled worlds won after this move, out of `samples`. */
  wins?: number;
  samples?: number;
  /**
   * Of those worlds, the ones still won when the worlds revealing the same card after this move
   * must share their next move (the search policy's `shared` value, for its leading moves).
   */
  shared?: number;
  /** Why the policy ranks the move where it does. */
  note?: string;
}

/** A policy's choice: a move (null: no move left, the game is over) and the candidates it weighed. */
export interface Decision {
  move: AtomicMove | null;
  /** A short reason: `safe`, `forced`, `foundation`, `plan`, `search`, … */
  reason: string;
  candidates: Candidate[];
  /** Solver calls and nodes spent on this decision. */
  solves: number;
  nodes: number;
}

/** A player that sees only what a human player sees. */
export interface Policy {
  readonly name: string;
  /** The move to make in the observed position. */
  decide(observation: Observation): Decision;
}

/** A stable text key of a move: `t3>t5x2`. */
export function moveKey(m: AtomicMove): string {
  return `${m.from}>${m.to}x${m.count}`;
}

/** True when two moves are the same. */
export function sameMove(a: AtomicMove, b: AtomicMove): boolean {
  return a.from === b.from && a.to === b.to && a.count === b.count;
}

/** The legal moves of the observed position, in the engine's order. */
export function legalMoves(o: Observation): AtomicMove[] {
  const s = State.fromPosition(fillWorld(o), o.rules);
  const buf = new Int32Array(256);
  const n = genAtomic(s, buf);
  const out: AtomicMove[] = [];
  for (let i = 0; i < n; i++) out.push(toAtomic(s, buf[i]));
  return out;
}

/** The complete position after a legal move, or undefined when the move is illegal there. */
export function applyMove(world: Position, rules: Rules, move: AtomicMove): Position | undefined {
  const s = State.fromPosition(world, rules);
  const m = findMove(s, move);
  if (!m.ok) return undefined;
  make(s, m.value);
  return s.toPosition();
}

/** Index 0…6 of a tableau pile name, or -1. */
export function pileOf(name: string): number {
  return name.length === 2 && name[0] === 't' ? Number(name[1]) - 1 : -1;
}

/** True when the move turns up a face-down card or draws a stock card the player has not seen. */
export function revealsCard(o: Observation, m: AtomicMove): boolean {
  const p = o.position;
  const a = pileOf(m.from);
  if (a >= 0) return p.faceDown[a] > 0 && m.count === p.tableau[a].length - p.faceDown[a];
  if (m.from === 'stock') {
    for (let i = 0; i < m.count && i < p.stock.length; i++) if (p.stock[i] === UNSEEN) return true;
  }
  return false;
}

/** The card a move takes (the base card of a run), or -1 for stock moves and redeals. */
export function movedCard(o: Observation, m: AtomicMove): number {
  const p = o.position;
  const a = pileOf(m.from);
  if (a >= 0) return p.tableau[a][p.tableau[a].length - m.count];
  if (m.from === 'waste' && m.to !== 'stock') return p.waste[p.waste.length - 1];
  if (m.from[0] === 'f' && m.from.length === 2) {
    const suit = 'cdhs'.indexOf(m.from[1]);
    return (p.foundations[suit] - 1) * 4 + suit;
  }
  return -1;
}

/** True when a move sends a card to a foundation. */
export function isHomeMove(m: AtomicMove): boolean {
  return m.to.length === 2 && m.to[0] === 'f';
}

/** True when the card of a foundation move can go home without ever being missed (module head). */
export function isSafeHome(o: Observation, m: AtomicMove): boolean {
  if (!isHomeMove(m)) return false;
  if (m.from === 'waste' && !(o.rules.draw === 1 && o.rules.passes === null)) return false;
  if (m.from !== 'waste' && pileOf(m.from) < 0) return false;
  const c = movedCard(o, m);
  if (c < 0) return false;
  const r = RANK[c];
  if (r <= 2) return true;
  const f = o.position.foundations;
  const red = RED[c];
  for (let s = 0; s < 4; s++) {
    if (s === SUIT[c]) continue;
    const sameColour = (s === 1 || s === 2) === (red === 1);
    if (!sameColour && f[s] < r - 1) return false;
    if (sameColour && o.rules.foundationReturn && f[s] < r - 2) return false;
  }
  return true;
}

/** A move in words, as seen: `8♦ waste → t4 (on 9♠)`, `draw (6♣ 8♥ A♥)`, `draw (3 unseen)`. */
export function describeMove(o: Observation, m: AtomicMove, colour = false): string {
  const p = o.position;
  const name = (c: number) => cardPretty(c, colour);
  const to = pileOf(m.to);
  const onto = to < 0 ? '' : p.tableau[to].length === 0 ? ' (empty)' : ` (on ${name(p.tableau[to][p.tableau[to].length - 1])})`;
  if (m.from === 'stock') {
    const cards = p.stock.slice(0, m.count);
    return cards.every((c) => c !== UNSEEN) ? `draw ${cards.map(name).join(' ')}` : `draw (${cards.length} unseen)`;
  }
  if (m.to === 'stock') return `redeal (pass ${p.pass + 1})`;
  const c = movedCard(o, m);
  const from = pileOf(m.from);
  const what = `${name(c)}${m.count > 1 ? ` (+${m.count - 1})` : ''}`;
  const source = from >= 0 ? m.from : m.from === 'waste' ? 'waste' : 'foundation';
  return `${what} ${source} → ${isHomeMove(m) ? 'foundation' : m.to}${onto}`;
}
