/**
 * Per-group statistics of a results database: one group per (rule set, family).
 *
 * Counts, means and extremes come from one GROUP BY query. Percentiles and histograms come from
 * one ordered query per group and metric, read with `.iterate()`: SQLite sorts (spilling to disk
 * if it must) and we keep only the ranks we want, so memory does not grow with the row count.
 * Percentiles are nearest-rank: the p-th percentile of n sorted values is the value at rank
 * ⌈p·n⌉ (1-based), always an observed value. Everything runs in one read transaction so that a
 * `batch` writing at the same time cannot make the counts and the percentiles disagree.
 */
import type Database from 'better-sqlite3';
import { passesFromDb } from '../store/schema.ts';
import type { Family } from '../types.ts';
import { type ResultFilter, filterSql } from '../store/reader.ts';
import { type MostHomeStats, computeMostHome } from './most-home.ts';
import { wilson, winBounds } from '../math/wilson.ts';
import { type WorkSummary, computeWork } from './work.ts';

/** One row of `stats`: the fields of the JSON objects and the CSV columns, in order. */
export interface StatsRow {
  family: string;
  draw: number;
  /** null = unlimited. */
  passes: number | null;
  foundationReturn: boolean;
  deals: number;
  winnable: number;
  unwinnable: number;
  unknown: number;
  errors: number;
  /** winnable + unwinnable: the deals the interval is computed over. */
  decided: number;
  /** winnable / decided; null when nothing was decided (likewise ciLow, ciHigh). */
  winRate: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  /** winnable / deals: every unknown and error counted lost. */
  lowerBound: number;
  /** (deals − unwinnable) / deals: every unknown and error counted won. */
  upperBound: number;
  /** Solve time over all deals of the group, ms. */
  msP50: number;
  msP90: number;
  msP99: number;
  msMax: number;
  msMean: number;
  nodesMean: number;
  nodesMax: number;
  /** Solution length (atomic moves) over winnable deals; null when there are none. */
  lengthMin: number | null;
  lengthP50: number | null;
  lengthMean: number | null;
  lengthP90: number | null;
  lengthMax: number | null;
}

/** The column order of StatsRow, for CSV and tables. */
export const STATS_COLUMNS = [
  'family',
  'draw',
  'passes',
  'foundationReturn',
  'deals',
  'winnable',
  'unwinnable',
  'unknown',
  'errors',
  'decided',
  'winRate',
  'ciLow',
  'ciHigh',
  'lowerBound',
  'upperBound',
  'msP50',
  'msP90',
  'msP99',
  'msMax',
  'msMean',
  'nodesMean',
  'nodesMax',
  'lengthMin',
  'lengthP50',
  'lengthMean',
  'lengthP90',
  'lengthMax',
] as const satisfies readonly (keyof StatsRow)[];

/** Histogram bins: `counts[i]` values fell in [edges[i], edges[i+1]). */
export interface Histogram {
  edges: number[];
  counts: number[];
}

/** A group's row plus the distributions the report draws. */
export interface GroupStats {
  row: StatsRow;
  /** Solve time over all deals, log-spaced bins (the first bin also holds everything below it). */
  msHist: Histogram;
  /** Solution length over winnable deals. */
  lengthHist: Histogram;
  /** The most cards home, when the group has deals with a count (`batch --most-home`). */
  mostHome?: MostHomeStats;
  /** The work per deal: percentiles and histogram of nodes and ms, the hardest deals. */
  work?: WorkSummary;
}

interface AggRow {
  rs: number;
  family: string;
  draw: number;
  passes: number;
  fr: number;
  deals: number;
  winnable: number;
  unwinnable: number;
  unknown: number;
  errors: number;
  msMean: number;
  msMax: number;
  nodesMean: number;
  nodesMax: number;
  lenMin: number | null;
  lenMean: number | null;
  lenMax: number | null;
}

/** Smallest solve time with a bin of its own (ms); log bins per decade. */
const MS_FLOOR_LOG10 = -2;
export const MS_BINS_PER_DECADE = 4;
const MAX_LENGTH_BINS = 40;

