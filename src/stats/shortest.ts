/**
 * Statistics of the shortest solutions (`shortest` rows, written by `batch --shortest`): one group
 * per (rule set, family, move count).
 *
 * - Minimal length: min, median, mean and max over the deals whose length is proved minimal. A
 *   deal whose length is not proved enters only the figures of the lines found: the mean shortest
 *   length found and the mean proved lower bound, over every winnable deal, between which the mean
 *   of the true minima lies.
 * - First found and post-pass: the mean lengths, over the same winnable deals, of the verdict
 *   search's line and of that line after the post-pass (engine/shorten.ts), and the post-pass's
 *   saving (their difference, and as a share of the first).
 * - Time per deal: the mean, median and max of the stored wall-clock time of a deal's whole search
 *   (verdict, post-pass, proof), over every row but errors.
 *
 * Medians of an even count are the lower middle value (a length that occurs).
 */
import type Database from 'better-sqlite3';
import { type ShortestFilter, shortestRows } from '../store/reader.ts';
import { rulesLabel } from '../types.ts';
import { type ExportFormat, exportedSeed, recordChunks } from './export.ts';
import { int, msText, rowsToCsv } from './format.ts';
import { pct } from './percent.ts';

/** One row of the shortest-solution statistics: the JSON fields and CSV columns, in order. */
export interface ShortestStatsRow {
  family: string;
  draw: number;
  /** null = unlimited. */
  passes: number | null;
  foundationReturn: boolean;
  count: string;
  deals: number;
  winnable: number;
  unwinnable: number;
  unknown: number;
  errors: number;
  /** Winnable deals whose length is proved minimal. */
  proved: number;
  /** Over the proved deals. */
  minimalMin: number | null;
  minimalMedian: number | null;
  minimalMean: number | null;
  minimalMax: number | null;
  /** Over every winnable deal: the shortest line found, the proved lower bound. */
  foundMean: number | null;
  boundMean: number | null;
  /** Over every winnable deal: the verdict search's line, and after the post-pass. */
  firstMean: number | null;
  shortenedMean: number | null;
  /** firstMean − shortenedMean, and that over firstMean. */
  postPassSaving: number | null;
  postPassShare: number | null;
  /** KSolve's count of the lines found (redeals free), over every winnable deal. */
  ksolveMean: number | null;
  /** Time per deal, over every row but errors. */
  msMean: number | null;
  msMedian: number | null;
  msMax: number | null;
}

/** The column order of ShortestStatsRow. */
export const SHORTEST_STATS_COLUMNS = [
  'family',
  'draw',
  'passes',
  'foundationReturn',
  'count',
  'deals',
  'winnable',
  'unwinnable',
  'unknown',
  'errors',
  'proved',
  'minimalMin',
  'minimalMedian',
  'minimalMean',
  'minimalMax',
  'foundMean',
  'boundMean',
  'firstMean',
  'shortenedMean',
  'postPassSaving',
  'postPassShare',
  'ksolveMean',
  'msMean',
  'msMedian',
  'msMax',
] as const satisfies readonly (keyof ShortestStatsRow)[];

