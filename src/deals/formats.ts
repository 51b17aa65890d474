/**
 * Deal and position formats, each read and written (docs/formats.md has examples):
 *
 * - `json`: ours (position.ts): `{"tableau": [[bottom … top] × 7], "stock": [first turned …]}`,
 *   plus `faceDown`, `waste`, `foundations`, `pass` for a mid-game position.
 * - `solvitaire`: Solvitaire's deal JSON: `"tableau piles"` (bottom → top; a lower-case suit letter
 *   marks a face-down card, upper case a face-up one), `"stock"` whose LAST element is turned
 *   first, `"waste"` (bottom → top), `"foundations"` (4 lists of cards, placed by suit). Rank 10 is
 *   written `10`. Solvitaire has no pass counter, so a position past its first pass cannot be written.
 * - `deck`: Klondike-Solver's 156-digit string, 52 groups `RRS` in ShootMe deal order (families.ts),
 *   suit digits 1 = clubs, 2 = diamonds, 3 = hearts, 4 = spades. Fresh deals only.
 * - `ksolve-deck`: the same layout read as KSolve does, 3 = spades, 4 = hearts. Fresh deals only;
 *   never auto-detected (the text is indistinguishable from `deck`).
 * - `pysol`: Klondike-Solver's PySol text: a `Talon:` line (stock, first turned first), then 7
 *   tableau lines bottom → top with `<XX>` around face-down cards. For a mid-game position we add
 *   a `Foundations: C-3 D-0 H-A S-0` line (fc-solve style), `Waste:` and `Pass:` lines; an empty
 *   pile is written `-`.
 * - `text`: a picture for people (foundations, stock, waste, pass, the 7 columns with face-down cards
 *   in brackets), with ♣♦♥♠ and optional ANSI colour. It is read back too (colour codes ignored).
 * - `exact`: the deal's exact code, one whole number 0 ≤ N < 52! (families.ts). Fresh deals only.
 *   Never auto-detected: a bare number could as well be a seed of another family (a Microsoft
 *   Solitaire Collection code looks the same), so detection refuses it with a hint.
 *
 * Unseen cards (a position as a player sees it): `??` stands for a face-down tableau card or a stock
 * card the player has not seen, in every format but the deck strings (`"??"` in both JSON formats,
 * `<??>` and `??` in PySol text, `[??]` and `??` in the picture). `parsePartialPosition` reads them;
 * `parsePosition` refuses them with a one-line error.
 *
 * Parsers never throw: every problem is a one-line error naming what and where. Nothing here
 * touches files or the platform (io.ts reads files), so the formats run in a browser too.
 */
import { type Card, RANK, RANKS, SUIT, SUITS, SUIT_SYMBOLS, cardName, cardPretty, makeCard, parseCard } from '../engine/cards.ts';
import { dealFromDeckOrder, dealFromSeed, deckOrder, parseSeed, positionCode } from './families.ts';
import {
  type Position,
  UNSEEN,
  dealPosition,
  hasUnseen,
  isFreshDeal,
  isPassNumber,
  makePositionJson,
  parsePositionObject,
  validatePartialPosition,
  validatePosition,
} from '../engine/position.ts';
import { type Result, echo, err, ok } from '../types.ts';

/** The names of the formats. */
export const FORMATS = ['json', 'solvitaire', 'deck', 'ksolve-deck', 'pysol', 'text', 'exact'] as const;
export type Format = (typeof FORMATS)[number];

/** Options for writing: `colour` adds ANSI colours to the `text` picture. */
export interface FormatOptions {
  colour?: boolean;
}

/** Reads a format name. */
export function parseFormat(text: string): Result<Format> {
  const t = text.trim().toLowerCase();
  const f = FORMATS.find((x) => x === t);
  return f ? ok(f) : err(`unknown format ${JSON.stringify(text)} (expected ${FORMATS.join(', ')})`);
}

