/**
 * `klondike play`: one seeded game played by a policy that sees only what a player sees; the cards
 * are revealed as the rules turn them up. Prints the moves as they are made, then won or lost and
 * the cards sent home; `--json` prints the game as a solution JSON that `klondike replay` replays
 * (with the outcome and the cost beside the moves).
 *
 *   klondike play --seed N [--policy search|priority] [--stock hidden|visible] [--draw 3 --passes …]
 *     [--objective win|cards] [--no-look]
 *
 * The search player's randomness comes from `--policy-seed` and what it sees, never from the deal
 * (`--seed`, which for the `exact` family is the whole deal, hidden cards included).
 *
 * Exit codes: 0 won, 1 lost, 2 bad input.
 */
import type { Command } from 'commander';
import { cardPretty } from '../engine/cards.ts';
import { vegasResult } from '../engine/score.ts';
import { describeMove } from '../hidden/policy.ts';
import { DEFAULT_SEARCH, type PolicyName, createPolicy } from '../hidden/policies.ts';
import { type SearchOptions, searchSettings } from '../hidden/settings.ts';
import { type PlayResult, playGame } from '../hidden/play.ts';

import { movesToCompact } from '../engine/notation.ts';

import { type Family, UserError, rulesLabel, unwrap, type StockMode } from '../types.ts';
import { addSearchPlayerOptions } from './hidden.ts';
import { parseSeedArg, seededDeal } from './deal-options.ts';
import { fromResult } from './option-parsers.ts';
import { addPolicyOptions, addStockOption } from './player-options.ts';
import { type RuleOptions, addRuleOptions, rulesFromOptions } from './rule-options.ts';
import { type Seed, parseFamily } from '../deals/families.ts';
import { FAMILIES } from '../types.ts';
import { makeSolutionJson } from '../deals/solution-json.ts';

/** Options of `klondike play` after parsing. */
export interface PlayCliOptions extends RuleOptions {
  seed?: Seed;
  family?: Family;
  policy: PolicyName;
  stock: StockMode;
  samples?: number;
  maxNodes?: number;
  policySeed?: number;
  objective?: SearchOptions['objective'];
  look?: boolean;
  json?: boolean;
  quiet?: boolean;
  colour?: boolean;
}

/** Exit code of a game: 0 won, 1 lost. */
export function playExitCode(r: PlayResult): number {
  return r.won ? 0 : 1;
}

/** Plays the game; `write` receives the readable lines as they come (nothing with --json). Returns the final text. */
export function runPlay(o: PlayCliOptions, write: (s: string) => void = () => {}): { out: string; exitCode: number; result: PlayResult } {
  if (o.seed === undefined) throw new UserError('give --seed N: the deal to play');
  const family = o.family ?? 'solvitaire';
  const rules = rulesFromOptions(o);
  const deal = seededDeal(o.seed, family);
  const policySeed = o.policySeed ?? DEFAULT_SEARCH.seed;
  const settings = searchSettings(o.vegas === true, {
    samples: o.samples,
    nodes: o.maxNodes,
    seed: policySeed,
    objective: o.objective,
    look: o.look,
  });
  const policy = createPolicy(o.policy, settings);
  const live = !o.json && !o.quiet;
  if (live) write(`${family} deal ${o.seed}, ${rulesLabel(rules)}, stock ${o.stock}, policy ${o.policy}\n`);
  const result = unwrap(
    playGame(deal, rules, policy, {
      stock: o.stock,
      onMove: live
        ? (e) => {
            const shown = e.revealed.length ? `  → ${e.revealed.map((c) => cardPretty(c, o.colour)).join(' ')}` : '';
            write(`${String(e.index).padStart(4)}. ${describeMove(e.before, e.move, o.colour)}${shown}  [${e.decision.reason}]\n`);
          }
        : undefined,
    }),
  );
  const exitCode = playExitCode(result);
  if (o.json) {
    const json = makeSolutionJson(
      { family, seed: o.seed, rules, deal, moves: result.moves },
      {
        player: {
          policy: o.policy,
          stock: o.stock,
          ...(o.policy === 'search'
            ? {
                samples: settings.samples,
                maxNodes: settings.nodes,
                policySeed,
                objective: settings.objective,
                look: settings.look,
              }
            : {}),
        },
        won: result.won,
        end: result.end,
        cardsHome: result.cardsHome,
        ...(o.vegas ? { vegas: vegasResult(result.cardsHome) } : {}),
        compact: movesToCompact(result.moves),
        stats: {
          moves: result.moves.length,
          searched: result.searched,
          solves: result.solves,
          nodes: result.nodes,
          ms: Math.round(result.ms),
        },
      },
    );
    return { out: JSON.stringify(json) + '\n', exitCode, result };
  }
  const how = result.won ? 'won' : `lost (${END_TEXT[result.end]})`;
  const vegas = o.vegas ? `Vegas result: 5 × ${result.cardsHome} − 52 = ${vegasResult(result.cardsHome)}\n` : '';
  const out =
    `${how}: ${result.cardsHome} cards home, ${result.moves.length} moves, ` +
    `${result.solves} solves (${result.nodes} nodes), ${(result.ms / 1000).toFixed(1)} s\n${vegas}`;
  return { out, exitCode, result };
}

const END_TEXT: Record<PlayResult['end'], string> = {
  won: 'won',
  'no move': 'no move left',
  cycle: 'going round without progress',
  'move limit': 'move limit reached',
};

/** Registers the `play` subcommand. */
export function registerPlay(program: Command): void {
  const cmd = program.command('play').description('play a seeded deal with cards hidden, by a policy that does not peek');
  cmd
    .option('--seed <N>', 'the deal to play (range depends on --family)', fromResult(parseSeedArg))
    .option('--family <family>', `seed family: ${FAMILIES.join(', ')} (default solvitaire)`, fromResult(parseFamily));
  addStockOption(cmd);
  addRuleOptions(cmd);
  addPolicyOptions(cmd, 'policy', 'search');
  addSearchPlayerOptions(cmd);
  cmd
    .option('--no-look', 'search: do not go once through the stock first when that is free (unlimited passes)')
    .option('--json', 'print the game as a solution JSON (replayable by klondike replay)')
    .option('--quiet', 'print only the outcome')
    .addHelpText('after', '\nExit codes: 0 won, 1 lost, 2 bad input.')
    .action((opts: PlayCliOptions) => {
      const colour = process.stdout.isTTY === true && !process.env.NO_COLOR;
      const r = runPlay({ ...opts, colour }, (s) => process.stdout.write(s));
      process.stdout.write(r.out);
      process.exitCode = r.exitCode;
    });
}
