/**
 * Seed families: numberings of Klondike deals, reproduced card for card (test/fixtures has
 * reference deals checked against the original programs; docs/formats.md states the algorithms of
 * the big families).
 *
 * - `solvitaire` (default): MT19937 + a uniform Fisher–Yates shuffle, dealt from the end of the deck.
 * - `klondike-solver`: Klondike-Solver `/GAME N` and KSolve `-g N`, dealt in ShootMe order.
 * - `greenfelt`: greenfelt.net game ids, Park–Miller shuffle, reversed, dealt in ShootMe order.
 * - `microsoft`, `exact`: whole numbers 0 ≤ N < 52! (big-families.ts): Microsoft Solitaire
 *   Collection's deal codes, and one exact number for every deal. `exactCode` maps any fresh deal
 *   back to its number.
 *
 * Seeds are `number | bigint`: the small families take either (a bigint is converted), the big ones
 * need a bigint above 2^53 (a double cannot hold a 68-digit code exactly, so an unsafe number is
 * refused rather than rounded). `parseSeed` reads a seed text exactly.
 *
 * "ShootMe order" is also the card order of the 156-digit deck string (formats/deck.ts): for row
 * j = 0…6 the top card of pile j+1, then the card at height j of piles j+2…7; then the 24 stock
 * cards, first turned first. `deckOrder` / `dealFromDeckOrder` convert between a deal and it.
 */
import { MAX_CODE, exactCodeOfOrder, exactOrder, microsoftCodeOfOrder, microsoftOrder } from './big-families.ts';
import { type Card, CLUBS, DIAMONDS, HEARTS, SPADES, makeCard } from '../engine/cards.ts';
import { type Deal, type Position, isFreshDeal } from '../engine/position.ts';
import { KsRandom, Mt19937, ParkMiller } from './rng.ts';
import { FAMILIES, type Family, type Result, err, ok } from '../types.ts';

/** A seed: a whole number, as a bigint when it may exceed 2^53 (codes of the big families). */
export type Seed = number | bigint;

/** The seeds each family accepts: whole numbers min ≤ N ≤ max. */
export const FAMILY_RANGES: Record<Family, { min: bigint; max: bigint; label: string }> = {
  solvitaire: { min: 0n, max: 2n ** 32n - 1n, label: '0 ≤ N < 2^32' },
  'klondike-solver': { min: 0n, max: 2n ** 31n - 1n, label: '0 ≤ N < 2^31' },
  greenfelt: { min: 0n, max: 2n ** 32n - 1n, label: '0 ≤ N < 2^32' },
  microsoft: { min: 0n, max: MAX_CODE, label: '0 ≤ N < 52!' },
  exact: { min: 0n, max: MAX_CODE, label: '0 ≤ N < 52!' },
};

/** Reads a family name (case-insensitive). */
export function parseFamily(text: string): Result<Family> {
  const t = text.trim().toLowerCase();
  const f = FAMILIES.find((x) => x === t);
  return f ? ok(f) : err(`unknown seed family ${JSON.stringify(text)} (expected ${FAMILIES.join(', ')})`);
}

/** A seed text for an error message: long ones shortened to their first digits and length. */
function shown(text: string): string {
  const t = text.trim();
  return t.length > 80 ? `${JSON.stringify(t.slice(0, 24))}… (${t.length} characters)` : JSON.stringify(t);
}

/**
 * Reads a seed written in decimal digits, exactly (any length, leading zeros allowed), without
 * checking a family's range; a one-line error for anything else (sign, fraction, exponent, …).
 */
export function parseSeedText(text: string): Result<bigint> {
  const t = text.trim();
  if (/^[0-9]+$/.test(t)) return ok(BigInt(t));
  const why =
    t === ''
      ? 'seed is empty'
      : /^-[0-9]+$/.test(t)
        ? 'seeds are never negative'
        : /^[+-]?[0-9]*\.[0-9]*$/.test(t) && /[0-9]/.test(t)
          ? /^[+-]?[0-9]*\.0*$/.test(t)
            ? 'write the seed without a decimal point'
            : 'a seed has no fraction'
          : /^[+-]?[0-9.]+e[+-]?[0-9]+$/i.test(t)
            ? 'write every digit of the seed (no exponent: it would not be exact)'
            : 'seed must be a whole number';
  return err(`${why}, got ${shown(text)}`);
}

