/**
 * `klondike score FILE|-`: the standard and the Vegas score of a solution JSON's moves on its deal,
 * with the count and points of each kind of move, readable or `--json` (which adds the running
 * scores after every move). The rules are those recorded in the file; `--draw`, `--passes`,
 * `--no-foundation-return` and `--vegas` (the Vegas pass limit) replace them when given.
 * `--seconds N` gives the game's time: a won game of 30 seconds or more gets the standard score's
 * time bonus (700,000 / N), as the browser app's game shows it.
 *
 * Exit codes: 0 scored (won or not: a lost game has a score too), 2 bad input, which includes a
 * move list that does not replay under the rules (it has no score).
 */
import type { Command } from 'commander';
import { DEFAULT_SCORE_SETTINGS, type GameScore, type ScoreSettings, scoreGame, scoreTable, vegasPassLimit } from '../engine/score.ts';
import { describeMoves } from '../engine/solution.ts';
import { type Rules, UserError, rulesLabel } from '../types.ts';
import { type RuleOptions, addRuleOptions, rulesFromOptions } from './rule-options.ts';
import { fromResult, parseIntIn } from './option-parsers.ts';
import { readSource } from './replay.ts';
import { type Solution, parseSolutionJson } from '../deals/solution-json.ts';

/** Options of `klondike score` after parsing; rule options only when given on the command line. */
export interface ScoreOptions extends Partial<RuleOptions> {
  vegas?: boolean;
  freePasses?: number;
  /** The game's time in whole seconds (the time bonus of a win). */
  seconds?: number;
  json?: boolean;
  verbose?: boolean;
  colour?: boolean;
}

/** The rules to score under: the solution's, with the options given on the command line instead. */
export function scoreRules(recorded: Rules, o: ScoreOptions): Rules {
  if (o.vegas && o.passes !== undefined) throw new UserError('give either --vegas or --passes, not both');
  const rules = rulesFromOptions({
    draw: o.draw ?? recorded.draw,
    passes: o.passes ?? (recorded.passes === null ? 'unlimited' : recorded.passes),
    foundationReturn: o.foundationReturn ?? recorded.foundationReturn,
  });
  return o.vegas ? { ...rules, passes: vegasPassLimit(rules.draw) } : rules;
}

/** The score as a JSON object. */
export function scoreJson(sol: Solution, rules: Rules, settings: ScoreSettings, score: GameScore): Record<string, unknown> {
  return {
    ...(sol.family !== undefined ? { family: sol.family } : {}),
    ...(sol.seed !== undefined ? { seed: sol.seed } : {}),
    rules: { draw: rules.draw, passes: rules.passes, foundationReturn: rules.foundationReturn },
    freePasses: settings.freePasses,
    moves: sol.moves.length,
    won: score.won,
    home: score.home,
    passes: score.passes,
    standard: {
      score: score.standard,
      start: score.standardStart,
      floor: score.floor,
      ...(score.seconds !== undefined ? { seconds: score.seconds, timeBonus: score.timeBonus } : {}),
    },
    vegas: {
      score: score.vegas,
      start: score.vegasStart,
      passLimit: score.vegasPassLimit,
      withinPassLimit: score.withinVegasPassLimit,
    },
    kinds: score.kinds,
    running: score.running,
  };
}

/** Scores a solution JSON text: the text to print; throws UserError on bad input. */
export function runScore(text: string, o: ScoreOptions = {}, name = 'solution'): { stdout: string; exitCode: number } {
  const parsed = parseSolutionJson(text);
  if (!parsed.ok) throw new UserError(`${name}: ${parsed.error}`);
  const sol = parsed.value;
  const rules = scoreRules(sol.rules, o);
  const settings: ScoreSettings = { freePasses: o.freePasses ?? DEFAULT_SCORE_SETTINGS.freePasses };
  const r = scoreGame(sol.deal, rules, sol.moves, settings, o.seconds);
  if (!r.ok) throw new UserError(`${name}: ${r.error}`);
  const score = r.value;
  if (o.json) return { stdout: JSON.stringify(scoreJson(sol, rules, settings, score)) + '\n', exitCode: 0 };
  const what = sol.seed !== undefined ? `${sol.family ?? 'solvitaire'} deal ${sol.seed}` : 'position';
  const lines = [
    `${what}, ${rulesLabel(rules)}: ${score.won ? 'won' : 'not won'}, ${score.home} cards home, ${sol.moves.length} move${sol.moves.length === 1 ? '' : 's'}`,
    `standard ${score.standard}${score.seconds !== undefined ? ` (time bonus ${score.timeBonus} for ${score.seconds} s)` : ''}, vegas ${score.vegas}`,
    '',
  ];
  if (o.verbose) {
    const described = describeMoves(sol.deal, rules, sol.moves, o.colour ?? false);
    const w = Math.max(...score.running.standard.map((n) => String(n).length), 'standard'.length);
    const wv = Math.max(...score.running.vegas.map((n) => String(n).length), 'vegas'.length);
    lines.push(`${'standard'.padStart(w)}  ${'vegas'.padStart(wv)}  move`);
    for (let k = 0; k < described.length; k++)
      lines.push(`${String(score.running.standard[k]).padStart(w)}  ${String(score.running.vegas[k]).padStart(wv)}  ${described[k]}`);
    lines.push('');
  }
  lines.push(...scoreTable(score, rules));
  return { stdout: lines.join('\n') + '\n', exitCode: 0 };
}

/** Registers the `score` subcommand. */
export function registerScore(program: Command): void {
  const cmd = program
    .command('score')
    .description('the standard and the Vegas score of a solution JSON, with the points of each kind of move')
    .argument('<file>', 'solution JSON file, - for stdin');
  addRuleOptions(cmd); // no defaults: a rule flag not given leaves the file's rule
  cmd
    .option(
      '--free-passes <n>',
      'standard scoring at draw 2 or more: passes before a redeal costs 20 (default 1: every redeal; 4 as Windows Solitaire)',
      fromResult(parseIntIn('free passes', 1, Number.MAX_SAFE_INTEGER)),
    )
    .option(
      '--seconds <n>',
      "the game's time in whole seconds: a won game of 30 s or more gets the standard time bonus, 700,000 / N",
      fromResult(parseIntIn('seconds', 0, Number.MAX_SAFE_INTEGER)),
    )
    .option('--json', 'print the scores as JSON, with the running scores after each move')
    .option('--verbose', 'list the moves with the running scores first')
    .addHelpText('after', '\nRules: those of the file, unless given. Exit codes: 0 scored, 2 bad input (including an illegal move).')
    .action((file: string, opts: ScoreOptions & RuleOptions, command: Command) => {
      // Rule options count only when given: their defaults must not replace the file's rules.
      const given = (k: keyof RuleOptions) => (command.getOptionValueSource(k) === 'cli' ? opts[k] : undefined);
      const o: ScoreOptions = {
        ...opts,
        draw: given('draw') as number | undefined,
        passes: given('passes') as RuleOptions['passes'] | undefined,
        foundationReturn: given('foundationReturn') as boolean | undefined,
        colour: process.stdout.isTTY === true && !process.env.NO_COLOR,
      };
      const r = runScore(readSource(file), o, file === '-' ? 'stdin' : file);
      process.stdout.write(r.stdout);
      process.exitCode = r.exitCode;
    });
}
