/**
 * The most cards home per group (rule set, family): the distribution of the proved maxima, their
 * mean with a 95% interval, and the expected Vegas payoff that follows (5 × mean − 52 at $1 a card:
 * what a player who sees every card wins or loses per game on average under those rules).
 *
 * Only proved maxima enter the mean and the histogram. A deal whose count is not proved is shown
 * by its bounds, never as a number: the group's bracket takes every unproved deal once at its best
 * line found (low) and once at its proved bound (high), so the mean over all deals with a count
 * lies between `bracketLow` and `bracketHigh` whatever the unproved deals turn out to be.
 *
 * The interval is the empirical likelihood interval of the mean (`mean-interval.ts`): it stays
 * inside the counts seen, so inside 0…52, where the normal one (mean ± 1.96 · s/√n) could pass 52
 * for a few deals near it; for hundreds of deals the two agree.
 */
import type Database from 'better-sqlite3';
import { type ResultFilter, filterSql } from '../store/reader.ts';
import { meanInterval } from '../math/mean-interval.ts';

/** The Vegas result of a deal that sends `home` cards home: 5 a card, less the 52 the game costs. */
const vegas = (home: number) => 5 * home - 52;

/** A group's most-cards-home figures. */
export interface MostHomeStats {
  /** Deals of the group with a most-home count (proved or not). */
  deals: number;
  proved: number;
  /** Proved maxima below 52 (lost deals). */
  provedLost: number;
  /** Mean of the proved maxima, its 95% interval; null without any. */
  mean: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  /** The mean over all `deals` with each unproved deal at its best found / at its bound. */
  bracketLow: number;
  bracketHigh: number;
  /** Mean Vegas payoff per game with perfect information (5 × mean − 52), and its interval. */
  vegasMean: number | null;
  vegasLow: number | null;
  vegasHigh: number | null;
  /** Share of proved deals with a positive Vegas result (11 cards or more). */
  vegasWinShare: number | null;
  /** counts[k]: proved deals whose maximum is k (0…52). */
  counts: number[];
}

interface Agg {
  rs: number;
  family: string;
  deals: number;
  proved: number;
  provedLost: number;
  sum: number;
  lowSum: number;
  highSum: number;
  positive: number;
}

/** The most-home figures of each group that has any, keyed `ruleSet|family`. */
export function computeMostHome(db: Database.Database, filter: ResultFilter = {}): Map<string, MostHomeStats> {
  const { where, params } = filterSql(filter);
  const from = `FROM results x JOIN rule_sets r ON r.id = x.rule_set WHERE ${where} AND x.most_home IS NOT NULL`;
  const aggs = db
    .prepare(
      `SELECT x.rule_set AS rs, x.family AS family, count(*) AS deals,
        total(x.most_home_proved = 1) AS proved,
        total(x.most_home_proved = 1 AND x.most_home < 52) AS provedLost,
        total(CASE WHEN x.most_home_proved = 1 THEN x.most_home END) AS sum,
        total(x.most_home) AS lowSum,
        total(coalesce(x.most_home_bound, 52)) AS highSum,
        total(x.most_home_proved = 1 AND 5 * x.most_home > 52) AS positive
      ${from} GROUP BY x.rule_set, x.family`,
    )
    .all(...params) as Agg[];
  const hist = db.prepare(
    `SELECT x.most_home AS k, count(*) AS n ${from} AND x.rule_set = ? AND x.family = ? AND x.most_home_proved = 1 GROUP BY x.most_home`,
  );
  const out = new Map<string, MostHomeStats>();
  for (const a of aggs) {
    const counts = new Array<number>(53).fill(0);
    for (const { k, n } of hist.all(...params, a.rs, a.family) as { k: number; n: number }[]) counts[k] = n;
    const n = a.proved;
    const mean = n > 0 ? a.sum / n : null;
    const ci = n > 1 ? meanInterval(counts) : undefined;
    const ciLow = ci?.low ?? null;
    const ciHigh = ci?.high ?? null;
    out.set(`${a.rs}|${a.family}`, {
      deals: a.deals,
      proved: n,
      provedLost: a.provedLost,
      mean,
      ciLow,
      ciHigh,
      bracketLow: a.lowSum / a.deals,
      bracketHigh: a.highSum / a.deals,
      vegasMean: mean === null ? null : vegas(mean),
      vegasLow: ciLow === null ? null : vegas(ciLow),
      vegasHigh: ciHigh === null ? null : vegas(ciHigh),
      vegasWinShare: n > 0 ? a.positive / n : null,
      counts,
    });
  }
  return out;
}

/** The text lines of `stats` for a group's most-home figures. */
export function mostHomeLines(m: MostHomeStats): string[] {
  const f = (x: number | null, d = 2) => (x === null ? '–' : x.toFixed(d));
  const lines = [
    `  most home  ${m.proved} of ${m.deals} deals proved (${m.provedLost} lost): mean ${f(m.mean)} cards` +
      (m.ciLow === null ? '' : ` (95% interval ${f(m.ciLow)} – ${f(m.ciHigh)})`),
  ];
  if (m.proved < m.deals) lines.push(`             with the unproved deals: mean between ${f(m.bracketLow)} and ${f(m.bracketHigh)}`);
  if (m.vegasMean !== null)
    lines.push(
      `  vegas      ${f(m.vegasMean)} $ a game at $1 a card with every card known` +
        (m.vegasLow === null ? '' : ` (${f(m.vegasLow)} – ${f(m.vegasHigh)})`) +
        `; ${f(100 * (m.vegasWinShare ?? 0), 1)}% of games end ahead`,
    );
  const lost = m.counts.slice(0, 52);
  const top = Math.max(1, ...lost);
  const bars = ' ▁▂▃▄▅▆▇█';
  if (m.provedLost > 0)
    lines.push(
      `  lost deals 0 |${lost.map((c) => (c === 0 ? ' ' : bars[Math.max(1, Math.round((8 * c) / top))])).join('')}| 51 cards home`,
    );
  return lines;
}
