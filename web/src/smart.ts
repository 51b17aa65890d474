/**
 * The smart tap: one tap (or click) on a card moves it, with the cards on it, to its best legal
 * place, chosen from what the player can see (the observation, as the hint sees it):
 *
 * 1. home, when that is safe (`isSafeHome`: no card of the other colour could ever want to go on it);
 * 2. else the card's move the hint order prefers (`priorityRank`: a run that uncovers a face-down
 *    card, the waste card onto a column), leaving aside a home move that is not safe;
 * 3. else home (not safe, but the one place the hint order names);
 * 4. else any other legal move of those cards: onto a card first, then into an empty column, the
 *    leftmost first (a foundation card comes back down this way).
 *
 * A card with no legal move is left where it is (the caller picks it up instead).
 */
import { isHomeMove, isSafeHome, priorityRank } from '../../src/hidden/index.ts';
import type { AtomicMove, PileName } from '../../src/index.ts';
import type { PlayedGame } from './played-game.ts';

/** The move a tap on `count` cards of `pile` makes, or undefined when those cards cannot move. */
export function smartMove(g: PlayedGame, pile: PileName, count: number): AtomicMove | undefined {
  const legal = g.legalMoves().filter((m) => m.from === pile && m.to !== 'stock' && m.count === count);
  if (legal.length === 0) return undefined;
  const o = g.observe();
  const home = legal.find(isHomeMove);
  if (home && isSafeHome(o, home)) return home;
  const ranked = legal
    .filter((m) => !isHomeMove(m))
    .map((m) => ({ m, r: priorityRank(o, m) }))
    .filter((x) => x.r !== Infinity)
    .sort((a, b) => a.r - b.r);
  if (ranked.length > 0) return ranked[0].m;
  if (home) return home;
  const p = g.position();
  const onCard = legal.find((m) => m.to[0] === 't' && p.tableau[Number(m.to.slice(1)) - 1].length > 0);
  return onCard ?? legal[0];
}
