/**
 * The `klondike` command line: a thin layer over the library. Each subcommand lives in its own
 * module and registers itself here; errors meant for the user print as one line and exit 2.
 */
import { Command, CommanderError } from 'commander';
import { UserError } from '../types.ts';
import { registerDeal } from './deal.ts';
import { registerPerft } from './perft.ts';
import { registerSolve } from './solve.ts';
import { registerReplay } from './replay.ts';
import { registerBatch } from './batch.ts';
import { registerStats } from './stats.ts';

/** Exit code for bad input (bad options, malformed deals, unusable databases). */
export const EXIT_BAD_INPUT = 2;

export function buildProgram(): Command {
  const program = new Command('klondike')
    .description('Deal solver and winnability analyzer for thoughtful Klondike solitaire')
    .version('0.1.0')
    .exitOverride()
    .configureOutput({ outputError: (s, write) => write(s.split('\n')[0] + '\n') });
  registerDeal(program);
  registerPerft(program);
  registerSolve(program);
  registerReplay(program);
  registerBatch(program);
  registerStats(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      // commander already printed its one-line message; help and version exit 0.
      process.exitCode = e.exitCode === 0 ? 0 : EXIT_BAD_INPUT;
      return;
    }
    if (e instanceof UserError) {
      process.stderr.write(`klondike: ${e.message}\n`);
      process.exitCode = EXIT_BAD_INPUT;
      return;
    }
    process.stderr.write(`klondike: internal error: ${(e as Error)?.message ?? e}\n`);
    if (process.env.KLONDIKE_DEBUG) console.error(e);
    process.exitCode = 70;
  }
}
