/**
 * "Could I still have won here?": the last position of a game from which it could still be won,
 * with every card known, walking back through the moves played; and the move that lost it.
 *
 * Of the positions after 0, 1, …, n moves, once one is lost every later one is lost too (a line
 * that wins from a later position wins from an earlier one, after the moves in between), so the
 * winnable positions are a first stretch 0…K of the game. The solver finds K by bisection: the
 * position now first (still winnable: K = n), then the start, then halves, about log2(n) solves in
 * all. Each solve has a budget; a position the budget did not decide stays undecided, and the
 * answer says between which moves it is (never a guess).
 */
import { make } from '../engine/moves.ts';
import type { AtomicMove } from '../engine/notation.ts';
import type { Position } from '../engine/position.ts';
import { findMove } from '../engine/solution.ts';
import { State } from '../engine/state.ts';
import type { Verdict } from '../solver/search-driver.ts';
import { type Result, type Rules, err, ok } from '../types.ts';

/** The solver's answer for the position after k moves: its verdict, and the winning line from there. */
export interface Probed {
  verdict: Verdict;
  moves: AtomicMove[];
}

/** What the walk back found. */
export interface Rewind {
  /** The moves played. */
  n: number;
  /** The last position proved winnable (k moves in), or -1 when none is. */
  winnable: number;
  /** Its winning line. */
  line: AtomicMove[];
  /** The first position proved lost, or n + 1 when none is. */
  lost: number;
  /** A position between the two the solver could not decide, when the answer stops there. */
  undecided: number | undefined;
}

/**
 * Finds the last winnable position of a game of n moves; `probe(k)` solves the position after k
 * moves (undefined when stopped: the walk stops and returns undefined).
 */
export async function lastWinnable(n: number, probe: (k: number) => Promise<Probed | undefined>): Promise<Rewind | undefined> {
  const known = new Map<number, Probed>();
  const ask = async (k: number) => {
    const hit = known.get(k);
    if (hit) return hit;
    const p = await probe(k);
    if (p) known.set(k, p);
    return p;
  };
  let lo = -1;
  let hi = n + 1;
  let undecided: number | undefined;
  const take = (k: number, p: Probed) => {
    if (p.verdict === 'winnable') lo = Math.max(lo, k);
    else if (p.verdict === 'unwinnable') hi = Math.min(hi, k);
    else undecided ??= k;
  };
  for (const k of n > 0 ? [n, 0] : [0]) {
    const p = await ask(k);
    if (!p) return undefined;
    take(k, p);
    if (lo === n || hi === 0) break;
  }
  while (hi - lo > 1) {
    // halve the stretch not yet decided; past an undecided position, try the half next to it
    let mid = Math.floor((lo + hi) / 2);
    if (known.has(mid)) {
      const free = [...Array(hi - lo - 1).keys()].map((i) => lo + 1 + i).filter((k) => !known.has(k));
      if (free.length === 0) break;
      mid = free.reduce((a, b) => (Math.abs(b - mid) < Math.abs(a - mid) ? b : a));
    }
    const p = await ask(mid);
    if (!p) return undefined;
    if (p.verdict === 'unknown') {
      undecided = mid;
      break;
    }
    take(mid, p);
  }
  const line = lo >= 0 ? (known.get(lo)?.moves ?? []) : [];
  return { n, winnable: lo, line, lost: hi, undecided: hi - lo > 1 ? undecided : undefined };
}

/**
 * What a losing move did: turned a face-down card up (`turn up`, the move a player makes in order
 * to see a card), played a card from the waste (`waste`), drew or redealt (`stock`), sent a card
 * home or brought one back (`home`), or moved cards between piles without turning one up (`tableau`).
 */
export type LosingKind = 'turn up' | 'waste' | 'stock' | 'home' | 'tableau';

/** The move that lost a game (`losingMove`). */
export interface LosingMove {
  /** Its number in the game, from 1: the position before it is won with every card known, the one after it lost. */
  index: number;
  move: AtomicMove;
  kind: LosingKind;
  /** Moves since the last card turned up before it (all the moves before it when none was). */
  sinceTurnUp: number;
}

/**
 * Replays a game from its deal up to move `index` (from 1; `Rewind.lost` when the walk found it)
 * and says what that move did; an error when a move is not legal there.
 */
export function losingMove(deal: Position, rules: Rules, moves: readonly AtomicMove[], index: number): Result<LosingMove> {
  if (!Number.isInteger(index) || index < 1 || index > moves.length)
    return err(`move ${index} is not a move of the game (1 to ${moves.length})`);
  const s = State.fromPosition(deal, rules);
  let last = 0;
  let turned = false;
  for (let i = 0; i < index; i++) {
    const x = findMove(s, moves[i]);
    if (!x.ok) return err(`move ${i + 1} is not legal: ${x.error}`);
    if (turned) last = i;
    const before = s.faceDownCount;
    make(s, x.value);
    turned = s.faceDownCount < before;
  }
  const m = moves[index - 1];
  const kind: LosingKind = turned
    ? 'turn up'
    : m.from === 'waste'
      ? 'waste'
      : m.from === 'stock' || m.to === 'stock'
        ? 'stock'
        : m.from[0] === 'f' || m.to[0] === 'f'
          ? 'home'
          : 'tableau';
  return ok({ index, move: m, kind, sinceTurnUp: index - 1 - last });
}
