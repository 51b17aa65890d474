/**
 * The `klondike` command line: a thin layer over the library. Each subcommand lives in its own
 * module and registers itself here; errors meant for the user print as one line with the exit
 * code of `exit.ts` (2 for bad input), never a stack trace.
 *
 * To add a command: write `cli/<name>.ts` exporting `register<Name>(program)` and add one line
 * to COMMANDS (a module that registers several commands is listed under each of their names).
 */
import { Command, CommanderError } from 'commander';
import { UserError, echo } from '../types.ts';
import { VERSION } from '../version.ts';
import { CliError, EXIT_BAD_INPUT, EXIT_SOFTWARE } from './exit.ts';
import { guardStdio } from './output.ts';

export { EXIT_BAD_INPUT } from './exit.ts';

type Register = (program: Command) => void;
type Loader = () => Promise<Register>;

const batchCommands: Loader = async () => (await import('./batch.ts')).registerBatch;
const statsCommands: Loader = async () => (await import('./stats.ts')).registerStats;
const packedCommands: Loader = async () => (await import('./packed.ts')).registerPacked;

/** The module of each command, loaded only when needed: a command starts without loading the others' dependencies. */
const COMMANDS: Record<string, Loader> = {
  deal: async () => (await import('./deal.ts')).registerDeal,
  perft: async () => (await import('./perft.ts')).registerPerft,
  solve: async () => (await import('./solve.ts')).registerSolve,
  replay: async () => (await import('./replay.ts')).registerReplay,
  score: async () => (await import('./score.ts')).registerScore,
  batch: batchCommands,
  merge: batchCommands,
  stats: statsCommands,
  export: statsCommands,
  report: statsCommands,
  pack: packedCommands,
  join: packedCommands,
  unpack: packedCommands,
  web: async () => (await import('./web.ts')).registerWeb,
  odds: async () => (await import('./odds.ts')).registerOdds,
  hint: async () => (await import('./hint.ts')).registerHint,
  play: async () => (await import('./play.ts')).registerPlay,
  observe: async () => (await import('./observe.ts')).registerObserve,
};

/**
 * A message as one line fit for a terminal: what it echoes from the input keeps its control
 * characters (newlines, escapes) as `\uXXXX`, and a run of over 100 digits (a 5,000-digit seed;
 * the longest seeds of a family have 68) is cut to its start and length.
 */
export function tidy(message: string): string {
  return echo(message, Number.POSITIVE_INFINITY).replace(/[0-9]{101,}/g, (w) => `${w.slice(0, 24)}… (${w.length} characters)`);
}

/** The program with the command named in argv registered, or every command (for help and errors). */
export async function buildProgram(argv: string[] = []): Promise<Command> {
  const program = new Command('klondike')
    .description('Deal solver and winnability analyzer for Klondike solitaire')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ outputError: (s, write) => write(`${tidy(s.split('\n')[0])}\n`) });
  const name = argv[2] ?? '';
  const only = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  // `--version` alone needs no command; help and errors list them all.
  const version = argv.length === 3 && (name === '--version' || name === '-V');
  for (const load of only ? [only] : version ? [] : new Set(Object.values(COMMANDS))) (await load())(program);
  return program;
}

/** Runs the command line; sets `process.exitCode`, never throws. */
export async function main(argv: string[]): Promise<void> {
  guardStdio();
  const program = await buildProgram(argv);
  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      // commander already printed its one-line message; help and version exit 0.
      process.exitCode = e.exitCode === 0 ? 0 : EXIT_BAD_INPUT;
      return;
    }
    // the solver's memory cannot be reserved: a limit of this machine, not a bug
    const unusable = (e as Error)?.name === 'AddressSpaceError';
    if (e instanceof UserError || e instanceof CliError || unusable) {
      process.stderr.write(`klondike: ${tidy((e as Error).message)}\n`);
      process.exitCode = e instanceof CliError ? e.exitCode : EXIT_BAD_INPUT;
      return;
    }
    process.stderr.write(`klondike: internal error: ${tidy(String((e as Error)?.message ?? e).split('\n')[0])}\n`);
    if (process.env.KLONDIKE_DEBUG) console.error(e);
    process.exitCode = EXIT_SOFTWARE;
  }
}
