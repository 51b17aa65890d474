/**
 * What a player sees of a game: an `Observation` is a position whose unseen cards are UNSEEN (`??`),
 * with the rules. It is the only thing a policy receives, so a policy cannot read a hidden card:
 * the hidden identities are not in the object (they were replaced before it was built), and the
 * class cannot be stood in for by a position or a game (its private member makes it nominal).
 *
 * Two information models (`StockMode`):
 * - `hidden` (the real game): a face-down tableau card is unseen until turned, and a stock card
 *   until it has been drawn once; a careful player remembers every card drawn, so from the second
 *   pass on the whole stock is known.
 * - `visible` (lonelybot's variant): only the face-down tableau cards are unseen; the stock order
 *   is known from the start.
 *
 * Every arrangement of the unseen cards into the unseen slots is equally likely given what was
 * seen (a player's choices depend only on what they saw, never on the hidden identities), so a
 * uniform shuffle of the unseen cards samples the player's belief exactly (sample.ts).
 */
import { type Card, NUM_CARDS, makeCard } from '../engine/cards.ts';
import { type Position, UNSEEN, slotName, validatePartialPosition } from '../engine/position.ts';
import { type Result, type Rules, type StockMode, err, ok } from '../types.ts';
import { checkRules, checkShape } from '../engine/check.ts';

export const STOCK_MODES: readonly StockMode[] = ['hidden', 'visible'];

/** Parses `visible` or `hidden`. */
export function parseStockMode(text: string): Result<StockMode> {
  const t = text.trim().toLowerCase();
  return t === 'visible' || t === 'hidden' ? ok(t) : err(`stock must be visible or hidden, got ${JSON.stringify(text)}`);
}

/** A player's view of a game: the position with its unseen cards UNSEEN, and the rules. */
export class Observation {
  /** The unseen cards (the 52 minus those written), ascending. */
  readonly unseen: readonly Card[];
  private readonly view: Readonly<Position>;

  private constructor(
    view: Position,
    readonly rules: Rules,
  ) {
    this.view = freeze(view);
    const written = new Uint8Array(NUM_CARDS);
    const mark = (c: Card) => {
      if (c !== UNSEEN) written[c] = 1;
    };
    for (const pile of [...view.tableau, view.stock, view.waste]) for (const c of pile) mark(c);
    for (let s = 0; s < 4; s++) for (let r = 1; r <= view.foundations[s]; r++) written[makeCard(r, s)] = 1;
    const unseen: Card[] = [];
    for (let c = 0; c < NUM_CARDS; c++) if (!written[c]) unseen.push(c);
    this.unseen = Object.freeze(unseen);
  }

  /** The observation of a position that may hold UNSEEN cards (checked by validatePartialPosition). */
  static of(position: Position, rules: Rules): Result<Observation> {
    const shape = checkShape(position);
    if (!shape.ok) return shape;
    const r = checkRules(rules);
    if (!r.ok) return r;
    const v = validatePartialPosition(position);
    if (!v.ok) return v;
    return ok(new Observation(copyPosition(position), r.value));
  }

  /**
   * What a player would see of a position given in full or in part: face-down cards are always
   * unseen, and with `stock: 'hidden'` so is the stock during the first pass (no stock card has been
   * drawn yet); cards already UNSEEN stay so.
   */
  static ofPosition(position: Position, rules: Rules, stock: StockMode): Result<Observation> {
    const shape = checkShape(position);
    if (!shape.ok) return shape;
    if (stock !== 'hidden' && stock !== 'visible') return err(`stock must be hidden or visible, got ${String(stock)}`);
    const hideStock = stock === 'hidden' && position.pass === 1;
    return Observation.of(
      {
        ...position,
        tableau: position.tableau.map((pile, i) => pile.map((c, j) => (j < position.faceDown[i] ? UNSEEN : c))),
        stock: hideStock ? position.stock.map(() => UNSEEN) : position.stock.slice(),
      },
      rules,
    );
  }

  /** The position as seen (UNSEEN where a card is hidden); read-only. */
  get position(): Readonly<Position> {
    return this.view;
  }

  /** True when every card is known (nothing left to sample). */
  get complete(): boolean {
    return this.unseen.length === 0;
  }

  /** A string that two observations share exactly when they are equal. */
  key(): string {
    const p = this.view;
    const list = (cs: readonly Card[]) => cs.map(slotName).join(' ');
    return [
      p.tableau.map((pile, i) => `${p.faceDown[i]}:${list(pile)}`).join('|'),
      list(p.stock),
      list(p.waste),
      p.foundations.join(','),
      p.pass,
      `${this.rules.draw}/${this.rules.passes}/${this.rules.foundationReturn}`,
    ].join('#');
  }
}

function copyPosition(p: Position): Position {
  return {
    tableau: p.tableau.map((pile) => pile.slice()),
    faceDown: p.faceDown.slice(),
    stock: p.stock.slice(),
    waste: p.waste.slice(),
    foundations: p.foundations.slice(),
    pass: p.pass,
  };
}

function freeze(p: Position): Readonly<Position> {
  for (const pile of p.tableau) Object.freeze(pile);
  Object.freeze(p.tableau);
  Object.freeze(p.faceDown);
  Object.freeze(p.stock);
  Object.freeze(p.waste);
  Object.freeze(p.foundations);
  return Object.freeze(p);
}

/** A mutable copy of an observed position (UNSEEN kept), for callers that build on it. */
export function observedPosition(o: Observation): Position {
  return copyPosition(o.position as Position);
}
