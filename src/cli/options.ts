/**
 * Options shared by the commands that play a deal (`perft`, `replay`, `solve`): where the deal
 * comes from (`--seed N [--family F]` or `--deal FILE|-`) and the rule settings (`--draw`,
 * `--passes`, `--no-foundation-return`). Each group has an `add…Options(cmd)` that declares it and a
 * `…FromOptions(opts)` that turns the parsed values into library values, throwing a UserError
 * with a one-line message on bad combinations.
 *
 * `--passes unlimited` parses to the string 'unlimited', not null: commander replaces a parsed
 * null by ''.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { type Seed, dealFromSeed, parseFamily } from '../families.ts';
import { readPositionSource } from '../formats.ts';
import { type Position, dealPosition } from '../position.ts';
import { DEFAULT_RULES, FAMILIES, type Family, type Result, type Rules, UserError, unwrap, validateRules } from '../types.ts';
import { parseSeedArg } from './deal.ts';

/** Rule options after parsing. */
export interface RuleOptions {
  draw: number;
  passes: number | 'unlimited';
  foundationReturn: boolean;
}

/** Deal source options after parsing. */
export interface DealSourceOptions {
  seed?: Seed;
  family?: Family;
  deal?: string;
}

/** A position to play and, for a seeded deal, where it came from. */
export interface PositionSource {
  position: Position;
  family?: Family;
  seed?: Seed;
}

/** A commander argument parser from a Result-returning parser. */
export function argParser<T>(parse: (text: string) => Result<T>): (text: string) => T {
  return (text) => {
    const r = parse(text);
    if (!r.ok) throw new InvalidArgumentError(r.error);
    return r.value;
  };
}

/** Parses a whole number in min…max. */
export function parseIntIn(what: string, min: number, max: number): (text: string) => Result<number> {
  return (text) => {
    const t = text.trim();
    const n = Number(t);
    if (!/^[0-9]+$/.test(t) || n < min || n > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `${min}…${max}`;
      return { ok: false, error: `${what} must be a whole number ${range}, got ${JSON.stringify(text)}` };
    }
    return { ok: true, value: n };
  };
}

/** Parses `--draw`: 1…24. */
export const parseDraw = parseIntIn('draw', 1, 24);

/** Parses `--passes`: a whole number ≥ 1, or `unlimited`. */
export function parsePasses(text: string): Result<number | 'unlimited'> {
  if (/^(unlimited|inf|infinite|infinity)$/i.test(text.trim())) return { ok: true, value: 'unlimited' };
  const r = parseIntIn('passes', 1, Number.MAX_SAFE_INTEGER)(text);
  if (!r.ok) return { ok: false, error: `passes must be a whole number ≥ 1 or unlimited, got ${JSON.stringify(text)}` };
  return r;
}

/** Declares `--draw`, `--passes` and `--no-foundation-return`, with the project's default rules. */
export function addRuleOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--draw <n>', 'cards turned per draw, 1…24').default(DEFAULT_RULES.draw).argParser(argParser(parseDraw)))
    .addOption(
      new Option('--passes <n>', 'passes through the stock: 1, 3, any number, or unlimited')
        .default(DEFAULT_RULES.passes === null ? 'unlimited' : DEFAULT_RULES.passes)
        .argParser(argParser(parsePasses)),
    )
    .option('--no-foundation-return', 'forbid moving cards back from the foundations');
}

/** The rules of parsed rule options. */
export function rulesFromOptions(o: Partial<RuleOptions>): Rules {
  const rules: Rules = {
    draw: o.draw ?? DEFAULT_RULES.draw,
    passes: o.passes === undefined ? DEFAULT_RULES.passes : o.passes === 'unlimited' ? null : o.passes,
    foundationReturn: o.foundationReturn ?? DEFAULT_RULES.foundationReturn,
  };
  return unwrap(validateRules(rules));
}

/** Declares `--seed`, `--family` and `--deal`. */
export function addDealSourceOptions(cmd: Command): Command {
  return cmd
    .option('--seed <N>', 'play the deal of this seed (range depends on --family)', parseSeedArg)
    .option('--family <family>', `seed family: ${FAMILIES.join(', ')} (default solvitaire)`, argParser(parseFamily))
    .option('--deal <file>', 'play a deal or mid-game position from a file, - for stdin (format detected)');
}

/** The position of parsed deal source options: exactly one of --seed and --deal. */
export function positionFromOptions(o: DealSourceOptions): PositionSource {
  if (o.seed !== undefined && o.deal !== undefined) throw new UserError('give either --seed or --deal, not both');
  if (o.seed !== undefined) {
    const family = o.family ?? 'solvitaire';
    return { position: dealPosition(unwrap(dealFromSeed(o.seed, family))), family, seed: o.seed };
  }
  if (o.deal !== undefined) {
    if (o.family !== undefined) throw new UserError('--family applies to --seed only');
    return { position: unwrap(readPositionSource(o.deal)) };
  }
  throw new UserError('give --seed N or --deal FILE (- for stdin)');
}
