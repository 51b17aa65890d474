/**
 * The odds of a position: the probability that a player who would then see every card could win
 * from here, over the arrangements of the unseen cards consistent with what is seen. It is the
 * ceiling on what any player can achieve from the position. Estimated by sampling worlds
 * uniformly (sample.ts) and solving each with a node budget; a sample the budget did not decide is
 * counted apart. The estimate is the winnable share of the decided samples with its 95% Wilson
 * interval; the bounds say where the share would lie if every undecided sample were lost or won.
 * A position with nothing unseen is solved once: its odds are exactly 0 or 1; one whose unseen
 * cards have fewer arrangements than an estimate's fewest samples (at most three cards) has each
 * arrangement solved once: exact odds, an interval of no width.
 *
 * The estimate is made of three parts that can run apart, so that several threads can share the
 * sampling and a reader can watch the figure refine as the worlds come in:
 * - `OddsWorlds`: world i of a sampling seed, the same whichever thread asks for it;
 * - `solveWorld`: one world's verdict;
 * - `OddsTally`: the verdicts by index, in any order; it counts them in index order only, so the
 *   estimate after n worlds is that of worlds 0…n−1 (never a biased pick of the ones solved first:
 *   lost worlds take longer to prove), whatever order they arrived in. It stops at `samples`
 *   worlds, or with `precision` as soon as the interval is that narrow.
 * `estimateOdds` runs the three in one thread; any other arrangement of them gives the same result.
 */
import type { Position } from '../engine/position.ts';
import { type Budget, type Verdict, solve } from '../solver/index.ts';
import { checkBudget, checkOptions } from '../solver/validate.ts';
import { type Interval, wilson } from '../math/wilson.ts';
import { type Rules, UserError } from '../types.ts';
import type { Observation } from './observation.ts';
import { Random, badSeed, fillWorld, sampleWorld } from './sample.ts';

/** Settings of `estimateOdds`. */
export interface OddsOptions {
  /** Worlds sampled (with `precision`, the most). */
  samples: number;
  /** Seed of the sampling. */
  seed: number;
  /** Budget of each solve. */
  budget: Budget;
  /**
   * When set, stop as soon as the 95% interval is at most ± this (half its width, a fraction: 0.05
   * is ±5 points), after at least `PRECISION_MIN_SAMPLES` worlds.
   */
  precision?: number;
}

export const DEFAULT_ODDS: OddsOptions = { samples: 100, seed: 1, budget: { maxNodes: 1_000_000, timeoutMs: 60_000, maxMemoryMb: 256 } };

/**
 * An estimate for a person waiting at a screen: to ±5 points, with at most 1,000 worlds (the
 * browser app's Odds button; `klondike odds --precision 5 --samples 1000`).
 */
export const LIVE_ODDS: OddsOptions = { ...DEFAULT_ODDS, samples: 1000, precision: 0.05 };

/** The most worlds an estimate samples: at the default budget, about a day of solving. */
export const MAX_ODDS_SAMPLES = 100_000;

/** The fewest worlds an estimate with a precision stops at. */
export const PRECISION_MIN_SAMPLES = 20;

/** The estimate of `estimateOdds`. */
export interface OddsResult {
  /** Worlds solved (1 when nothing is unseen). */
  samples: number;
  winnable: number;
  unwinnable: number;
  unknown: number;
  /** True for an exact answer: nothing was unseen (one solve), or every arrangement of the unseen cards was solved. */
  exact: boolean;
  /** Winnable share of the decided samples with its 95% Wilson interval (of no width when exact); undefined when none was decided. */
  interval: Interval | undefined;
  /** The share if every undecided sample were lost (lower) or won (upper). */
  lower: number;
  upper: number;
  nodes: number;
  /** The solving time of the worlds counted, added up (ms). */
  ms: number;
}

/** The worlds of a sampling: world i is the (i+1)-th `sampleWorld` of a generator seeded with `seed`. */
export class OddsWorlds {
  private readonly rng: Random;
  private drawn = 0;

  constructor(
    readonly observation: Observation,
    readonly seed: number,
  ) {
    this.rng = new Random(seed);
  }

  /** The first world index not drawn yet. */
  get next(): number {
    return this.drawn;
  }

