/**
 * Solvitaire's deal JSON: `"tableau piles"` (bottom → top; a lower-case suit letter marks a
 * face-down card, upper case a face-up one), `"stock"` whose LAST element is turned first, `"waste"`,
 * `"foundations"`. Rank 10 is written `10`; no pass counter, so a position past its first pass
 * cannot be written.
 */
import { type Card, RANK, RANKS, SUIT, SUITS, makeCard } from '../../engine/cards.ts';
import { type Position, UNSEEN, isFreshDeal } from '../../engine/position.ts';
import { type Result, err, ok } from '../../types.ts';
import { check, parseJsonText, layoutJson, foundationHeights } from './common.ts';

const SOLVITAIRE_CARD = /^(10|11|12|13|[1-9]|[ATJQK])([CDHS])$/i;

function solvitaireCard(v: unknown, where: string): Result<{ card: Card; down: boolean }> {
  if (v === '??') return ok({ card: UNSEEN, down: true });
  const m = typeof v === 'string' ? SOLVITAIRE_CARD.exec(v.trim()) : null;
  if (!m) return err(`unknown card ${JSON.stringify(v)} at ${where}`);
  const r = m[1].toUpperCase();
  const rank = /^[0-9]+$/.test(r) ? Number(r) : RANKS.indexOf(r) + 1;
  const suitLetter = m[2];
  return ok({ card: makeCard(rank, SUITS.indexOf(suitLetter.toLowerCase())), down: suitLetter === suitLetter.toLowerCase() });
}

function solvitaireList(v: unknown, where: string): Result<Card[]> {
  if (!Array.isArray(v)) return err(`"${where}" must be a list of cards`);
  const out: Card[] = [];
  for (let i = 0; i < v.length; i++) {
    const c = solvitaireCard(v[i], `${where} card ${i + 1}`);
    if (!c.ok) return c;
    out.push(c.value.card);
  }
  return ok(out);
}

export function parseSolvitaire(text: string, partial: boolean): Result<Position> {
  const o = parseJsonText(text);
  if (!o.ok) return o;
  const j = o.value;
  if (typeof j !== 'object' || j === null || Array.isArray(j)) return err('a Solvitaire deal must be a JSON object');
  const d = j as Record<string, unknown>;
  for (const k of Object.keys(d))
    if (!['tableau piles', 'stock', 'waste', 'foundations'].includes(k))
      return err(`unexpected key ${JSON.stringify(k)} in a Solvitaire Klondike deal`);
  const piles = d['tableau piles'];
  if (!Array.isArray(piles) || piles.length !== 7)
    return err(`"tableau piles" must be a list of 7 piles, got ${Array.isArray(piles) ? piles.length : typeof piles}`);
  const tableau: Card[][] = [];
  const faceDown: number[] = [];
  for (let i = 0; i < 7; i++) {
    const pile = piles[i];
    if (!Array.isArray(pile)) return err(`pile t${i + 1} of "tableau piles" is not a list`);
    const cards: Card[] = [];
    let down = 0;
    for (let k = 0; k < pile.length; k++) {
      const c = solvitaireCard(pile[k], `t${i + 1} card ${k + 1}`);
      if (!c.ok) return c;
      if (c.value.down) {
        if (down !== k) return err(`face-down card ${pile[k]} above a face-up card in pile t${i + 1} (card ${k + 1})`);
        down++;
      }
      cards.push(c.value.card);
    }
    tableau.push(cards);
    faceDown.push(down);
  }
  const stock = d.stock === undefined ? ok<Card[]>([]) : solvitaireList(d.stock, 'stock');
  if (!stock.ok) return stock;
  const waste = d.waste === undefined ? ok<Card[]>([]) : solvitaireList(d.waste, 'waste');
  if (!waste.ok) return waste;
  let foundations = [0, 0, 0, 0];
  if (d.foundations !== undefined) {
    if (!Array.isArray(d.foundations)) return err('"foundations" must be a list of 4 lists of cards');
    const flat: { card: Card; where: string }[] = [];
    for (let i = 0; i < d.foundations.length; i++) {
      const f = d.foundations[i];
      const list = Array.isArray(f) ? f : [f];
      for (let k = 0; k < list.length; k++) {
        const where = `foundations list ${i + 1} card ${k + 1}`;
        const c = solvitaireCard(list[k], where);
        if (!c.ok) return c;
        flat.push({ card: c.value.card, where });
      }
    }
    // Each suit's cards in the order given; different suits may share or split lists.
    flat.sort((a, b) => SUIT[a.card] - SUIT[b.card]);
    const h = foundationHeights(flat);
    if (!h.ok) return h;
    foundations = h.value;
  }
  return check({ tableau, faceDown, stock: stock.value.slice().reverse(), waste: waste.value, foundations, pass: 1 }, partial);
}

function solvitaireName(c: Card, down = false): string {
  if (c === UNSEEN) return '??';
  const r = RANK[c] === 10 ? '10' : RANKS[RANK[c] - 1];
  const s = SUITS[SUIT[c]];
  return r + (down ? s : s.toUpperCase());
}

export function makeSolvitaire(p: Position): Result<string> {
  if (p.pass !== 1) return err(`the solvitaire format has no pass counter: cannot write a position in pass ${p.pass} (use json or pysol)`);
  const o: Record<string, unknown> = {
    'tableau piles': p.tableau.map((pile, i) => pile.map((c, k) => solvitaireName(c, k < p.faceDown[i]))),
    stock: p.stock
      .slice()
      .reverse()
      .map((c) => solvitaireName(c)),
  };
  if (!isFreshDeal(p)) {
    o.waste = p.waste.map((c) => solvitaireName(c));
    o.foundations = [0, 1, 2, 3].map((s) => Array.from({ length: p.foundations[s] }, (_, r) => solvitaireName(makeCard(r + 1, s))));
  }
  return ok(layoutJson(o));
}
