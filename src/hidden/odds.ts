/**
 * The odds of a position: the probability that a player who would then see every card could win
 * from here, over the arrangements of the unseen cards consistent with what is seen. It is the
 * ceiling on what any player can achieve from the position. Estimated by sampling N worlds
 * uniformly (sample.ts) and solving each with a node budget; a sample the budget did not decide is
 * counted apart. The estimate is the winnable share of the decided samples with its 95% Wilson
 * interval; the bounds say where the share would lie if every undecided sample were lost or won.
 * A position with nothing unseen is solved once: its odds are exactly 0 or 1.
 */
import { type Budget, solve } from '../solver/index.ts';
import { type Interval, wilson } from '../stats/wilson.ts';
import type { Observation } from './observation.ts';
import { Random, sampleWorld } from './sample.ts';

/** Settings of `estimateOdds`. */
export interface OddsOptions {
  samples: number;
  /** Seed of the sampling. */
  seed: number;
  /** Budget of each solve. */
  budget: Budget;
}

export const DEFAULT_ODDS: OddsOptions = { samples: 100, seed: 1, budget: { maxNodes: 1_000_000, timeoutMs: 60_000, maxMemoryMb: 256 } };

/** The estimate of `estimateOdds`. */
export interface OddsResult {
  /** Worlds solved (1 when nothing is unseen). */
  samples: number;
  winnable: number;
  unwinnable: number;
  unknown: number;
  /** True when nothing was unseen: one solve, an exact answer. */
  exact: boolean;
  /** Winnable share of the decided samples with its 95% Wilson interval; undefined when none was decided. */
  interval: Interval | undefined;
  /** The share if every undecided sample were lost (lower) or won (upper). */
  lower: number;
  upper: number;
  nodes: number;
  ms: number;
}

/** Estimates the odds of a position (module head); `onSample` sees each verdict as it comes. */
export function estimateOdds(
  o: Observation,
  options: Partial<OddsOptions> = {},
  onSample?: (done: number, total: number) => void,
): OddsResult {
  const opts = { ...DEFAULT_ODDS, ...options };
  const rng = new Random(opts.seed);
  const n = o.complete ? 1 : opts.samples;
  const t0 = performance.now();
  let winnable = 0;
  let unwinnable = 0;
  let unknown = 0;
  let nodes = 0;
  for (let i = 0; i < n; i++) {
    const r = solve(sampleWorld(o, rng), o.rules, opts.budget);
    nodes += r.stats.nodes;
    if (r.verdict === 'winnable') winnable++;
    else if (r.verdict === 'unwinnable') unwinnable++;
    else unknown++;
    onSample?.(i + 1, n);
  }
  return {
    samples: n,
    winnable,
    unwinnable,
    unknown,
    exact: o.complete,
    interval: wilson(winnable, winnable + unwinnable),
    lower: winnable / n,
    upper: (winnable + unknown) / n,
    nodes,
    ms: performance.now() - t0,
  };
}
