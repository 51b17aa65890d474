/**
 * Rendering of `stats` rows: JSON (an array of StatsRow), CSV (the same columns, `unlimited` for
 * passes) and a table for people. Also the CSV field quoting shared with `export`.
 */
import { mostHomeLines } from './most-home.ts';
import { rulesLabel } from '../types.ts';
import { type GroupStats, type Histogram, STATS_COLUMNS, type StatsRow } from './aggregate.ts';
import { pct } from './percent.ts';
import { type LogHistogram, PER_DECADE, type Spread, type WorkSummary, histEdges } from './work.ts';

/** The output formats of `stats`. */
export const STATS_FORMATS = ['table', 'csv', 'json'] as const;
export type StatsFormat = (typeof STATS_FORMATS)[number];

/** One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, or edge spaces. */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : String(v);
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV line, CRLF-free (LF) as most tools expect. */
export function csvLine(fields: readonly unknown[]): string {
  return fields.map(csvField).join(',') + '\n';
}

/** Rows as CSV with a header line. */
export function statsToCsv(rows: readonly StatsRow[]): string {
  return rowsToCsv(STATS_COLUMNS, rows);
}

/** Rows of a statistics table as CSV: a header of `columns`, then a line a row (`unlimited` for a null `passes`). */
export function rowsToCsv<R extends { passes: number | null }>(columns: readonly (keyof R)[], rows: readonly R[]): string {
  let out = csvLine(columns as readonly unknown[]);
  for (const r of rows) out += csvLine(columns.map((c) => (c === 'passes' && r.passes === null ? 'unlimited' : r[c])));
  return out;
}

/** Rows as a pretty-printed JSON array. */
export function statsToJson(rows: readonly StatsRow[]): string {
  return JSON.stringify(rows, null, 2) + '\n';
}

/** An integer with thousands separators. */
export function int(x: number | null): string {
  return x === null ? '–' : Math.round(x).toLocaleString('en-US');
}

/** A duration in ms with about three significant digits. */
export function msText(x: number | null): string {
  if (x === null) return '–';
  if (x >= 100) return int(x);
  if (x >= 10) return x.toFixed(1);
  if (x >= 1) return x.toFixed(2);
  return x.toFixed(3);
}

/**
 * `81.95% ± 0.08%`: the share and half the width of its Wilson interval. When the interval is
 * clearly lopsided (small samples, shares near 0 or 1) a ± would mislead, so the interval itself
 * is shown: `75.00% (40.93% – 92.85%)`.
 */
export function rateText(r: StatsRow): string {
  if (r.winRate === null || r.ciLow === null || r.ciHigh === null) return 'no decided deals';
  const half = (r.ciHigh - r.ciLow) / 2;
  const d = half >= 0.0005 ? 2 : 3;
  const skew = Math.abs(r.ciHigh - r.winRate - (r.winRate - r.ciLow));
  if (skew > 0.2 * half) return `${pct(r.winRate, d)} (${pct(r.ciLow, d)} – ${pct(r.ciHigh, d)})`;
  return `${pct(r.winRate, d)} ± ${pct(half, d)}`;
}

const BARS = ' ▁▂▃▄▅▆▇█';

/** A histogram as a one-line bar string, scaled to its fullest bin. */
export function sparkline(h: Histogram): string {
  const max = Math.max(0, ...h.counts);
  if (max === 0) return '';
  return h.counts.map((c) => (c === 0 ? ' ' : BARS[Math.max(1, Math.round((c / max) * 8))])).join('');
}

/** Title of a group: `draw 3, unlimited passes · solvitaire`. */
export function groupTitle(r: StatsRow): string {
  return `${rulesLabel({ draw: r.draw, passes: r.passes, foundationReturn: r.foundationReturn })} · ${r.family}`;
}

/** The table form: one block per group. */
export function statsToTable(groups: readonly GroupStats[], source: string): string {
  if (groups.length === 0) return `no results in ${source} match (0 deals)\n`;
  const blocks = groups.map(({ row: r, lengthHist, mostHome, work }) => {
    const lines = [
      groupTitle(r),
      `  deals      ${int(r.deals)}: winnable ${int(r.winnable)}, unwinnable ${int(r.unwinnable)}, unknown ${int(r.unknown)}, errors ${int(r.errors)}`,
      `  winnable   ${rateText(r)}` +
        (r.ciLow === null
          ? ''
          : rateText(r).includes('(')
            ? `  (95% Wilson interval over ${int(r.decided)} decided deals)`
            : `  (95% Wilson ${pct(r.ciLow, 3)} – ${pct(r.ciHigh, 3)} over ${int(r.decided)} decided deals)`),
      `  bounds     ${pct(r.lowerBound, 3)} – ${pct(r.upperBound, 3)}  (undecided deals all lost – all won)`,
      `  time ms    p50 ${msText(r.msP50)}  p90 ${msText(r.msP90)}  p99 ${msText(r.msP99)}  max ${msText(r.msMax)}  mean ${msText(r.msMean)}`,
      `  nodes      mean ${int(r.nodesMean)}  max ${int(r.nodesMax)}`,
    ];
    if (r.lengthMin !== null) {
      const e = lengthHist.edges;
      lines.push(
        `  length     min ${r.lengthMin}  p50 ${r.lengthP50}  mean ${r.lengthMean!.toFixed(1)}  p90 ${r.lengthP90}  max ${r.lengthMax}`,
        `             ${e[0]} |${sparkline(lengthHist)}| ${e[e.length - 1] - 1}`,
      );
    } else lines.push('  length     – (no winnable deals)');
    if (work) lines.push(...workLines(work));
    if (mostHome) lines.push(...mostHomeLines(mostHome));
    return lines.join('\n');
  });
  return blocks.join('\n\n') + '\n';
}

/** The percentiles of a spread as text: `p50 1,234  p90 …  max …` (– for a joined summary's). */
export function spreadText(s: Spread, fmt: (x: number) => string): string {
  const f = (x: number | null) => (x === null ? '–' : fmt(x));
  return `p50 ${f(s.p50)}  p90 ${f(s.p90)}  p99 ${f(s.p99)}  p99.9 ${f(s.p999)}  p99.99 ${f(s.p9999)}  max ${fmt(s.max)}`;
}

/** A log histogram as a bar line. */
function logSparkline(h: LogHistogram): string {
  return sparkline({ edges: histEdges(h), counts: h.counts });
}

/** The lines of a group's work per deal: percentiles of nodes (and ms), their histogram, the hardest deals. */
export function workLines(w: WorkSummary): string[] {
  const lines = [`  work       nodes ${spreadText(w.nodes, int)}`];
  if (w.ms) lines.push(`             ms    ${spreadText(w.ms, msText)}`);
  lines.push(
    `             1 |${logSparkline(w.nodes.hist)}| ${int(histEdges(w.nodes.hist).at(-1)!)} nodes (log bins, ${PER_DECADE} a decade)`,
  );
  const hard = w.hardest.map(
    (h) => `${h.seed} ${int(h.nodes)}${h.verdict === 'winnable' ? '' : h.verdict === 'unwinnable' ? ' lost' : ` ${h.verdict}`}`,
  );
  for (let i = 0; i < hard.length; i += 5) lines.push(`${i === 0 ? '  hardest    ' : '             '}${hard.slice(i, i + 5).join(' · ')}`);
  return lines;
}
