/**
 * A cheap post-pass that shortens a winning line without searching: it removes detours, each
 * change checked by replaying the whole line on the plain engine (`replay`), so the result always
 * wins from the same position and is never longer. It proves nothing about the shortest line
 * (the solver's `shortest` does).
 *
 * - Cycles: when the line comes back to a position it was in before (a card moved and moved
 *   back, the stock turned over and back to where it was without a play between), the moves in
 *   between go.
 * - Needless moves: a move whose removal leaves a line that still replays and wins goes (a card
 *   moved to a pile and later on from there can often go straight to where it ends).
 * - Short cuts: a card's (or run's) move followed later by a move of as many cards from where it
 *   put them becomes one move from the first pile to the last, made where the first was or where
 *   the second was, when the line still replays.
 * Each kind is tried until none applies.
 */
import { findMove } from './solution.ts';
import { make } from './moves.ts';
import type { AtomicMove } from './notation.ts';
import { pack } from './pack.ts';
import type { Position } from './position.ts';
import { State } from './state.ts';
import type { Rules } from '../types.ts';

/** True when the moves replay from the position and win. */
function wins(position: Position, rules: Rules, moves: readonly AtomicMove[]): boolean {
  const s = State.fromPosition(position, rules);
  for (const m of moves) {
    const r = findMove(s, m);
    if (!r.ok) return false;
    make(s, r.value);
  }
  return s.home === 52;
}

/** The line with every return to an earlier position cut out (the positions compared card for card, the pass too under a pass limit). */
function withoutCycles(position: Position, rules: Rules, moves: readonly AtomicMove[]): AtomicMove[] {
  const s = State.fromPosition(position, rules);
  const out: AtomicMove[] = [];
  const keyOf = (x: State): string => {
    if (rules.passes !== null) return pack(x).join(',');
    // with unlimited passes the pass number changes nothing
    const pass = x.pass;
    x.pass = 1;
    const key = pack(x).join(',');
    x.pass = pass;
    return key;
  };
  const seen = new Map<string, number>([[keyOf(s), 0]]);
  for (const m of moves) {
    const r = findMove(s, m);
    if (!r.ok) return [...moves];
    make(s, r.value);
    out.push(m);
    const key = keyOf(s);
    const at = seen.get(key);
    if (at !== undefined) {
      // back where the line was after `at` moves: the moves since then go, and so do the positions they passed
      for (const [k, v] of seen) if (v > at) seen.delete(k);
      out.length = at;
    } else seen.set(key, out.length);
  }
  return out;
}

/** How far the post-pass looks ahead for a later move of the same cards (short cuts). */
const REACH = 40;

/**
 * A shorter line that wins from the position, or the same one (module comment). `moves` must win
 * from the position under the rules; the result does too, and is never longer.
 */
export function shorten(position: Position, rules: Rules, moves: readonly AtomicMove[]): AtomicMove[] {
  if (!wins(position, rules, moves)) return [...moves];
  let line = withoutCycles(position, rules, moves);
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = 0; k < line.length; k++) {
      const m = line[k];
      if (m.from === 'stock' || m.to === 'stock') continue;
      // a needless move
      const without = [...line.slice(0, k), ...line.slice(k + 1)];
      if (wins(position, rules, without)) {
        line = without;
        changed = true;
        k--;
        continue;
      }
      // a short cut: the next move of the same cards, from where this one put them
      if (!m.to.startsWith('t')) continue;
      for (let j = k + 1; j < Math.min(line.length, k + REACH); j++) {
        const n = line[j];
        if (n.from !== m.to || n.count !== m.count || n.to === m.from) continue;
        // the one move where the first was, or where the second was
        const early = [...line.slice(0, k), { ...m, to: n.to }, ...line.slice(k + 1, j), ...line.slice(j + 1)];
        const late = [...line.slice(0, k), ...line.slice(k + 1, j), { ...n, from: m.from }, ...line.slice(j + 1)];
        const cut = wins(position, rules, early) ? early : wins(position, rules, late) ? late : undefined;
        if (cut) {
          line = cut;
          changed = true;
          break;
        }
      }
    }
  }
  return line;
}
