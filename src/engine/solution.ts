/**
 * Solutions on the plain engine: `replay`, which checks a move list (every move must be one of the
 * legal atomic moves that `genAtomic` lists, exactly as perft counts them), and the readable
 * notation of a move list. The solution JSON, which carries a deal, its rules and its moves, is
 * deals/solution-json.ts.
 */
import { cardName, cardPretty, makeCard } from './cards.ts';
import { DRAW, F2T, REDEAL, S2F, S2T, T2F, T2T, aOf, bOf, countOf, fitsPile, genAtomic, indexOf, kindOf, make, toAtomic } from './moves.ts';
import { checkMoves, checkPosition, checkRules, show } from './check.ts';
import { type AtomicMove, COLUMN_NAMES, PILE_NAMES, type PileName, pileIndex } from './notation.ts';
import type { Position } from './position.ts';
import { State, STRIDE } from './state.ts';
import { type Result, type Rules, UserError, err, ok } from '../types.ts';

/** The atomic move of an internal move: defined with the engine (moves.ts), which the solver uses too. */
export { toAtomic };

/** True when the atomic move names internal move m in state s (count = the cards it moves). */
function sameMove(s: State, m: number, a: AtomicMove): boolean {
  const b = toAtomic(s, m);
  return b.from === a.from && b.to === a.to && a.count === b.count;
}

/** Finds the legal internal move for an atomic move, or says why it is illegal (or not a move at all). */
export function findMove(s: State, a: AtomicMove): Result<number> {
  if (typeof a !== 'object' || a === null || Array.isArray(a)) return err(`a move is an object {from, to, count}, got ${show(a)}`);
  const buf = new Int32Array(256);
  const n = genAtomic(s, buf);
  for (let i = 0; i < n; i++) if (sameMove(s, buf[i], a)) return ok(buf[i]);
  return err(whyIllegal(s, a));
}

function describeTop(s: State, pile: PileName): string {
  const i = pileIndex(pile);
  if (pile === 'stock') return s.w < s.n ? `${s.n - s.w} cards` : 'empty';
  if (pile === 'waste') return s.w > 0 ? cardName(s.deck[s.w - 1]) : 'empty';
  if (i >= 2 && i <= 8) return s.len[i - 2] ? cardName(s.top(i - 2)) : 'empty';
  const suit = i - 9;
  return s.found[suit] ? cardName(makeCard(s.found[suit], suit)) : 'empty';
}

function whyIllegal(s: State, a: AtomicMove): string {
  const f = pileIndex(a.from);
  const t = pileIndex(a.to);
  if (f < 0 || t < 0) return `unknown pile ${show(f < 0 ? a.from : a.to)} (piles: ${PILE_NAMES.join(' ')})`;
  if (!Number.isInteger(a.count) || a.count < 1) return `bad count ${show(a.count)} (a whole number of cards ≥ 1)`;
  if (s.home === 52) return 'the game is already won';
  if (a.from === 'stock') {
    if (a.to !== 'waste') return 'the stock only turns onto the waste';
    return s.w < s.n ? `a draw turns ${Math.min(s.draw, s.n - s.w)} cards, not ${a.count}` : 'the stock is empty';
  }
  if (a.to === 'stock') {
    if (a.from !== 'waste') return 'only the waste goes back to the stock';
    if (s.w < s.n) return 'redeal while the stock is not empty';
    if (s.n === 0) return 'nothing to redeal';
    if (s.pass >= s.passLimit) return `no passes left (pass ${s.pass} of ${s.passLimit})`;
    return `a redeal moves ${s.w} cards, not ${a.count}`;
  }
  if (a.to === 'waste') return 'cards only reach the waste by drawing';
  if (f >= 9 && !s.foundationReturn) return 'foundation to tableau is forbidden under these rules';
  if (f >= 9 && t >= 9) return 'foundation to foundation is not a move';
  const src = describeTop(s, a.from);
  if (src === 'empty') return `${a.from} is empty`;
  if (t >= 9) {
    if (a.count !== 1) return 'one card at a time goes to a foundation';
    return `${src} does not go on ${a.to} (${describeTop(s, a.to)})`;
  }
  // to a pile
  const b = t - 2;
  let card: number;
  if (f >= 2 && f <= 8) {
    const col = f - 2;
    const faceUp = s.len[col] - s.down[col];
    if (a.count > faceUp) return `${a.from} has only ${faceUp} face-up card${faceUp === 1 ? '' : 's'}, not ${a.count}`;
    if (a.from === a.to) return 'a pile onto itself';
    card = s.cols[col * STRIDE + s.len[col] - a.count];
  } else {
    if (a.count !== 1) return `only one card moves from ${a.from}`;
    card = f === 1 ? s.deck[s.w - 1] : makeCard(s.found[f - 9], f - 9);
  }
  if (s.len[b] === 0) return `only a King goes into the empty ${a.to}, not ${cardName(card)}`;
  if (!fitsPile(s, card, b)) return `${cardName(card)} does not fit on ${cardName(s.top(b))} in ${a.to}`;
  return `${a.from} → ${a.to} ×${a.count} is not legal`;
}

