/**
 * `klondike perft`: count the move sequences of a given length from a deal or a position, with
 * per-move subtotals under `--divide`. Stdout carries only numbers (and move names) for scripts;
 * `--verbose` adds the node rate on stderr.
 *
 *   klondike perft (--seed N [--family F] | --deal FILE|-) [rules] --depth D [--divide]
 */
import type { Command } from 'commander';
import { perft, perftDivide } from '../engine/moves.ts';
import type { AtomicMove } from '../engine/notation.ts';
import { State } from '../engine/state.ts';
import { validatePosition } from '../engine/position.ts';
import { UserError, unwrap } from '../types.ts';
import { type DealSourceOptions, addDealSourceOptions, positionFromOptions } from './deal-options.ts';
import { type RuleOptions, addRuleOptions, rulesFromOptions } from './rule-options.ts';
import { fromResult, parseIntIn } from './option-parsers.ts';

/**
 * The deepest perft the command accepts: counts about triple with each move (depth 14 of a draw-1
 * deal counts 16 M sequences in seconds), so depth 20 runs for about an hour and deeper never ends.
 */
export const MAX_DEPTH = 20;

/** Options of `klondike perft` after parsing. */
export interface PerftOptions extends DealSourceOptions, RuleOptions {
  depth?: number;
  divide?: boolean;
  verbose?: boolean;
}

/** A move as `from>to`, with `*count` when more than one card moves. */
export function divideLabel(m: AtomicMove): string {
  return `${m.from}>${m.to}${m.count > 1 ? `*${m.count}` : ''}`;
}

/** What `klondike perft` prints: stdout text, and a stderr line for --verbose. */
export interface PerftReport {
  stdout: string;
  stderr: string;
  total: number;
}

/** Runs perft for these options; throws UserError on bad input. */
export function runPerft(o: PerftOptions): PerftReport {
  if (o.depth === undefined) throw new UserError('give --depth D (the length of the move sequences to count)');
  const { position } = positionFromOptions(o);
  const rules = rulesFromOptions(o);
  unwrap(validatePosition(position, rules)); // the pass within the pass limit
  const s = State.fromPosition(position, rules);
  const t0 = performance.now();
  let stdout: string;
  let total: number;
  if (o.divide) {
    const entries = perftDivide(s, o.depth);
    total = o.depth === 0 ? 1 : entries.reduce((a, e) => a + e.count, 0);
    const width = Math.max(0, ...entries.map((e) => divideLabel(e.move).length));
    const lines = entries.map((e) => `${divideLabel(e.move).padEnd(width)}  ${e.count}`);
    stdout = (lines.length > 0 ? lines.join('\n') + '\n\n' : '') + `${total}\n`;
  } else {
    total = perft(s, o.depth);
    stdout = `${total}\n`;
  }
  const ms = performance.now() - t0;
  const stderr = o.verbose
    ? `perft depth ${o.depth}: ${total} leaves in ${(ms / 1000).toFixed(3)} s (${Math.round(total / Math.max(ms / 1000, 1e-6))} leaves/s)\n`
    : '';
  return { stdout, stderr, total };
}

/** Registers the `perft` subcommand. */
export function registerPerft(program: Command): void {
  const cmd = program
    .command('perft')
    .description('count the move sequences of length D from a deal or position (tests the move generator)');
  addDealSourceOptions(cmd);
  addRuleOptions(cmd);
  cmd
    .option('--depth <D>', `length of the move sequences, 0…${MAX_DEPTH}`, fromResult(parseIntIn('depth', 0, MAX_DEPTH)))
    .option('--divide', 'print the subtotal of every legal first move, then the total')
    .option('--verbose', 'print the time and the node rate on stderr')
    .action((opts: PerftOptions) => {
      const r = runPerft(opts);
      process.stdout.write(r.stdout);
      if (r.stderr) process.stderr.write(r.stderr);
    });
}
