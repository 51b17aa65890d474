/**
 * Statistics of hidden-card players (`plays` rows): one group per (rule set, family, stock mode,
 * policy, parameters), side by side with the thoughtful figures of the same deals.
 *
 * - Win rate: games won over games played (errors left out), with its 95% Wilson interval.
 * - Thoughtful share: of the played deals that have a decided `results` row, the winnable share
 *   with its Wilson interval: the ceiling for the same deals. Absent when no played deal is solved.
 * - Lost winnable: games lost on deals the thoughtful solver wins.
 * - Cards home: the mean with its 95% empirical likelihood interval (`mean-interval.ts`: inside
 *   the counts seen, so inside 0…52; for many games it is the normal one).
 * - Vegas payoff: 5 × cards home − 52 dollars a game, the Vegas scoring at $1 a card ($52 paid for
 *   the deck, $5 back per card sent home). It is the payoff of a Vegas game only when the rule set
 *   has the Vegas pass limit (one pass at draw 1, three at draw 3); under other rules it is the
 *   same scale applied to the cards home.
 */
import type Database from 'better-sqlite3';
import { type PlayFilter, type PlayGroup, playGroups, playRows } from '../store/reader.ts';
import { rulesLabel } from '../types.ts';
import { type ExportFormat, exportedSeed, recordChunks } from './export.ts';
import { int, msText, rowsToCsv } from './format.ts';
import { pct } from './percent.ts';
import { meanInterval } from '../math/mean-interval.ts';
import { wilson } from '../math/wilson.ts';
import { VEGAS_PER_CARD, VEGAS_STAKE } from '../engine/score.ts';

/** One row of the player statistics: the JSON fields and CSV columns, in order. */
export interface PlayStatsRow {
  family: string;
  draw: number;
  /** null = unlimited. */
  passes: number | null;
  foundationReturn: boolean;
  stock: string;
  policy: string;
  params: string;
  games: number;
  errors: number;
  /** Games played to their end (games − errors): the base of every rate. */
  played: number;
  won: number;
  winRate: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  /** Played deals with a decided thoughtful verdict, and the winnable ones among them. */
  thoughtfulDeals: number;
  thoughtfulWinnable: number;
  thoughtfulRate: number | null;
  thoughtfulCiLow: number | null;
  thoughtfulCiHigh: number | null;
  /** Games lost on deals the thoughtful solver wins. */
  lostWinnable: number;
  cardsHomeMean: number | null;
  cardsHomeCiLow: number | null;
  cardsHomeCiHigh: number | null;
  /** 5 × cards home − 52 dollars, mean and 95% interval. */
  vegasMean: number | null;
  vegasCiLow: number | null;
  vegasCiHigh: number | null;
  msMean: number | null;
}

/** The column order of PlayStatsRow. */
export const PLAY_STATS_COLUMNS = [
  'family',
  'draw',
  'passes',
  'foundationReturn',
  'stock',
  'policy',
  'params',
  'games',
  'errors',
  'played',
  'won',
  'winRate',
  'ciLow',
  'ciHigh',
  'thoughtfulDeals',
  'thoughtfulWinnable',
  'thoughtfulRate',
  'thoughtfulCiLow',
  'thoughtfulCiHigh',
  'lostWinnable',
  'cardsHomeMean',
  'cardsHomeCiLow',
  'cardsHomeCiHigh',
  'vegasMean',
  'vegasCiLow',
  'vegasCiHigh',
  'msMean',
] as const satisfies readonly (keyof PlayStatsRow)[];

/** The Vegas payoff of a game that sends `home` cards home: $52 paid, $5 a card. */
export function vegasPayoff(home: number): number {
  return VEGAS_PER_CARD * home - VEGAS_STAKE;
}

/** True under the Vegas pass limits: one pass at draw 1, three at draw 3. */
export function isVegasRules(r: Pick<PlayStatsRow, 'draw' | 'passes'>): boolean {
  return (r.draw === 1 && r.passes === 1) || (r.draw === 3 && r.passes === 3);
}

/** The statistics row of one stored group. */
export function playStatsRow(g: PlayGroup): PlayStatsRow {
  const played = g.games - g.errors;
  const w = wilson(g.won, played);
  const t = wilson(g.winnableDeals, g.decidedDeals);
  const ci = played > 1 ? meanInterval(g.cardsHomeCounts) : undefined;
  const mean = g.cardsHomeMean;
  return {
    family: g.family,
    draw: g.rules.draw,
    passes: g.rules.passes,
    foundationReturn: g.rules.foundationReturn,
    stock: g.stock,
    policy: g.policy,
    params: g.params,
    games: g.games,
    errors: g.errors,
    played,
    won: g.won,
    winRate: w?.rate ?? null,
    ciLow: w?.low ?? null,
    ciHigh: w?.high ?? null,
    thoughtfulDeals: g.decidedDeals,
    thoughtfulWinnable: g.winnableDeals,
    thoughtfulRate: t?.rate ?? null,
    thoughtfulCiLow: t?.low ?? null,
    thoughtfulCiHigh: t?.high ?? null,
    lostWinnable: g.lostWinnable,
    cardsHomeMean: mean,
    cardsHomeCiLow: ci?.low ?? null,
    cardsHomeCiHigh: ci?.high ?? null,
    vegasMean: mean !== null ? vegasPayoff(mean) : null,
    vegasCiLow: ci ? vegasPayoff(ci.low) : null,
    vegasCiHigh: ci ? vegasPayoff(ci.high) : null,
    msMean: g.msMean,
  };
}

