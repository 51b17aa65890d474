/**
 * Positions as plain data: the unpacked, human-facing form of a game (a fresh deal or a position
 * in the middle of a game), validated once through `validatePosition`. The solver's packed state
 * (`state.ts`) is built from a validated Position and can be turned back into one.
 *
 * Our JSON form: `{"tableau": [[bottom … top] × 7], "stock": [first turned … last],
 * "faceDown": [n1 … n7], "waste": [bottom … top], "foundations": {"c","d","h","s"}, "pass": 1…}`.
 * Missing keys take the values of a fresh deal.
 *
 * Unseen cards: a position as a player sees it may give face-down tableau cards and stock cards as
 * `"??"` (UNSEEN). `validatePartialPosition` accepts those; `validatePosition`, which the solver and
 * the engine need, refuses them. The unseen cards are exactly the 52 minus those written.
 */
import { type Card, NUM_CARDS, cardName, fitsOn, makeCard, parseCard } from './cards.ts';
import { type Result, type Rules, err, ok } from '../types.ts';

/**
 * A card the player has not seen, `??` in every text format: the value 52, one past the last card,
 * so a position holding it is never a valid complete position.
 */
export const UNSEEN = 52;

/** What a card is, for an error naming a value that is not one. */
const CARD_RANGE = `cards are whole numbers 0…${NUM_CARDS - 1}, (rank − 1) × 4 + suit`;

/** The text code of a card, or `??` for UNSEEN. */
export function slotName(c: Card): string {
  return c === UNSEEN ? '??' : cardName(c);
}

/** A game position: piles bottom → top, stock in turning order, foundations as heights c d h s. */
export interface Position {
  tableau: Card[][];
  /** How many cards at the bottom of each pile are face down. */
  faceDown: number[];
  /** Stock, first card to be turned first. */
  stock: Card[];
  /** Waste, bottom → top (the last card is playable). */
  waste: Card[];
  /** Top rank 0…13 on the foundation of each suit, in the order clubs, diamonds, hearts, spades. */
  foundations: number[];
  /** The current pass through the stock, from 1. */
  pass: number;
}

/** A fresh deal: 7 piles of 1…7 cards and the 24-card stock. */
export interface Deal {
  tableau: Card[][];
  stock: Card[];
}

/** The position at the start of a deal. */
export function dealPosition(deal: Deal): Position {
  return {
    tableau: deal.tableau.map((p) => p.slice()),
    faceDown: deal.tableau.map((p) => Math.max(0, p.length - 1)),
    stock: deal.stock.slice(),
    waste: [],
    foundations: [0, 0, 0, 0],
    pass: 1,
  };
}

/** True when the position is exactly the start of a deal (1…7 cards, all but the top face down). */
export function isFreshDeal(p: Position): boolean {
  return (
    p.waste.length === 0 &&
    p.pass === 1 &&
    p.foundations.every((f) => f === 0) &&
    p.tableau.every((pile, i) => pile.length === i + 1 && p.faceDown[i] === i)
  );
}

/** True when `pass` is a pass number a position may carry: a whole number from 1 to 2^53 − 1 (exact in a double). */
export function isPassNumber(pass: unknown): pass is number {
  return typeof pass === 'number' && Number.isSafeInteger(pass) && pass >= 1;
}

/**
 * Checks a position: 7 piles, 52 distinct cards in all, no face-down top, face-up runs, sane
 * foundations, a pass number from 1 to 2^53 − 1. Given the rules, also that the pass is within
 * their pass limit (under unlimited passes the number does not matter).
 */