/** Reads a seed of `family` exactly: decimal digits within the family's range, or a one-line error. */
export function parseSeed(text: string, family: Family): Result<bigint> {
  const range = FAMILY_RANGES[family];
  if (range === undefined) return err(`unknown seed family ${JSON.stringify(family)} (expected ${FAMILIES.join(', ')})`);
  const n = parseSeedText(text);
  if (!n.ok) return err(`${family} seeds are whole numbers ${range.label}: ${n.error}`);
  if (n.value < range.min || n.value > range.max) return err(`${family} seeds are whole numbers ${range.label}, got ${shown(text)}`);
  return n;
}

/** The deal of seed `seed` in `family`; an error when the seed is outside the family's range. */
export function dealFromSeed(seed: Seed, family: Family = 'solvitaire'): Result<Deal> {
  const range = FAMILY_RANGES[family];
  if (range === undefined) return err(`unknown seed family ${JSON.stringify(family)} (expected ${FAMILIES.join(', ')})`);
  const bad = () => err(`${family} seeds are whole numbers ${range.label}, got ${seed}`);
  let n: bigint;
  if (typeof seed === 'bigint') n = seed;
  else if (typeof seed === 'number' && Number.isSafeInteger(seed)) n = BigInt(seed);
  else if (typeof seed === 'number' && Number.isInteger(seed) && range.max <= BigInt(Number.MAX_SAFE_INTEGER)) return bad();
  else if (typeof seed === 'number' && Number.isInteger(seed))
    return err(`${family} seeds above 2^53 must be given exactly (as a bigint or in digits), got the number ${seed}`);
  else return bad();
  if (n < range.min || n > range.max) return bad();
  switch (family) {
    case 'solvitaire':
      return ok(solvitaireDeal(Number(n)));
    case 'klondike-solver':
      return ok(klondikeSolverDeal(Number(n)));
    case 'greenfelt':
      return ok(greenfeltDeal(Number(n)));
    case 'microsoft':
      return ok(dealFromDeckOrder(microsoftOrder(n)));
    case 'exact':
      return ok(dealFromStandardForm(exactOrder(n)));
  }
}

/** The exact code of a fresh deal (0 ≤ N < 52!): `dealFromSeed(exactCode(d), 'exact')` deals d again. */
export function exactCode(deal: Deal): bigint {
  return exactCodeOfOrder(standardForm(deal));
}

/** The Microsoft Solitaire Collection code of a fresh deal: `dealFromSeed(microsoftCode(d), 'microsoft')` deals d again. */
export function microsoftCode(deal: Deal): bigint {
  return microsoftCodeOfOrder(deckOrder(checkDealShape(deal)));
}

/** The exact code of a position that is a fresh deal; a mid-game position has none (an error). */
export function positionCode(p: Position): Result<bigint> {
  if (!isFreshDeal(p))
    return err(
      'a mid-game position has no exact code: only a fresh deal (7 piles of 1…7 cards, the top one face up, all 24 others in the stock) has one',
    );
  return ok(exactCode({ tableau: p.tableau, stock: p.stock }));
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

/**
 * Deals 52 cards in standard form (lonelybot's layout, used by the `exact` family): pile p
 * (p = 0…6) is cards[p(p+1)/2 … p(p+1)/2 + p] bottom → top, then the stock, first turned first.
 */
export function dealFromStandardForm(cards: readonly Card[]): Deal {
  const tableau: Card[][] = [];
  for (let p = 0; p < 7; p++) tableau.push(cards.slice((p * (p + 1)) / 2, ((p + 1) * (p + 2)) / 2));
  return { tableau, stock: cards.slice(28, 52) };
}

/** The 52 cards of a fresh deal in standard form (the inverse of `dealFromStandardForm`). */
export function standardForm(deal: Deal): Card[] {
  const d = checkDealShape(deal);
  const out: Card[] = [];
  for (const pile of d.tableau) for (const c of pile) out.push(c);
  for (const c of d.stock) out.push(c);
  return out;
}

/** A deal with piles of 1…7 cards and a 24-card stock; a RangeError otherwise (a programming error: parsers validate deals). */
function checkDealShape(deal: Deal): Deal {
  if (deal.tableau.length !== 7 || deal.tableau.some((p, i) => p.length !== i + 1) || deal.stock.length !== 24)
    throw new RangeError('a fresh deal has 7 piles of 1…7 cards and a 24-card stock');
  return deal;
}
