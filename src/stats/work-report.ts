/**
 * The work per deal in HTML: the section of the database report (`workSection`: the spread of
 * search nodes on log axes, the percentiles, the hardest deals linked to the app), and the report
 * of summary files (`renderWorkReport`, from `klondike pack --summary`), which is that section
 * for a series a file.
 */
import { wilson } from '../math/wilson.ts';
import { type Rules, rulesLabel } from '../types.ts';
import { DEFAULT_APP_URL, dealLinkParams } from './deal-links.ts';
import { int, msText } from './format.ts';
import { pct } from './percent.ts';
import { htmlTable, page, timeChart } from './report-html.ts';
import { type HistSeries, esc, histogramChart, tailChart } from './svg.ts';
import type { WorkFile } from './work-file.ts';
import { type LogHistogram, type Spread, type WorkSummary, alignHistograms, histEdges } from './work.ts';

/** Node-count ticks at whole decades: 1, 10, 100, 1k … 1G. */
function nodesTick(edge: number): string | undefined {
  const k = Math.log10(edge);
  if (Math.abs(k - Math.round(k)) > 1e-9) return undefined;
  const e = Math.round(k);
  return e < 3 ? String(10 ** e) : `${10 ** (e % 3)}${['k', 'M', 'G', 'T'][Math.floor(e / 3) - 1] ?? `e${e - (e % 3)}`}`;
}

/** One series of the work section: its label, the family and rules of its deal links, its summary. */
export interface WorkSeries {
  label: string;
  family: string;
  rules: Rules;
  work: WorkSummary;
}

/** The histograms `pick` takes from each of `series` over their common bins (`alignHistograms`), as chart series. */
function aligned(
  series: readonly WorkSeries[],
  pick: (w: WorkSummary) => LogHistogram,
): { edges: number[]; perDecade: number; series: HistSeries[] } {
  const h = alignHistograms(series.map((s) => pick(s.work)));
  // The bins of a database's groups are one set; summary files are checked before they get here.
  if (!h) throw new Error('the work histograms have no common bins');
  return { edges: histEdges(h[0]), perDecade: h[0].perDecade, series: series.map((s, i) => ({ label: s.label, counts: h[i].counts })) };
}

/**
 * The work per deal: its spread (histogram and tail on log axes), the percentiles and the hardest
 * deals; with `withMs`, also the histogram of solve times of the series that have them.
 */
export function workSection(series: readonly WorkSeries[], appUrl: string, withMs: boolean): string {
  if (series.length === 0) return '';
  const nodes = aligned(series, (w) => w.nodes.hist);
  const chartOpts = { edges: nodes.edges, tick: nodesTick, xLabel: 'search nodes per deal (log scale)' };
  const nodesChart = histogramChart(
    { ...chartOpts, title: `Search nodes per deal (share of deals, log bins: ${nodes.perDecade} per decade)` },
    nodes.series,
  );
  const timed = withMs ? series.filter((s) => s.work.ms) : [];
  let charts = nodesChart;
  if (timed.length > 0) {
    const ms = aligned(timed, (w) => w.ms!.hist);
    charts = `<div class="charts">\n${nodesChart}\n${timeChart(ms.edges, ms.perDecade, ms.series)}\n</div>`;
  }
  const spreadRow = (name: string, s: Spread, fmt: (x: number) => string) => [
    name,
    ...[s.p50, s.p90, s.p99, s.p999, s.p9999].map((x) => (x === null ? '–' : fmt(x))),
    fmt(s.max),
    fmt(s.mean),
    fmt(s.total),
  ];
  const spreads = htmlTable(
    ['rule set', 'p50', 'p90', 'p99', 'p99.9', 'p99.99', 'max', 'mean', 'total'],
    series.flatMap(({ label, work }) => [
      spreadRow(`${label}: nodes`, work.nodes, int),
      ...(work.ms ? [spreadRow(`${label}: ms`, work.ms, msText)] : []),
    ]),
  );
  const hardest = series.map(({ label, family, rules, work }) => {
    const cells = work.hardest
      .map(
        (h, i) =>
          `<tr><td class="l">${i + 1}</td><td class="l"><a href="${esc(`${appUrl}#${dealLinkParams(family, h.seed, rules)}`)}">${esc(String(h.seed))}</a></td>` +
          `<td class="l">${esc(h.verdict)}</td><td>${int(h.nodes)}</td><td>${h.ms === null ? '–' : msText(h.ms)}</td></tr>`,
      )
      .join('\n');
    return `<h3>${esc(label)}: the ${work.hardest.length} hardest deals</h3>\n<table>\n<thead><tr><th class="l">#</th><th class="l">seed</th><th class="l">verdict</th><th>nodes</th><th>ms</th></tr></thead>\n<tbody>\n${cells}\n</tbody>\n</table>`;
  });
  return [
    `<h2>Work per deal</h2>`,
    charts,
    tailChart({ ...chartOpts, title: 'Tail: share of deals needing at least this many nodes (log–log)' }, nodes.series),
    `<p class="note">Every deal counts, unknown ones with the nodes they searched before the budget stopped them. ` +
      `On the tail chart a line falling one decade per decade of nodes is a tail like 1/x; the flatter it runs, the more the hardest deals weigh in the total. ` +
      `Percentiles are nearest-rank.</p>`,
    spreads,
    ...hardest,
  ].join('\n');
}