export function validatePosition(p: Position, rules?: Rules): Result<Position> {
  if (!Array.isArray(p.tableau) || p.tableau.length !== 7) return err(`tableau must have 7 piles, got ${p.tableau?.length}`);
  if (!Array.isArray(p.faceDown) || p.faceDown.length !== 7) return err('faceDown must list 7 counts');
  if (!Array.isArray(p.foundations) || p.foundations.length !== 4) return err('foundations must give 4 heights');
  if (!isPassNumber(p.pass)) return err(`pass must be a whole number from 1 to 2^53 − 1, got ${p.pass}`);
  if (rules && rules.passes !== null && p.pass > rules.passes)
    return err(`the position is on pass ${p.pass}, past the limit of ${rules.passes} pass${rules.passes === 1 ? '' : 'es'}`);
  const seen = new Array<string>(NUM_CARDS).fill('');
  const place = (c: Card, where: string): string | undefined => {
    if (c === UNSEEN) return `unseen card ?? (card ${UNSEEN}) at ${where}: every card must be known here`;
    if (!Number.isInteger(c) || c < 0 || c >= NUM_CARDS) return `unknown card ${String(c)} at ${where}: ${CARD_RANGE}`;
    if (seen[c]) return `duplicate card ${cardName(c)} at ${where} (also at ${seen[c]})`;
    seen[c] = where;
    return undefined;
  };
  for (let s = 0; s < 4; s++) {
    const h = p.foundations[s];
    if (!Number.isInteger(h) || h < 0 || h > 13) return err(`foundation ${'cdhs'[s]} must hold 0…13 cards, got ${h}`);
    for (let r = 1; r <= h; r++) {
      const e = place(makeCard(r, s), `foundation ${'cdhs'[s]}`);
      if (e) return err(e);
    }
  }
  for (let i = 0; i < 7; i++) {
    const pile = p.tableau[i];
    const down = p.faceDown[i];
    if (!Array.isArray(pile)) return err(`pile t${i + 1} is not a list`);
    if (!Number.isInteger(down) || down < 0) return err(`faceDown of t${i + 1} must be a whole number ≥ 0, got ${String(down)}`);
    if (pile.length > 0 && down >= pile.length) return err(`face-down card on top of pile t${i + 1}`);
    if (pile.length === 0 && down > 0) return err(`pile t${i + 1} is empty but has ${down} face-down cards`);
    for (let j = 0; j < pile.length; j++) {
      const e = place(pile[j], `t${i + 1} card ${j + 1}`);
      if (e) return err(e);
    }
    for (let j = down + 1; j < pile.length; j++) {
      if (!fitsOn(pile[j], pile[j - 1]))
        return err(`face-up cards of t${i + 1} do not form a run at ${cardName(pile[j - 1])} ${cardName(pile[j])}`);
    }
  }
  for (let j = 0; j < p.stock.length; j++) {
    const e = place(p.stock[j], `stock card ${j + 1}`);
    if (e) return err(e);
  }
  for (let j = 0; j < p.waste.length; j++) {
    const e = place(p.waste[j], `waste card ${j + 1}`);
    if (e) return err(e);
  }
  const missing = seen.map((w, c) => (w ? -1 : c)).filter((c) => c >= 0);
  if (missing.length > 0)
    return err(
      `${52 - missing.length} cards instead of 52: missing ${missing.slice(0, 6).map(cardName).join(' ')}${missing.length > 6 ? ' …' : ''}`,
    );
  return ok(p);
}

/**
 * Checks a position that may hold UNSEEN cards: only face-down tableau cards and stock cards may be
 * unseen, and the unseen slots must be exactly as many as the cards not written anywhere; the rest
 * is checked as by validatePosition (on a copy with the unseen slots filled by the missing cards).
 */
export function validatePartialPosition(p: Position): Result<Position> {
  if (!Array.isArray(p.tableau) || p.tableau.length !== 7 || !Array.isArray(p.faceDown) || p.faceDown.length !== 7)
    return validatePosition(p);
  let slots = 0;
  const written = new Uint8Array(NUM_CARDS);
  const note = (c: Card) => {
    if (c === UNSEEN) slots++;
    else if (Number.isInteger(c) && c >= 0 && c < NUM_CARDS) written[c] = 1;
  };
  for (let i = 0; i < 7; i++) {
    const pile = p.tableau[i];
    if (!Array.isArray(pile)) return validatePosition(p);
    for (let j = 0; j < pile.length; j++) {
      if (pile[j] === UNSEEN && j >= p.faceDown[i])
        return err(`unseen card ?? (card ${UNSEEN}) face up at t${i + 1} card ${j + 1}: only face-down and stock cards can be unseen`);
      note(pile[j]);
    }
  }
  for (let j = 0; j < p.waste.length; j++)
    if (p.waste[j] === UNSEEN) return err(`unseen card ?? (card ${UNSEEN}) at waste card ${j + 1}: every waste card has been seen`);
  for (const c of p.stock) note(c);
  for (const c of p.waste) note(c);
  for (let s = 0; s < 4; s++) {
    const h = p.foundations[s];
    if (Number.isInteger(h)) for (let r = 1; r <= h && r <= 13; r++) written[makeCard(r, s)] = 1;
  }
  if (slots === 0) return validatePosition(p);
  const missing: Card[] = [];
  for (let c = 0; c < NUM_CARDS; c++) if (!written[c]) missing.push(c);
  if (slots > missing.length)
    return err(
      `${slots} unseen cards (??) but only ${missing.length} cards are not written: a card is written twice or an unseen slot too many`,
    );
  let k = 0;
  const fill = (cs: Card[]) => cs.map((c) => (c === UNSEEN ? missing[k++] : c));
  const filled = validatePosition({ ...p, tableau: p.tableau.map(fill), stock: fill(p.stock) });
  return filled.ok ? ok(p) : filled;
}

