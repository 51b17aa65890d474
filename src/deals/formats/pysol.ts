/**
 * Klondike-Solver's PySol text: a `Talon:` line, then 7 tableau lines bottom → top with `<XX>`
 * around face-down cards; for a mid-game position `Foundations:`, `Waste:` and `Pass:` lines too.
 */
import { type Card, RANK, RANKS, SUIT, SUITS } from '../../engine/cards.ts';
import { type Position, UNSEEN, isFreshDeal, isPassNumber } from '../../engine/position.ts';
import { type Result, err, ok } from '../../types.ts';
import { check, slotCard } from './common.ts';

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

export function parsePysol(text: string, partial: boolean): Result<Position> {
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

export function makePysol(p: Position): string {
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