  /** World i. Indices must not go down from one call to the next (the worlds in between are drawn and dropped). */
  world(i: number): Position {
    if (!Number.isSafeInteger(i) || i < this.drawn) throw new RangeError(`world ${i} is behind the sampling (next ${this.drawn})`);
    let w = sampleWorld(this.observation, this.rng);
    for (this.drawn++; this.drawn <= i; this.drawn++) w = sampleWorld(this.observation, this.rng);
    return w;
  }
}

/** One world's verdict, as the tally counts it. */
export interface WorldVerdict {
  verdict: Verdict;
  nodes: number;
  ms: number;
}

/** Solves one world within the budget. */
export function solveWorld(world: Position, rules: Rules, budget: Budget): WorldVerdict {
  const r = solve(world, rules, budget);
  return { verdict: r.verdict, nodes: r.stats.nodes, ms: r.stats.ms };
}

/** Half the width of an interval: the ± of an estimate. */
export function halfWidth(iv: Interval): number {
  return (iv.high - iv.low) / 2;
}

/**
 * The verdicts of the worlds of an estimate, added by index in any order, counted in index order
 * (module head). `done` once the worlds counted meet the stopping rule; later verdicts are ignored.
 */
export class OddsTally {
  /** The most worlds the estimate takes: 1 when nothing is unseen. */
  readonly total: number;
  private readonly precision: number | undefined;
  private readonly waiting = new Map<number, WorldVerdict>();
  private n = 0;
  private winnable = 0;
  private unwinnable = 0;
  private unknown = 0;
  private nodes = 0;
  private ms = 0;
  private stopped = false;

  constructor(
    readonly exact: boolean,
    options: Pick<OddsOptions, 'samples'> & Partial<Pick<OddsOptions, 'precision'>>,
  ) {
    if (!Number.isSafeInteger(options.samples) || options.samples < 1 || options.samples > MAX_ODDS_SAMPLES)
      throw new RangeError(`samples must be a whole number 1…${MAX_ODDS_SAMPLES}, got ${options.samples}`);
    if (options.precision !== undefined && !(options.precision > 0 && options.precision <= 0.5))
      throw new RangeError(`precision must be above 0 and at most 0.5, got ${options.precision}`);
    this.total = exact ? 1 : options.samples;
    this.precision = exact ? undefined : options.precision;
  }

  /** Worlds counted so far: worlds 0…counted−1 are all in. */
  get counted(): number {
    return this.n;
  }

  /** True once the estimate is final. */
  get done(): boolean {
    return this.stopped;
  }

  /** Adds world i's verdict (each index once); true when it made the estimate final. */
  add(i: number, v: WorldVerdict): boolean {
    if (this.stopped || i < this.n || i >= this.total) return false;
    this.waiting.set(i, v);
    for (let next = this.waiting.get(this.n); next !== undefined && !this.stopped; next = this.waiting.get(this.n)) {
      this.waiting.delete(this.n);
      this.n++;
      if (next.verdict === 'winnable') this.winnable++;
      else if (next.verdict === 'unwinnable') this.unwinnable++;
      else this.unknown++;
      this.nodes += next.nodes;
      this.ms += next.ms;
      this.stopped = this.n >= this.total || this.precise();
    }
    if (this.stopped) this.waiting.clear();
    return this.stopped;
  }

  private precise(): boolean {
    if (this.precision === undefined || this.n < PRECISION_MIN_SAMPLES) return false;
    const iv = wilson(this.winnable, this.winnable + this.unwinnable);
    return iv !== undefined && halfWidth(iv) <= this.precision;
  }

  /** The estimate of the worlds counted so far (the final one once `done`). */
  result(): OddsResult {
    const n = this.n;
    return {
      samples: n,
      winnable: this.winnable,
      unwinnable: this.unwinnable,
      unknown: this.unknown,
      exact: this.exact,
      interval: wilson(this.winnable, this.winnable + this.unwinnable),
      lower: n ? this.winnable / n : 0,
      upper: n ? (this.winnable + this.unknown) / n : 1,
      nodes: this.nodes,
      ms: this.ms,
    };
  }
}

