/**
 * Cards are small integers 0…51: `card = (rank - 1) * 4 + suit`, with suits in the order
 * clubs, diamonds, hearts, spades (0…3) and ranks 1 (Ace) … 13 (King).
 *
 * This order makes the two useful relations cheap: red suits are 1 and 2, and the card of the
 * same rank and colour (its "twin") is `card ^ 3`. Lookup tables are built once at load, from the
 * relations the solver's core shares (core/shared/card-relations.ts).
 */
import { child1, child2, isRed, makeCard, parent1, parent2, rankOf } from '../core/shared/card-relations.ts';

/** A card 0…51. */
export type Card = number;
/** A suit 0…3: clubs, diamonds, hearts, spades. */
export type Suit = 0 | 1 | 2 | 3;

export const SUITS = 'cdhs';
export const RANKS = 'A23456789TJQK';
export const SUIT_SYMBOLS = ['♣', '♦', '♥', '♠'] as const;
export const CLUBS = 0;
export const DIAMONDS = 1;
export const HEARTS = 2;
export const SPADES = 3;
export const NUM_CARDS = 52;

/** Rank 1…13 of each card. */
export const RANK = new Uint8Array(52);
/** Suit 0…3 of each card. */
export const SUIT = new Uint8Array(52);
/** 1 for red cards (diamonds, hearts), 0 for black. */
export const RED = new Uint8Array(52);
/** The two cards a card can be built on (one rank higher, other colour); Kings: none (52). */
export const PARENT1 = new Int32Array(52);
export const PARENT2 = new Int32Array(52);
/** A card's children: the two cards one rank lower of the other colour (52 for an Ace, and for 52: none). */
export const CHILD1 = new Int32Array(53);
export const CHILD2 = new Int32Array(53);
for (let c = 0; c < 53; c++) {
  CHILD1[c] = child1(c);
  CHILD2[c] = child2(c);
}
for (let c = 0; c < 52; c++) {
  RANK[c] = rankOf(c);
  SUIT[c] = c & 3;
  RED[c] = isRed(c) ? 1 : 0;
  PARENT1[c] = parent1(c);
  PARENT2[c] = parent2(c);
}

/** The card of a rank 1…13 and suit 0…3. */
export { makeCard };

/** The same-rank, same-colour card of the other suit. */
export function twin(card: Card): Card {
  return card ^ 3;
}

/** True when `card` may be built on `onto` in the tableau (one rank lower, other colour). */
export function fitsOn(card: Card, onto: Card): boolean {
  return RANK[onto] === RANK[card] + 1 && RED[onto] !== RED[card];
}

/** Text code of a card: `Ah`, `Td`, `9s`, `Kc`. */
export function cardName(card: Card): string {
  return RANKS[RANK[card] - 1] + SUITS[SUIT[card]];
}

const RANK_ALIASES: Record<string, number> = { '10': 10, '1': 1 };

/** Parses a card code (`Ah`, `Td`, `10d`, case-insensitive); undefined when it is not a card. */
export function parseCard(text: string): Card | undefined {
  const t = text.trim();
  if (t.length < 2 || t.length > 3) return undefined;
  const suit = SUITS.indexOf(t[t.length - 1].toLowerCase());
  const r = t.slice(0, -1).toUpperCase();
  const rank = RANK_ALIASES[r] ?? RANKS.indexOf(r) + 1;
  if (suit < 0 || rank < 1 || rank > 13) return undefined;
  return makeCard(rank, suit);
}

/** Pretty form: `A♥`, `10♠`, coloured with ANSI codes when `colour` is set. */
export function cardPretty(card: Card, colour = false): string {
  const r = RANK[card] === 10 ? '10' : RANKS[RANK[card] - 1];
  const s = r + SUIT_SYMBOLS[SUIT[card]];
  if (!colour) return s;
  return RED[card] ? `\x1b[31m${s}\x1b[0m` : `\x1b[1m${s}\x1b[0m`;
}
