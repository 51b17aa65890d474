/**
 * The work per deal: how the search effort (nodes, and solve time where it is stored) is spread
 * over the deals of a group, and which deals are the hardest.
 *
 * A few hard deals dominate the cost of a large run, so the summary is about the tail: nearest-rank
 * percentiles 50, 90, 99, 99.9 and 99.99 and the maximum (as in `aggregate.ts`: the value at rank
 * ⌈p·n⌉, always an observed one), a histogram over log-spaced bins (four a decade, from 1 node and
 * from 0.01 ms; the first bin also holds everything below it) and the HARDEST deals by nodes with
 * their verdicts. Over all deals of the group, unknown ones with the work they did before the
 * budget stopped them.
 *
 * The text lines of `stats` are drawn by `format.ts`, the charts by `report.ts` and `work-report.ts`.
 *
 * Two ways in, one result: `computeWork` reads a database (sorted by SQLite, read with `.iterate()`,
 * memory flat), `WorkTally` takes deals one by one (a packed file's source: a database or an export
 * CSV) and sorts their 8-byte values itself.
 */
import type Database from 'better-sqlite3';
import { type ResultFilter, filterSql } from '../store/reader.ts';

/** The percentiles of the summary, as fractions. */
export const WORK_PERCENTILES = [0.5, 0.9, 0.99, 0.999, 0.9999] as const;

/** How many of the hardest deals are listed. */
export const HARDEST = 20;

/** Log bins per decade. */
export const PER_DECADE = 4;
/** The lowest bin edges: 10^0 nodes, 10^-2 ms. */
export const NODES_FROM_LOG10 = 0;
export const MS_FROM_LOG10 = -2;

/** Counts over log-spaced bins: bin k holds [10^(fromLog10 + k/perDecade), 10^(fromLog10 + (k+1)/perDecade)). */
export interface LogHistogram {
  fromLog10: number;
  perDecade: number;
  counts: number[];
}

/**
 * The spread of one measure over the deals of a group. The percentiles are null in a summary
 * joined from the summaries of parts (`joinWork`): they cannot be found from the parts'.
 */
export interface Spread {
  deals: number;
  total: number;
  mean: number;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  p999: number | null;
  p9999: number | null;
  max: number;
  hist: LogHistogram;
}

/** One of the hardest deals. */
export interface HardDeal {
  seed: number | string;
  verdict: string;
  nodes: number;
  /** null when the source has no times. */
  ms: number | null;
}

/** The work summary of a group. */
export interface WorkSummary {
  nodes: Spread;
  /** null when the source has no times (the compact CSV of data/). */
  ms: Spread | null;
  /** The HARDEST deals by nodes, most first (ties: lower seed first). */
  hardest: HardDeal[];
}

/** The bin edges of a log histogram that reaches `max`. */
export function logEdges(fromLog10: number, perDecade: number, max: number): number[] {
  const edges = [10 ** fromLog10];
  for (let k = 1; edges[edges.length - 1] <= max || edges.length < 2; k++) edges.push(10 ** (fromLog10 + k / perDecade));
  return edges;
}

/** The edges of a histogram as the chart and the table draw it. */
export function histEdges(h: LogHistogram): number[] {
  return Array.from({ length: h.counts.length + 1 }, (_, k) => 10 ** (h.fromLog10 + k / h.perDecade));
}

/** Bin settings of log histograms: bins of 10^(1/perDecade) from 10^fromLog10. */
export interface LogBins {
  fromLog10: number;
  perDecade: number;
}

/** Most bins of histograms put over common bins. */
export const MAX_COMMON_BINS = 10_000;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The finest bins every one of `hists` can be drawn over without splitting a bin: the greatest
 * common divisor of their bins a decade, from the lowest first edge. Undefined when there are none
 * (a first edge off that grid, e.g. 10^0.5 against whole decades) or they would take over
 * MAX_COMMON_BINS bins.
 */
export function commonBins(hists: readonly LogHistogram[]): LogBins | undefined {
  if (hists.length === 0) return undefined;
  const perDecade = hists.map((h) => h.perDecade).reduce(gcd);
  const fromLog10 = Math.min(...hists.map((h) => h.fromLog10));
  for (const h of hists) {
    const offset = (h.fromLog10 - fromLog10) * perDecade;
    if (Math.abs(offset - Math.round(offset)) > 1e-9) return undefined;
    if (Math.round(offset) + Math.ceil(h.counts.length / (h.perDecade / perDecade)) > MAX_COMMON_BINS) return undefined;
  }
  return { fromLog10, perDecade };
}