/** Guesses the format of a text: JSON (`tableau` → json, `tableau piles` → solvitaire), digits → deck, `Talon:` → pysol, `Foundations:` picture → text. */
export function detectFormat(text: string): Result<Format> {
  const t = text.trim();
  if (t === '') return err('empty input: no deal to read');
  if (t.startsWith('{') || t.startsWith('[')) {
    const o = parseJsonText(t);
    if (!o.ok) return o;
    const v = o.value;
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      if ('tableau piles' in v) return ok('solvitaire');
      if ('tableau' in v) return ok('json');
    }
    return err('JSON input has neither "tableau" (our format) nor "tableau piles" (Solvitaire\'s)');
  }
  if (/^[0-9]{1,68}$/.test(t))
    return err(
      'a bare number is a seed, not a deal: give it with --seed N and its --family (e.g. exact or microsoft), or read it as format exact',
    );
  if (/^[0-9\s]+$/.test(t)) return ok('deck');
  const firstLine = stripAnsi(t).split(/\r?\n/)[0].trim();
  if (/^foundations:/i.test(firstLine) && /[♣♦♥♠]/.test(firstLine)) return ok('text');
  if (/^(talon|foundations)\s*:/im.test(t)) return ok('pysol');
  return err('cannot tell the input format (expected JSON, a 156-digit deck string, PySol text with a Talon: line, or the text picture)');
}

/** Parses a position in `format`, or in the detected format when `format` is undefined. */
export function parsePosition(text: string, format?: Format): Result<{ position: Position; format: Format }> {
  return parseAny(text, format, false);
}

/** Parses a position that may hold unseen cards (`??`: face-down tableau cards, stock cards), as parsePosition. */
export function parsePartialPosition(text: string, format?: Format): Result<{ position: Position; format: Format }> {
  return parseAny(text, format, true);
}

function parseAny(input: unknown, format: Format | undefined, partial: boolean): Result<{ position: Position; format: Format }> {
  if (typeof input !== 'string') return err(`a position must be given as text, got ${input === null ? 'null' : typeof input}`);
  // a byte-order mark, as Notepad saves UTF-8, is not part of the text
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  let f: Format;
  if (format === undefined) {
    const d = detectFormat(text);
    if (!d.ok) return d;
    f = d.value;
  } else {
    if (!(FORMATS as readonly string[]).includes(format))
      return err(`unknown format ${JSON.stringify(format)} (expected ${FORMATS.join(', ')})`);
    f = format;
  }
  const r = PARSERS[f](text, partial);
  if (!r.ok) return err(echo(oneLine(r.error), 300));
  return ok({ position: r.value, format: f });
}

/** Writes a position in `format`; an error when the format cannot hold it (e.g. a mid-game position as a deck string). */
export function formatPosition(p: Position, format: Format, opts: FormatOptions = {}): Result<string> {
  if (!(FORMATS as readonly string[]).includes(format))
    return err(`unknown format ${JSON.stringify(format)} (expected ${FORMATS.join(', ')})`);
  return WRITERS[format](p, opts);
}

/** Each parser takes `partial`: accept unseen cards (`??`). */
const PARSERS: Record<Format, (text: string, partial: boolean) => Result<Position>> = {
  json: parseOurJson,
  solvitaire: parseSolvitaire,
  deck: (t) => parseDeckString(t, false),
  'ksolve-deck': (t) => parseDeckString(t, true),
  pysol: parsePysol,
  text: parseText,
  exact: parseExact,
};

const WRITERS: Record<Format, (p: Position, opts: FormatOptions) => Result<string>> = {
  json: (p) => ok(layoutJson(makePositionJson(p))),
  solvitaire: makeSolvitaire,
  deck: (p) => makeDeckString(p, false),
  'ksolve-deck': (p) => makeDeckString(p, true),
  pysol: (p) => ok(makePysol(p)),
  text: (p, o) => ok(makeText(p, o.colour ?? false)),
  exact: makeExact,
};

// ---------------------------------------------------------------------------------------------
// Helpers

/** Validates a parsed position, allowing unseen cards when `partial`. */
function check(p: Position, partial: boolean): Result<Position> {
  return partial ? validatePartialPosition(p) : validatePosition(p);
}

/** A card code, or UNSEEN for `??`. */
function slotCard(text: string): Card | undefined {
  return text.trim() === '??' ? UNSEEN : parseCard(text);
}

function oneLine(s: string): string {
  return s.replace(/\s*[\r\n]+\s*/g, ' ');
}

