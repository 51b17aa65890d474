/** Shared small types: results, rules, seed families. */

/** A value or a one-line error message. Parsers return these instead of throwing. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function err<T = never>(error: string): Result<T> {
  return { ok: false, error };
}

/** An error meant for the user: the CLI prints its message on one line, without a stack. */
export class UserError extends Error {
  override name = 'UserError';
}

/** Text from input, fit to echo in a one-line message: control characters escaped, cut to `max` characters. */
export function echo(text: string, max = 80): string {
  const safe = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return safe.length > max ? `${safe.slice(0, max - 1)}…` : safe;
}

/** Unwraps a result or throws a UserError with its message. */
export function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new UserError(r.error);
  return r.value;
}

/** Rule settings. `passes` is a number ≥ 1 or null for unlimited. */
export interface Rules {
  draw: number;
  passes: number | null;
  foundationReturn: boolean;
}

/** Which cards of the stock a player of the hidden-card game sees: `hidden` (until drawn once) or `visible` (always). */
export type StockMode = 'visible' | 'hidden';

export const DEFAULT_RULES: Rules = { draw: 3, passes: null, foundationReturn: true };

/** Checks rule settings: draw 1…24, passes a whole number ≥ 1 (at most 2^53 − 1) or null, foundationReturn a boolean. */
export function validateRules(r: Rules): Result<Rules> {
  if (typeof r.draw !== 'number' || !Number.isInteger(r.draw) || r.draw < 1 || r.draw > 24) return err(`draw must be 1…24, got ${r.draw}`);
  if (r.passes !== null && (typeof r.passes !== 'number' || !Number.isSafeInteger(r.passes) || r.passes < 1))
    return err(`passes must be a whole number ≥ 1 or unlimited, got ${r.passes}`);
  if (typeof r.foundationReturn !== 'boolean') return err(`foundationReturn must be true or false, got ${String(r.foundationReturn)}`);
  return ok(r);
}

/** Short label of a rule set: `draw 3, unlimited passes`. */
export function rulesLabel(r: Rules): string {
  const p = r.passes === null ? 'unlimited passes' : r.passes === 1 ? '1 pass' : `${r.passes} passes`;
  return `draw ${r.draw}, ${p}${r.foundationReturn ? '' : ', no foundation return'}`;
}

/** An inclusive range of seeds, exact (seeds of some families have up to 68 digits). */
export interface SeedRange {
  from: bigint;
  to: bigint;
}

/** The seed families: numberings of deals reproduced from other programs. */
export const FAMILIES = ['solvitaire', 'klondike-solver', 'greenfelt', 'microsoft', 'exact'] as const;
export type Family = (typeof FAMILIES)[number];
