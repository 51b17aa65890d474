/**
 * `klondike solve`: decide a deal or mid-game position, print the verdict, the search statistics
 * and (when winnable) the solution, readable or as solution JSON.
 *
 * Exit codes: 0 winnable, 1 unwinnable, 3 unknown (a budget ran out), 2 bad input.
 *
 * `--shortest` asks for the fewest moves that win (solver/shortest.ts): proved minimal when the
 * search completes, else the shortest line found with the proved lower bound ("winnable in at most
 * 112 moves; no solution shorter than 97"), counted as atomic moves (or `--count ksolve`), with
 * the other count beside it. Exit 0 when the count is proved, 3 when it is not, 1 unwinnable.
 *
 * `--most-home` asks instead for the most cards the position can have home at once
 * (solver/most-home.ts): the count with the line that reaches it (a solution JSON that replays to
 * that count), or, when a budget ran out, the best found and the proved bound. Exit 0 when the
 * count is proved (whatever it is), 3 when it is not, 2 bad input.
 *
 * The budget is the solver's default (DEFAULT_BUDGET: nodes, a time cap of a minute and the
 * table's memory): someone waiting at a terminal for one deal wants an answer in bounded time, so
 * `solve` keeps the time cap, and an `unknown` says which budget ran out. Batches, whose stored
 * verdicts must not depend on the machine's load, use a node budget instead (`batch/request.ts`).
 */
import type { Command } from 'commander';
import { describeMoves } from '../engine/solution.ts';
import { validatePosition } from '../engine/position.ts';
import {
  DEFAULT_BUDGET,
  type MostHomeResult,
  type MoveCount,
  type ShortestResult,
  type SolveResult,
  type Verdict,
  countMoves,
  mostHome,
  shortest,
  solve,
} from '../solver/index.ts';
import { vegasPassLimit, vegasResult } from '../engine/score.ts';
import type { Rules } from '../types.ts';
import { UserError, rulesLabel, unwrap } from '../types.ts';
import { EXIT_NO, EXIT_OK, EXIT_UNKNOWN } from './exit.ts';
import { type BudgetOptions, addBudgetOptions, budgetFromOptions } from './budget-options.ts';
import { type DealSourceOptions, type PositionSource, addDealSourceOptions, positionFromOptions } from './deal-options.ts';
import { type RuleOptions, addRuleOptions, rulesFromOptions } from './rule-options.ts';
import { addCountOption, countFromOptions } from './count-options.ts';
import { makeSolutionJson } from '../deals/solution-json.ts';

/** Exit code of each verdict. */
export const VERDICT_EXIT: Record<Verdict, number> = { winnable: EXIT_OK, unwinnable: EXIT_NO, unknown: EXIT_UNKNOWN };

export interface SolveOptions extends DealSourceOptions, RuleOptions, BudgetOptions {
  json?: boolean;
  colour?: boolean;
  mostHome?: boolean;
  shortest?: boolean;
  count?: MoveCount;
}

/** The other way of counting a line's moves. */
function otherCount(count: MoveCount): MoveCount {
  return count === 'atomic' ? 'ksolve' : 'atomic';
}

/** A shortest-solution result in words: `98 moves (proved minimal)`, or `at most 112 moves; no solution shorter than 97`. */
export function shortestText(r: Pick<ShortestResult, 'length' | 'proved' | 'lowerBound'>): string {
  return r.proved ? `${r.length} moves (proved minimal)` : `at most ${r.length} moves; no solution shorter than ${r.lowerBound}`;
}