/** The player statistics of a database, one row per group. */
export function computePlayStats(db: Database.Database, filter: PlayFilter = {}): PlayStatsRow[] {
  return playGroups(db, filter).map(playStatsRow);
}

/** A rate with its interval: `45.00% (41.9% – 48.1%)`. */
export function rateWithInterval(rate: number | null, low: number | null, high: number | null): string {
  if (rate === null || low === null || high === null) return '–';
  return `${pct(rate)} (${pct(low, 1)} – ${pct(high, 1)})`;
}

/** A mean with its interval: `28.4 (27.9 – 28.9)`. */
export function meanWithInterval(mean: number | null, low: number | null, high: number | null, d = 1): string {
  if (mean === null) return '–';
  return low === null || high === null ? mean.toFixed(d) : `${mean.toFixed(d)} (${low.toFixed(d)} – ${high.toFixed(d)})`;
}

/** `draw 3, unlimited passes · solvitaire · stock hidden · search`. */
export function playTitle(r: PlayStatsRow): string {
  const rules = rulesLabel({ draw: r.draw, passes: r.passes, foundationReturn: r.foundationReturn });
  return `${rules} · ${r.family} · stock ${r.stock} · ${r.policy}`;
}

/** The table form: one block per player group. */
export function playStatsToTable(rows: readonly PlayStatsRow[]): string {
  if (rows.length === 0) return '';
  const blocks = rows.map((r) => {
    const lines = [
      `${playTitle(r)}${r.params !== '{}' ? `  ${r.params}` : ''}`,
      `  games       ${int(r.games)}: won ${int(r.won)}, lost ${int(r.played - r.won)}, errors ${int(r.errors)}`,
      `  won         ${rateWithInterval(r.winRate, r.ciLow, r.ciHigh)}  (95% Wilson interval)`,
      r.thoughtfulDeals > 0
        ? `  thoughtful  ${rateWithInterval(r.thoughtfulRate, r.thoughtfulCiLow, r.thoughtfulCiHigh)} winnable over the ${int(r.thoughtfulDeals)} of these deals solved; ` +
          `${int(r.lostWinnable)} of the ${int(r.thoughtfulWinnable)} winnable ones lost`
        : '  thoughtful  – (none of these deals is solved in this database)',
      `  cards home  mean ${meanWithInterval(r.cardsHomeMean, r.cardsHomeCiLow, r.cardsHomeCiHigh, 2)}  (95% interval)`,
      `  Vegas       ${meanWithInterval(r.vegasMean, r.vegasCiLow, r.vegasCiHigh, 2)} dollars a game  (5 × cards home − 52: $52 a deck, $5 a card` +
        `${isVegasRules(r) ? ')' : '; on the Vegas scale only: these rules are not Vegas rules)'}`,
      `  time        ${msText(r.msMean)} ms a game (mean)`,
    ];
    return lines.join('\n');
  });
  return `Normal play (cards hidden)\n\n${blocks.join('\n\n')}\n`;
}

/** Rows as CSV with a header line (`unlimited` for passes). */
export function playStatsToCsv(rows: readonly PlayStatsRow[]): string {
  return rowsToCsv(PLAY_STATS_COLUMNS, rows);
}

/** The per-game export columns (`export --plays`). */
export const PLAY_EXPORT_COLUMNS = [
  'family',
  'seed',
  'draw',
  'passes',
  'foundationReturn',
  'stock',
  'policy',
  'params',
  'won',
  'cardsHome',
  'moveCount',
  'ms',
  'moves',
  'error',
  'solverVersion',
] as const;

/** The games as CSV, NDJSON or a JSON array, streamed in chunks of about 64 KB (export.ts `recordChunks`). */
export function exportPlayChunks(db: Database.Database, format: ExportFormat, filter: PlayFilter = {}): Generator<string> {
  return recordChunks(playRecords(db, filter), format, PLAY_EXPORT_COLUMNS, (rec, c) =>
    c === 'passes' && rec.passes === null ? 'unlimited' : c === 'won' ? (rec.won ? 1 : 0) : rec[c],
  );
}

function* playRecords(db: Database.Database, filter: PlayFilter) {
  for (const { row: x, rules } of playRows(db, filter))
    yield {
      family: x.family,
      seed: exportedSeed(x.seed),
      draw: rules.draw,
      passes: rules.passes,
      foundationReturn: rules.foundationReturn,
      stock: x.stock,
      policy: x.policy,
      params: x.params,
      won: x.won,
      cardsHome: x.cardsHome,
      moveCount: x.moveCount,
      ms: Math.round(x.ms),
      moves: x.moves,
      error: x.error,
      solverVersion: x.solverVersion,
    };
}