/** True when some card of the position is UNSEEN. */
export function hasUnseen(p: Position): boolean {
  return p.stock.includes(UNSEEN) || p.tableau.some((pile) => pile.includes(UNSEEN));
}

/** Our JSON object for a position; a fresh deal writes only `tableau` and `stock`. */
export function makePositionJson(p: Position): Record<string, unknown> {
  const names = (cs: Card[]) => cs.map(slotName);
  const base: Record<string, unknown> = { tableau: p.tableau.map(names), stock: names(p.stock) };
  if (isFreshDeal(p)) return base;
  return {
    ...base,
    faceDown: p.faceDown.slice(),
    waste: names(p.waste),
    foundations: { c: p.foundations[0], d: p.foundations[1], h: p.foundations[2], s: p.foundations[3] },
    pass: p.pass,
  };
}

/** The keys of our JSON form of a position. */
export const POSITION_KEYS = ['tableau', 'stock', 'faceDown', 'waste', 'foundations', 'pass'] as const;

function cardList(v: unknown, where: string): Result<Card[]> {
  if (!Array.isArray(v)) return err(`${where} must be a list of cards`);
  const out: Card[] = [];
  for (let i = 0; i < v.length; i++) {
    const c = v[i] === '??' ? UNSEEN : typeof v[i] === 'string' ? parseCard(v[i]) : undefined;
    if (c === undefined)
      return err(
        `unknown card ${JSON.stringify(v[i])} at ${where} card ${i + 1}${typeof v[i] === 'string' ? '' : ' (cards are written as text: "Ah", "Td", "??")'}`,
      );
    out.push(c);
  }
  return ok(out);
}

/** Reads our JSON form (an already parsed object) into a validated position; `partial` accepts unseen cards (`??`). */
export function parsePositionObject(o: unknown, partial = false): Result<Position> {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return err('a position must be a JSON object');
  const j = o as Record<string, unknown>;
  // a misspelt key ("Pass") would otherwise be read as absent: a fresh deal's value, another game
  const unknown = Object.keys(j).find((k) => !(POSITION_KEYS as readonly string[]).includes(k));
  if (unknown !== undefined)
    return err(`unknown key ${JSON.stringify(unknown)} in a position (the keys are ${POSITION_KEYS.map((k) => `"${k}"`).join(', ')})`);
  if (!Array.isArray(j.tableau) || j.tableau.length !== 7) return err('"tableau" must be a list of 7 piles');
  const tableau: Card[][] = [];
  for (let i = 0; i < 7; i++) {
    const r = cardList(j.tableau[i], `t${i + 1}`);
    if (!r.ok) return r;
    tableau.push(r.value);
  }
  const stock = j.stock === undefined ? ok<Card[]>([]) : cardList(j.stock, 'stock');
  if (!stock.ok) return stock;
  const waste = j.waste === undefined ? ok<Card[]>([]) : cardList(j.waste, 'waste');
  if (!waste.ok) return waste;
  let faceDown = tableau.map((p) => Math.max(0, p.length - 1));
  if (j.faceDown !== undefined) {
    if (!Array.isArray(j.faceDown) || j.faceDown.length !== 7 || !j.faceDown.every((n) => Number.isInteger(n)))
      return err('"faceDown" must be a list of 7 whole numbers');
    faceDown = j.faceDown as number[];
  }
  const foundations = [0, 0, 0, 0];
  if (j.foundations !== undefined) {
    const f = j.foundations;
    if (typeof f !== 'object' || f === null || Array.isArray(f)) return err('"foundations" must be an object {"c","d","h","s"}');
    for (const [k, v] of Object.entries(f as Record<string, unknown>)) {
      const s = 'cdhs'.indexOf(k.toLowerCase());
      if (s < 0 || k.length !== 1) return err(`unknown foundation suit ${JSON.stringify(k)}`);
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 13)
        return err(`foundation ${k} must hold 0…13 cards, got ${JSON.stringify(v)}`);
      foundations[s] = v;
    }
  }
  let pass = 1;
  if (j.pass !== undefined) {
    if (!isPassNumber(j.pass)) return err(`"pass" must be a whole number from 1 to 2^53 − 1, got ${JSON.stringify(j.pass)}`);
    pass = j.pass;
  }
  return (partial ? validatePartialPosition : validatePosition)({
    tableau,
    faceDown,
    stock: stock.value,
    waste: waste.value,
    foundations,
    pass,
  });
}

/** Parses our JSON text into a validated position. */
export function parsePositionJson(text: string): Result<Position> {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch (e) {
    return err(`malformed JSON: ${(e as Error).message}`);
  }
  return parsePositionObject(o);
}