/** Runs `solve --shortest`: the fewest moves, with the line. */
export function runShortest(o: SolveOptions, src: PositionSource, rules: Rules): { out: string; exitCode: number; result: ShortestResult } {
  const count = o.count ?? 'atomic';
  const result = shortest(src.position, rules, budgetFromOptions(o, DEFAULT_BUDGET), { count });
  const exitCode = result.verdict === 'winnable' ? (result.proved ? EXIT_OK : EXIT_UNKNOWN) : VERDICT_EXIT[result.verdict];
  const { stats } = result;
  const other = otherCount(count);
  const otherLength = countMoves(result.moves, other);
  if (o.json) {
    const json = makeSolutionJson(
      { family: src.family, seed: src.seed, rules, deal: src.position, moves: result.moves },
      {
        verdict: result.verdict,
        ...(result.verdict === 'winnable'
          ? {
              shortest: {
                count,
                length: result.length,
                proved: result.proved,
                lowerBound: result.lowerBound,
                [other]: otherLength,
                firstLength: result.firstLength,
                shortenedLength: result.shortenedLength,
                ...(result.reason ? { reason: result.reason } : {}),
              },
            }
          : {}),
        ...(result.reason && result.verdict !== 'winnable' ? { reason: result.reason } : {}),
        stats: { nodes: stats.nodes, ms: Math.round(stats.ms * 1000) / 1000, uniqueStates: stats.uniqueStates, ttHits: stats.ttHits },
      },
    );
    return { out: JSON.stringify(json) + '\n', exitCode, result };
  }
  const what = src.seed !== undefined ? `${src.family} deal ${src.seed}` : 'position';
  const counted = count === 'ksolve' ? ', counted as KSolve counts (redeals free)' : '';
  const lines: string[] = [];
  if (result.verdict !== 'winnable')
    lines.push(`${what}, ${rulesLabel(rules)}: ${result.verdict}${result.reason ? ` (${result.reason} budget spent)` : ''}`);
  else {
    lines.push(`${what}, ${rulesLabel(rules)}: winnable in ${shortestText(result)}${counted}`);
    lines.push(
      `${other === 'ksolve' ? "KSolve's count (redeals free)" : 'atomic moves'}: ${otherLength}; the first line found had ${result.firstLength}, ` +
        `the post-pass made it ${result.shortenedLength}`,
    );
  }
  lines.push(`nodes ${stats.nodes}, unique states ${stats.uniqueStates}, table hits ${stats.ttHits}, ${stats.ms.toFixed(1)} ms`);
  if (result.verdict === 'winnable') lines.push(...describeMoves(src.position, rules, result.moves, o.colour === true));
  if (!result.proved) lines.push('raise --max-nodes, --timeout or --max-memory to search further');
  return { out: lines.join('\n') + '\n', exitCode, result };
}

/** The count of a most-home result in words: `7`, or `between 20 and 52` when not proved. */
export function mostHomeText(r: Pick<MostHomeResult, 'mostHome' | 'bound' | 'proved'>): string {
  return r.proved ? String(r.mostHome) : `between ${r.mostHome} and ${r.bound} (unknown)`;
}

/** Runs `solve --most-home`: the most cards home, with the line that reaches it. */
export function runMostHome(o: SolveOptions, src: PositionSource, rules: Rules): { out: string; exitCode: number; result: MostHomeResult } {
  const result = mostHome(src.position, rules, budgetFromOptions(o, DEFAULT_BUDGET));
  const exitCode = result.proved ? EXIT_OK : EXIT_UNKNOWN;
  const { stats } = result;
  const vegas = rules.passes === vegasPassLimit(rules.draw);
  if (o.json) {
    const json = makeSolutionJson(
      { family: src.family, seed: src.seed, rules, deal: src.position, moves: result.moves },
      {
        verdict: result.verdict,
        mostHome: {
          best: result.mostHome,
          bound: result.bound,
          proved: result.proved,
          ...(result.proof ? { proof: result.proof } : {}),
          ...(result.reason ? { reason: result.reason } : {}),
          ...(vegas && result.proved ? { vegas: vegasResult(result.mostHome) } : {}),
        },
        stats: {
          nodes: stats.nodes,
          ms: Math.round(stats.ms * 1000) / 1000,
          uniqueStates: stats.uniqueStates,
          ttHits: stats.ttHits,
          lineLength: result.moves.length,
        },
      },
    );
    return { out: JSON.stringify(json) + '\n', exitCode, result };
  }
  const what = src.seed !== undefined ? `${src.family} deal ${src.seed}` : 'position';
  const how =
    result.proof === 'exhausted'
      ? ' (proved: every line searched)'
      : result.proof === 'bound'
        ? ' (proved: no line can do better)'
        : result.verdict === 'winnable'
          ? ' (winnable)'
          : result.reason
            ? ` (${result.reason} budget spent)`
            : '';
  const lines = [
    `${what}, ${rulesLabel(rules)}: most cards home ${mostHomeText(result)}${how}`,
    `nodes ${stats.nodes}, unique states ${stats.uniqueStates}, table hits ${stats.ttHits}, ${stats.ms.toFixed(1)} ms, ` +
      `line ${result.moves.length} move${result.moves.length === 1 ? '' : 's'} to ${result.mostHome} cards home`,
  ];
  if (vegas && result.proved)
    lines.push(`Vegas result with perfect information: 5 × ${result.mostHome} − 52 = ${vegasResult(result.mostHome)}`);
  lines.push(...describeMoves(src.position, rules, result.moves, o.colour === true));
  if (!result.proved) lines.push('raise --max-nodes, --timeout or --max-memory to search further');
  return { out: lines.join('\n') + '\n', exitCode, result };
}

