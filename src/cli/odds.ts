/**
 * `klondike odds`: the probability that a player who would then see every card could still win
 * from a position seen with cards hidden, over the arrangements of the unseen cards (sampled and
 * solved), with its 95% Wilson interval. The ceiling on what any player can achieve from there.
 *
 *   klondike odds --deal pos.json [--samples N] [--sample-seed S] [--max-nodes N] [--precision P]
 *   klondike odds --seed N [--moves "SW W3 1c"] [--stock hidden|visible]
 *
 * `--precision P` stops as soon as the 95% interval is at most ±P points (from 20 samples on), with
 * `--samples` as the most: the browser app's Odds button does this, with several workers.
 *
 * Exit codes: 0 done, 2 bad input.
 */
import type { Command } from 'commander';

import { DEFAULT_ODDS, MAX_ODDS_SAMPLES, type OddsResult, PRECISION_MIN_SAMPLES, estimateOdds } from '../hidden/odds.ts';
import { type Result, err, ok, rulesLabel } from '../types.ts';
import { type SeenSourceOptions, addSeenSourceOptions, natural, pct, positive, seenSourceFromOptions, unseenLabel } from './hidden.ts';
import { type RuleOptions, addRuleOptions, rulesFromOptions } from './rule-options.ts';
import { fromResult, parseIntIn } from './option-parsers.ts';
import { seedJson } from '../deals/solution-json.ts';

/** Options of `klondike odds` after parsing. */
export interface OddsCliOptions extends SeenSourceOptions, RuleOptions {
  samples?: number;
  sampleSeed?: number;
  maxNodes?: number;
  /** Stop once the 95% interval is at most ± this many points. */
  precision?: number;
  json?: boolean;
}

/** Parses `--precision`: percentage points, above 0 and at most 50. */
export function parsePrecision(text: string): Result<number> {
  const t = text.trim();
  const n = Number(t);
  if (t === '' || !Number.isFinite(n) || n <= 0 || n > 50)
    return err(`precision must be a number of percentage points above 0 and at most 50, got ${JSON.stringify(text)}`);
  return ok(n);
}

/** Runs `klondike odds`; returns the text to print. */
export function runOdds(o: OddsCliOptions): { out: string; result: OddsResult } {
  const rules = rulesFromOptions(o);
  const src = seenSourceFromOptions(o, rules);
  const budget = { ...DEFAULT_ODDS.budget, ...(o.maxNodes !== undefined ? { maxNodes: o.maxNodes } : {}) };
  const r = estimateOdds(src.observation, {
    samples: o.samples ?? DEFAULT_ODDS.samples,
    seed: o.sampleSeed ?? DEFAULT_ODDS.seed,
    budget,
    ...(o.precision !== undefined ? { precision: o.precision / 100 } : {}),
  });
  if (o.json) {
    const json = {
      ...(src.seed !== undefined ? { family: src.family, seed: seedJson(src.seed) } : {}),
      rules,
      stock: o.stock,
      unseen: src.observation.unseen.length,
      samples: r.samples,
      winnable: r.winnable,
      unwinnable: r.unwinnable,
      unknown: r.unknown,
      exact: r.exact,
      odds: r.exact ? (r.unknown ? null : round(r.lower)) : r.interval ? round(r.interval.rate) : null,
      low: r.exact ? round(r.lower) : r.interval ? round(r.interval.low) : null,
      high: r.exact ? round(r.upper) : r.interval ? round(r.interval.high) : null,
      lower: round(r.lower),
      upper: round(r.upper),
      sampleSeed: o.sampleSeed ?? DEFAULT_ODDS.seed,
      ...(o.precision !== undefined ? { precision: o.precision } : {}),
      maxNodes: budget.maxNodes,
      nodes: r.nodes,
      ms: Math.round(r.ms),
    };
    return { out: JSON.stringify(json) + '\n', result: r };
  }
  const lines = [`${src.label}, ${rulesLabel(rules)}, stock ${o.stock}: ${unseenLabel(src.observation)}`];
  if (r.exact && src.observation.complete) {
    const v = r.winnable ? 'winnable (100%)' : r.unwinnable ? 'lost (0%)' : 'unknown: the budget ran out (raise --max-nodes)';
    lines.push(`nothing left unseen: ${v}`);
  } else if (r.exact) {
    lines.push(
      `every arrangement of the unseen cards solved: odds of a win ${r.unknown ? `${pct(r.lower)}–${pct(r.upper)}` : `${pct(r.lower)}, exactly`}`,
    );
    lines.push(
      `${r.samples} arrangement${r.samples === 1 ? '' : 's'}: ${r.winnable} winnable, ${r.unwinnable} unwinnable, ${r.unknown} unknown`,
    );
  } else {
    const iv = r.interval;
    lines.push(
      iv
        ? `odds of a win with every card then known: ${pct(iv.rate)} (95% interval ${pct(iv.low)}–${pct(iv.high)})`
        : 'odds unknown: no sample was decided within the budget (raise --max-nodes)',
    );
    lines.push(`${r.samples} samples: ${r.winnable} winnable, ${r.unwinnable} unwinnable, ${r.unknown} unknown`);
    if (r.unknown > 0) lines.push(`with the unknown samples all lost or all won: ${pct(r.lower)}–${pct(r.upper)}`);
  }
  lines.push(`${r.nodes} nodes, ${(r.ms / 1000).toFixed(1)} s`);
  return { out: lines.join('\n') + '\n', result: r };
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** Registers the `odds` subcommand. */
export function registerOdds(program: Command): void {
  const cmd = program
    .command('odds')
    .description('the chance a position seen with cards hidden can still be won, over the arrangements of the unseen cards');
  addSeenSourceOptions(cmd);
  addRuleOptions(cmd);
  cmd
    .option(
      '--samples <n>',
      `arrangements sampled and solved, at most ${MAX_ODDS_SAMPLES.toLocaleString('en')} (default ${DEFAULT_ODDS.samples})`,
      fromResult(parseIntIn('samples', 1, MAX_ODDS_SAMPLES)),
    )
    .option(
      '--precision <points>',
      `stop as soon as the 95% interval is at most ± this many points (from ${PRECISION_MIN_SAMPLES} samples on; --samples is then the most)`,
      fromResult(parsePrecision),
    )
    .option('--sample-seed <s>', `seed of the sampling (default ${DEFAULT_ODDS.seed})`, natural('sample-seed'))
    .option('--max-nodes <n>', `node budget of each solve (default ${DEFAULT_ODDS.budget.maxNodes})`, positive('max-nodes'))
    .option('--json', 'print the estimate as JSON')
    .addHelpText('after', '\nExit codes: 0 done, 2 bad input.')
    .action((opts: OddsCliOptions) => {
      process.stdout.write(runOdds(opts).out);
    });
}
