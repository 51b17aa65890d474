/**
 * Helpers shared by the formats: validation, card slots, one-line errors, JSON layout, foundation
 * heights.
 */
import { type Card, RANK, RANKS, SUIT, SUITS, cardName, parseCard } from '../../engine/cards.ts';
import { type Position, UNSEEN, validatePartialPosition, validatePosition } from '../../engine/position.ts';
import { type Result, err, ok } from '../../types.ts';

/** Validates a parsed position, allowing unseen cards when `partial`. */
export function check(p: Position, partial: boolean): Result<Position> {
  return partial ? validatePartialPosition(p) : validatePosition(p);
}

/** A card code, or UNSEEN for `??`. */
export function slotCard(text: string): Card | undefined {
  return text.trim() === '??' ? UNSEEN : parseCard(text);
}

export function oneLine(s: string): string {
  return s.replace(/\s*[\r\n]+\s*/g, ' ');
}

export function stripAnsi(s: string): string {
  return s.replace(/\x1b\[[0-9;]*m/g, '');
}

export function parseJsonText(text: string): Result<unknown> {
  try {
    return ok(JSON.parse(text));
  } catch (e) {
    return err(`malformed JSON: ${oneLine((e as Error).message)}`);
  }
}

/** JSON laid out one pile per line, short lists inline. */
export function layoutJson(o: Record<string, unknown>): string {
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
export function foundationHeights(cards: { card: Card; where: string }[]): Result<number[]> {
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