/** Runs the solver for these options; returns the text to print and the exit code. */
export function runSolve(o: SolveOptions): { out: string; exitCode: number; result: SolveResult } {
  const src = positionFromOptions(o);
  const rules = rulesFromOptions(o);
  unwrap(validatePosition(src.position, rules)); // the pass within the pass limit
  if (o.shortest) {
    const m = runShortest(o, src, rules);
    return { out: m.out, exitCode: m.exitCode, result: { verdict: m.result.verdict, moves: m.result.moves, stats: m.result.stats } };
  }
  if (o.mostHome) {
    const m = runMostHome(o, src, rules);
    return { out: m.out, exitCode: m.exitCode, result: { verdict: m.result.verdict, moves: m.result.moves, stats: m.result.stats } };
  }
  const result = solve(src.position, rules, budgetFromOptions(o, DEFAULT_BUDGET));
  const exitCode = VERDICT_EXIT[result.verdict];
  const { stats } = result;
  if (o.json) {
    const json = makeSolutionJson(
      { family: src.family, seed: src.seed, rules, deal: src.position, moves: result.moves },
      {
        verdict: result.verdict,
        ...(result.reason ? { reason: result.reason } : {}),
        ...(result.proof ? { proof: result.proof } : {}),
        stats: {
          nodes: stats.nodes,
          ms: Math.round(stats.ms * 1000) / 1000,
          uniqueStates: stats.uniqueStates,
          ttHits: stats.ttHits,
          solutionLength: stats.solutionLength,
        },
      },
    );
    return { out: JSON.stringify(json) + '\n', exitCode, result };
  }
  const what = src.seed !== undefined ? `${src.family} deal ${src.seed}` : 'position';
  const lines = [
    `${what}, ${rulesLabel(rules)}: ${result.verdict}${result.reason ? ` (${result.reason} budget spent)` : ''}`,
    `nodes ${stats.nodes}, unique states ${stats.uniqueStates}, table hits ${stats.ttHits}, ${stats.ms.toFixed(1)} ms` +
      (result.verdict === 'winnable' ? `, solution ${stats.solutionLength} move${stats.solutionLength === 1 ? '' : 's'}` : ''),
  ];
  if (result.verdict === 'winnable') lines.push(...describeMoves(src.position, rules, result.moves, o.colour === true));
  if (result.proof === 'relaxed')
    lines.push('proved under easier rules (draw 1, unlimited passes, foundation returns allowed): lost there, so lost here');
  if (result.verdict === 'unknown') lines.push('raise --max-nodes, --timeout or --max-memory to search further');
  return { out: lines.join('\n') + '\n', exitCode, result };
}

/** Registers the `solve` subcommand. */
export function registerSolve(program: Command): void {
  const cmd = program.command('solve').description('decide whether a deal or position can be won, with a replayable solution');
  addDealSourceOptions(cmd);
  addRuleOptions(cmd);
  addBudgetOptions(cmd, DEFAULT_BUDGET);
  cmd
    .option('--json', 'print the solution JSON with "verdict" and "stats"')
    .option('--most-home', 'the most cards the deal can send home at once, proved, with the line that reaches it')
    .option('--shortest', 'the fewest moves that win, proved minimal when the search completes, with the line');
  addCountOption(cmd)
    .addHelpText(
      'after',
      '\nExit codes: 0 winnable, 1 unwinnable, 3 unknown (budget spent), 2 bad input, 74 output not written.' +
        '\nWith --most-home or --shortest: 0 the count is proved, 3 not proved (budget spent), 1 unwinnable (--shortest), 2 bad input.',
    )
    .action((opts: SolveOptions, command: Command) => {
      if (opts.shortest && opts.mostHome) throw new UserError('--shortest and --most-home ask for different answers: give one');
      countFromOptions(opts, command);
      const { out, exitCode } = runSolve({ ...opts, colour: process.stdout.isTTY === true && !process.env.NO_COLOR });
      process.stdout.write(out);
      process.exitCode = exitCode;
    });
}