/** The counts of `h` over `bins` (from `commonBins` of histograms `h` was among). */
export function rebin(h: LogHistogram, bins: LogBins): number[] {
  const offset = Math.round((h.fromLog10 - bins.fromLog10) * bins.perDecade);
  const merge = Math.round(h.perDecade / bins.perDecade);
  const out = new Array<number>(offset + Math.ceil(h.counts.length / merge)).fill(0);
  h.counts.forEach((c, k) => {
    out[offset + Math.floor(k / merge)] += c;
  });
  return out;
}

/** Histograms over their common bins, all of one length (undefined as `commonBins`). */
export function alignHistograms(hists: readonly LogHistogram[]): LogHistogram[] | undefined {
  const bins = commonBins(hists);
  if (!bins) return undefined;
  const counts = hists.map((h) => rebin(h, bins));
  const length = Math.max(...counts.map((c) => c.length));
  return counts.map((c) => ({ ...bins, counts: [...c, ...new Array<number>(length - c.length).fill(0)] }));
}

/** A seed as exported: a number up to 2^53 − 1, a decimal string beyond. */
const seedOut = (s: bigint): number | string => (s <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(s) : s.toString());

/**
 * The spread of `n` values read in increasing order, binned over `edges` (those of `logEdges`
 * from `fromLog10`): one pass, keeping only the ranks wanted.
 */
export function spreadOfSorted(values: Iterable<number>, n: number, fromLog10: number, edges: readonly number[]): Spread {
  const ranks = WORK_PERCENTILES.map((p) => Math.min(n, Math.max(1, Math.ceil(p * n))));
  const pct = ranks.map(() => 0);
  const counts = new Array<number>(edges.length - 1).fill(0);
  let total = 0;
  let max = 0;
  let i = 0;
  let bin = 0;
  for (const v of values) {
    i++;
    total += v;
    max = v;
    for (let j = 0; j < ranks.length; j++) if (ranks[j] === i) pct[j] = v;
    // Sorted input: the bin only moves up.
    while (bin < counts.length - 1 && v >= edges[bin + 1]) bin++;
    counts[bin]++;
  }
  const [p50, p90, p99, p999, p9999] = pct;
  return { deals: n, total, mean: n ? total / n : 0, p50, p90, p99, p999, p9999, max, hist: { fromLog10, perDecade: PER_DECADE, counts } };
}

interface WorkAgg {
  rs: number;
  family: string;
  deals: number;
  nodesMax: number;
  msMax: number;
}

/** The work summary of each (rule set, family) group passing the filter, keyed `ruleSet|family`. */
export function computeWork(db: Database.Database, filter: ResultFilter = {}): Map<string, WorkSummary> {
  const { where, params } = filterSql(filter);
  const from = `FROM results x JOIN rule_sets r ON r.id = x.rule_set WHERE ${where}`;
  const aggs = db
    .prepare(
      `SELECT x.rule_set AS rs, x.family AS family, count(*) AS deals, max(x.nodes) AS nodesMax, max(x.ms) AS msMax ${from} GROUP BY x.rule_set, x.family`,
    )
    .all(...params) as WorkAgg[];
  const nodesSql = db.prepare(`SELECT x.nodes ${from} AND x.rule_set = ? AND x.family = ? ORDER BY x.nodes`).pluck();
  const msSql = db.prepare(`SELECT x.ms ${from} AND x.rule_set = ? AND x.family = ? ORDER BY x.ms`).pluck();
  const hardSql = db.prepare(
    `SELECT CAST(x.seed AS TEXT) AS seed, x.verdict AS verdict, x.nodes AS nodes, x.ms AS ms ${from} AND x.rule_set = ? AND x.family = ?
     ORDER BY x.nodes DESC, length(x.seed), x.seed LIMIT ${HARDEST}`,
  );
  // One set of bins for all groups, so that the report draws them over one axis.
  const nodeEdges = logEdges(NODES_FROM_LOG10, PER_DECADE, Math.max(1, ...aggs.map((a) => a.nodesMax)));
  const msEdges = logEdges(MS_FROM_LOG10, PER_DECADE, Math.max(0.01, ...aggs.map((a) => a.msMax)));
  const out = new Map<string, WorkSummary>();
  for (const a of aggs) {
    const key = [...params, a.rs, a.family];
    const hardest = (hardSql.all(...key) as { seed: string; verdict: string; nodes: number; ms: number }[]).map((h) => ({
      ...h,
      seed: seedOut(BigInt(h.seed)),
    }));
    out.set(`${a.rs}|${a.family}`, {
      nodes: spreadOfSorted(nodesSql.iterate(...key) as Iterable<number>, a.deals, NODES_FROM_LOG10, nodeEdges),
      ms: spreadOfSorted(msSql.iterate(...key) as Iterable<number>, a.deals, MS_FROM_LOG10, msEdges),
      hardest,
    });
  }
  return out;
}

