/**
 * What the solver's public entries are given, checked once, the same way for the command line
 * and for a program calling the library from plain JavaScript, where nothing checks the types:
 * a position (`validatePosition`, after its parts are known to be lists and numbers), the rules
 * (a missing field takes its default: `{}` is draw 3, unlimited passes, foundation returns), the
 * budget and the options. An unknown key is an error (a misspelt `Passes` would otherwise mean
 * the default). A bad value is one clear error, never a verdict: the search trusts what passes.
 */
import { type Position, validatePosition } from '../engine/position.ts';
import { DEFAULT_RULES, type Result, type Rules, UserError, err, ok, validateRules } from '../types.ts';
import type { Budget } from './options.ts';

/** The largest transposition table, MiB. */
export const MAX_TABLE_MB = 2048;

/** The keys of each checked object. */
const RULE_KEYS = ['draw', 'passes', 'foundationReturn'] as const;
const BUDGET_KEYS = ['maxNodes', 'timeoutMs', 'maxMemoryMb'] as const;

/** A value as an error message shows it. */
function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'object' && v !== null) return Array.isArray(v) ? 'a list' : 'an object';
  return String(v);
}

/** The first key of `o` not among `known`, as an error, or undefined. */
function unknownKey(o: object, known: readonly string[], what: string): string | undefined {
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

/** Checks a budget: an object of known keys; nodes a whole number ≥ 1, time above 0 ms, memory 1…MAX_TABLE_MB MiB. */
export function checkBudget(b: unknown): Result<Budget> {
  if (b === undefined) return ok({});
  if (typeof b !== 'object' || b === null || Array.isArray(b))
    return err(`a budget must be an object {maxNodes, timeoutMs, maxMemoryMb}, got ${show(b)}`);
  const bad = unknownKey(b, BUDGET_KEYS, 'budget');
  if (bad) return err(bad);
  const o = b as Budget;
  if (o.maxNodes !== undefined && (typeof o.maxNodes !== 'number' || !Number.isSafeInteger(o.maxNodes) || o.maxNodes < 1))
    return err(`max-nodes must be a whole number ≥ 1, got ${show(o.maxNodes)}`);
  // Infinity is no time limit (a player's solves are bounded by nodes only, so a clock cannot change a decision)
  if (o.timeoutMs !== undefined && (typeof o.timeoutMs !== 'number' || Number.isNaN(o.timeoutMs) || o.timeoutMs <= 0))
    return err(`timeoutMs must be a number of milliseconds above 0 (Infinity: no limit), got ${show(o.timeoutMs)}`);
  if (
    o.maxMemoryMb !== undefined &&
    (typeof o.maxMemoryMb !== 'number' || !Number.isInteger(o.maxMemoryMb) || o.maxMemoryMb < 1 || o.maxMemoryMb > MAX_TABLE_MB)
  )
    return err(`max-memory must be a whole number of MiB 1…${MAX_TABLE_MB} (the most a table holds), got ${show(o.maxMemoryMb)}`);
  return ok({ ...o });
}

/** Checks a position from any caller: its parts lists of whole numbers, then `validatePosition` under the rules. */
export function checkPosition(p: unknown, rules?: Rules): Result<Position> {
  const shape = checkShape(p);
  return shape.ok ? validatePosition(p as Position, rules) : shape;
}

/** Checks that a position has the shape of one (lists of whole numbers of the right lengths), before its cards are checked. */
export function checkShape(p: unknown): Result<void> {
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return err(`a position must be an object, got ${show(p)}`);
  const o = p as Record<string, unknown>;
  const cards = (v: unknown) => Array.isArray(v) && v.every((c) => typeof c === 'number' && Number.isInteger(c));
  if (!Array.isArray(o.tableau) || o.tableau.length !== 7 || !o.tableau.every(cards))
    return err('tableau must be 7 lists of cards (whole numbers 0…51)');
  if (!cards(o.stock)) return err('stock must be a list of cards (whole numbers 0…51)');
  if (!cards(o.waste)) return err('waste must be a list of cards (whole numbers 0…51)');
  if (!cards(o.faceDown) || (o.faceDown as number[]).length !== 7) return err('faceDown must list 7 whole numbers');
  if (!cards(o.foundations) || (o.foundations as number[]).length !== 4) return err('foundations must give 4 heights');
  if ((o.tableau as number[][]).some((pile) => pile.length > 52)) return err('a pile holds at most 52 cards');
  if (typeof o.pass !== 'number') return err(`pass must be a whole number ≥ 1, got ${show(o.pass)}`);
  return ok(undefined);
}

/** Options objects: undefined or an object whose given keys are known and of the right type. */
export function checkOptions(
  o: unknown,
  kinds: Readonly<Record<string, 'boolean' | 'function' | 'object' | 'string' | 'number'>>,
): Result<void> {
  if (o === undefined) return ok(undefined);
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return err(`options must be an object, got ${show(o)}`);
  const bad = unknownKey(o, Object.keys(kinds), 'option');
  if (bad) return err(bad);
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined) continue;
    const want = kinds[k];
    if (want === 'object' ? typeof v !== 'object' || v === null : typeof v !== want)
      return err(`option ${k} must be a ${want}, got ${show(v)}`);
  }
  return ok(undefined);
}

/** The checked arguments of a solver entry, or a UserError naming the entry: what `solve`, `mostHome` and `shortest` call first. */
export function checkedInput(
  entry: string,
  position: unknown,
  rules: unknown,
  budget: unknown,
): { position: Position; rules: Rules; budget: Budget } {
  const r = checkRules(rules);
  if (!r.ok) throw new UserError(`${entry}: ${r.error}`);
  const p = checkPosition(position, r.value);
  if (!p.ok) throw new UserError(`${entry}: ${p.error}`);
  const b = checkBudget(budget);
  if (!b.ok) throw new UserError(`${entry}: ${b.error}`);
  return { position: p.value, rules: r.value, budget: b.value };
}

/** Throws a UserError naming the entry when a check failed. */
export function orThrow(entry: string, r: Result<unknown>): void {
  if (!r.ok) throw new UserError(`${entry}: ${r.error}`);
}
