/**
 * The `priority` policy: the hint order of the French rule documents' game, deterministic and
 * instant. Among the legal moves it takes the first of:
 *
 * 1. a card to a foundation: the lowest rank first; at equal rank a tableau card before the waste
 *    card, then the leftmost pile;
 * 2. a move that uncovers a face-down card (the whole face-up run of a pile with cards face down
 *    under it, onto another pile or, for a King, into an empty one): the pile with the most cards
 *    face down first, then the leftmost pile, then the leftmost destination;
 * 3. the waste card onto the tableau: the leftmost destination;
 * 4. the stock: draw, or turn the waste over when the stock is empty and a pass is left.
 *
 * Nothing else is ever suggested (no partial runs, no foundation returns, no run moved off a pile
 * with nothing face down), so a game under this policy can only cycle by going through the stock
 * without finding a move; the game driver ends such a game.
 */
import type { AtomicMove } from '../engine/notation.ts';
import { RANK } from '../engine/cards.ts';
import type { Observation } from './observation.ts';
import { type Decision, type Policy, isHomeMove, legalMoves, movedCard, pileOf } from './policy.ts';

/** Rank of a move in the hint order: category first, then the tie-breaks (lower is better); Infinity when never suggested. */
export function priorityRank(o: Observation, m: AtomicMove): number {
  const p = o.position;
  const from = pileOf(m.from);
  const to = pileOf(m.to);
  if (isHomeMove(m) && (from >= 0 || m.from === 'waste')) {
    const c = movedCard(o, m);
    return 1e6 + RANK[c] * 100 + (from >= 0 ? from : 50);
  }
  if (from >= 0 && to >= 0 && p.faceDown[from] > 0 && m.count === p.tableau[from].length - p.faceDown[from])
    return 2e6 + (30 - p.faceDown[from]) * 1000 + from * 10 + to;
  if (m.from === 'waste' && to >= 0) return 3e6 + to;
  if (m.from === 'stock') return 4e6;
  if (m.to === 'stock') return 4e6 + 1;
  return Infinity;
}

/** The legal moves the hint order suggests, best first. */
export function priorityMoves(o: Observation): AtomicMove[] {
  return legalMoves(o)
    .map((m) => ({ m, r: priorityRank(o, m) }))
    .filter((x) => x.r !== Infinity)
    .sort((a, b) => a.r - b.r)
    .map((x) => x.m);
}

const CATEGORY = ['', 'foundation', 'uncover', 'waste', 'stock'];

/** The rule documents' hint order as a policy. */
export class PriorityPolicy implements Policy {
  readonly name = 'priority';

  decide(o: Observation): Decision {
    const moves = priorityMoves(o);
    const move = moves[0] ?? null;
    return {
      move,
      reason: move ? CATEGORY[Math.floor(priorityRank(o, move) / 1e6)] : 'no move suggested',
      candidates: moves.map((m) => ({ move: m, note: CATEGORY[Math.floor(priorityRank(o, m) / 1e6)] })),
      solves: 0,
      nodes: 0,
    };
  }
}
