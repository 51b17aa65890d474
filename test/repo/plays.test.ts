/**
 * The present search player's games in data/ (data/play-search-look-*.csv.gz, one row a game in
 * the format of `klondike export --plays` with each game's CPU milliseconds; every game played
 * with the player's defaults (the draw-3 ones before `shared`), its Vegas defaults under the Vegas rules, and with unlimited passes
 * opening with the player's look through the stock and the redeal) and the tables that
 * cite them tell the same story: each row of docs/results.md's normal-play table for that player,
 * of docs/hidden.md's table of it and of the README's player rows gives the files' deals, games
 * won, win rate with its Wilson interval, mean cards home and Vegas payoff with their intervals.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH, type SearchOptions, VEGAS_SEARCH } from '../../src/hidden/settings.ts';
import { canonicalParams } from '../../src/store/rows.ts';
import { meanInterval } from '../../src/math/mean-interval.ts';
import { wilson } from '../../src/math/wilson.ts';
import { repoText, tableAfter } from '../support/markdown.ts';

/** The file of a table row: its rules and stock mode. */
const FILES: Record<string, string> = {
  'draw 3, unlimited/hidden': 'play-search-look-d3-hidden',
  'draw 1, unlimited/hidden': 'play-search-look-d1-hidden',
  'draw 3, unlimited/visible': 'play-search-look-d3-visible',
  'draw 3, 3 passes (Vegas)/hidden': 'play-search-look-d3-vegas',
  'draw 1, 1 pass (Vegas)/hidden': 'play-search-look-d1-vegas',
};

interface Figures {
  deals: number;
  won: number;
  meanHome: number;
  /** The 95% interval of the mean cards home, as `klondike stats` gives it. */
  lowHome: number;
  highHome: number;
  cpuS: number;
}

/**
 * The settings each file's games were played with: the present defaults, but for the draw-3 files,
 * whose games were played before the leaders were weighed again with shared next moves (their
 * rows do not name `shared`; that player played as `shared: 0` does).
 */
const SETTINGS: Record<string, SearchOptions> = {
  'play-search-look-d3-hidden': { ...DEFAULT_SEARCH, shared: 0 },
  'play-search-look-d1-hidden': DEFAULT_SEARCH,
  'play-search-look-d3-visible': { ...DEFAULT_SEARCH, shared: 0 },
  'play-search-look-d3-vegas': VEGAS_SEARCH,
  'play-search-look-d1-vegas': VEGAS_SEARCH,
};

/** The free look of a fresh deal at each draw: the 24 stock cards drawn, then turned over. */
const LOOK: Record<string, string> = { '3': `${'SW3 '.repeat(8)}WS24 `, '1': `${'SW '.repeat(24)}WS24 ` };

const figuresOf = new Map<string, Figures | undefined>();

/**
 * A file's figures, after checking that every game is one the present player's defaults play;
 * read once per file (several tests and the planted errors ask again), its rows checked into a
 * list (an expect per row cost seconds).
 */
function figures(name: string): Figures | undefined {
  if (!figuresOf.has(name)) figuresOf.set(name, readFigures(name));
  return figuresOf.get(name);
}

function readFigures(name: string): Figures | undefined {
  const url = new URL(`../../data/${name}.csv.gz`, import.meta.url);
  if (!existsSync(url)) return undefined;
  const rows: Record<string, string>[] = parse(gunzipSync(readFileSync(url)), { columns: true });
  const seeds = new Set(rows.map((r) => r.seed));
  expect(seeds.size).toBe(rows.length);
  const vegas = name.endsWith('vegas');
  const want = canonicalParams(SETTINGS[name]);
  const wrong: string[] = [];
  for (const r of rows) {
    const named = JSON.parse(r.params);
    const params = canonicalParams('shared' in named ? named : { ...named, shared: 0 });
    if (params !== want) wrong.push(`${name} seed ${r.seed}: settings ${params}, not ${want}`);
    if (r.policy !== 'search') wrong.push(`${name} seed ${r.seed}: policy ${r.policy}`);
    if (r.error !== '') wrong.push(`${name} seed ${r.seed}: error ${r.error}`);
    // with unlimited passes the present player's game opens with its look: through the stock, then the redeal
    if (!vegas && !r.moves.startsWith(LOOK[r.draw])) wrong.push(`${name} seed ${r.seed}: no look first`);
  }
  expect(wrong).toEqual([]);
  const homes = new Array<number>(53).fill(0);
  for (const r of rows) homes[Number(r.cardsHome)]++;
  const n = rows.length;
  const home = meanInterval(homes)!;
  return {
    deals: n,
    won: rows.filter((r) => r.won === '1').length,
    meanHome: home.mean,
    lowHome: home.low,
    highHome: home.high,
    cpuS: rows.reduce((a, r) => a + Number(r.cpuMs), 0) / n / 1000,
  };
}