/** Collects the work of deals given one by one, then summarizes it (memory: 16 bytes a deal). */
export class WorkTally {
  private nodes: Float64Array<ArrayBuffer> = new Float64Array(1024);
  private ms: Float64Array<ArrayBuffer> | null = new Float64Array(1024);
  private n = 0;
  private hard: HardDeal[] = [];
  private hardSeeds: bigint[] = [];

  /** Adds a deal; `ms` null means the source has no times (then the summary has none). */
  add(seed: bigint, verdict: string, nodes: number, ms: number | null): void {
    if (this.n === this.nodes.length) {
      this.nodes = grow(this.nodes);
      if (this.ms) this.ms = grow(this.ms);
    }
    this.nodes[this.n] = nodes;
    if (ms === null) this.ms = null;
    else if (this.ms) this.ms[this.n] = ms;
    this.n++;
    const last = this.hard.length - 1;
    if (this.hard.length < HARDEST || nodes > this.hard[last].nodes || (nodes === this.hard[last].nodes && seed < this.hardSeeds[last])) {
      let i = this.hard.length;
      while (i > 0 && (this.hard[i - 1].nodes < nodes || (this.hard[i - 1].nodes === nodes && this.hardSeeds[i - 1] > seed))) i--;
      this.hard.splice(i, 0, { seed: seedOut(seed), verdict, nodes, ms });
      this.hardSeeds.splice(i, 0, seed);
      this.hard.length = Math.min(this.hard.length, HARDEST);
      this.hardSeeds.length = this.hard.length;
    }
  }

  /** The summary of the deals added, or undefined without any. */
  summary(): WorkSummary | undefined {
    if (this.n === 0) return undefined;
    const spread = (values: Float64Array<ArrayBuffer>, from: number) => {
      const sorted = values.slice(0, this.n).sort();
      return spreadOfSorted(sorted, this.n, from, logEdges(from, PER_DECADE, Math.max(10 ** from, sorted[this.n - 1])));
    };
    return {
      nodes: spread(this.nodes, NODES_FROM_LOG10),
      ms: this.ms ? spread(this.ms, MS_FROM_LOG10) : null,
      hardest: this.hard.map((h) => (this.ms ? h : { ...h, ms: null })),
    };
  }
}

function grow(a: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const b = new Float64Array(a.length * 2);
  b.set(a);
  return b;
}

/** Hard deals in summary order: most nodes first, ties by the lower seed. */
function byHardness(a: HardDeal, b: HardDeal): number {
  if (a.nodes !== b.nodes) return b.nodes - a.nodes;
  const x = BigInt(a.seed);
  const y = BigInt(b.seed);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The spread of the union of groups whose spreads are `parts` (of one kind: nodes or ms). */
function joinSpreads(parts: readonly Spread[]): Spread {
  if (parts.length === 1) return parts[0];
  const hists = alignHistograms(parts.map((s) => s.hist));
  if (!hists) throw new RangeError('their histograms have no common bins (bins a decade or first edges that do not fit one grid)');
  const deals = parts.reduce((n, s) => n + s.deals, 0);
  const total = parts.reduce((n, s) => n + s.total, 0);
  const counts = hists[0].counts.map((_, k) => hists.reduce((n, h) => n + h.counts[k], 0));
  // Trailing empty bins (from a longer part's edges) are kept: the bins reach the largest maximum.
  return {
    deals,
    total,
    mean: deals ? total / deals : 0,
    p50: null,
    p90: null,
    p99: null,
    p999: null,
    p9999: null,
    max: Math.max(...parts.map((s) => s.max)),
    hist: { fromLog10: hists[0].fromLog10, perDecade: hists[0].perDecade, counts },
  };
}

/**
 * The work summary of the union of disjoint groups, from their summaries: deals, totals, means,
 * maxima, histograms (over common bins) and the hardest deals are those of the union, exactly; the
 * percentiles, which the parts' do not determine, are null (unless there is one part). The times
 * are null when any part has none. Throws a RangeError when the parts' histograms have no common
 * bins (`commonBins`).
 */
export function joinWork(parts: readonly WorkSummary[]): WorkSummary {
  if (parts.length === 0) throw new Error('no work summaries to join');
  const timed = parts.every((w) => w.ms !== null);
  return {
    nodes: joinSpreads(parts.map((w) => w.nodes)),
    ms: timed ? joinSpreads(parts.map((w) => w.ms!)) : null,
    hardest: parts
      .flatMap((w) => w.hardest)
      .map((h) => (timed ? h : { ...h, ms: null }))
      .sort(byHardness)
      .slice(0, HARDEST),
  };
}
