/**
 * `klondike deal`: print the deal of a seed, or convert a deal or position between formats.
 *
 *   klondike deal --seed N [--family F] [--format F]
 *   klondike deal --deal FILE|- [--input-format F] [--format F]
 *
 * (`--from` is the former name of `--deal` here and still works.)
 */
import type { Command } from 'commander';
import { FORMATS, type Format, formatPosition, parseFormat } from '../deals/formats/index.ts';
import { type Result, unwrap } from '../types.ts';
import { type DealSourceOptions, addDealSourceOptions, positionFromOptions } from './deal-options.ts';
import { fromResult } from './option-parsers.ts';

/** Options of `klondike deal` after parsing. */
export interface DealOptions extends DealSourceOptions {
  format: Format;
  colour: 'auto' | 'always' | 'never';
}

const COLOUR_WHEN = ['auto', 'always', 'never'] as const;

/** The output of `klondike deal` for these options; throws UserError on bad input. */
export function runDeal(o: DealOptions, isTty: boolean): string {
  const { position } = positionFromOptions(o);
  const colour = o.colour === 'always' || (o.colour === 'auto' && isTty && !process.env.NO_COLOR);
  return unwrap(formatPosition(position, o.format, { colour }));
}

function parseColour(text: string): Result<DealOptions['colour']> {
  const w = COLOUR_WHEN.find((x) => x === text.trim().toLowerCase());
  return w ? { ok: true, value: w } : { ok: false, error: `--colour must be auto, always or never, got ${JSON.stringify(text)}` };
}

/** Registers the `deal` subcommand. */
export function registerDeal(program: Command): void {
  const cmd = program.command('deal').description('print the deal of a seed, or convert a deal or position between formats');
  addDealSourceOptions(cmd)
    .option('--format <format>', `output format: ${FORMATS.join(', ')}`, fromResult(parseFormat), 'json')
    .option('--colour <when>', 'colour in the text format: auto, always, never', fromResult(parseColour), 'auto')
    .action((opts: DealOptions) => {
      process.stdout.write(runDeal(opts, process.stdout.isTTY === true));
    });
}
