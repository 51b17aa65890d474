/**
 * `klondike deal`: print the deal of a seed, or convert a deal or position between formats.
 *
 *   klondike deal --seed N [--family F] [--format F]
 *   klondike deal --from FILE|- [--input-format F] [--format F]
 */
import { type Command, InvalidArgumentError } from 'commander';
import { type Seed, dealFromSeed, parseFamily, parseSeedText } from '../families.ts';
import { FORMATS, type Format, formatPosition, parseFormat, readPositionSource } from '../formats.ts';
import { type Position, dealPosition } from '../position.ts';
import { FAMILIES, type Family, type Result, UserError, unwrap } from '../types.ts';

/** Options of `klondike deal` after parsing. */
export interface DealOptions {
  seed?: Seed;
  family?: Family;
  from?: string;
  inputFormat?: Format;
  format: Format;
  colour: 'auto' | 'always' | 'never';
}

const COLOUR_WHEN = ['auto', 'always', 'never'] as const;

function optionParser<T>(parse: (text: string) => Result<T>): (text: string) => T {
  return (text) => {
    const r = parse(text);
    if (!r.ok) throw new InvalidArgumentError(r.error);
    return r.value;
  };
}

/**
 * Parses a seed argument exactly: decimal digits of any length (the family, known only once every
 * option is read, decides the range). A number when it is exact as one, a bigint above 2^53.
 */
export function parseSeedArg(text: string): Seed {
  const r = parseSeedText(text);
  if (!r.ok) throw new InvalidArgumentError(r.error);
  return r.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(r.value) : r.value;
}

/** The output of `klondike deal` for these options; throws UserError on bad input. */
export function runDeal(o: DealOptions, isTty: boolean): string {
  if (o.seed !== undefined && o.from !== undefined) throw new UserError('give either --seed or --from, not both');
  let position: Position;
  if (o.seed !== undefined) {
    if (o.inputFormat !== undefined) throw new UserError('--input-format applies to --from only');
    position = dealPosition(unwrap(dealFromSeed(o.seed, o.family ?? 'solvitaire')));
  } else if (o.from !== undefined) {
    if (o.family !== undefined) throw new UserError('--family applies to --seed only');
    position = unwrap(readPositionSource(o.from, o.inputFormat));
  } else {
    throw new UserError('give --seed N or --from FILE (- for stdin)');
  }
  const colour = o.colour === 'always' || (o.colour === 'auto' && isTty && !process.env.NO_COLOR);
  return unwrap(formatPosition(position, o.format, { colour }));
}

/** Registers the `deal` subcommand. */
export function registerDeal(program: Command): void {
  program
    .command('deal')
    .description('print the deal of a seed, or convert a deal or position between formats')
    .option('--seed <N>', 'seed number (range depends on --family)', parseSeedArg)
    .option('--family <family>', `seed family: ${FAMILIES.join(', ')} (default solvitaire)`, optionParser(parseFamily))
    .option('--from <file>', 'read a deal or position from a file, - for stdin (format detected)')
    .option('--input-format <format>', `format of --from: ${FORMATS.join(', ')}`, optionParser(parseFormat))
    .option('--format <format>', `output format: ${FORMATS.join(', ')}`, optionParser(parseFormat), 'json')
    .option('--colour <when>', 'colour in the text format: auto, always, never', optionParser(parseColour), 'auto')
    .action((opts: DealOptions) => {
      process.stdout.write(runDeal(opts, process.stdout.isTTY === true));
    });
}

function parseColour(text: string): Result<DealOptions['colour']> {
  const w = COLOUR_WHEN.find((x) => x === text.trim().toLowerCase());
  return w ? { ok: true, value: w } : { ok: false, error: `--colour must be auto, always or never, got ${JSON.stringify(text)}` };
}
