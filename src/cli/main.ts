/**
 * The `klondike` command line: a thin layer over the library. Each subcommand lives in its own
 * module and registers itself here; errors meant for the user print as one line and exit 2.
 */
import { Command, CommanderError } from 'commander';
import { UserError } from '../types.ts';
import { VERSION } from '../version.ts';

/** Exit code for bad input (bad options, malformed deals, unusable databases). */
export const EXIT_BAD_INPUT = 2;

type Register = (program: Command) => void;

/** Each command's module, loaded only when needed: a command starts without loading the others' dependencies. */
const MODULES: Record<string, () => Promise<Register>> = {
  deal: async () => (await import('./deal.ts')).registerDeal,
  perft: async () => (await import('./perft.ts')).registerPerft,
  solve: async () => (await import('./solve.ts')).registerSolve,
  replay: async () => (await import('./replay.ts')).registerReplay,
  score: async () => (await import('./score.ts')).registerScore,
  batch: async () => (await import('./batch.ts')).registerBatch,
  stats: async () => (await import('./stats.ts')).registerStats,
  web: async () => (await import('./web.ts')).registerWeb,
};
/** The module that registers each command. */
const COMMAND_MODULE: Record<string, string> = {
  deal: 'deal',
  perft: 'perft',
  solve: 'solve',
  replay: 'replay',
  score: 'score',
  batch: 'batch',
  merge: 'batch',
  stats: 'stats',
  export: 'stats',
  report: 'stats',
  web: 'web',
};

/** The program with the command named in argv registered, or every command (for help and errors). */
export async function buildProgram(argv: string[] = []): Promise<Command> {
  const program = new Command('klondike')
    .description('Deal solver and winnability analyzer for thoughtful Klondike solitaire')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ outputError: (s, write) => write(s.split('\n')[0] + '\n') });
  const only = COMMAND_MODULE[argv[2] ?? ''];
  // `--version` alone needs no command; help and errors list them all.
  const version = argv.length === 3 && (argv[2] === '--version' || argv[2] === '-V');
  const names = only ? [only] : version ? [] : Object.keys(MODULES);
  for (const name of names) (await MODULES[name]())(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  const program = await buildProgram(argv);
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
