/**
 * The flags that name many seeds: a batch's list (`--seeds`, `--seeds-file`, or a random sample
 * `--random K --sample-seed S`) with its `--family`, and the `--seeds` and `--family` filters of the
 * commands that read a database. Seeds are exact big integers; a list is kept as ranges
 * (`batch/seeds.ts`).
 */
import type { Command } from 'commander';
import { MAX_SEEDS, type SeedList, type SeedSource, parseSeedList, parseSeedRanges, parseSeedsFile, randomSample } from '../batch/seeds.ts';
import { MAX_SAMPLE_SEED } from '../deals/big-families.ts';
import { parseFamily } from '../deals/families.ts';
import { FAMILIES, type Result, type SeedRange, UserError, err, unwrap } from '../types.ts';
import { readText } from './io.ts';
import { fromResult, parseIntIn } from './option-parsers.ts';

/** The largest seeds file read: ten million seeds of 20 digits and their separators. */
export const MAX_SEEDS_FILE_BYTES = 256 * 2 ** 20;

/** Declares `--seeds` as a filter: ranges of seeds to select. */
export function addSeedFilterOption(cmd: Command): Command {
  return cmd.option('--seeds <list>', 'only these seeds, e.g. 1-100,500', fromResult(parseSeedFilter));
}

/** Most ranges in a `--seeds` filter. */
export const MAX_FILTER_RANGES = 1000;

/** Parses a `--seeds` filter: ranges as written, at most MAX_FILTER_RANGES. */
export function parseSeedFilter(text: string): Result<SeedRange[]> {
  const r = parseSeedRanges(text);
  if (r.ok && r.value.length > MAX_FILTER_RANGES) return err(`too many seed ranges (at most ${MAX_FILTER_RANGES})`);
  return r;
}

/** Seed list options after parsing. */
export interface SeedListOptions {
  seeds?: SeedList;
  seedsFile?: string;
  random?: number;
  sampleSeed?: number;
}

/** Parses `--random K`: 1…MAX_SEEDS deals. */
export const parseRandomCount = parseIntIn('random', 1, Number(MAX_SEEDS));

/** Parses `--sample-seed S`: 0…2^32 − 1. */
export const parseSampleSeed = parseIntIn('sample-seed', 0, MAX_SAMPLE_SEED);

/** Declares `--seeds LIST`, `--seeds-file FILE` and the random sample `--random K --sample-seed S`. */
export function addSeedListOptions(cmd: Command): Command {
  return cmd
    .option(
      '--seeds <list>',
      'seeds, e.g. 1-10000 or 1-100,500,900-999 (any size of number)',
      fromResult((t) => parseSeedList(t)),
    )
    .option('--seeds-file <file>', 'file of seeds and ranges (any white space or commas, # comments)')
    .option('--random <K>', 'K uniformly random deals (families microsoft and exact), drawn by --sample-seed', fromResult(parseRandomCount))
    .option(
      '--sample-seed <S>',
      'the seed of the --random sample, 0…4294967295 (the same S draws the same deals)',
      fromResult(parseSampleSeed),
    );
}

/** The seeds of parsed options: exactly one of --seeds, --seeds-file and --random (with --sample-seed). */
export function seedListFromOptions(o: SeedListOptions): SeedSource {
  if (o.seeds && o.seedsFile !== undefined) throw new UserError('give either --seeds or --seeds-file, not both');
  if (o.random !== undefined && (o.seeds || o.seedsFile !== undefined))
    throw new UserError(`--random draws its own seeds: give either --random or ${o.seeds ? '--seeds' : '--seeds-file'}, not both`);
  if (o.sampleSeed !== undefined && o.random === undefined) throw new UserError('--sample-seed applies to --random only');
  if (o.random !== undefined) {
    if (o.sampleSeed === undefined)
      throw new UserError('--random needs --sample-seed S (0…4294967295), so that the sample can be drawn again');
    return unwrap(randomSample(o.random, o.sampleSeed));
  }
  if (o.seeds) return o.seeds;
  if (o.seedsFile === undefined) throw new UserError('no seeds: give --seeds 1-1000, --seeds-file FILE or --random K --sample-seed S');
  const text = readText(o.seedsFile, MAX_SEEDS_FILE_BYTES, 'seeds file');
  if (!text.ok) throw new UserError(text.error.startsWith('cannot read ') ? `cannot read seeds file ${text.error.slice(12)}` : text.error);
  return unwrap(parseSeedsFile(text.value, o.seedsFile));
}

/** Declares `--family` for a seed list (default solvitaire) or as a filter (no default). */
export function addFamilyOption(cmd: Command, mode: 'list' | 'filter'): Command {
  if (mode === 'filter') return cmd.option('--family <family>', `only this seed family: ${FAMILIES.join(', ')}`, fromResult(parseFamily));
  return cmd.option('--family <family>', `seed family: ${FAMILIES.join(', ')}`, fromResult(parseFamily), 'solvitaire');
}
