/**
 * Solutions: the solution JSON (this project's interchange format), the readable notation, and
 * `replay`, which checks a move list with the plain engine: every move must be one of the legal
 * atomic moves that `genAtomic` lists, exactly as perft counts them.
 */
import { cardName, cardPretty, makeCard } from './cards.ts';
import { type Seed, parseSeedText } from '../deals/families.ts';
import { DRAW, F2T, REDEAL, S2F, S2T, T2F, T2T, aOf, bOf, countOf, fitsPile, genAtomic, indexOf, kindOf, make, toAtomic } from './moves.ts';
import { type AtomicMove, COLUMN_NAMES, PILE_NAMES, type PileName, pileIndex } from './notation.ts';
import { type Position, makePositionJson, parsePositionObject, validatePosition } from './position.ts';
import { State, STRIDE } from './state.ts';
import { type Result, type Rules, err, ok, validateRules } from '../types.ts';

/**
 * The solution JSON. `deal` may be a mid-game position in our JSON form. A seed above 2^53 (the
 * 68-digit codes of the big families) is written as a string of digits, which a JSON number could
 * not hold exactly; smaller seeds are numbers. Readers take either.
 */
export interface Solution {
  family?: string;
  seed?: Seed;
  rules: Rules;
  deal: Position;
  moves: AtomicMove[];
}

/** The atomic move of an internal move: defined with the engine (moves.ts), which the solver uses too. */
export { toAtomic };

/** True when the atomic move names internal move m in state s (count = the cards it moves). */
function sameMove(s: State, m: number, a: AtomicMove): boolean {
  const b = toAtomic(s, m);
  return b.from === a.from && b.to === a.to && a.count === b.count;
}

/** Finds the legal internal move for an atomic move, or says why it is illegal. */
export function findMove(s: State, a: AtomicMove): Result<number> {
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
  if (f < 0 || t < 0) return `unknown pile in ${a.from} → ${a.to}`;
  if (!Number.isInteger(a.count) || a.count < 1) return `bad count ${a.count}`;
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

/** Replays moves from a position under rules with the plain engine. */
export function replay(position: Position, rules: Rules, moves: readonly AtomicMove[]): ReplayOutcome {
  const s = State.fromPosition(position, rules);
  for (let k = 0; k < moves.length; k++) {
    const r = findMove(s, moves[k]);
    if (!r.ok)
      return {
        status: 'illegal',
        index: k + 1,
        why: `${moves[k].from} → ${moves[k].to}${moves[k].count > 1 ? ` ×${moves[k].count}` : ''}: ${r.error}`,
      };
    make(s, r.value);
  }
  return s.home === 52 ? { status: 'won' } : { status: 'not won', position: s.toPosition() };
}

/** Readable notation of a move list from a position: `1. draw (Th 9c 8d)`, `2. 8d waste → t4 (on 9s)`. */
export function describeMoves(position: Position, rules: Rules, moves: readonly AtomicMove[], colour = false): string[] {
  const s = State.fromPosition(position, rules);
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

/** The solution JSON object. */
export function makeSolutionJson(sol: Solution, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (sol.family !== undefined) out.family = sol.family;
  if (sol.seed !== undefined) out.seed = seedJson(sol.seed);
  out.rules = { draw: sol.rules.draw, passes: sol.rules.passes, foundationReturn: sol.rules.foundationReturn };
  out.deal = makePositionJson(sol.deal);
  Object.assign(out, extra);
  out.moves = sol.moves.map((m) => ({ from: m.from, to: m.to, count: m.count }));
  return out;
}

/** A seed as JSON: a number when it is exact as one, else its decimal digits as a string. */
export function seedJson(seed: Seed): number | string {
  if (typeof seed === 'number') return seed;
  return seed <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(seed) : seed.toString();
}

/** Reads a solution JSON text. */
export function parseSolutionJson(text: string): Result<Solution> {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch (e) {
    return err(`malformed JSON: ${(e as Error).message}`);
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return err('a solution must be a JSON object');
  const j = o as Record<string, unknown>;
  const r = j.rules as Record<string, unknown> | undefined;
  if (typeof r !== 'object' || r === null || Array.isArray(r)) return err('"rules" missing: {"draw", "passes", "foundationReturn"}');
  if (typeof r.draw !== 'number' || !Number.isSafeInteger(r.draw))
    return err(`rules.draw must be a whole number 1…24, got ${JSON.stringify(r.draw)}`);
  if (r.passes !== null && r.passes !== undefined && (typeof r.passes !== 'number' || !Number.isSafeInteger(r.passes)))
    return err(`rules.passes must be a whole number ≥ 1 or null (unlimited), got ${JSON.stringify(r.passes)}`);
  if (r.foundationReturn !== undefined && typeof r.foundationReturn !== 'boolean')
    return err(`rules.foundationReturn must be true or false, got ${JSON.stringify(r.foundationReturn)}`);
  const rules: Rules = {
    draw: r.draw,
    passes: typeof r.passes === 'number' ? r.passes : null,
    foundationReturn: r.foundationReturn !== false,
  };
  if (j.family !== undefined && typeof j.family !== 'string') return err(`"family" must be a string, got ${JSON.stringify(j.family)}`);
  const rv = validateRules(rules);
  if (!rv.ok) return rv;
  if (j.deal === undefined) return err('"deal" missing');
  const deal = parsePositionObject(j.deal);
  if (!deal.ok) return err(`deal: ${deal.error}`);
  const inRules = validatePosition(deal.value, rules);
  if (!inRules.ok) return err(`deal: ${inRules.error}`);
  if (!Array.isArray(j.moves)) return err('"moves" must be a list');
  const moves: AtomicMove[] = [];
  for (let k = 0; k < j.moves.length; k++) {
    const m = j.moves[k] as Record<string, unknown>;
    if (typeof m !== 'object' || m === null) return err(`move ${k + 1} is not an object`);
    if (typeof m.from !== 'string' || typeof m.to !== 'string' || pileIndex(m.from) < 0 || pileIndex(m.to) < 0)
      return err(
        `move ${k + 1}: unknown pile ${JSON.stringify(pileIndex(String(m.from)) < 0 ? m.from : m.to)} (piles: ${PILE_NAMES.join(' ')})`,
      );
    const count = m.count === undefined ? 1 : m.count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 52)
      return err(`move ${k + 1}: bad count ${JSON.stringify(m.count)} (a whole number of cards, 1…52)`);
    moves.push({ from: m.from as PileName, to: m.to as PileName, count });
  }
  let seed: Seed | undefined;
  if (typeof j.seed === 'number') {
    if (!Number.isSafeInteger(j.seed) || j.seed < 0)
      return err(`"seed" must be a whole number ≥ 0 (or its digits as a string), got ${j.seed}`);
    seed = j.seed;
  } else if (typeof j.seed === 'string') {
    const r = parseSeedText(j.seed);
    if (!r.ok) return err(`"seed": ${r.error}`);
    seed = r.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(r.value) : r.value;
  } else if (j.seed !== undefined)
    return err(`"seed" must be a whole number ≥ 0 (or its digits as a string), got ${JSON.stringify(j.seed)}`);
  return ok({
    family: typeof j.family === 'string' ? j.family : undefined,
    seed,
    rules,
    deal: deal.value,
    moves,
  });
}
