/**
 * The shared next moves (`shared` in the search settings): at draw 1 the leaders of a decision are
 * weighed again as a player who will not know the cards still hidden after them would play them,
 * one next segment for every world that shows the same revealed cards.
 */
import type { AtomicMove } from '../engine/notation.ts';
import type { Position } from '../engine/position.ts';
import { type Segment, addSegment, playOut, segmentOf, startsWith } from './segment.ts';
import { type Round, type Worlds, revealedCards } from './worlds.ts';

/**
 * A leader's value to a player who will not know the cards still hidden after it: its worlds
 * won are grouped by the card the segment reveals in each (the player sees only that card), and
 * each group counts the most worlds one next segment wins in all of them (the next segments
 * tried are the two that most of the group's lines begin with; a world whose line begins with
 * one is won after it, the others are solved).
 */
export function sharedValue(round: Round, seg: Segment, worlds: Worlds, macro: boolean): number {
  const { o, pool, hidden } = round;
  const groups = new Map<string, { revealed: number[]; worlds: { pos: Position; plan: AtomicMove[] }[] }>();
  for (const w of pool) {
    const r = round.after.get(w)?.get(seg.key);
    if (r?.status !== 'winnable') continue;
    const pos = playOut(w.pos, o.rules, seg.moves);
    if (!pos) continue;
    const revealed = revealedCards(pos, hidden);
    const key = revealed.join(',');
    const group = groups.get(key) ?? { revealed, worlds: [] };
    groups.set(key, group);
    group.worlds.push({ pos, plan: r.plan });
  }
  let total = 0;
  for (const { revealed, worlds: g } of groups.values()) {
    const still = hidden.slice();
    for (const c of revealed) still[c] = 0;
    const byKey = new Map<string, Segment>();
    for (const x of g) addSegment(byKey, segmentOf(x.pos, o.rules, x.plan, still, macro), 1);
    if (g.length === 1 || byKey.size <= 1) {
      total += g.length;
      continue;
    }
    const tries = [...byKey.values()].sort((a, b) => b.support - a.support || a.moves.length - b.moves.length).slice(0, 2);
    let best = 0;
    for (const next of tries) {
      let won = 0;
      let left = g.length;
      for (const x of g) {
        left--;
        if (x.plan.length === 0 || startsWith(x.plan, next.moves)) won++;
        else {
          const after = playOut(x.pos, o.rules, next.moves);
          if (after && worlds.solveAs(after, o.rules, false).status === 'winnable') won++;
        }
        if (won + left <= best) break;
      }
      best = Math.max(best, won);
      if (best === g.length) break;
    }
    total += best;
  }
  return total;
}
