/**
 * The deal source flags: `--seed`, `--family`, `--deal` (a file, or - for stdin; `--from` is its
 * hidden former name) and `--input-format`: exactly one of a seeded deal and a deal read from a
 * file. Seeds are exact big integers (bigint); a family checks its own range.
 *
 * This module loads no solver, database or worker code, so that `klondike deal` starts fast.
 */
import { type Command, Option } from 'commander';
import { type Seed, dealFromSeed, parseFamily, parseSeedText } from '../deals/families.ts';
import { FORMATS, type Format, parseFormat } from '../deals/formats/index.ts';
import { type Position, dealPosition } from '../engine/position.ts';
import { FAMILIES, type Family, type Result, UserError, unwrap } from '../types.ts';
import { readPositionSource } from './io.ts';
import { fromResult } from './option-parsers.ts';

/** Parses a seed: a whole number ≥ 0 of any size, exact (the family, known once every option is read, checks its range). */
export function parseSeedArg(text: string): Result<bigint> {
  return parseSeedText(text);
}

/** Deal source options after parsing. */
export interface DealSourceOptions {
  seed?: Seed;
  family?: Family;
  deal?: string;
  /** The former name of `--deal` in `klondike deal`, kept as a hidden alias. */
  from?: string;
  inputFormat?: Format;
}

/** A position to play and, for a seeded deal, where it came from. */
export interface PositionSource {
  position: Position;
  family?: Family;
  seed?: Seed;
}

/** Declares `--seed`, `--family`, `--deal` (and its hidden alias `--from`) and `--input-format`. */
export function addDealSourceOptions(cmd: Command): Command {
  return cmd
    .option('--seed <N>', 'the deal of this seed (range depends on --family)', fromResult(parseSeedArg))
    .option('--family <family>', `seed family: ${FAMILIES.join(', ')} (default solvitaire)`, fromResult(parseFamily))
    .option('--deal <file>', 'a deal or mid-game position from a file, - for stdin (format detected)')
    .addOption(new Option('--from <file>', 'the same as --deal').hideHelp())
    .option('--input-format <format>', `format of --deal: ${FORMATS.join(', ')} (default: detected)`, fromResult(parseFormat));
}

/** The deal of a seed in a family, as a position; a seed outside the family's range is the user's error. */
export function seededDeal(seed: Seed, family: Family = 'solvitaire'): Position {
  return dealPosition(unwrap(dealFromSeed(seed, family)));
}

/** The position of parsed deal source options: exactly one of --seed and --deal. */
export function positionFromOptions(o: DealSourceOptions): PositionSource {
  if (o.deal !== undefined && o.from !== undefined) throw new UserError('--from is another name for --deal: give one of them');
  const file = o.deal ?? o.from;
  if (o.seed !== undefined && file !== undefined) throw new UserError('give either --seed or --deal, not both');
  if (o.seed !== undefined) {
    if (o.inputFormat !== undefined) throw new UserError('--input-format applies to --deal only');
    const family = o.family ?? 'solvitaire';
    return { position: seededDeal(o.seed, family), family, seed: o.seed };
  }
  if (file !== undefined) {
    if (o.family !== undefined) throw new UserError('--family applies to --seed only');
    return { position: unwrap(readPositionSource(file, o.inputFormat)) };
  }
  throw new UserError('give --seed N or --deal FILE (- for stdin)');
}
