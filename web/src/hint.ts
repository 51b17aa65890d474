/**
 * The Hint button's side of the non-peeking hint policies. A policy receives the observation of
 * the game (observation.ts: what the player sees, never the full state) and names a move, so it
 * cannot use a card the player has not seen.
 *
 * `HINT_POLICIES` lists the policies this build carries, first the default. It is empty until the
 * library ships its policies; the Hint button stays disabled, saying so, while it is.
 */
import type { AtomicMove } from '../../src/notation.ts';
import type { Game } from './game.ts';
import { type Observation, observe } from './observation.ts';

/** A hint policy: the move a player who sees only `o` should make, or undefined when it has none. */
export interface HintPolicy {
  name: string;
  hint(o: Observation): AtomicMove | undefined;
}

/** The policies of this build, the default first. */
export const HINT_POLICIES: readonly HintPolicy[] = [];

/** The default policy's move for a game, checked against the legal moves; undefined when there is none. */
export function hintFor(game: Game, policy: HintPolicy | undefined = HINT_POLICIES[0]): AtomicMove | undefined {
  if (!policy) return undefined;
  const m = policy.hint(observe(game));
  if (!m) return undefined;
  const legal = game.legalMoves().some((x) => x.from === m.from && x.to === m.to && x.count === m.count);
  return legal ? m : undefined;
}
