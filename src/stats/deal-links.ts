/**
 * The report's links to the browser app (`klondike web`): per rule set, the deals are listed by
 * verdict as links whose address carries the seed and the rules (`#family=…&seed=…&draw=…&
 * passes=…`, read by the app, which then solves the deal and plays its solution), and a plain
 * form (no script) opens any seed typed into it. The links point at `appUrl`, by default where
 * `klondike web` serves the app.
 */
import type Database from 'better-sqlite3';
import { type ResultFilter, filterSql } from '../store/reader.ts';
import { passesFromDb } from '../store/schema.ts';
import type { Rules } from '../types.ts';
import type { GroupStats, StatsRow } from './aggregate.ts';
import { int } from './format.ts';
import { label } from './report-html.ts';
import { esc } from './svg.ts';

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

/** The deals of each rule set, each linked to the browser app. */
export function dealsSection(
  groups: readonly GroupStats[],
  info: { deals?: readonly ReportDeal[]; appUrl?: string },
  withFamily: boolean,
): string {
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
