/**
 * The HTML report: one self-contained file (inline CSS and SVG, no scripts, nothing loaded from
 * anywhere) with the winnable share and its interval per rule set, histograms of solve time (log
 * bins) and of solution length, the work per deal (`work-report.ts`), the most cards home, and the
 * `stats` table; when the database holds games of hidden-card players, a section with their win
 * rates beside the thoughtful share of the same deals. Each deal is one click from the browser app
 * (`deal-links.ts`).
 */
import type { Rules } from '../types.ts';
import { type GroupStats, MS_BINS_PER_DECADE, type StatsRow } from './aggregate.ts';
import { DEFAULT_APP_URL, type ReportDeal, dealsSection } from './deal-links.ts';
import { int, msText, rateText } from './format.ts';
import { pct } from './percent.ts';
import { type PlayStatsRow, isVegasRules, meanWithInterval, playTitle, rateWithInterval } from './plays.ts';
import { htmlTable, label, page, timeChart } from './report-html.ts';
import { esc, histogramChart, intervalChart } from './svg.ts';
import { workSection } from './work-report.ts';

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

/** The rules of a group's row. */
const rulesOf = (r: StatsRow): Rules => ({ draw: r.draw, passes: r.passes, foundationReturn: r.foundationReturn });

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
