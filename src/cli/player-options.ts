/**
 * The flags of normal play (`play`, `hint`, `hidden`, `batch --player`): `--stock hidden|visible`
 * (what the player sees of the stock), the policy (`--policy`, or in batch `--player`) and its
 * settings (`--samples`, `--policy-seed`; the search policy's per-solve node budget is
 * `--max-nodes`).
 */
import { type Command, Option } from 'commander';
import { STOCK_MODES, parseStockMode } from '../hidden/observation.ts';
import { DEFAULT_SEARCH, POLICY_NAMES, type PolicyName, VEGAS_SEARCH, parsePolicyName } from '../hidden/settings.ts';
import type { StockMode } from '../types.ts';
import { fromResult, parseIntIn } from './option-parsers.ts';

/** Declares `--stock hidden|visible` (default hidden). */
export function addStockOption(cmd: Command): Command {
  return cmd.addOption(
    new Option(
      '--stock <mode>',
      'hidden: a stock card is unseen until drawn once (the real game); visible: only face-down cards are unseen',
    )
      .choices(STOCK_MODES)
      .default('hidden')
      .argParser(fromResult(parseStockMode)),
  );
}

/** Policy options after parsing. */
export interface PolicyCliOptions {
  stock: StockMode;
  samples?: number;
  policySeed?: number;
}

/** Declares the policy flag (`--policy` or, in batch, `--player`) and `--samples`, `--policy-seed`. */
export function addPolicyOptions(cmd: Command, flag: 'policy' | 'player', dflt?: PolicyName): Command {
  const what = `${POLICY_NAMES.join(' or ')}${dflt ? ` (default ${dflt})` : ''}`;
  return cmd
    .option(
      `--${flag} <name>`,
      flag === 'player' ? `play the deals with this policy instead of solving them: ${what}` : what,
      fromResult(parsePolicyName),
      dflt,
    )
    .option(
      '--samples <k>',
      `search: worlds sampled (default ${DEFAULT_SEARCH.samples}; ${VEGAS_SEARCH.samples} with --vegas)`,
      fromResult(parseIntIn('samples', 1, 100_000)),
    )
    .option(
      '--policy-seed <s>',
      `search: seed of the sampling (default ${DEFAULT_SEARCH.seed})`,
      fromResult(parseIntIn('policy-seed', 0, 0xffffffff)),
    );
}
