/**
 * The parsers of option values and the one adapter to commander, which every option group of
 * the command line builds on: `rule-options.ts`, `deal-options.ts`, `budget-options.ts`,
 * `seed-options.ts`, `db-options.ts`, `count-options.ts` and `player-options.ts`. Every flag that
 * more than one command takes is declared and parsed in its group, so the same flag means the
 * same thing and is checked the same way everywhere.
 *
 * - Parsers return `Result` (never throw); `fromResult` is the one adapter to commander, which
 *   turns an error into its one-line `error: option … argument … is invalid. <reason>`.
 * - Each group has an `add…Options(cmd)` that declares it and a `…FromOptions(opts)` that turns
 *   the parsed values into library values, throwing a UserError with one line for bad
 *   combinations (`--vegas --passes 5`, `--seed` with `--deal`, `--random` with `--seeds`).
 * - Numbers are decimal only, whole numbers in a stated range unless they are seconds.
 */
import { InvalidArgumentError } from 'commander';
import { type Result, err, ok } from '../types.ts';

/** The one adapter from a Result-returning parser to a commander argument parser. */
export function fromResult<T>(parse: (text: string) => Result<T>): (text: string) => T {
  return (text) => {
    const r = parse(text);
    if (!r.ok) throw new InvalidArgumentError(r.error);
    return r.value;
  };
}

/** Parses a whole number in min…max. */
export function parseIntIn(what: string, min: number, max = Number.MAX_SAFE_INTEGER): (text: string) => Result<number> {
  return (text) => {
    const t = text.trim();
    const n = Number(t);
    if (!/^[0-9]+$/.test(t) || !Number.isSafeInteger(n) || n < min || n > max) {
      const unsafe = /^[0-9]+$/.test(t) && !Number.isSafeInteger(n);
      const range = max !== Number.MAX_SAFE_INTEGER ? `${min}…${max}` : unsafe ? `≥ ${min} and at most 2^53 − 1 (${max})` : `≥ ${min}`;
      return err(`${what} must be a whole number ${range}, got ${JSON.stringify(text)}`);
    }
    return ok(n);
  };
}

/** Parses yes/no (also true/false, 1/0). */
export function parseYesNo(what: string): (text: string) => Result<boolean> {
  return (text) => {
    const t = text.trim().toLowerCase();
    if (t === 'yes' || t === 'true' || t === '1') return ok(true);
    if (t === 'no' || t === 'false' || t === '0') return ok(false);
    return err(`${what} expects yes or no, got ${JSON.stringify(text)}`);
  };
}

/** Longest time budget accepted, in seconds (a worker's hard limit, twice it, must fit a 32-bit millisecond timer). */
export const MAX_TIMEOUT_S = 1_000_000;

/** Parses a positive number of seconds, at most MAX_TIMEOUT_S. */
export function parseSeconds(what: string): (text: string) => Result<number> {
  return (text) => {
    const t = text.trim();
    const n = Number(t);
    // decimal only, like every other number (Number() would read 0x10, 0b11, 1e3)
    if (!/^([0-9]+\.?[0-9]*|\.[0-9]+)$/.test(t) || !Number.isFinite(n) || n <= 0 || n > MAX_TIMEOUT_S)
      return err(`${what} must be a positive number of seconds up to ${MAX_TIMEOUT_S}, got ${JSON.stringify(text)}`);
    return ok(n);
  };
}
