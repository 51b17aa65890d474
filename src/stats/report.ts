/**
 * The HTML report: one self-contained file (inline CSS and SVG, no scripts, nothing loaded from
 * anywhere) with the winnable share and its interval per rule set, histograms of solve time (log
 * bins) and of solution length, and the `stats` table; when the database holds games of
 * hidden-card players, a section with their win rates beside the thoughtful share of the same deals.
 *
 * Each deal is one click from the browser app (`klondike web`): per rule set, the deals are listed
 * by verdict as links whose address carries the seed and the rules (`#family=…&seed=…&draw=…&
 * passes=…`, read by the app, which then solves the deal and plays its solution), and a plain
 * form (no script) opens any seed typed into it. The links point at `appUrl`, by default where
 * `klondike web` serves the app.
 */
import type Database from 'better-sqlite3';
import { type ResultFilter, filterSql } from '../store/reader.ts';
import { passesFromDb } from '../store/schema.ts';
import { type Rules, rulesLabel } from '../types.ts';
import { type GroupStats, MS_BINS_PER_DECADE, type StatsRow } from './aggregate.ts';
import { type PlayStatsRow, isVegasRules, meanWithInterval, playTitle, rateWithInterval } from './plays.ts';
import { int, msText, rateText } from './format.ts';
import { pct } from './percent.ts';
import { type HistSeries, esc, histogramChart, intervalChart, tailChart } from './svg.ts';
import type { WorkFile } from './work-file.ts';
import { type LogHistogram, type Spread, type WorkSummary, alignHistograms, histEdges } from './work.ts';
import { wilson } from '../math/wilson.ts';

/** What the report is about, shown in its header. */
export interface ReportInfo {
  source: string;
  generatedAt: string;
  filterText?: string;
  /** The browser app's address for deal links (default DEFAULT_APP_URL). */
  appUrl?: string;
  /** The deals to link, from `reportDeals`; without them only the per-group seed form is shown. */
  deals?: readonly ReportDeal[];
  /** Player groups (`computePlayStats`), shown in their own section when there are any. */
  plays?: readonly PlayStatsRow[];
}

/** Where `klondike web` serves the app unless told another port. */
export const DEFAULT_APP_URL = 'http://127.0.0.1:5252/';

/** One deal of the report, to link to the app. */
export interface ReportDeal {
  family: string;
  seed: number | bigint | string;
  rules: Rules;
  verdict: string;
}

/** Deal links beyond this many per report are left out (the seed form still opens any deal). */
const MAX_LINKS = 20_000;

/** The app's address parameters for a seeded deal under a rule set: `family=…&seed=…&draw=…&passes=…[&return=0]`. */
export function dealLinkParams(family: string, seed: number | bigint | string, rules: Rules): string {
  const p = new URLSearchParams({
    family,
    seed: String(seed),
    draw: String(rules.draw),
    passes: rules.passes === null ? 'unlimited' : String(rules.passes),
  });
  if (!rules.foundationReturn) p.set('return', '0');
  return p.toString();
}

/** Every deal of the results passing the filter, for the report's links: non-winnable first, then by seed. */
export function reportDeals(db: Database.Database, filter: ResultFilter = {}): ReportDeal[] {
  const { where, params } = filterSql(filter);
  const rows = db
    .prepare(
      `SELECT x.family AS family, CAST(x.seed AS TEXT) AS seed, r.draw AS draw, r.passes AS passes, r.foundation_return AS fr, x.verdict AS verdict
       FROM results x JOIN rule_sets r ON r.id = x.rule_set WHERE ${where}
       ORDER BY x.verdict = 'winnable', length(x.seed), x.seed LIMIT ${MAX_LINKS + 1}`,
    )
    .all(...params) as { family: string; seed: string; draw: number; passes: number; fr: number; verdict: string }[];
  return rows.map((r) => ({
    family: r.family,
    seed: r.seed,
    rules: { draw: r.draw, passes: passesFromDb(r.passes), foundationReturn: r.fr !== 0 },
    verdict: r.verdict,
  }));
}

const VERDICT_ORDER = ['unwinnable', 'unknown', 'error', 'winnable'];