/** The options of `estimateOdds` with the defaults filled in, each checked; a UserError naming the entry otherwise. */
function checkedOptions(options: unknown): OddsOptions {
  const fail = (why: string) => new UserError(`estimateOdds: ${why}`);
  const c = checkOptions(options, { samples: 'number', seed: 'number', budget: 'object', precision: 'number' });
  if (!c.ok) throw fail(c.error);
  const given = Object.fromEntries(Object.entries(options ?? {}).filter(([, v]) => v !== undefined));
  const opts: OddsOptions = { ...DEFAULT_ODDS, ...given };
  if (!Number.isSafeInteger(opts.samples) || opts.samples < 1 || opts.samples > MAX_ODDS_SAMPLES)
    throw fail(`samples must be a whole number 1…${MAX_ODDS_SAMPLES}, got ${opts.samples}`);
  const seed = badSeed(opts.seed);
  if (seed) throw fail(seed);
  const b = checkBudget(opts.budget);
  if (!b.ok) throw fail(b.error);
  if (opts.precision !== undefined && !(opts.precision > 0 && opts.precision <= 0.5))
    throw fail(`precision must be above 0 and at most 0.5, got ${opts.precision}`);
  return opts;
}

/**
 * Estimates the odds of a position (module head); `onSample` sees each verdict as it comes. Options
 * out of range (samples 1…MAX_ODDS_SAMPLES, a seed 0…2^32 − 1, a budget as `solve` takes it,
 * precision above 0 and at most 0.5) throw a UserError naming `estimateOdds`.
 */
export function estimateOdds(
  o: Observation,
  options: Partial<OddsOptions> = {},
  onSample?: (done: number, total: number) => void,
): OddsResult {
  const opts = checkedOptions(options);
  const k = o.complete ? 0 : o.unseen.length;
  if (k > 0 && factorial(k) < Math.min(opts.samples, PRECISION_MIN_SAMPLES)) return countArrangements(o, opts.budget, onSample);
  const worlds = new OddsWorlds(o, opts.seed);
  const tally = new OddsTally(o.complete, opts);
  for (let i = 0; !tally.done; i++) {
    tally.add(i, solveWorld(worlds.world(i), o.rules, opts.budget));
    onSample?.(i + 1, tally.total);
  }
  const r = tally.result();
  return r.exact ? { ...r, interval: exactInterval(r) } : r;
}

/** An exact share as an interval of no width (no Wilson interval: nothing was sampled); undefined when nothing was decided. */
function exactInterval(r: Pick<OddsResult, 'winnable' | 'unwinnable'>): Interval | undefined {
  const n = r.winnable + r.unwinnable;
  if (n === 0) return undefined;
  const rate = r.winnable / n;
  return { rate, low: rate, high: rate };
}

function factorial(k: number): number {
  let f = 1;
  for (let i = 2; i <= k; i++) f *= i;
  return f;
}

/**
 * The exact odds when the unseen cards have no more arrangements than samples asked for: each
 * arrangement solved once (they are equally likely), no interval to estimate.
 */
function countArrangements(o: Observation, budget: Budget, onSample?: (done: number, total: number) => void): OddsResult {
  const cards = o.unseen.slice();
  const total = factorial(cards.length);
  let winnable = 0;
  let unwinnable = 0;
  let unknown = 0;
  let nodes = 0;
  let ms = 0;
  let done = 0;
  // Heap's algorithm: every order of the cards once
  const visit = () => {
    const v = solveWorld(fillWorld(o, cards), o.rules, budget);
    if (v.verdict === 'winnable') winnable++;
    else if (v.verdict === 'unwinnable') unwinnable++;
    else unknown++;
    nodes += v.nodes;
    ms += v.ms;
    onSample?.(++done, total);
  };
  const c = new Array<number>(cards.length).fill(0);
  visit();
  for (let i = 1; i < cards.length; ) {
    if (c[i] < i) {
      const j = i % 2 === 0 ? 0 : c[i];
      [cards[j], cards[i]] = [cards[i], cards[j]];
      visit();
      c[i]++;
      i = 1;
    } else {
      c[i] = 0;
      i++;
    }
  }
  return {
    samples: total,
    winnable,
    unwinnable,
    unknown,
    exact: true,
    interval: exactInterval({ winnable, unwinnable }),
    lower: winnable / total,
    upper: (winnable + unknown) / total,
    nodes,
    ms,
  };
}