/** Bin edges for solve times up to `maxMs`: quarter decades from 0.01 ms. */
export function msEdges(maxMs: number): number[] {
  const top = Math.max(0, Math.ceil(Math.log10(Math.max(maxMs, 1e-9)) * MS_BINS_PER_DECADE) / MS_BINS_PER_DECADE);
  const edges: number[] = [];
  for (let k = MS_FLOOR_LOG10 * MS_BINS_PER_DECADE; k <= top * MS_BINS_PER_DECADE + 1; k++) edges.push(10 ** (k / MS_BINS_PER_DECADE));
  return edges;
}

/** Bin edges for integer solution lengths in [min, max], at most MAX_LENGTH_BINS bins of equal width. */
export function lengthEdges(min: number, max: number): number[] {
  const w = Math.max(1, Math.ceil((max - min + 1) / MAX_LENGTH_BINS));
  const start = Math.floor(min / w) * w;
  const edges: number[] = [];
  for (let e = start; e <= max + w; e += w) {
    edges.push(e);
    if (e > max) break;
  }
  return edges;
}

/** Index of the bin of `v` given ascending edges; values outside go to the first or last bin. */
function binOf(edges: number[], v: number): number {
  let lo = 0;
  let hi = edges.length - 2;
  if (v < edges[1]) return 0;
  if (v >= edges[hi]) return hi;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (edges[mid] <= v) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Nearest-rank percentiles of a sorted stream of `n` values, plus a histogram over `edges`. */
export function scanSorted(
  values: Iterable<number>,
  n: number,
  ps: readonly number[],
  edges: number[],
): { pct: number[]; hist: Histogram } {
  const ranks = ps.map((p) => Math.min(n, Math.max(1, Math.ceil(p * n))));
  const pct = ps.map(() => NaN);
  const counts = new Array<number>(Math.max(0, edges.length - 1)).fill(0);
  let i = 0;
  let last = NaN;
  for (const v of values) {
    i++;
    last = v;
    for (let j = 0; j < ranks.length; j++) if (ranks[j] === i) pct[j] = v;
    if (counts.length) counts[binOf(edges, v)]++;
  }
  // Rows added or removed mid-read cannot happen inside our transaction; be safe anyway.
  for (let j = 0; j < pct.length; j++) if (Number.isNaN(pct[j])) pct[j] = last;
  return { pct, hist: { edges, counts } };
}

const PCT_MS = [0.5, 0.9, 0.99] as const;
const PCT_LEN = [0.5, 0.9] as const;

/** The prepared queries of `computeStats` over the results passing a filter. */
interface GroupQueries {
  /** The filter's parameters, to which a group's rule set and family are added. */
  params: unknown[];
  /** Counts, means and extremes: one row a (rule set, family) group, in the order of the output. */
  aggregates(): AggRow[];
  /** A group's solve times, ascending. */
  ms: Database.Statement;
  /** A group's solution lengths of winnable deals, ascending, and how many there are. */
  lengths: Database.Statement;
  lengthCount: Database.Statement;
}

function groupQueries(db: Database.Database, filter: ResultFilter): GroupQueries {
  const { where, params } = filterSql(filter);
  const from = `FROM results x JOIN rule_sets r ON r.id = x.rule_set WHERE ${where}`;
  const aggSql = `SELECT x.rule_set AS rs, x.family AS family, r.draw AS draw, r.passes AS passes, r.foundation_return AS fr,
      count(*) AS deals,
      total(x.verdict = 'winnable') AS winnable, total(x.verdict = 'unwinnable') AS unwinnable,
      total(x.verdict = 'unknown') AS unknown, total(x.verdict = 'error') AS errors,
      avg(x.ms) AS msMean, max(x.ms) AS msMax, avg(x.nodes) AS nodesMean, max(x.nodes) AS nodesMax,
      min(CASE WHEN x.verdict = 'winnable' THEN x.solution_length END) AS lenMin,
      avg(CASE WHEN x.verdict = 'winnable' THEN x.solution_length END) AS lenMean,
      max(CASE WHEN x.verdict = 'winnable' THEN x.solution_length END) AS lenMax
    ${from}
    GROUP BY x.rule_set, x.family
    ORDER BY r.draw, r.passes <> 0, r.passes DESC, r.foundation_return DESC, x.family`;
  return {
    params,
    aggregates: () => db.prepare(aggSql).all(...params) as AggRow[],
    ms: db.prepare(`SELECT x.ms ${from} AND x.rule_set = ? AND x.family = ? ORDER BY x.ms`).pluck(),
    lengths: db
      .prepare(
        `SELECT x.solution_length ${from} AND x.rule_set = ? AND x.family = ? AND x.verdict = 'winnable' AND x.solution_length IS NOT NULL ORDER BY x.solution_length`,
      )
      .pluck(),
    lengthCount: db
      .prepare(`SELECT count(*) ${from} AND x.rule_set = ? AND x.family = ? AND x.verdict = 'winnable' AND x.solution_length IS NOT NULL`)
      .pluck(),
  };
}

/** A group's row: its aggregate, its solve-time percentiles, and its length percentiles over `nLen` winnable deals. */
function statsRow(a: AggRow, msPct: readonly number[], lenPct: readonly number[], nLen: number): StatsRow {
  const counts = { winnable: a.winnable, unwinnable: a.unwinnable, unknown: a.unknown, errors: a.errors };
  const decided = a.winnable + a.unwinnable;
  const ci = wilson(a.winnable, decided);
  const b = winBounds(counts)!;
  return {
    family: a.family as Family,
    draw: a.draw,
    passes: passesFromDb(a.passes),
    foundationReturn: a.fr !== 0,
    deals: a.deals,
    ...counts,
    decided,
    winRate: ci?.rate ?? null,
    ciLow: ci?.low ?? null,
    ciHigh: ci?.high ?? null,
    lowerBound: b.lower,
    upperBound: b.upper,
    msP50: msPct[0],
    msP90: msPct[1],
    msP99: msPct[2],
    msMax: a.msMax,
    msMean: a.msMean,
    nodesMean: a.nodesMean,
    nodesMax: a.nodesMax,
    lengthMin: nLen ? a.lenMin : null,
    lengthP50: nLen ? lenPct[0] : null,
    lengthMean: nLen ? a.lenMean : null,
    lengthP90: nLen ? lenPct[1] : null,
    lengthMax: nLen ? a.lenMax : null,
  };
}

/** The bin edges every group shares: of solve times, and of solution lengths (none without a winnable deal). */
interface Edges {
  ms: number[];
  length: number[];
}

function edgesOf(aggs: readonly AggRow[]): Edges {
  const maxMs = Math.max(0, ...aggs.map((a) => a.msMax));
  const lens = aggs.filter((a) => a.lenMin !== null);
  const length = lens.length ? lengthEdges(Math.min(...lens.map((a) => a.lenMin!)), Math.max(...lens.map((a) => a.lenMax!))) : [];
  return { ms: msEdges(maxMs), length };
}

/** One group's statistics: its row and histograms from its ordered queries, with its most-home and work figures. */
function groupStats(q: GroupQueries, a: AggRow, edges: Edges, mostHome?: MostHomeStats, work?: WorkSummary): GroupStats {
  const key = [...q.params, a.rs, a.family];
  const ms = scanSorted(q.ms.iterate(...key) as Iterable<number>, a.deals, PCT_MS, edges.ms);
  const nLen = q.lengthCount.get(...key) as number;
  const len = scanSorted(q.lengths.iterate(...key) as Iterable<number>, nLen, PCT_LEN, nLen ? edges.length : []);
  return {
    row: statsRow(a, ms.pct, len.pct, nLen),
    msHist: ms.hist,
    lengthHist: nLen ? len.hist : { edges: [], counts: [] },
    ...(mostHome ? { mostHome } : {}),
    ...(work ? { work } : {}),
  };
}

/** Statistics of every (rule set, family) group that has results passing the filter. */
export function computeStats(db: Database.Database, filter: ResultFilter = {}): GroupStats[] {
  const q = groupQueries(db, filter);
  const run = (): GroupStats[] => {
    const aggs = q.aggregates();
    const homes = computeMostHome(db, filter);
    const works = computeWork(db, filter);
    const edges = edgesOf(aggs);
    return aggs.map((a) => groupStats(q, a, edges, homes.get(`${a.rs}|${a.family}`), works.get(`${a.rs}|${a.family}`)));
  };
  // A deferred read transaction gives one consistent snapshot; nested use (already in one) is fine.
  if (db.inTransaction) return run();
  db.exec('BEGIN');
  try {
    return run();
  } finally {
    db.exec('COMMIT');
  }
}
