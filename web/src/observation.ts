/**
 * What the player sees of a game, and nothing more: the input of a hint that does not peek.
 *
 * Face-down tableau cards are only counted. The stock is listed in turning order with each card
 * the player has already drawn once (a careful player remembers it) and `null` for a card never
 * seen; after one full pass the whole order is known. The waste, the foundations, the face-up
 * runs, the pass and the rules are in plain view. The same game state with different unseen
 * cards gives the same observation (a test checks it), so a policy handed one cannot read them.
 */
import type { Card } from '../../src/cards.ts';
import type { Rules } from '../../src/types.ts';
import type { Game } from './game.ts';

/** One tableau pile as seen: how many cards lie face down, and the face-up run (bottom → top). */
export interface SeenPile {
  faceDown: number;
  faceUp: Card[];
}

/** A game as the player sees it. */
export interface Observation {
  rules: Rules;
  tableau: SeenPile[];
  /** Stock in turning order (first turned first): a card once drawn, or null when never seen. */
  stock: (Card | null)[];
  /** Waste, bottom → top. */
  waste: Card[];
  /** Top rank 0…13 on the foundation of each suit (clubs, diamonds, hearts, spades). */
  foundations: number[];
  pass: number;
  /** Cards of the last draw still fanned on the waste. */
  fan: number;
}

/** The observation of a game now. */
export function observe(game: Game): Observation {
  const p = game.position();
  return {
    rules: { ...game.rules },
    tableau: p.tableau.map((pile, i) => ({ faceDown: p.faceDown[i], faceUp: pile.slice(p.faceDown[i]) })),
    stock: p.stock.map((c) => (game.seen[c] ? c : null)),
    waste: p.waste.slice(),
    foundations: p.foundations.slice(),
    pass: p.pass,
    fan: game.fan,
  };
}