export type ReplayOutcome =
  | { status: 'won' }
  | { status: 'not won'; position: Position }
  | { status: 'illegal'; index: number; why: string };

/** The checked arguments of `replay` and `describeMoves`; a UserError naming the entry otherwise. */
function checkedReplay(entry: string, position: unknown, rules: unknown, moves: unknown) {
  const r = checkRules(rules);
  if (!r.ok) throw new UserError(`${entry}: ${r.error}`);
  const p = checkPosition(position, r.value);
  if (!p.ok) throw new UserError(`${entry}: ${p.error}`);
  const m = checkMoves(moves);
  if (!m.ok) throw new UserError(`${entry}: ${m.error}`);
  return { state: State.fromPosition(p.value, r.value), moves: m.value };
}

/** A move as an error shows it: `t1 → t2 ×3`. */
function moveText(a: AtomicMove): string {
  const pile = (x: unknown) => (typeof x === 'string' && pileIndex(x) >= 0 ? x : show(x));
  return `${pile(a.from)} → ${pile(a.to)}${typeof a.count === 'number' && a.count > 1 ? ` ×${a.count}` : ''}`;
}

/**
 * Replays moves from a position under rules with the plain engine. Arguments that are not a
 * position, rules and a list of moves throw a UserError naming `replay`; a move that is not legal
 * (or not a move) is the outcome `illegal`.
 */
export function replay(position: Position, rules: Rules, moves: readonly AtomicMove[]): ReplayOutcome {
  const { state: s, moves: list } = checkedReplay('replay', position, rules, moves);
  for (let k = 0; k < list.length; k++) {
    const r = findMove(s, list[k]);
    if (!r.ok) return { status: 'illegal', index: k + 1, why: `${moveText(list[k])}: ${r.error}` };
    make(s, r.value);
  }
  return s.home === 52 ? { status: 'won' } : { status: 'not won', position: s.toPosition() };
}

/** Readable notation of a move list from a position: `1. draw (Th 9c 8d)`, `2. 8d waste → t4 (on 9s)`. */
export function describeMoves(position: Position, rules: Rules, moves: readonly AtomicMove[], colour = false): string[] {
  const { state: s } = checkedReplay('describeMoves', position, rules, moves);
  const lines: string[] = [];
  const name = (c: number) => cardPretty(c, colour);
  for (let k = 0; k < moves.length; k++) {
    const r = findMove(s, moves[k]);
    if (!r.ok) {
      lines.push(`${k + 1}. illegal: ${r.error}`);
      break;
    }
    const m = r.value;
    let text: string;
    switch (kindOf(m)) {
      case DRAW: {
        const cards = Array.from(s.deck.subarray(s.w, Math.min(s.w + s.draw, s.n))).map(name);
        text = `draw ${cards.join(' ')}`;
        break;
      }
      case REDEAL:
        text = `redeal (pass ${s.pass + 1})`;
        break;
      case S2F:
        text = `${name(s.deck[indexOf(m)])} waste → foundation`;
        break;
      case S2T:
        text = `${name(s.deck[indexOf(m)])} waste → ${COLUMN_NAMES[bOf(m)]}${onto(s, bOf(m), name)}`;
        break;
      case T2F:
        text = `${name(s.top(aOf(m)))} ${COLUMN_NAMES[aOf(m)]} → foundation`;
        break;
      case T2T: {
        const a = aOf(m);
        const c = s.cols[a * STRIDE + s.len[a] - countOf(m)];
        text = `${name(c)}${countOf(m) > 1 ? ` (+${countOf(m) - 1})` : ''} ${COLUMN_NAMES[a]} → ${COLUMN_NAMES[bOf(m)]}${onto(s, bOf(m), name)}`;
        break;
      }
      case F2T: {
        const suit = aOf(m);
        text = `${name(makeCard(s.found[suit], suit))} foundation → ${COLUMN_NAMES[bOf(m)]}${onto(s, bOf(m), name)}`;
        break;
      }
      default:
        text = '?';
    }
    lines.push(`${k + 1}. ${text}`);
    make(s, m);
  }
  return lines;
}

function onto(s: State, b: number, name: (c: number) => string): string {
  return s.len[b] === 0 ? ' (empty)' : ` (on ${name(s.top(b))})`;
}
