/**
 * Seed families: three existing numberings of Klondike deals, reproduced card for card
 * (see SEEDS.md and fixtures/deals.jsonl).
 *
 * - `solvitaire` (default): MT19937 + a uniform Fisher–Yates shuffle, dealt from the end of the deck.
 * - `klondike-solver`: Klondike-Solver `/GAME N` and KSolve `-g N`, dealt in ShootMe order.
 * - `greenfelt`: greenfelt.net game ids, Park–Miller shuffle, reversed, dealt in ShootMe order.
 *
 * "ShootMe order" is also the card order of the 156-digit deck string (formats.ts): for row
 * j = 0…6 the top card of pile j+1, then the card at height j of piles j+2…7; then the 24 stock
 * cards, first turned first. `deckOrder` / `dealFromDeckOrder` convert between a deal and it.
 */
import { type Card, CLUBS, DIAMONDS, HEARTS, SPADES, makeCard } from './cards.ts';
import type { Deal } from './position.ts';
import { FAMILIES, type Family, type Result, err, ok } from './types.ts';
import { KsRandom, Mt19937, ParkMiller } from './rng.ts';

/** The seeds each family accepts: whole numbers min ≤ N ≤ max. */
export const FAMILY_RANGES: Record<Family, { min: number; max: number; label: string }> = {
  solvitaire: { min: 0, max: 2 ** 32 - 1, label: '0 ≤ N < 2^32' },
  'klondike-solver': { min: 0, max: 2 ** 31 - 1, label: '0 ≤ N < 2^31' },
  greenfelt: { min: 0, max: 2 ** 32 - 1, label: '0 ≤ N < 2^32' },
};

/** Reads a family name (case-insensitive). */
export function parseFamily(text: string): Result<Family> {
  const t = text.trim().toLowerCase();
  const f = FAMILIES.find((x) => x === t);
  return f ? ok(f) : err(`unknown seed family ${JSON.stringify(text)} (expected ${FAMILIES.join(', ')})`);
}

/** The deal of seed `seed` in `family`; an error when the seed is outside the family's range. */
export function dealFromSeed(seed: number, family: Family = 'solvitaire'): Result<Deal> {
  const range = FAMILY_RANGES[family];
  if (range === undefined) return err(`unknown seed family ${JSON.stringify(family)} (expected ${FAMILIES.join(', ')})`);
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < range.min || seed > range.max)
    return err(`${family} seeds are whole numbers ${range.label}, got ${seed}`);
  switch (family) {
    case 'solvitaire':
      return ok(solvitaireDeal(seed));
    case 'klondike-solver':
      return ok(klondikeSolverDeal(seed));
    case 'greenfelt':
      return ok(greenfeltDeal(seed));
  }
}

const SOLVITAIRE_SUITS = [CLUBS, HEARTS, SPADES, DIAMONDS];

function solvitaireDeal(seed: number): Deal {
  const rng = new Mt19937(seed);
  const deck: Card[] = [];
  for (let k = 0; k < 52; k++) deck.push(makeCard((k >> 2) + 1, SOLVITAIRE_SUITS[k & 3]));
  for (let i = 51; i >= 1; i--) {
    const bucket = Math.floor(2 ** 32 / (i + 1));
    let r: number;
    do r = Math.floor(rng.next() / bucket);
    while (r > i);
    const t = deck[i];
    deck[i] = deck[r];
    deck[r] = t;
  }
  // Stock: deck[51] is taken first, deck[28] last, and the last one taken is turned first.
  const stock = deck.slice(28, 52);
  const tableau: Card[][] = [[], [], [], [], [], [], []];
  let next = 27;
  for (let row = 0; row < 7; row++) {
    for (let pile = 6; pile >= row; pile--) tableau[pile].push(deck[next--]);
  }
  return { tableau, stock };
}

const KS_SUITS = [CLUBS, DIAMONDS, SPADES, HEARTS];

function klondikeSolverDeal(seed: number): Deal {
  const rng = new KsRandom(seed);
  const cards: Card[] = [];
  for (let i = 0; i < 52; i++) cards.push(makeCard((i % 13) + 1, KS_SUITS[Math.floor(i / 13)]));
  for (let x = 0; x < 269; x++) {
    const k = rng.next() % 52;
    const j = rng.next() % 52;
    const t = cards[k];
    cards[k] = cards[j];
    cards[j] = t;
  }
  return dealFromDeckOrder(cards);
}

function greenfeltDeal(seed: number): Deal {
  const rng = new ParkMiller(seed);
  const cards: Card[] = [];
  for (let i = 0; i < 52; i++) cards.push(makeCard((i % 13) + 1, Math.floor(i / 13)));
  for (let round = 0; round < 7; round++) {
    for (let j = 0; j < 52; j++) {
      const k = rng.next() % 52;
      const t = cards[j];
      cards[j] = cards[k];
      cards[k] = t;
    }
  }
  cards.reverse();
  return dealFromDeckOrder(cards);
}

/** Positions in a fresh deal of the cards of ShootMe order 0…27: [pile, height]. */
const SHOOTME_SLOTS: [number, number][] = [];
for (let row = 0; row < 7; row++) {
  SHOOTME_SLOTS.push([row, row]);
  for (let pile = row + 1; pile < 7; pile++) SHOOTME_SLOTS.push([pile, row]);
}

/** Deals 52 cards in ShootMe order (28 tableau cards row by row, then the stock, first turned first). */
export function dealFromDeckOrder(cards: readonly Card[]): Deal {
  const tableau: Card[][] = Array.from({ length: 7 }, (_, i) => new Array<Card>(i + 1));
  for (let i = 0; i < 28; i++) {
    const [pile, height] = SHOOTME_SLOTS[i];
    tableau[pile][height] = cards[i];
  }
  return { tableau, stock: cards.slice(28, 52) };
}

/** The 52 cards of a fresh deal in ShootMe order (the inverse of `dealFromDeckOrder`). */
export function deckOrder(deal: Deal): Card[] {
  const out: Card[] = SHOOTME_SLOTS.map(([pile, height]) => deal.tableau[pile][height]);
  return out.concat(deal.stock);
}
