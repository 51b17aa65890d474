/**
 * The ranking of the search player's candidate segments once weighed over the worlds: the value a
 * candidate is ranked by (the worlds won after it, or those won quickly, plus a bonus for
 * revealing now), the order with its tie rules, the tie-breakers read off the worlds, and the
 * candidates as they are shown, one per first move.
 */
import { genAtomic } from '../engine/moves.ts';
import type { Position } from '../engine/position.ts';
import type { Rules } from '../types.ts';
import { type Candidate, moveKey } from './policy.ts';
import { type Segment, playState, segmentNote } from './segment.ts';
import type { SearchOptions } from './settings.ts';

/** A candidate segment weighed over the worlds won. */
export interface Weighed {
  seg: Segment;
  /** Worlds won after it. */
  wins: number;
  /** Worlds won after it within `quick` nodes (counted only when `quick` is above 0). */
  quick: number;
  /** False when weighing stopped early because it could not reach the best. */
  complete: boolean;
  /** Its reveal bonus (`revealBonus` for a single revealing move, else 0). */
  bonus: number;
  /** Its first move's place in the hint order. */
  rank: number;
  /** Tie-breakers (set only among the candidates tied at the best value, with `ties: 'home'`): cards home at its end, legal moves after it summed over the worlds. */
  home: number;
  open: number;
  /** Worlds weighed. */
  weighed: number;
  /** With `shared`, among the leaders: the worlds won when one next segment serves all the worlds revealing the same card (else undefined). */
  shared?: number;
}

/** The value a candidate is ranked by: the worlds won after it (only those won quickly when `quick` is above 0), plus its bonus. */
export function weighedValue(r: Weighed, quick: number): number {
  return (quick > 0 ? r.quick : r.wins) + r.bonus;
}

/**
 * Orders weighed candidates, best first: fully weighed ones first, then by value, then by wins,
 * then by the tie rule (`short`: fewer moves, then more plans; `support`: more plans, then more
 * moves; `home`: more cards home at its end, then more legal moves after it, then as `short`), then
 * by the hint order.
 */
export function compareWeighed(a: Weighed, b: Weighed, options: Pick<SearchOptions, 'quick' | 'ties'>): number {
  const short = a.seg.moves.length - b.seg.moves.length || b.seg.support - a.seg.support;
  const ties =
    options.ties === 'short'
      ? short
      : options.ties === 'home'
        ? b.home - a.home || b.open - a.open || short
        : b.seg.support - a.seg.support || b.seg.moves.length - a.seg.moves.length;
  return (
    Number(b.complete) - Number(a.complete) ||
    weighedValue(b, options.quick) - weighedValue(a, options.quick) ||
    b.wins - a.wins ||
    ties ||
    a.rank - b.rank
  );
}

/**
 * Sorts weighed candidates best first: those weighed again for `shared` (the leaders) first, by
 * that value, then every one by `compareWeighed`.
 */
export function rankWeighed(results: Weighed[], options: Pick<SearchOptions, 'quick' | 'ties'>): Weighed[] {
  return results.sort((a, b) => (b.shared ?? -1) - (a.shared ?? -1) || compareWeighed(a, b, options));
}

const MOVE_BUFFER = new Int32Array(256);

/** Sets a tied candidate's tie-breakers: cards home at its end, and the legal moves after it (summed over the worlds). */
export function openAfter(x: Weighed, pool: readonly { pos: Position }[], rules: Rules): void {
  x.open = 0;
  x.home = -1;
  for (const w of pool) {
    const s = playState(w.pos, rules, x.seg.moves);
    if (!s) continue;
    if (x.home < 0) x.home = s.home;
    x.open += genAtomic(s, MOVE_BUFFER);
  }
}

/** One candidate per first move (its best segment), best first; with `cards`, its note gives the cards home expected. */
export function shownCandidates(
  results: { seg: Segment; wins: number; complete: boolean; shared?: number }[],
  total: number,
  cards: boolean,
): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const r of results) {
    const k = moveKey(r.seg.moves[0]);
    if (seen.has(k)) continue;
    seen.add(k);
    const expected = cards && r.complete ? `${(r.wins / total).toFixed(1)} cards home expected; ` : '';
    const shared = r.shared === undefined ? '' : `${r.shared} won with one next move per card revealed; `;
    out.push({
      move: r.seg.moves[0],
      chance: r.complete && !cards ? r.wins / total : undefined,
      wins: r.complete && !cards ? r.wins : undefined,
      samples: total,
      shared: r.shared,
      note: r.complete ? `${expected}${shared}${segmentNote(r.seg)}` : `${segmentNote(r.seg)}; cut off: cannot beat the best`,
    });
  }
  return out;
}