/** One summary file of `renderWorkReport`: its name as given and what it holds. */
export interface WorkReportFile {
  name: string;
  file: WorkFile;
}

/** The seeds of a summary file: `first–last`. */
function seedRun(f: WorkFile): string {
  return `${f.first}–${BigInt(f.first) + BigInt(f.count - 1)}`;
}

/**
 * The work per deal of summary files (`klondike pack --summary`) as one HTML document: a line per
 * file with its deals and winnable share, then the work section of the database report, one
 * series a file (its rule set, family and deal count; then its seeds, then its name, while two
 * would read alike), with the histogram of solve times when a file has them. The files'
 * histograms must have common bins (`commonBins`; the caller checks).
 */
export function renderWorkReport(files: readonly WorkReportFile[], info: { generatedAt: string; appUrl?: string }): string {
  // Labels that would read alike get the seeds, then the file name.
  const distinct = (ls: string[], more: (i: number) => string) =>
    ls.map((l, i) => (ls.indexOf(l) !== ls.lastIndexOf(l) ? `${l} · ${more(i)}` : l));
  const labels = distinct(
    distinct(
      files.map(({ file: f }) => `${rulesLabel(f.rules)} · ${f.family} · ${int(f.count)} deals`),
      (i) => `seeds ${seedRun(files[i].file)}`,
    ),
    (i) => files[i].name,
  );
  const total = files.reduce((a, { file }) => a + file.count, 0);
  const rows = files.map(({ name, file: f }, i) => {
    const ci = wilson(f.winnable, f.count)!;
    return [name, labels[i], seedRun(f), int(f.count), int(f.winnable), pct(ci.rate, 3), `${pct(ci.low, 3)} – ${pct(ci.high, 3)}`];
  });
  const series = files.map(({ file: f }, i) => ({ label: labels[i], family: f.family, rules: f.rules, work: f.work }));
  return [
    page(
      'Klondike work per deal',
      `${files.map((f) => esc(f.name)).join(', ')} · ${int(total)} deals in ${files.length} summary file${files.length === 1 ? '' : 's'} · generated ${esc(info.generatedAt)}`,
    ),
    `<h2>Deals and winnable share</h2>`,
    htmlTable(['file', 'series', 'seeds', 'deals', 'winnable', 'winnable share', '95% Wilson interval'], rows, 2),
    `<p class="note">A summary holds decided deals only (<code>klondike pack</code> refuses unknown ones), so the share is over all its deals.</p>`,
    workSection(series, info.appUrl ?? DEFAULT_APP_URL, true),
    `</body>\n</html>\n`,
  ].join('\n');
}