const num = (cell: string) => Number(cell.replace(/[*,%$+]/g, '').replace('−', '-'));
const fixed = (x: number, d: number) => x.toFixed(d);

/** What is wrong with a rate cell, `**15.90%** (14.4% – 17.6%)`, its interval to as many decimals as written. */
function rateErrors(cell: string, won: number, deals: number): string[] {
  const m = /^\**([\d.]+)%\** \(([\d.]+)% – ([\d.]+)%\)$/.exec(cell);
  if (!m) return [`"${cell}" is not a rate with its interval`];
  const w = wilson(won, deals)!;
  const errors: string[] = [];
  if (m[1] !== fixed(w.rate * 100, 2)) errors.push(`rate ${m[1]}% is not ${fixed(w.rate * 100, 2)}%`);
  for (const [text, end] of [
    [m[2], w.low],
    [m[3], w.high],
  ] as const) {
    const digits = text.split('.')[1]?.length ?? 0;
    if (text !== fixed(end * 100, digits)) errors.push(`interval end ${text}% is not ${fixed(end * 100, digits)}%`);
  }
  return errors;
}

/** What is wrong with a mean cell, `13.96 (13.22 – 14.73)`, given its mean and interval. */
function meanErrors(cell: string, mean: number, low: number, high: number): string[] {
  const m = /^([−+\d.,-]+) \(([−+\d.,-]+) – ([−+\d.,-]+)\)$/.exec(cell.replace(/\*/g, ''));
  if (!m) return [`"${cell}" is not a mean with its interval`];
  const want = [mean, low, high].map((x) => fixed(x, 2));
  const got = [m[1], m[2], m[3]].map((t) => fixed(num(t), 2));
  return got.join() === want.join() ? [] : [`${got.join(' / ')} is not ${want.join(' / ')}`];
}

/** Every number of docs/results.md's or docs/hidden.md's rows of the present player that is not the files'. */
function tableErrors(
  rows: string[][],
  cols: { rules: number; stock: number; deals: number; won: number; rate: number; home: number; vegas?: number; cpu?: number },
): string[] {
  const errors: string[] = [];
  for (const r of rows) {
    const name = FILES[`${r[cols.rules]}/${r[cols.stock]}`];
    const f = name ? figures(name) : undefined;
    if (!f) {
      errors.push(`${r[cols.rules]}, ${r[cols.stock]}: no data file`);
      continue;
    }
    const at = `${r[cols.rules]}, ${r[cols.stock]}`;
    if (r[cols.deals] !== `1–${f.deals.toLocaleString('en-US')}`) errors.push(`${at}: deals ${r[cols.deals]} is not 1–${f.deals}`);
    if (num(r[cols.won]) !== f.won) errors.push(`${at}: won ${r[cols.won]} is not ${f.won}`);
    for (const e of rateErrors(r[cols.rate], f.won, f.deals)) errors.push(`${at}: ${e}`);
    for (const e of meanErrors(r[cols.home], f.meanHome, f.lowHome, f.highHome)) errors.push(`${at}: cards home ${e}`);
    const vegas = (x: number) => 5 * x - 52;
    if (cols.vegas !== undefined && r[cols.vegas] !== '–')
      for (const e of meanErrors(r[cols.vegas], vegas(f.meanHome), vegas(f.lowHome), vegas(f.highHome))) errors.push(`${at}: Vegas ${e}`);
    if (cols.cpu !== undefined && r[cols.cpu] !== fixed(f.cpuS, 2)) errors.push(`${at}: CPU ${r[cols.cpu]} is not ${fixed(f.cpuS, 2)}`);
  }
  return errors;
}