const mean = (xs: readonly number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
/** The lower middle value of the sorted numbers. */
const median = (sorted: readonly number[]) => (sorted.length === 0 ? null : sorted[Math.floor((sorted.length - 1) / 2)]);

interface Acc {
  row: ShortestStatsRow;
  minimal: number[];
  found: number[];
  bound: number[];
  first: number[];
  shortened: number[];
  ksolve: number[];
  ms: number[];
}

/** The shortest-solution statistics of a database, one row per (rule set, family, count). */
export function computeShortestStats(db: Database.Database, filter: ShortestFilter = {}): ShortestStatsRow[] {
  const groups = new Map<string, Acc>();
  for (const { row: x, rules } of shortestRows(db, filter)) {
    const key = `${rules.draw}/${rules.passes}/${rules.foundationReturn}/${x.family}/${x.count}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        row: {
          family: x.family,
          draw: rules.draw,
          passes: rules.passes,
          foundationReturn: rules.foundationReturn,
          count: x.count,
          ...{ deals: 0, winnable: 0, unwinnable: 0, unknown: 0, errors: 0, proved: 0 },
          ...{ minimalMin: null, minimalMedian: null, minimalMean: null, minimalMax: null },
          ...{ foundMean: null, boundMean: null, firstMean: null, shortenedMean: null, postPassSaving: null, postPassShare: null },
          ...{ ksolveMean: null, msMean: null, msMedian: null, msMax: null },
        },
        ...{ minimal: [], found: [], bound: [], first: [], shortened: [], ksolve: [], ms: [] },
      };
      groups.set(key, g);
    }
    const r = g.row;
    r.deals++;
    if (x.verdict === 'error') r.errors++;
    else {
      r[x.verdict]++;
      g.ms.push(x.ms);
    }
    if (x.verdict !== 'winnable' || x.length === null) continue;
    if (x.proved) {
      r.proved++;
      g.minimal.push(x.length);
    }
    g.found.push(x.length);
    g.bound.push(x.lowerBound ?? 0);
    if (x.firstLength !== null) g.first.push(x.firstLength);
    if (x.shortenedLength !== null) g.shortened.push(x.shortenedLength);
    if (x.ksolveLength !== null) g.ksolve.push(x.ksolveLength);
  }
  const out = [...groups.values()].map((g) => {
    const r = g.row;
    const minimal = [...g.minimal].sort((a, b) => a - b);
    const ms = [...g.ms].sort((a, b) => a - b);
    r.minimalMin = minimal[0] ?? null;
    r.minimalMedian = median(minimal);
    r.minimalMean = mean(minimal);
    r.minimalMax = minimal.length > 0 ? minimal[minimal.length - 1] : null;
    r.foundMean = mean(g.found);
    r.boundMean = mean(g.bound);
    r.firstMean = mean(g.first);
    r.shortenedMean = mean(g.shortened);
    r.postPassSaving = r.firstMean !== null && r.shortenedMean !== null ? r.firstMean - r.shortenedMean : null;
    r.postPassShare = r.postPassSaving !== null && r.firstMean ? r.postPassSaving / r.firstMean : null;
    r.ksolveMean = mean(g.ksolve);
    r.msMean = mean(ms);
    r.msMedian = median(ms);
    r.msMax = ms.length > 0 ? ms[ms.length - 1] : null;
    return r;
  });
  const passesOrder = (p: number | null) => (p === null ? -1 : p);
  return out.sort(
    (a, b) =>
      a.draw - b.draw ||
      passesOrder(a.passes) - passesOrder(b.passes) ||
      Number(b.foundationReturn) - Number(a.foundationReturn) ||
      a.family.localeCompare(b.family) ||
      a.count.localeCompare(b.count),
  );
}

const num = (x: number | null, d = 1) => (x === null ? '–' : x.toFixed(d));

/** The table form: one block per group. */
export function shortestStatsToTable(rows: readonly ShortestStatsRow[]): string {
  if (rows.length === 0) return '';
  const blocks = rows.map((r) => {
    const rules = rulesLabel({ draw: r.draw, passes: r.passes, foundationReturn: r.foundationReturn });
    const won = r.winnable;
    return [
      `${rules} · ${r.family} · ${r.count === 'ksolve' ? "KSolve's count (redeals free)" : 'atomic moves'}`,
      `  deals      ${int(r.deals)}: winnable ${int(won)}, unwinnable ${int(r.unwinnable)}, unknown ${int(r.unknown)}, errors ${int(r.errors)}`,
      `  proved     ${int(r.proved)} of the ${int(won)} winnable deals shortest (${pct(won ? r.proved / won : null, 1)})`,
      r.minimalMin === null
        ? '  minimal    – (no length proved)'
        : `  minimal    min ${r.minimalMin}  median ${r.minimalMedian}  mean ${num(r.minimalMean)}  max ${r.minimalMax}  (the proved deals)`,
      `  found      mean ${num(r.foundMean)}, lower bound mean ${num(r.boundMean)}  (every winnable deal)`,
      `  first      mean ${num(r.firstMean)} the verdict's line, ${num(r.shortenedMean)} after the post-pass ` +
        `(${num(r.postPassSaving)} fewer, ${pct(r.postPassShare, 1)})`,
      ...(r.count === 'atomic' ? [`  KSolve     mean ${num(r.ksolveMean)} of the lines found (redeals free)`] : []),
      `  time ms    mean ${msText(r.msMean)}  median ${msText(r.msMedian)}  max ${msText(r.msMax)} a deal`,
    ].join('\n');
  });
  return `Shortest solutions\n\n${blocks.join('\n\n')}\n`;
}

/** Rows as CSV with a header line (`unlimited` for passes). */
export function shortestStatsToCsv(rows: readonly ShortestStatsRow[]): string {
  return rowsToCsv(SHORTEST_STATS_COLUMNS, rows);
}

/** The per-deal export columns (`export --shortest`). */
export const SHORTEST_EXPORT_COLUMNS = [
  'family',
  'seed',
  'draw',
  'passes',
  'foundationReturn',
  'count',
  'verdict',
  'length',
  'proved',
  'lowerBound',
  'firstLength',
  'shortenedLength',
  'atomicLength',
  'ksolveLength',
  'nodes',
  'ms',
  'stopReason',
  'moves',
  'error',
  'maxNodes',
  'timeoutMs',
  'maxMemoryMb',
  'solverVersion',
] as const;

/** The shortest-solution rows as CSV, NDJSON or a JSON array, streamed in chunks of about 64 KB. */
export function exportShortestChunks(db: Database.Database, format: ExportFormat, filter: ShortestFilter = {}): Generator<string> {
  return recordChunks(shortestRecords(db, filter), format, SHORTEST_EXPORT_COLUMNS, (rec, c) =>
    c === 'passes' && rec.passes === null ? 'unlimited' : c === 'proved' ? (rec.proved === null ? null : rec.proved ? 1 : 0) : rec[c],
  );
}

function* shortestRecords(db: Database.Database, filter: ShortestFilter) {
  for (const { row: x, rules } of shortestRows(db, filter))
    yield {
      family: x.family,
      seed: exportedSeed(x.seed),
      draw: rules.draw,
      passes: rules.passes,
      foundationReturn: rules.foundationReturn,
      count: x.count,
      verdict: x.verdict,
      length: x.length,
      proved: x.proved,
      lowerBound: x.lowerBound,
      firstLength: x.firstLength,
      shortenedLength: x.shortenedLength,
      atomicLength: x.atomicLength,
      ksolveLength: x.ksolveLength,
      nodes: x.nodes,
      ms: Math.round(x.ms),
      stopReason: x.stopReason,
      moves: x.moves,
      error: x.error,
      maxNodes: x.maxNodes,
      timeoutMs: x.timeoutMs,
      maxMemoryMb: x.maxMemoryMb,
      solverVersion: x.solverVersion,
    };
}
