/**
 * What the solver's public entries are given, checked once, the same way for the command line
 * and for a program calling the library from plain JavaScript, where nothing checks the types:
 * the position and the rules (src/engine/check.ts), the budget and the options. An unknown key is
 * an error (a misspelt `maxNode` would otherwise mean the default). A bad value is one clear
 * error, never a verdict: the search trusts what passes.
 */
import { checkPosition, checkRules, show, unknownKey } from '../engine/check.ts';
import type { Position } from '../engine/position.ts';
import { type Result, type Rules, UserError, err, ok } from '../types.ts';
import type { Budget } from './options.ts';

/** The largest transposition table, MiB. */
export const MAX_TABLE_MB = 2048;

/** The keys of a budget. */
const BUDGET_KEYS = ['maxNodes', 'timeoutMs', 'maxMemoryMb'] as const;

/** Checks a budget: an object of known keys; nodes a whole number ≥ 1, time above 0 ms, memory 1…MAX_TABLE_MB MiB. */
export function checkBudget(b: unknown): Result<Budget> {
  if (b === undefined) return ok({});
  if (typeof b !== 'object' || b === null || Array.isArray(b))
    return err(`a budget must be an object {maxNodes, timeoutMs, maxMemoryMb}, got ${show(b)}`);
  const bad = unknownKey(b, BUDGET_KEYS, 'budget');
  if (bad) return err(bad);
  const o = b as Budget;
  if (o.maxNodes !== undefined && (typeof o.maxNodes !== 'number' || !Number.isSafeInteger(o.maxNodes) || o.maxNodes < 1))
    return err(`max-nodes must be a whole number ≥ 1 and at most 2^53 − 1 (${Number.MAX_SAFE_INTEGER}), got ${show(o.maxNodes)}`);
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
