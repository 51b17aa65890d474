/**
 * `klondike solve`: decide a deal or mid-game position, print the verdict, the search statistics
 * and (when winnable) the solution, readable or as solution JSON.
 *
 * Exit codes: 0 winnable, 1 unwinnable, 3 unknown (a budget ran out), 2 bad input.
 */
import { type Command, InvalidArgumentError } from 'commander';

import { describeMoves, makeSolutionJson } from '../solution.ts';
import { type Budget, DEFAULT_BUDGET, type SolveResult, type Verdict, solve } from '../solver.ts';
import { validatePosition } from '../position.ts';
import { rulesLabel, unwrap } from '../types.ts';
import {
  type DealSourceOptions,
  type RuleOptions,
  addDealSourceOptions,
  addRuleOptions,
  positionFromOptions,
  rulesFromOptions,
} from './options.ts';

/** Exit code of each verdict. */
export const VERDICT_EXIT: Record<Verdict, number> = { winnable: 0, unwinnable: 1, unknown: 3 };

export interface SolveOptions extends DealSourceOptions, RuleOptions {
  json?: boolean;
  maxNodes?: number;
  timeout?: number;
  maxMemory?: number;
  colour?: boolean;
}

function positiveInt(what: string): (text: string) => number {
  return (text) => {
    const t = text.trim();
    const n = Number(t);
    if (!/^[0-9]+$/.test(t) || n < 1 || !Number.isSafeInteger(n))
      throw new InvalidArgumentError(`${what} must be a whole number ≥ 1, got ${JSON.stringify(text)}`);
    return n;
  };
}

function seconds(text: string): number {
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError(`timeout must be a positive number of seconds, got ${JSON.stringify(text)}`);
  return n;
}

/** The budget of parsed options, defaults filled in. */
export function budgetFromOptions(o: { maxNodes?: number; timeout?: number; maxMemory?: number }): Required<Budget> {
  return {
    maxNodes: o.maxNodes ?? DEFAULT_BUDGET.maxNodes,
    timeoutMs: o.timeout !== undefined ? o.timeout * 1000 : DEFAULT_BUDGET.timeoutMs,
    maxMemoryMb: o.maxMemory ?? DEFAULT_BUDGET.maxMemoryMb,
  };
}

/** Runs the solver for these options; returns the text to print and the exit code. */
export function runSolve(o: SolveOptions): { out: string; exitCode: number; result: SolveResult } {
  const src = positionFromOptions(o);
  const rules = rulesFromOptions(o);
  unwrap(validatePosition(src.position, rules)); // the pass within the pass limit
  const result = solve(src.position, rules, budgetFromOptions(o));
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
  cmd
    .option('--json', 'print the solution JSON with "verdict" and "stats"')
    .option('--max-nodes <n>', `node budget (default ${DEFAULT_BUDGET.maxNodes})`, positiveInt('max-nodes'))
    .option('--timeout <seconds>', `time budget (default ${DEFAULT_BUDGET.timeoutMs / 1000})`, seconds)
    .option('--max-memory <mb>', `transposition table size in MiB (default ${DEFAULT_BUDGET.maxMemoryMb})`, positiveInt('max-memory'))
    .addHelpText('after', '\nExit codes: 0 winnable, 1 unwinnable, 3 unknown (budget spent), 2 bad input.')
    .action((opts: SolveOptions) => {
      const { out, exitCode } = runSolve({ ...opts, colour: process.stdout.isTTY === true && !process.env.NO_COLOR });
      process.stdout.write(out);
      process.exitCode = exitCode;
    });
}
