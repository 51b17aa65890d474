/// <reference path="./portable.d.ts" preserve="true" />
/**
 * The card relations, written once for both sides: the rules engine (src/engine/cards.ts builds
 * its lookup tables from these) and the solver's core (src/core/card-lookups.ts builds its own, in the
 * core's memory). Cards are 0…51, `card = (rank - 1) * 4 + suit`, suits clubs, diamonds, hearts,
 * spades (0…3); 52 stands for "no card". Portable code: it compiles as TypeScript (with i32 and
 * bool as number and boolean, portable.d.ts) and as AssemblyScript.
 */

/** "No card": a King's parents, an Ace's children, the bottom of a pile. */
export const NO_CARD: i32 = 52;

/** The card of a rank 1…13 and suit 0…3. */
export function makeCard(rank: i32, suit: i32): i32 {
  return (rank - 1) * 4 + suit;
}

/** Rank 1…13 of a card. */
export function rankOf(c: i32): i32 {
  return (c >> 2) + 1;
}

/** Diamonds and hearts are red. */
export function isRed(c: i32): bool {
  return (c & 3) === 1 || (c & 3) === 2;
}

/** The first card that card c goes on (one rank higher, the black one for a red card): clubs or diamonds; NO_CARD for a King. */
export function parent1(c: i32): i32 {
  return c < 52 && rankOf(c) < 13 ? makeCard(rankOf(c) + 1, isRed(c) ? 0 : 1) : NO_CARD;
}

/** The second card that card c goes on: spades or hearts; NO_CARD for a King. */
export function parent2(c: i32): i32 {
  return c < 52 && rankOf(c) < 13 ? makeCard(rankOf(c) + 1, isRed(c) ? 3 : 2) : NO_CARD;
}

/** The first card that goes on card c (one rank lower, other colour): clubs or diamonds; NO_CARD for an Ace. */
export function child1(c: i32): i32 {
  return c < 52 && rankOf(c) > 1 ? makeCard(rankOf(c) - 1, isRed(c) ? 0 : 1) : NO_CARD;
}

/** The second card that goes on card c: spades or hearts; NO_CARD for an Ace. */
export function child2(c: i32): i32 {
  return c < 52 && rankOf(c) > 1 ? makeCard(rankOf(c) - 1, isRed(c) ? 3 : 2) : NO_CARD;
}