function stripAnsi(s: string): string {
  return s.replace(/\x1b\[[0-9;]*m/g, '');
}

function parseJsonText(text: string): Result<unknown> {
  try {
    return ok(JSON.parse(text));
  } catch (e) {
    return err(`malformed JSON: ${echo(oneLine((e as Error).message), 200)}`);
  }
}

/** JSON laid out one pile per line, short lists inline. */
function layoutJson(o: Record<string, unknown>): string {
  const inline = (v: unknown): string => {
    if (Array.isArray(v)) return '[' + v.map(inline).join(', ') + ']';
    if (typeof v === 'object' && v !== null)
      return (
        '{' +
        Object.entries(v)
          .map(([k, x]) => `${JSON.stringify(k)}: ${inline(x)}`)
          .join(', ') +
        '}'
      );
    return JSON.stringify(v);
  };
  const lines = Object.entries(o).map(([k, v]) => {
    const key = `  ${JSON.stringify(k)}: `;
    if (Array.isArray(v) && v.length > 0 && v.every(Array.isArray))
      return key + '[\n' + v.map((x) => '    ' + inline(x)).join(',\n') + '\n  ]';
    return key + inline(v);
  });
  return '{\n' + lines.join(',\n') + '\n}\n';
}

/** Foundation heights from a list of cards given per suit: each suit must be A, 2, … in order. */
function foundationHeights(cards: { card: Card; where: string }[]): Result<number[]> {
  const heights = [0, 0, 0, 0];
  for (const { card, where } of cards) {
    const s = SUIT[card];
    if (heights[s] >= 13) return err(`more than 13 cards of ${SUITS[s]} on the foundations (${where})`);
    if (RANK[card] !== heights[s] + 1)
      return err(
        `foundation ${SUITS[s]} must be built A, 2, 3 … in order: ${cardName(card)} follows ${heights[s] === 0 ? 'nothing' : RANKS[heights[s] - 1] + SUITS[s]} (${where})`,
      );
    heights[s]++;
  }
  return ok(heights);
}

// ---------------------------------------------------------------------------------------------
// Our JSON

function parseOurJson(text: string, partial: boolean): Result<Position> {
  const o = parseJsonText(text);
  if (!o.ok) return o;
  return parsePositionObject(o.value, partial);
}

// ---------------------------------------------------------------------------------------------
// Solvitaire's JSON

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

function parseSolvitaire(text: string, partial: boolean): Result<Position> {
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

function makeSolvitaire(p: Position): Result<string> {
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

// ---------------------------------------------------------------------------------------------
// Deck strings (Klondike-Solver, KSolve)

// Suit digit 1…4 → our suit, and back.
const KS_DIGIT_SUIT = [0, 1, 2, 3];
const KSOLVE_DIGIT_SUIT = [0, 1, 3, 2];

function parseDeckString(text: string, ksolve: boolean): Result<Position> {
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

function makeDeckString(p: Position, ksolve: boolean): Result<string> {
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

// ---------------------------------------------------------------------------------------------
// PySol text (Klondike-Solver's layout)

function pysolName(c: Card): string {
  if (c === UNSEEN) return '??';
  return RANKS[RANK[c] - 1] + SUITS[SUIT[c]].toUpperCase();
}

function pysolCards(tokens: string[], where: string): Result<Card[]> {
  const out: Card[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const c = slotCard(tokens[i]);
    if (c === undefined) return err(`unknown card ${JSON.stringify(tokens[i])} at ${where} card ${i + 1}`);
    out.push(c);
  }
  return ok(out);
}

function parsePysol(text: string, partial: boolean): Result<Position> {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  let stock: Card[] | undefined;
  let waste: Card[] = [];
  let foundations = [0, 0, 0, 0];
  let pass = 1;
  const tab: { text: string; line: number }[] = [];
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    const m = /^(talon|waste|foundations|pass)\s*:(.*)$/i.exec(line);
    if (!m) {
      tab.push({ text: line, line: n + 1 });
      continue;
    }
    const label = m[1].toLowerCase();
    const tokens = m[2].trim().split(/\s+/).filter(Boolean);
    if (label === 'talon' || label === 'waste') {
      const r = pysolCards(tokens, label === 'talon' ? 'Talon' : 'Waste');
      if (!r.ok) return r;
      if (label === 'talon') stock = r.value;
      else waste = r.value;
    } else if (label === 'pass') {
      if (tokens.length !== 1 || !/^[1-9][0-9]*$/.test(tokens[0]) || !isPassNumber(Number(tokens[0])))
        return err(`Pass: must be a whole number from 1 to 2^53 − 1, got ${JSON.stringify(m[2].trim())}`);
      pass = Number(tokens[0]);
    } else {
      foundations = [0, 0, 0, 0];
      for (const tok of tokens) {
        const f = /^([CDHS])-(0|10|1[1-3]|[1-9]|[ATJQK])$/i.exec(tok);
        if (!f) return err(`bad foundation ${JSON.stringify(tok)} on the Foundations: line (expected e.g. C-0, H-A, S-10, D-K)`);
        const r = f[2].toUpperCase();
        const height = /^[0-9]+$/.test(r) ? Number(r) : RANKS.indexOf(r) + 1;
        foundations[SUITS.indexOf(f[1].toLowerCase())] = height;
      }
    }
  }
  if (stock === undefined) return err('PySol text without a Talon: line');
  if (tab.length !== 7) return err(`PySol text must have 7 tableau lines after Talon:, got ${tab.length}`);
  const tableau: Card[][] = [];
  const faceDown: number[] = [];
  for (let i = 0; i < 7; i++) {
    let body = tab[i].text;
    if (body.startsWith(':')) body = body.slice(1).trim();
    const tokens = body === '-' ? [] : body.split(/\s+/).filter(Boolean);
    const cards: Card[] = [];
    let down = 0;
    for (let k = 0; k < tokens.length; k++) {
      const fd = /^<(.*)>$/.exec(tokens[k]);
      const c = slotCard(fd ? fd[1] : tokens[k]);
      if (c === undefined) return err(`unknown card ${JSON.stringify(tokens[k])} at t${i + 1} card ${k + 1}`);
      if (fd) {
        if (down !== k) return err(`face-down card ${tokens[k]} above a face-up card in pile t${i + 1} (card ${k + 1})`);
        down++;
      }
      cards.push(c);
    }
    tableau.push(cards);
    faceDown.push(down);
  }
  return check({ tableau, faceDown, stock, waste, foundations, pass }, partial);
}

function makePysol(p: Position): string {
  const lines: string[] = [];
  const fresh = isFreshDeal(p);
  if (!fresh)
    lines.push(
      'Foundations: ' +
        [0, 1, 2, 3].map((s) => `${SUITS[s].toUpperCase()}-${p.foundations[s] === 0 ? '0' : RANKS[p.foundations[s] - 1]}`).join(' '),
    );
  lines.push(('Talon: ' + p.stock.map(pysolName).join(' ')).trimEnd());
  if (!fresh) {
    lines.push(('Waste: ' + p.waste.map(pysolName).join(' ')).trimEnd());
    lines.push(`Pass: ${p.pass}`);
  }
  p.tableau.forEach((pile, i) => {
    if (pile.length === 0) lines.push('-');
    else lines.push(pile.map((c, k) => (k < p.faceDown[i] ? `<${pysolName(c)}>` : pysolName(c))).join(' '));
  });
  return lines.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------
// Text picture

const CELL = 6;
const SYMBOL_TO_SUIT: Record<string, string> = { '♣': 'c', '♦': 'd', '♥': 'h', '♠': 's' };

function makeText(p: Position, colour: boolean): string {
  const plain = (c: Card) => (c === UNSEEN ? '??' : cardPretty(c, false));
  const pretty = (c: Card) => (c === UNSEEN ? '??' : cardPretty(c, colour));
  const list = (cs: Card[]) => (cs.length === 0 ? '-' : cs.map(pretty).join(' '));
  const lines: string[] = [];
  lines.push(
    'Foundations: ' +
      [0, 1, 2, 3]
        .map((s) =>
          p.foundations[s] === 0 ? `${SUIT_SYMBOLS[s]} -` : `${SUIT_SYMBOLS[s]} ${plain(makeCard(p.foundations[s], s)).slice(0, -1)}`,
        )
        .join('   '),
  );
  lines.push(`Stock (${p.stock.length}, next card first): ${list(p.stock)}`);
  lines.push(`Waste (${p.waste.length}, top card last): ${list(p.waste)}`);
  lines.push(`Pass: ${p.pass}`);
  lines.push('');
  lines.push(
    Array.from({ length: 7 }, (_, i) => ` t${i + 1}`.padEnd(CELL))
      .join('')
      .trimEnd(),
  );
  const height = Math.max(0, ...p.tableau.map((x) => x.length));
  for (let row = 0; row < height; row++) {
    let line = '';
    for (let i = 0; i < 7; i++) {
      const pile = p.tableau[i];
      if (row >= pile.length) {
        line += ' '.repeat(CELL);
        continue;
      }
      const c = pile[row];
      const down = row < p.faceDown[i];
      const shown = down ? `[${plain(c)}]` : ` ${plain(c)} `;
      const cell = shown.padEnd(CELL);
      line += colour ? cell.replace(plain(c), down ? `\x1b[2m${plain(c)}\x1b[0m` : pretty(c)) : cell;
    }
    lines.push(line.trimEnd());
  }
  return lines.join('\n') + '\n';
}

function textCard(tok: string): Card | undefined {
  const t = tok.trim();
  if (t === '??') return UNSEEN;
  const last = t[t.length - 1];
  return parseCard(t.slice(0, -1) + (SYMBOL_TO_SUIT[last] ?? last ?? ''));
}

function textCards(body: string, where: string): Result<Card[]> {
  const b = body.trim();
  if (b === '-' || b === '') return ok([]);
  const out: Card[] = [];
  const tokens = b.split(/\s+/);
  for (let i = 0; i < tokens.length; i++) {
    const c = textCard(tokens[i]);
    if (c === undefined) return err(`unknown card ${JSON.stringify(tokens[i])} at ${where} card ${i + 1}`);
    out.push(c);
  }
  return ok(out);
}

function parseText(text: string, partial: boolean): Result<Position> {
  const lines = stripAnsi(text).split(/\r?\n/);
  let stock: Card[] | undefined;
  let waste: Card[] = [];
  let foundations: number[] | undefined;
  let pass = 1;
  const rows: { text: string; line: number }[] = [];
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    const t = line.trim();
    if (t === '' || /^t1\s+t2/.test(t)) continue;
    const m = /^(foundations|stock|waste|pass)\b[^:]*:(.*)$/i.exec(t);
    if (!m) {
      rows.push({ text: line, line: n + 1 });
      continue;
    }
    const label = m[1].toLowerCase();
    if (label === 'stock' || label === 'waste') {
      const r = textCards(m[2], label);
      if (!r.ok) return err(`${r.error} (line ${n + 1})`);
      if (label === 'stock') stock = r.value;
      else waste = r.value;
    } else if (label === 'pass') {
      if (!/^[1-9][0-9]*$/.test(m[2].trim()) || !isPassNumber(Number(m[2].trim())))
        return err(`Pass: must be a whole number from 1 to 2^53 − 1 (line ${n + 1})`);
      pass = Number(m[2].trim());
    } else {
      foundations = [0, 0, 0, 0];
      const re = /([♣♦♥♠])\s*(10|[A2-9TJQK]|-)/gi;
      let count = 0;
      for (let f = re.exec(m[2]); f !== null; f = re.exec(m[2])) {
        const r = f[2].toUpperCase();
        foundations[SUITS.indexOf(SYMBOL_TO_SUIT[f[1]])] = r === '-' ? 0 : r === '10' ? 10 : RANKS.indexOf(r) + 1;
        count++;
      }
      if (count !== 4) return err(`the Foundations: line must give ♣ ♦ ♥ ♠, each with a rank or - (line ${n + 1})`);
    }
  }
  if (foundations === undefined) return err('text picture without a Foundations: line');
  if (stock === undefined) return err('text picture without a Stock: line');
  const tableau: Card[][] = [[], [], [], [], [], [], []];
  const faceDown = [0, 0, 0, 0, 0, 0, 0];
  const ended = [false, false, false, false, false, false, false];
  for (const { text: row, line } of rows) {
    if (row.trimEnd().length > 7 * CELL) return err(`tableau row wider than 7 columns (line ${line})`);
    for (let i = 0; i < 7; i++) {
      const cell = row.slice(i * CELL, (i + 1) * CELL).trim();
      if (cell === '') {
        ended[i] = true;
        continue;
      }
      if (ended[i]) return err(`gap in column t${i + 1} (line ${line})`);
      const fd = /^\[(.*)\]$/.exec(cell);
      const c = textCard(fd ? fd[1] : cell);
      if (c === undefined) return err(`unknown card ${JSON.stringify(cell)} at t${i + 1} card ${tableau[i].length + 1} (line ${line})`);
      if (fd) {
        if (faceDown[i] !== tableau[i].length)
          return err(`face-down card ${cell} above a face-up card in pile t${i + 1} (card ${tableau[i].length + 1})`);
        faceDown[i]++;
      }
      tableau[i].push(c);
    }
  }
  return check({ tableau, faceDown, stock, waste, foundations, pass }, partial);
}

// ---------------------------------------------------------------------------------------------
// The exact code

function parseExact(text: string): Result<Position> {
  const n = parseSeed(text, 'exact');
  if (!n.ok) return err(`exact code: ${n.error}`);
  const d = dealFromSeed(n.value, 'exact');
  return d.ok ? ok(dealPosition(d.value)) : d;
}

function makeExact(p: Position): Result<string> {
  if (hasUnseen(p)) return err('the exact format cannot hold unseen cards (use json, solvitaire or pysol)');
  const n = positionCode(p);
  return n.ok ? ok(`${n.value}\n`) : n;
}
