/**
 * What the player of the app sees: the library's `Observation` (src/hidden/observation.ts, the
 * one `klondike hint` and `klondike odds` take), made from the app's game. This module is only the
 * adapter: face-down cards become UNSEEN, and so does every stock card the player has not drawn
 * yet (the real game: a careful player remembers each card once drawn, so after a whole pass the
 * stock order is known). The waste, the foundations, the face-up runs, the pass and the rules are
 * in plain view.
 *
 * The observation crosses to the worker as its seen position (UNSEEN kept) and the rules, and the
 * worker rebuilds it with `Observation.of`: the hidden cards are never in the message.
 */
import { Observation, observedPosition } from '../../src/hidden/index.ts';
import { type Position, UNSEEN, type Rules } from '../../src/index.ts';
import type { Game } from './game.ts';

/** An observation as posted to a worker: the seen position (UNSEEN where hidden) and the rules. */
export interface SeenMessage {
  position: Position;
  rules: Rules;
}

/** The observation of a game now. */
export function observe(game: Game): Observation {
  const p = game.position();
  const seen: Position = {
    ...p,
    tableau: p.tableau.map((pile, i) => pile.map((c, j) => (j < p.faceDown[i] ? UNSEEN : c))),
    stock: p.stock.map((c) => (game.seen[c] ? c : UNSEEN)),
  };
  const o = Observation.of(seen, game.rules);
  // A game's position is always valid, so this cannot fail short of a bug.
  if (!o.ok) throw new Error(`internal: bad observation: ${o.error}`);
  return o.value;
}

/** The message form of an observation. */
export function seenMessage(o: Observation): SeenMessage {
  return { position: observedPosition(o), rules: { ...o.rules } };
}

/** The observation back from its message form (in the worker). */
export function fromMessage(m: SeenMessage): Observation {
  const o = Observation.of(m.position, m.rules);
  if (!o.ok) throw new Error(`bad observation: ${o.error}`);
  return o.value;
}
