/**
 * Segments: a run of moves the search player weighs as one decision, the moves between two reveals
 * (a card turned face up, or a stock card drawn for the first time), ended by the one that reveals.
 * Ordering moves inside one changes nothing the player knows, so a plan is cut at its first reveal
 * (`segmentOf`), and the candidates are keyed by their moves in compact notation, so two plans that
 * begin alike count once, with the support of both.
 *
 * Worlds are complete positions; a segment is played in one by replaying its moves on a fresh
 * state, and a move that is not legal there ends the replay.
 */
import { findMove } from '../engine/solution.ts';
import { make } from '../engine/moves.ts';
import { type AtomicMove, movesToCompact } from '../engine/notation.ts';
import type { Position } from '../engine/position.ts';
import { State } from '../engine/state.ts';
import type { Rules } from '../types.ts';
import type { Observation } from './observation.ts';
import { sameMove } from './policy.ts';

/** A run of moves weighed as one decision. */
export interface Segment {
  moves: AtomicMove[];
  key: string;
  /** Plans that begin with it. */
  support: number;
}

/** Adds a segment to the candidates by key, or adds its support to the one there; an empty one is skipped. */
export function addSegment(byKey: Map<string, Segment>, moves: AtomicMove[], support: number): void {
  if (moves.length === 0) return;
  const key = movesToCompact(moves);
  const s = byKey.get(key);
  if (s) s.support += support;
  else byKey.set(key, { moves, key, support });
}

/** The unseen cards of an observation, as 1 at each card. */
export function unseenSet(o: Observation): Uint8Array {
  const hidden = new Uint8Array(53);
  for (const c of o.unseen) hidden[c] = 1;
  return hidden;
}

/** True when `plan` begins with `prefix`. */
export function startsWith(plan: readonly AtomicMove[], prefix: readonly AtomicMove[]): boolean {
  if (plan.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (!sameMove(plan[i], prefix[i])) return false;
  return true;
}

/** The world after a sequence of moves, or undefined when one is illegal there. */
export function playOut(world: Position, rules: Rules, moves: readonly AtomicMove[]): Position | undefined {
  return playState(world, rules, moves)?.toPosition();
}

/** The state after a sequence of moves, or undefined when one is illegal there. */
export function playState(world: Position, rules: Rules, moves: readonly AtomicMove[]): State | undefined {
  const s = State.fromPosition(world, rules);
  for (const m of moves) {
    const x = findMove(s, m);
    if (!x.ok) return undefined;
    make(s, x.value);
  }
  return s;
}

/**
 * A plan's first segment: its moves up to and including the first that reveals a card (turns up a
 * face-down card, or draws a card that is unseen) or, with `macro`, the first that cannot be taken
 * back (a waste card played, a card sent home or brought back down, a card turned up), or the
 * whole plan when none does.
 */
export function segmentOf(world: Position, rules: Rules, plan: readonly AtomicMove[], hidden: Uint8Array, macro: boolean): AtomicMove[] {
  const s = State.fromPosition(world, rules);
  const out: AtomicMove[] = [];
  for (const m of plan) {
    out.push(m);
    const x = findMove(s, m);
    if (!x.ok) break;
    let reveals = false;
    if (m.from[0] === 't') {
      const a = Number(m.from[1]) - 1;
      reveals = s.down[a] > 0 && m.count === s.len[a] - s.down[a];
    } else if (m.from === 'stock') {
      for (let i = s.w; i < s.w + m.count && i < s.n; i++) if (hidden[s.deck[i]]) reveals = true;
    }
    if (reveals || (macro && m.from !== 'stock' && m.to !== 'stock' && !(m.from[0] === 't' && m.to[0] === 't'))) break;
    make(s, x.value);
  }
  return out;
}

/** How a segment is described to a person: the move alone, or its moves, and the plans that chose it. */
export function segmentNote(seg: Segment): string {
  const n = seg.moves.length;
  const plans = seg.support ? `, chosen by ${seg.support} plan${seg.support === 1 ? '' : 's'}` : '';
  return `${n === 1 ? 'this move' : `${n} moves: ${seg.key}`}${plans}`;
}
