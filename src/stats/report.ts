/**
 * The HTML report: one self-contained file (inline CSS and SVG, no scripts, no URLs) with the
 * winnable share and its interval per rule set, histograms of solve time (log bins) and of
 * solution length, and the `stats` table.
 */
import { rulesLabel } from '../types.ts';
import type { GroupStats, StatsRow } from './aggregate.ts';
import { int, msText, pct, rateText } from './format.ts';
import { esc, histogramChart, intervalChart } from './svg.ts';

/** What the report is about, shown in its header. */
export interface ReportInfo {
  source: string;
  generatedAt: string;
  filterText?: string;
}

const CSS = `
body { font-family: system-ui, sans-serif; margin: 24px; color: #1b1b1b; background: #fff; }
h1 { font-size: 22px; margin-bottom: 4px; }
h2 { font-size: 17px; margin-top: 32px; }
h3 { font-size: 14px; margin: 16px 0 6px; }
p.meta { color: #555; margin-top: 0; }
svg.chart { display: block; max-width: 100%; height: auto; margin: 8px 0 4px; }
table { border-collapse: collapse; font-size: 12px; }
th, td { padding: 3px 6px; border-bottom: 1px solid #ddd; text-align: right; white-space: nowrap; }
th { background: #f4f4f4; }
td.l, th.l { text-align: left; }
.note { color: #555; font-size: 13px; max-width: 900px; }
`;

/** Timing ticks at whole decades: 0.01 ms … 1 s, 10 s. */
function msTick(edge: number, index: number): string | undefined {
  const k = Math.log10(edge);
  if (Math.abs(k - Math.round(k)) > 1e-9 && index !== 0) return undefined;
  const v = 10 ** Math.round(k);
  if (v >= 1000) return `${v / 1000} s`;
  return `${v} ms`;
}

/** The short label of a group; the family is added only when the report has several. */
function label(r: StatsRow, withFamily: boolean): string {
  const rules = rulesLabel({ draw: r.draw, passes: r.passes, foundationReturn: r.foundationReturn });
  return withFamily ? `${rules} · ${r.family}` : rules;
}

function htmlTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (tag: string, c: string, i: number) => `<${tag}${i === 0 ? ' class="l"' : ''}>${esc(c)}</${tag}>`;
  return (
    `<table>\n<thead><tr>${head.map((h, i) => cell('th', h, i)).join('')}</tr></thead>\n<tbody>\n` +
    rows.map((r) => `<tr>${r.map((c, i) => cell('td', c, i)).join('')}</tr>`).join('\n') +
    `\n</tbody>\n</table>`
  );
}

/** The `stats` table as two HTML tables: verdicts and shares, then effort. */
function statsTables(groups: readonly GroupStats[], withFamily: boolean): string {
  const verdicts = htmlTable(
    ['rule set', 'deals', 'winnable', 'unwinnable', 'unknown', 'errors', 'winnable share', '95% Wilson interval', 'bounds'],
    groups.map(({ row: r }) => [
      label(r, withFamily),
      int(r.deals),
      int(r.winnable),
      int(r.unwinnable),
      int(r.unknown),
      int(r.errors),
      rateText(r),
      r.ciLow === null ? '–' : `${pct(r.ciLow, 3)} – ${pct(r.ciHigh, 3)}`,
      `${pct(r.lowerBound, 3)} – ${pct(r.upperBound, 3)}`,
    ]),
  );
  const effort = htmlTable(
    ['rule set', 'time p50 (ms)', 'p90', 'p99', 'max', 'nodes mean', 'max', 'length min', 'p50', 'mean', 'p90', 'max'],
    groups.map(({ row: r }) => [
      label(r, withFamily),
      msText(r.msP50),
      msText(r.msP90),
      msText(r.msP99),
      msText(r.msMax),
      int(r.nodesMean),
      int(r.nodesMax),
      int(r.lengthMin),
      int(r.lengthP50),
      r.lengthMean === null ? '–' : r.lengthMean.toFixed(1),
      int(r.lengthP90),
      int(r.lengthMax),
    ]),
  );
  return `<h3>Verdicts</h3>\n${verdicts}\n<h3>Effort: solve time, search nodes, solution length (atomic moves)</h3>\n${effort}`;
}

/** The whole report as one HTML document. */
export function renderReport(groups: readonly GroupStats[], info: ReportInfo): string {
  const withFamily = new Set(groups.map((g) => g.row.family)).size > 1;
  const total = groups.reduce((a, g) => a + g.row.deals, 0);
  const parts: string[] = [];
  parts.push(`<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">`);
  parts.push(`<meta name="viewport" content="width=device-width, initial-scale=1">`);
  parts.push(`<title>Klondike winnability report</title>\n<style>${CSS}</style>\n</head>\n<body>`);
  parts.push(`<h1>Klondike winnability report</h1>`);
  parts.push(
    `<p class="meta">${esc(info.source)} · ${int(total)} deals in ${groups.length} group${groups.length === 1 ? '' : 's'}` +
      `${info.filterText ? ` · ${esc(info.filterText)}` : ''} · generated ${esc(info.generatedAt)}</p>`,
  );
  if (groups.length === 0) {
    parts.push(`<p><strong>No results.</strong> The database holds no deals matching the selection.</p>`);
  } else {
    parts.push(`<h2>Winnable share per rule set</h2>`);
    parts.push(
      intervalChart(
        'Winnable share (thoughtful) with 95% Wilson interval and bounds',
        groups.map(({ row: r }) => ({
          label: label(r, true),
          rate: r.winRate,
          low: r.ciLow,
          high: r.ciHigh,
          lower: r.lowerBound,
          upper: r.upperBound,
          text: rateText(r),
        })),
      ),
    );
    parts.push(
      `<p class="note">Bars: winnable share of the decided deals (winnable + unwinnable). Whiskers: its 95% Wilson ` +
        `score interval. Orange strip: from the share of all deals if every unknown and error is lost to the share if ` +
        `every one is won.</p>`,
    );
    parts.push(`<h2>Statistics</h2>\n${statsTables(groups, withFamily)}`);
    parts.push(`<h2>Solve time</h2>`);
    parts.push(
      histogramChart(
        {
          title: 'Solve time per deal (share of deals, log bins: 4 per decade)',
          xLabel: 'time per deal (log scale)',
          edges: groups[0].msHist.edges,
          tick: msTick,
        },
        groups.map((g) => ({ label: label(g.row, withFamily), counts: g.msHist.counts })),
      ),
    );
    parts.push(
      `<p class="note">Every deal counts, unknown ones at the time they ran before the budget stopped them; the first bin also holds everything faster than 0.01 ms.</p>`,
    );
    const lenGroups = groups.filter((g) => g.lengthHist.counts.length > 0);
    parts.push(`<h2>Solution length</h2>`);
    if (lenGroups.length === 0) parts.push(`<p>No winnable deals, so no solutions.</p>`);
    else {
      const edges = lenGroups[0].lengthHist.edges;
      const every = Math.max(1, Math.ceil((edges.length - 1) / 10));
      parts.push(
        histogramChart(
          {
            title: 'Solution length of winnable deals (share of solutions)',
            xLabel: 'atomic moves',
            edges,
            tick: (e, i) => (i % every === 0 ? String(e) : undefined),
          },
          lenGroups.map((g) => ({ label: label(g.row, withFamily), counts: g.lengthHist.counts })),
        ),
      );
      parts.push(`<p class="note">Atomic moves of the solution the solver found (not necessarily the shortest).</p>`);
    }
  }
  parts.push(`</body>\n</html>\n`);
  return parts.join('\n');
}