const resultsRows = (text: string) => tableAfter(text, '## Normal play').filter((r) => r[2].startsWith('search, look'));
const RESULTS = { rules: 0, stock: 1, deals: 3, won: 4, rate: 5, home: 8, vegas: 9 };
const hiddenRows = (text: string) => tableAfter(text, '### The present search player');
const HIDDEN = { rules: 0, stock: 1, deals: 2, won: 3, rate: 4, home: 7, cpu: 8 };

/** Every number of the README's rows of the search player that is not the files'. */
function readmeErrors(text: string): string[] {
  const rows = tableAfter(text, '## Figures').filter(
    (r) => r[0].startsWith('won by the search player') || r[0].startsWith('Vegas $ a game, search player'),
  );
  const errors: string[] = rows.length === 0 ? ['no row of the search player'] : [];
  for (const [figure, rules, deals, result] of rows) {
    const stock = figure.includes('visible') ? 'visible' : 'hidden';
    const name = FILES[`${rules}/${stock}`];
    const f = name ? figures(name) : undefined;
    if (!f) {
      errors.push(`${rules}, ${stock}: no data file`);
      continue;
    }
    if (num(deals) !== f.deals) errors.push(`${rules}, ${stock}: ${deals} deals is not ${f.deals}`);
    const e = figure.startsWith('Vegas')
      ? meanErrors(result, 5 * f.meanHome - 52, 5 * f.lowHome - 52, 5 * f.highHome - 52)
      : rateErrors(result, f.won, f.deals);
    for (const x of e) errors.push(`${rules}, ${stock}: ${x}`);
  }
  return errors;
}

describe("the present search player's games in data/", () => {
  it("docs/results.md's rows are the files' figures", () => {
    const rows = resultsRows(repoText('docs/results.md'));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(tableErrors(rows, RESULTS)).toEqual([]);
  });

  it("docs/hidden.md's table is the files' figures, CPU time included", () => {
    const rows = hiddenRows(repoText('docs/hidden.md'));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(tableErrors(rows, HIDDEN)).toEqual([]);
  });

  it("the README's player rows are the files' deals and rates", () => {
    expect(readmeErrors(repoText('README.md'))).toEqual([]);
  });

  it('a wrong number in any of them is caught', () => {
    const results = repoText('docs/results.md');
    const hidden = repoText('docs/hidden.md');
    const readme = repoText('README.md');
    const at = 'draw 3, 3 passes (Vegas), hidden';
    expect(tableErrors(resultsRows(results.replace('| 318   | **15.90%**', '| 319   | **15.90%**')), RESULTS)).toEqual([
      `${at}: won 319 is not 318`,
    ]);
    expect(tableErrors(resultsRows(results.replace('(14.4% – 17.6%)', '(14.5% – 17.6%)')), RESULTS)).toEqual([
      `${at}: interval end 14.5% is not 14.4%`,
    ]);
    expect(tableErrors(hiddenRows(hidden.replace('13.96 (13.22 – 14.73)', '13.96 (13.22 – 14.74)')), HIDDEN)).toEqual([
      `${at}: cards home 13.96 / 13.22 / 14.74 is not 13.96 / 13.22 / 14.73`,
    ]);
    expect(tableErrors(hiddenRows(hidden.replace(/\| 2\.09 +\|/, '| 2.00 |')), HIDDEN)).toEqual([`${at}: CPU 2.00 is not 2.09`]);
    expect(readmeErrors(readme.replace('+17.78 (14.10 – 21.65)', '+17.79 (14.10 – 21.65)'))).toEqual([
      `${at}: 17.79 / 14.10 / 21.65 is not 17.78 / 14.10 / 21.65`,
    ]);
  });
});
