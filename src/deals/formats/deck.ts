/**
 * The 156-digit deck strings: Klondike-Solver's (52 groups `RRS` in ShootMe deal order, suit
 * digits 1 = clubs, 2 = diamonds, 3 = hearts, 4 = spades) and KSolve's reading of the same layout
 * (3 = spades, 4 = hearts). Fresh deals only.
 */
import { type Card, RANK, SUIT, cardName, makeCard } from '../../engine/cards.ts';
import { dealFromDeckOrder, deckOrder } from '../families.ts';
import { type Position, dealPosition, hasUnseen, isFreshDeal, validatePosition } from '../../engine/position.ts';
import { type Result, err, ok } from '../../types.ts';

// Suit digit 1…4 → our suit, and back.
const KS_DIGIT_SUIT = [0, 1, 2, 3];
const KSOLVE_DIGIT_SUIT = [0, 1, 3, 2];

export function parseDeck(text: string, ksolve: boolean): Result<Position> {
  const name = ksolve ? 'ksolve-deck string' : 'deck string';
  const t = text.replace(/\s+/g, '');
  const bad = /[^0-9]/.exec(t);
  if (bad) return err(`${name}: unexpected character ${JSON.stringify(bad[0])} at position ${bad.index + 1} (only digits allowed)`);
  if (t.length !== 156)
    return err(
      `${name} has ${t.length} digits (${Math.floor(t.length / 3)} cards${t.length % 3 ? ' and a partial one' : ''}) instead of 156 (52 cards × 3 digits)`,
    );
  const digitSuit = ksolve ? KSOLVE_DIGIT_SUIT : KS_DIGIT_SUIT;
  const cards: Card[] = [];
  const seenAt = new Array<number>(52).fill(0);
  for (let i = 0; i < 52; i++) {
    const group = t.slice(i * 3, i * 3 + 3);
    const rank = Number(group.slice(0, 2));
    const sd = Number(group[2]);
    if (rank < 1 || rank > 13) return err(`${name}: unknown card ${group} at card ${i + 1} (rank must be 01…13)`);
    if (sd < 1 || sd > 4) return err(`${name}: unknown card ${group} at card ${i + 1} (suit digit must be 1…4)`);
    const c = makeCard(rank, digitSuit[sd - 1]);
    if (seenAt[c]) return err(`${name}: duplicate card ${cardName(c)} at card ${i + 1} (also card ${seenAt[c]})`);
    seenAt[c] = i + 1;
    cards.push(c);
  }
  return validatePosition(dealPosition(dealFromDeckOrder(cards)));
}

export function makeDeck(p: Position, ksolve: boolean): Result<string> {
  const name = ksolve ? 'ksolve-deck' : 'deck';
  if (!isFreshDeal(p))
    return err(`the ${name} format holds only fresh deals; this position has cards moved (use json, solvitaire or pysol)`);
  if (hasUnseen(p)) return err(`the ${name} format cannot hold unseen cards (use json, solvitaire or pysol)`);
  const digitSuit = ksolve ? KSOLVE_DIGIT_SUIT : KS_DIGIT_SUIT;
  const s = deckOrder({ tableau: p.tableau, stock: p.stock })
    .map((c) => String(RANK[c]).padStart(2, '0') + String(digitSuit.indexOf(SUIT[c]) + 1))
    .join('');
  return ok(s + '\n');
}
