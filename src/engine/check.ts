/**
 * What the library's public entries are given, checked once, the same way for the command line
 * and for a program calling the library from plain JavaScript, where nothing checks the types: a
 * position (`validatePosition`, after its parts are known to be lists and numbers), the rules (a
 * missing field takes its default: `{}` is draw 3, unlimited passes, foundation returns) and a
 * list of moves. An unknown key is an error (a misspelt `Passes` would otherwise mean the
 * default). A bad value is one clear error, never a result: what passes is trusted. The solver's
 * own arguments (budgets, options) are checked in src/solver/validate.ts.
 */
import type { AtomicMove } from './notation.ts';
import { type Deal, type Position, dealPosition, validatePosition } from './position.ts';
import { DEFAULT_RULES, type Result, type Rules, err, ok, validateRules } from '../types.ts';

/** The keys of the rules. */
const RULE_KEYS = ['draw', 'passes', 'foundationReturn'] as const;

/** A value as an error message shows it. */
export function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'object' && v !== null) return Array.isArray(v) ? 'a list' : 'an object';
  return String(v);
}

/** The first key of `o` not among `known`, as an error, or undefined. */
export function unknownKey(o: object, known: readonly string[], what: string): string | undefined {
  const k = Object.keys(o).find((x) => !known.includes(x));
  return k === undefined ? undefined : `unknown ${what} key ${JSON.stringify(k)} (the keys are ${known.join(', ')})`;
}

/** Checks rules from any caller: an object of known keys, each missing one the default, each given one of the right type. */
export function checkRules(r: unknown): Result<Rules> {
  if (r === undefined) return ok({ ...DEFAULT_RULES });
  if (typeof r !== 'object' || r === null || Array.isArray(r))
    return err(`rules must be an object {draw, passes, foundationReturn}, got ${show(r)}`);
  const bad = unknownKey(r, RULE_KEYS, 'rules');
  if (bad) return err(bad);
  const o = r as Partial<Record<(typeof RULE_KEYS)[number], unknown>>;
  if (o.draw !== undefined && typeof o.draw !== 'number') return err(`draw must be a whole number 1…24, got ${show(o.draw)}`);
  if (o.passes !== undefined && o.passes !== null && typeof o.passes !== 'number')
    return err(`passes must be a whole number ≥ 1 or null (unlimited), got ${show(o.passes)}`);
  if (o.foundationReturn !== undefined && typeof o.foundationReturn !== 'boolean')
    return err(`foundationReturn must be true or false, got ${show(o.foundationReturn)}`);
  return validateRules({
    draw: (o.draw as number | undefined) ?? DEFAULT_RULES.draw,
    passes: o.passes === undefined ? DEFAULT_RULES.passes : (o.passes as number | null),
    foundationReturn: (o.foundationReturn as boolean | undefined) ?? DEFAULT_RULES.foundationReturn,
  });
}

/** Checks a position from any caller: its parts lists of whole numbers, then `validatePosition` under the rules. */
export function checkPosition(p: unknown, rules?: Rules): Result<Position> {
  const shape = checkShape(p);
  return shape.ok ? validatePosition(p as Position, rules) : shape;
}

/** The keys a position has and a deal (`{tableau, stock}`) lacks. */
const POSITION_ONLY = ['faceDown', 'waste', 'foundations', 'pass'] as const;

/** True for an object with a tableau and a stock and none of the other keys of a position: a deal. */
function isDealObject(o: object): boolean {
  return 'tableau' in o && 'stock' in o && POSITION_ONLY.every((k) => !(k in o));
}

/** A deal (an object of `tableau` and `stock` only, as `dealFromSeed` gives) as its starting position; anything else as it is. */
export function asPosition(p: unknown): unknown {
  if (typeof p !== 'object' || p === null || !isDealObject(p)) return p;
  const d = p as Deal;
  return Array.isArray(d.tableau) && d.tableau.every(Array.isArray) && Array.isArray(d.stock) ? dealPosition(d) : p;
}

/** Checks that a position has the shape of one (lists of whole numbers of the right lengths), before its cards are checked. */
export function checkShape(p: unknown): Result<void> {
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return err(`a position must be an object, got ${show(p)}`);
  const o = p as Record<string, unknown>;
  const cards = (v: unknown) => Array.isArray(v) && v.every((c) => typeof c === 'number' && Number.isInteger(c));
  if (!Array.isArray(o.tableau) || o.tableau.length !== 7 || !o.tableau.every(cards))
    return err('tableau must be 7 lists of cards (whole numbers 0…51)');
  if (!cards(o.stock)) return err('stock must be a list of cards (whole numbers 0…51)');
  if (isDealObject(o)) return err('a deal (tableau and stock only) is not a position: dealPosition(deal) is its starting position');
  if (!cards(o.waste)) return err('waste must be a list of cards (whole numbers 0…51)');
  if (!cards(o.faceDown) || (o.faceDown as number[]).length !== 7) return err('faceDown must list 7 whole numbers');
  if (!cards(o.foundations) || (o.foundations as number[]).length !== 4) return err('foundations must give 4 heights');
  if ((o.tableau as number[][]).some((pile) => pile.length > 52)) return err('a pile holds at most 52 cards');
  if (typeof o.pass !== 'number') return err(`pass must be a whole number ≥ 1, got ${show(o.pass)}`);
  return ok(undefined);
}

/** Checks a list of moves from any caller: a list of objects (each move's piles and count are checked when it is played). */
export function checkMoves(moves: unknown): Result<readonly AtomicMove[]> {
  if (!Array.isArray(moves)) return err(`moves must be a list of moves {from, to, count}, got ${show(moves)}`);
  const k = moves.findIndex((m) => typeof m !== 'object' || m === null || Array.isArray(m));
  if (k >= 0) return err(`move ${k + 1} must be an object {from, to, count}, got ${show(moves[k])}`);
  return ok(moves as AtomicMove[]);
}
