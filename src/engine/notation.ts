/**
 * Atomic moves as the outside world sees them: piles by name (`stock`, `waste`, `t1`…`t7`,
 * `fc fd fh fs`), a count of cards moved. Also the compact text form stored in databases:
 * one token per move, `<from><to>[count]`, with one letter per pile (`S` stock, `W` waste,
 * `1`…`7` tableau, `c d h s` foundations) and the count only when more than one card moves:
 * `SW W3 1c 474` = draw, waste → t3, t1 → clubs, four cards t4 → t7.
 */
import { type Result, err, ok } from '../types.ts';

export const PILE_NAMES = ['stock', 'waste', 't1', 't2', 't3', 't4', 't5', 't6', 't7', 'fc', 'fd', 'fh', 'fs'] as const;
export type PileName = (typeof PILE_NAMES)[number];
/** The tableau piles t1…t7, left to right (index = pile number − 1). */
export const COLUMN_NAMES = PILE_NAMES.slice(2, 9) as readonly PileName[];
/** The foundations by suit: clubs, diamonds, hearts, spades (index = suit). */
export const FOUNDATION_NAMES = PILE_NAMES.slice(9, 13) as readonly PileName[];
const PILE_LETTERS = 'SW1234567cdhs';

/** One atomic move of the solution JSON. */
export interface AtomicMove {
  from: PileName;
  to: PileName;
  count: number;
}

/** Index 0…12 of a pile name (stock, waste, t1…t7, fc…fs); -1 when unknown. */
export function pileIndex(name: string): number {
  return (PILE_NAMES as readonly string[]).indexOf(name);
}

/** The compact form of a move list. */
export function movesToCompact(moves: readonly AtomicMove[]): string {
  return moves.map((m) => PILE_LETTERS[pileIndex(m.from)] + PILE_LETTERS[pileIndex(m.to)] + (m.count > 1 ? String(m.count) : '')).join(' ');
}

/** Parses the compact form back into moves. */
export function movesFromCompact(text: string): Result<AtomicMove[]> {
  const out: AtomicMove[] = [];
  for (const tok of text.split(/\s+/).filter(Boolean)) {
    const f = PILE_LETTERS.indexOf(tok[0]);
    const t = PILE_LETTERS.indexOf(tok[1] ?? '');
    const rest = tok.slice(2);
    if (f < 0 || t < 0 || (rest !== '' && !/^[1-9][0-9]?$/.test(rest))) return err(`bad move ${JSON.stringify(tok)} in compact notation`);
    out.push({ from: PILE_NAMES[f], to: PILE_NAMES[t], count: rest === '' ? 1 : Number(rest) });
  }
  return ok(out);
}
