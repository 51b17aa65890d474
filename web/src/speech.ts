/**
 * Words for screen readers: cards ("7 of hearts"), piles ("column 3") and moves, spoken through
 * an aria-live region after each move, and the label of each pile. Only what the player can see
 * is ever named: face-down cards are counted, never named.
 */
import { RANK, SUIT, type AtomicMove, type Position } from '../../src/index.ts';

const RANK_WORDS = ['', 'Ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'Jack', 'Queen', 'King'];
const SUIT_WORDS = ['clubs', 'diamonds', 'hearts', 'spades'];

/** "7 of hearts". */
export function cardWords(c: number): string {
  return `${RANK_WORDS[RANK[c]]} of ${SUIT_WORDS[SUIT[c]]}`;
}

/** "column 3", "waste", "hearts foundation". */
export function pileWords(name: string): string {
  if (name === 'stock' || name === 'waste') return name;
  if (name[0] === 't') return `column ${name.slice(1)}`;
  return `${SUIT_WORDS['cdhs'.indexOf(name[1])]} foundation`;
}

/** The label of a pile in a position: what is on it, face-down cards only counted. */
export function pileLabel(p: Position, name: string): string {
  if (name === 'stock')
    return `Stock, ${count(p.stock.length)}${p.stock.length === 0 && p.waste.length > 0 ? ', turn the waste over' : ''}`;
  if (name === 'waste') return p.waste.length ? `Waste, ${cardWords(p.waste[p.waste.length - 1])} on top` : 'Waste, empty';
  if (name[0] === 't') {
    const i = Number(name.slice(1)) - 1;
    const pile = p.tableau[i];
    if (pile.length === 0) return `Column ${i + 1}, empty`;
    const down = p.faceDown[i];
    const up = pile.slice(down).map(cardWords).join(', ');
    return `Column ${i + 1}, ${down ? `${count(down, 'face-down card')}, then ` : ''}${up}`;
  }
  const suit = 'cdhs'.indexOf(name[1]);
  const h = p.foundations[suit];
  return `${SUIT_WORDS[suit]} foundation, ${h === 0 ? 'empty' : `up to ${RANK_WORDS[h]}`}`;
}

function count(n: number, what = 'card'): string {
  return `${n === 0 ? 'no' : n} ${what}${n === 1 ? '' : 's'}`;
}

/** A sentence for a move made from `before` to `after`. */
export function moveWords(before: Position, after: Position, m: AtomicMove): string {
  let text: string;
  if (m.from === 'stock') {
    const drawn = after.waste.slice(after.waste.length - m.count);
    text = `Drew ${drawn.map(cardWords).join(', ')}`;
  } else if (m.to === 'stock') text = `Turned the waste over: pass ${after.pass}`;
  else {
    const cards = cardsMoved(before, m);
    const what = cards.length > 1 ? `${cardWords(cards[0])} and ${cards.length - 1} more` : cardWords(cards[0]);
    text = `${what} from ${pileWords(m.from)} to ${pileWords(m.to)}`;
  }
  for (let i = 0; i < 7; i++) {
    if (after.faceDown[i] < before.faceDown[i] && after.tableau[i].length > 0) {
      const c = after.tableau[i][after.faceDown[i]];
      text += `. ${cardWords(c)} turned face up in column ${i + 1}`;
    }
  }
  const home = after.foundations.reduce((a, b) => a + b, 0);
  if (home === 52) text += '. All 52 cards are home: won';
  return `${text}.`;
}

/** The cards a (legal) move takes, bottom first. */
export function cardsMoved(p: Position, m: AtomicMove): number[] {
  if (m.from === 'waste') return [p.waste[p.waste.length - 1]];
  if (m.from[0] === 't') {
    const pile = p.tableau[Number(m.from.slice(1)) - 1];
    return pile.slice(pile.length - m.count);
  }
  const suit = 'cdhs'.indexOf(m.from[1]);
  return [(p.foundations[suit] - 1) * 4 + suit];
}