/** The deal links of one group: a seed form, then the deals by verdict. */
function dealSection(r: StatsRow, deals: readonly ReportDeal[] | undefined, appUrl: string, withFamily: boolean): string {
  const rules: Rules = { draw: r.draw, passes: r.passes, foundationReturn: r.foundationReturn };
  const hidden = [
    ['family', r.family],
    ['draw', String(r.draw)],
    ['passes', r.passes === null ? 'unlimited' : String(r.passes)],
    ...(r.foundationReturn ? [] : [['return', '0']]),
  ]
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${esc(v)}">`)
    .join('');
  const out = [`<h3>${esc(label(r, withFamily))}</h3>`];
  out.push(
    `<form class="open" action="${esc(appUrl)}" method="get">${hidden}<label>Open seed <input name="seed" type="number" min="0" required></label> <button>solve and watch in the app</button></form>`,
  );
  if (deals) {
    const mine = deals.filter(
      (d) =>
        d.family === r.family && d.rules.draw === r.draw && d.rules.passes === r.passes && d.rules.foundationReturn === r.foundationReturn,
    );
    for (const v of VERDICT_ORDER) {
      const list = mine.filter((d) => d.verdict === v);
      if (list.length === 0) continue;
      const links = list.map((d) => `<a href="${esc(`${appUrl}#${dealLinkParams(d.family, d.seed, rules)}`)}">${d.seed}</a>`).join(' ');
      out.push(
        `<details${v === 'winnable' ? '' : ' open'}><summary>${esc(v)}: ${int(list.length)} deals</summary><p class="seeds">${links}</p></details>`,
      );
    }
  }
  return out.join('\n');
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
p.seeds { font-size: 12px; line-height: 1.8; max-width: 1100px; word-spacing: 4px; }
form.open { font-size: 13px; margin: 4px 0; }
div.charts { display: flex; flex-wrap: wrap; gap: 0 24px; align-items: flex-start; }
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

/** A table of text cells; the first `left` columns are aligned left, the others right. */
function htmlTable(head: readonly string[], rows: readonly (readonly string[])[], left = 1): string {
  const cell = (tag: string, c: string, i: number) => `<${tag}${i < left ? ' class="l"' : ''}>${esc(c)}</${tag}>`;
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

/** The section on hidden-card players: win rates with intervals beside the thoughtful share, then the table. */
function playsSection(rows: readonly PlayStatsRow[]): string {
  const chart = intervalChart(
    'Normal play (cards hidden): games won with 95% Wilson interval',
    rows.map((r) => ({
      label: playTitle(r),
      rate: r.winRate,
      low: r.ciLow,
      high: r.ciHigh,
      lower: r.winRate ?? 0,
      upper: r.winRate ?? 0,
      text: rateWithInterval(r.winRate, r.ciLow, r.ciHigh),
    })),
  );
  const table = htmlTable(
    [
      'player',
      'games',
      'won',
      'win rate (95% Wilson)',
      'thoughtful share of the same deals',
      'winnable deals lost',
      'cards home (95%)',
      'Vegas $ a game (95%)',
      'ms a game',
    ],
    rows.map((r) => [
      playTitle(r),
      int(r.played),
      int(r.won),
      rateWithInterval(r.winRate, r.ciLow, r.ciHigh),
      r.thoughtfulDeals > 0
        ? `${rateWithInterval(r.thoughtfulRate, r.thoughtfulCiLow, r.thoughtfulCiHigh)} over ${int(r.thoughtfulDeals)}`
        : '–',
      r.thoughtfulDeals > 0 ? `${int(r.lostWinnable)} of ${int(r.thoughtfulWinnable)}` : '–',
      meanWithInterval(r.cardsHomeMean, r.cardsHomeCiLow, r.cardsHomeCiHigh, 2),
      meanWithInterval(r.vegasMean, r.vegasCiLow, r.vegasCiHigh, 2) + (isVegasRules(r) ? '' : ' (scale only)'),
      msText(r.msMean),
    ]),
  );
  return (
    `<h2>Normal play (cards hidden)</h2>\n${chart}\n` +
    `<p class="note">Games of players that see only what a human player sees (face-down cards, and with stock hidden the ` +
    `stock until drawn). The thoughtful share is the winnable share of the same deals with every card known: the ceiling. ` +
    `Vegas: 5 × cards home − 52 dollars a game ($52 a deck, $5 a card); a Vegas game's payoff under the Vegas pass limits only.</p>\n${table}`
  );
}

/** The whole report as one HTML document. */
export function renderReport(groups: readonly GroupStats[], info: ReportInfo): string {
  const withFamily = new Set(groups.map((g) => g.row.family)).size > 1;
  const plays = info.plays ?? [];
  const parts = [head(groups, info)];
  if (groups.length === 0) {
    if (plays.length > 0) parts.push(playsSection(plays));
    else parts.push(`<p><strong>No results.</strong> The database holds no deals matching the selection.</p>`);
  } else {
    parts.push(shareSection(groups));
    if (plays.length > 0) parts.push(playsSection(plays));
    parts.push(`<h2>Statistics</h2>\n${statsTables(groups, withFamily)}`);
    const work = groups.flatMap(({ row, work }) =>
      work ? [{ label: label(row, withFamily), family: row.family, rules: rulesOf(row), work }] : [],
    );
    parts.push(timeSection(groups, withFamily), workSection(work, info.appUrl ?? DEFAULT_APP_URL, false));
    parts.push(lengthSection(groups, withFamily), mostHomeSection(groups, withFamily));
    parts.push(dealsSection(groups, info, withFamily));
  }
  parts.push(`</body>\n</html>\n`);
  return parts.filter((p) => p !== '').join('\n');
}

/** The document's head, title and what it reports on. */
function head(groups: readonly GroupStats[], info: ReportInfo): string {
  const total = groups.reduce((a, g) => a + g.row.deals, 0);
  return page(
    'Klondike winnability report',
    `${esc(info.source)} · ${int(total)} deals in ${groups.length} group${groups.length === 1 ? '' : 's'}` +
      `${info.filterText ? ` · ${esc(info.filterText)}` : ''} · generated ${esc(info.generatedAt)}`,
  );
}

/** The start of a page: the head with the style sheet, the title and a line of what it holds (HTML). */
function page(title: string, meta: string): string {
  return [
    `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${esc(title)}</title>\n<style>${CSS}</style>\n</head>\n<body>`,
    `<h1>${esc(title)}</h1>`,
    `<p class="meta">${meta}</p>`,
  ].join('\n');
}

/** The winnable share of each rule set, with its interval and bounds. */
function shareSection(groups: readonly GroupStats[]): string {
  return [
    `<h2>Winnable share per rule set</h2>`,
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
    `<p class="note">Bars: winnable share of the decided deals (winnable + unwinnable). Whiskers: its 95% Wilson ` +
      `score interval. Orange strip: from the share of all deals if every unknown and error is lost to the share if ` +
      `every one is won.</p>`,
  ].join('\n');
}

/** The distribution of the solve time per deal. */
function timeSection(groups: readonly GroupStats[], withFamily: boolean): string {
  return [
    `<h2>Solve time</h2>`,
    timeChart(
      groups[0].msHist.edges,
      MS_BINS_PER_DECADE,
      groups.map((g) => ({ label: label(g.row, withFamily), counts: g.msHist.counts })),
    ),
    `<p class="note">Every deal counts, unknown ones at the time they ran before the budget stopped them; the first bin also holds everything faster than 0.01 ms.</p>`,
  ].join('\n');
}

/** The histogram of solve times per deal over log bins. */
function timeChart(edges: readonly number[], perDecade: number, series: readonly HistSeries[]): string {
  return histogramChart(
    {
      title: `Solve time per deal (share of deals, log bins: ${perDecade} per decade)`,
      xLabel: 'time per deal (log scale)',
      edges,
      tick: msTick,
    },
    series,
  );
}

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

/** The rules of a group's row. */
const rulesOf = (r: StatsRow): Rules => ({ draw: r.draw, passes: r.passes, foundationReturn: r.foundationReturn });

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
function workSection(series: readonly WorkSeries[], appUrl: string, withMs: boolean): string {
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

/** The distribution of the solutions' lengths. */
function lengthSection(groups: readonly GroupStats[], withFamily: boolean): string {
  const lenGroups = groups.filter((g) => g.lengthHist.counts.length > 0);
  if (lenGroups.length === 0) return `<h2>Solution length</h2>\n<p>No winnable deals, so no solutions.</p>`;
  const edges = lenGroups[0].lengthHist.edges;
  const every = Math.max(1, Math.ceil((edges.length - 1) / 10));
  return [
    `<h2>Solution length</h2>`,
    histogramChart(
      {
        title: 'Solution length of winnable deals (share of solutions)',
        xLabel: 'atomic moves',
        edges,
        tick: (e, i) => (i % every === 0 ? String(e) : undefined),
      },
      lenGroups.map((g) => ({ label: label(g.row, withFamily), counts: g.lengthHist.counts })),
    ),
    `<p class="note">Atomic moves of the solution the solver found (not necessarily the shortest).</p>`,
  ].join('\n');
}

/** The most cards home of the deals where it was proved, and their Vegas payoff (empty without any). */
function mostHomeSection(groups: readonly GroupStats[], withFamily: boolean): string {
  const homeGroups = groups.filter((g) => g.mostHome && g.mostHome.proved > 0);
  if (homeGroups.length === 0) return '';
  const lostGroups = homeGroups.filter((g) => g.mostHome!.provedLost > 0);
  const parts = [`<h2>Most cards home</h2>`];
  if (lostGroups.length > 0)
    parts.push(
      histogramChart(
        {
          title: 'Most cards home at once on the lost deals, proved (share of lost deals)',
          xLabel: 'cards home',
          edges: Array.from({ length: 53 }, (_, i) => i),
          tick: (e) => (e % 4 === 0 ? String(e) : undefined),
        },
        lostGroups.map((g) => ({ label: label(g.row, withFamily), counts: g.mostHome!.counts.slice(0, 52) })),
      ),
    );
  const f = (x: number | null) => (x === null ? '–' : x.toFixed(2));
  parts.push(
    `<table><tr><th>rule set</th><th>deals</th><th>proved</th><th>all 52 home</th><th>mean cards home (95%)</th><th>Vegas $ a game (95%)</th><th>games ahead</th></tr>` +
      homeGroups
        .map(
          ({ row, mostHome: m }) =>
            `<tr><td>${esc(label(row, withFamily))}</td><td>${int(m!.deals)}</td><td>${int(m!.proved)}</td><td>${int(m!.counts[52])}</td>` +
            `<td>${f(m!.mean)} (${f(m!.ciLow)} – ${f(m!.ciHigh)})</td><td>${f(m!.vegasMean)} (${f(m!.vegasLow)} – ${f(m!.vegasHigh)})</td>` +
            `<td>${m!.vegasWinShare === null ? '–' : pct(m!.vegasWinShare, 1)}</td></tr>`,
        )
        .join('') +
      `</table>`,
  );
  parts.push(
    `<p class="note">The most cards a deal can have on the foundations at once, proved by search; the chart shows the lost deals (the winnable ones reach 52). ` +
      `Vegas: 5 × cards home − 52 dollars at $1 a card, the result of a player who sees every card. Deals whose count ` +
      `is not proved are left out of the chart and the means.</p>`,
  );
  return parts.join('\n');
}

/** The deals of each rule set, each linked to the browser app. */
function dealsSection(groups: readonly GroupStats[], info: ReportInfo, withFamily: boolean): string {
  const appUrl = info.appUrl ?? DEFAULT_APP_URL;
  const parts = [
    `<h2>Deals</h2>`,
    `<p class="note">Each seed opens the browser app on that deal (start it with <code>klondike web</code>), which solves it ` +
      `and plays the solution.` +
      (info.deals && info.deals.length > MAX_LINKS ? ` Only the first ${int(MAX_LINKS)} deals are listed; the forms open any seed.` : '') +
      `</p>`,
  ];
  for (const g of groups) parts.push(dealSection(g.row, info.deals?.slice(0, MAX_LINKS), appUrl, withFamily));
  return parts.join('\n');
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
