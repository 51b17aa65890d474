/**
 * The text picture for people (foundations, stock, waste, pass, the 7 columns with face-down cards
 * in brackets), with ♣♦♥♠ and optional ANSI colour; read back too (colour codes ignored).
 */
import { type Card, RANKS, SUITS, SUIT_SYMBOLS, cardPretty, makeCard, parseCard } from '../../engine/cards.ts';
import { type Position, UNSEEN, isPassNumber } from '../../engine/position.ts';
import { type Result, err, ok } from '../../types.ts';
import { check, stripAnsi } from './common.ts';

const CELL = 6;
const SYMBOL_TO_SUIT: Record<string, string> = { '♣': 'c', '♦': 'd', '♥': 'h', '♠': 's' };

export function makeText(p: Position, colour: boolean): string {
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

export function parseText(text: string, partial: boolean): Result<Position> {
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
