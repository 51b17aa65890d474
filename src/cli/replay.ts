/**
 * `klondike replay FILE|-`: replays a solution JSON on its deal under its rules with the plain
 * engine and prints `won`, `illegal move k: why` or `not won, N cards home`. Exit 0 only when won, 1 for an
 * illegal or unfinished game, 2 when the file cannot be read or is not a solution JSON.
 * `--verbose` first prints the moves in the readable notation; `--score` adds the standard and the
 * Vegas score of a legal game after the verdict (as `klondike score` prints them).
 */
import type { Command } from 'commander';
import { readText } from './io.ts';
import { scoreGame, scoreTable } from '../engine/score.ts';
import { type ReplayOutcome, describeMoves, replay } from '../engine/solution.ts';
import { UserError, unwrap } from '../types.ts';
import { parseSolutionJson } from '../deals/solution-json.ts';

/** Exit code of an illegal or unfinished game. */
export const EXIT_NOT_WON = 1;

/** Options of `klondike replay` after parsing. */
export interface ReplayOptions {
  verbose?: boolean;
  score?: boolean;
  colour?: boolean;
}

/** What `klondike replay` prints and its exit code. */
export interface ReplayReport {
  outcome: ReplayOutcome;
  stdout: string;
  exitCode: number;
}

/** The one-line verdict of a replay. */
export function verdictLine(o: ReplayOutcome): string {
  switch (o.status) {
    case 'won':
      return 'won';
    case 'not won': {
      const home = o.position.foundations.reduce((a, b) => a + b, 0);
      return `not won, ${home} card${home === 1 ? '' : 's'} home`;
    }
    case 'illegal':
      return `illegal move ${o.index}: ${o.why}`;
  }
}

/** Exit code of a replay: 0 only when the game was won. */
export function replayExitCode(o: ReplayOutcome): number {
  return o.status === 'won' ? 0 : EXIT_NOT_WON;
}

/** Reads a file, or stdin for `-`; throws UserError when it cannot. */
export function readSource(pathOrDash: string): string {
  return unwrap(readText(pathOrDash, undefined, 'solution file'));
}

/** Replays a solution JSON text; throws UserError when it is not one. */
export function runReplay(text: string, o: ReplayOptions = {}, name = 'solution'): ReplayReport {
  const parsed = parseSolutionJson(text);
  if (!parsed.ok) throw new UserError(`${name}: ${parsed.error}`);
  const sol = parsed.value;
  const outcome = replay(sol.deal, sol.rules, sol.moves);
  const lines = o.verbose ? describeMoves(sol.deal, sol.rules, sol.moves, o.colour ?? false) : [];
  // describeMoves ends an illegal game with its own line; the verdict line replaces it.
  if (outcome.status === 'illegal' && lines.length >= outcome.index) lines.length = outcome.index - 1;
  lines.push(verdictLine(outcome));
  if (o.score && outcome.status !== 'illegal') {
    const score = scoreGame(sol.deal, sol.rules, sol.moves);
    if (score.ok) lines.push(`standard ${score.value.standard}, vegas ${score.value.vegas}`, '', ...scoreTable(score.value, sol.rules));
  }
  return { outcome, stdout: lines.join('\n') + '\n', exitCode: replayExitCode(outcome) };
}

/** Registers the `replay` subcommand. */
export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description(
      'replay a solution JSON on its deal: prints won, illegal move k: why, or not won with the cards home (exit 0 only when won)',
    )
    .argument('<file>', 'solution JSON file, - for stdin')
    .option('--verbose', 'list the moves in readable notation first')
    .option('--score', 'print the standard and the Vegas score after the verdict')
    .action((file: string, opts: ReplayOptions) => {
      const colour = process.stdout.isTTY === true && !process.env.NO_COLOR;
      const r = runReplay(readSource(file), { ...opts, colour }, file === '-' ? 'stdin' : file);
      process.stdout.write(r.stdout);
      process.exitCode = r.exitCode;
    });
}
