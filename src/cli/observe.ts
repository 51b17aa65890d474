/**
 * `klondike observe`: what a player sees of a seeded game after some moves (or of a position file),
 * written in any position format with `??` for each unseen card. The output is the input `odds`
 * and `hint` take with `--deal`.
 *
 *   klondike observe --seed N --moves "SW W3 1c" [--stock hidden|visible] [--format json|pysol|text|solvitaire]
 *
 * Exit codes: 0 done, 2 bad input.
 */
import type { Command } from 'commander';
import { FORMATS, type Format, formatPosition, parseFormat } from '../deals/formats/index.ts';
import { observedPosition } from '../hidden/observation.ts';
import { unwrap } from '../types.ts';
import { type SeenSourceOptions, addSeenSourceOptions, seenSourceFromOptions } from './hidden.ts';
import { type RuleOptions, addRuleOptions, rulesFromOptions } from './rule-options.ts';
import { fromResult } from './option-parsers.ts';

/** Options of `klondike observe` after parsing. */
export interface ObserveOptions extends SeenSourceOptions, RuleOptions {
  format: Format;
  colour?: boolean;
}

/** The observed position in the chosen format; throws UserError on bad input. */
export function runObserve(o: ObserveOptions): string {
  const rules = rulesFromOptions(o);
  const src = seenSourceFromOptions(o, rules);
  return unwrap(formatPosition(observedPosition(src.observation), o.format, { colour: o.colour }));
}

/** Registers the `observe` subcommand. */
export function registerObserve(program: Command): void {
  const cmd = program.command('observe').description('what a player sees of a game: the position with ?? for each unseen card');
  addSeenSourceOptions(cmd);
  addRuleOptions(cmd);
  cmd
    .option('--format <format>', `output format: ${FORMATS.join(', ')}`, fromResult(parseFormat), 'json')
    .addHelpText('after', '\nExit codes: 0 done, 2 bad input.')
    .action((opts: ObserveOptions) => {
      process.stdout.write(runObserve({ ...opts, colour: process.stdout.isTTY === true && !process.env.NO_COLOR }));
    });
}
